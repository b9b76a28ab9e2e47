package org.flyproto.integrations;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.IoUtil;

/**
 * flyproto in Aeron Cluster: a three-member cluster in this process runs {@link LedgerService}; a
 * {@link LedgerClient} sends {@code Post} commands and decodes the {@code Posted} events, then asks for a snapshot,
 * which every member writes as flyproto messages.
 */
public final class ClusterExample {
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private ClusterExample() {}

    /**
     * Runs the cluster in a temporary directory and prints what the members hold.
     *
     * @param args ignored.
     * @throws IOException if the temporary directory cannot be made.
     */
    public static void main(final String[] args) throws IOException {
        final Path dir = Files.createTempDirectory("flyproto-cluster-");
        try {
            System.out.println("Aeron Cluster, 3 members:     " + postAndSnapshot(dir, 1_000)
                    + " members hold the same ledger after 1000 commands and a snapshot");
        } finally {
            IoUtil.delete(dir.toFile(), true);
        }
    }

    /**
     * Starts three members under {@code dir}, posts {@code commands} commands, takes a snapshot, and compares the
     * members' ledgers with the leader's.
     *
     * @param dir      where the members' directories go (deleted again at the end).
     * @param commands commands to post.
     * @return how many members hold exactly the leader's ledger, the leader included, once every command is
     *     acknowledged and the snapshot taken.
     */
    public static int postAndSnapshot(final Path dir, final int commands) {
        try (EmbeddedCluster<LedgerService> cluster = new EmbeddedCluster<>(dir, 3, id -> new LedgerService())) {
            final int leader = cluster.awaitLeader(TIMEOUT_NANOS);
            try (LedgerClient client = new LedgerClient(cluster.clientContext(), 0)) {
                client.postAll(commands, TIMEOUT_NANOS);
            }
            if (!cluster.requestSnapshot(leader)) {
                throw new IllegalStateException("the cluster's control toggle is busy");
            }
            final long deadline = System.nanoTime() + TIMEOUT_NANOS;
            final long sequence = cluster.service(leader).appliedSequence();
            int same = 0;
            for (int id = 0; id < cluster.members(); id++) {
                final LedgerService service = cluster.service(id);
                while (service.appliedSequence() != sequence || cluster.snapshots(id) == 0) {
                    if (System.nanoTime() - deadline > 0) {
                        throw new IllegalStateException("member " + id + " did not catch up");
                    }
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
                if (service.ledger().sameStateAs(cluster.service(leader).ledger())) {
                    same++;
                }
            }
            return same;
        }
    }
}

package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.integrations.proto.flyproto.PostDecoder;
import org.flyproto.integrations.proto.flyproto.PostEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A three-member Aeron Cluster in this JVM running {@link LedgerService}: commands and events are flyproto messages,
 * the members' state is compared with a plain {@link Ledger} that applied the same commands once each, in order.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class AeronClusterTest {
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

    @TempDir
    Path dir;

    @Test
    void shouldApplyEveryCommandOnceInOrderOnEveryMemberAndLoseNothingAcknowledgedWhenTheLeaderDies() {
        try (EmbeddedCluster<LedgerService> cluster = new EmbeddedCluster<>(dir, 3, id -> new LedgerService())) {
            final int firstLeader = cluster.awaitLeader(TIMEOUT_NANOS);
            try (LedgerClient client = new LedgerClient(cluster.clientContext(), 3)) {
                client.postAll(300, TIMEOUT_NANOS);
                assertThat(client.acknowledged()).isEqualTo(300);
                assertThat(client.lastSequence()).isEqualTo(expected(3, 300).sequence());
                for (int id = 0; id < 3; id++) {
                    awaitState(cluster, id, expected(3, 300));
                }

                // The leader dies with commands in flight: some answered, the rest not.
                for (long commandId = 301; commandId <= 300 + LedgerClient.WINDOW; commandId++) {
                    client.post(commandId);
                }
                await(() -> client.poll() >= 0 && client.acknowledged() >= 304, () -> "answers to 301..304");
                final long acknowledged = client.acknowledged();
                cluster.stopMember(firstLeader);

                final int newLeader = cluster.awaitLeader(TIMEOUT_NANOS);
                assertThat(newLeader).isNotEqualTo(firstLeader);
                final long mustHave = expected(3, acknowledged).sequence();
                for (int id = 0; id < 3; id++) {
                    if (id != firstLeader) {
                        final LedgerService service = cluster.service(id);
                        await(
                                () -> service.appliedSequence() >= mustHave,
                                () -> "member holding every acknowledged command: " + service.appliedSequence() + " < "
                                        + mustHave);
                    }
                }

                client.postAll(600, TIMEOUT_NANOS);
                assertThat(client.newLeaders()).isPositive();
                assertThat(client.cluster().leaderMemberId()).isNotEqualTo(firstLeader);
                for (int id = 0; id < 3; id++) {
                    if (id != firstLeader) {
                        awaitState(cluster, id, expected(3, 600));
                    }
                }
            }
        }
    }

    @Test
    void shouldRestartAMemberFromItsSnapshotAndTheLogToTheSameState() {
        try (EmbeddedCluster<LedgerService> cluster = new EmbeddedCluster<>(dir, 3, id -> new LedgerService())) {
            final int leader = cluster.awaitLeader(TIMEOUT_NANOS);
            try (LedgerClient client = new LedgerClient(cluster.clientContext(), 5)) {
                client.postAll(200, TIMEOUT_NANOS);
                assertThat(cluster.requestSnapshot(leader)).isTrue();
                for (int id = 0; id < 3; id++) {
                    final int member = id;
                    await(
                            () -> cluster.snapshots(member) >= 1
                                    && cluster.service(member).snapshotsTaken() >= 1,
                            () -> "snapshot of member " + member);
                }

                final int restarted = (leader + 1) % 3;
                cluster.stopMember(restarted);
                client.postAll(400, TIMEOUT_NANOS);
                cluster.startMember(restarted, false);

                final LedgerService service = cluster.service(restarted);
                for (int id = 0; id < 3; id++) {
                    awaitState(cluster, id, expected(5, 400));
                }
                assertThat(service.loadedSnapshotSequence())
                        .isEqualTo(expected(5, 200).sequence());
                // Only the log after the snapshot was replayed, not the whole history: commands 201 to 400, with any
                // retries of them the client sent while the cluster was slow to answer (resent after 500 ms without
                // progress, so their number depends on the machine's load), and none from before the snapshot.
                assertThat(service.commandsHandled()).isGreaterThanOrEqualTo(200L);
                assertThat(service.lowestCommandHandled()).isGreaterThan(200L);
                assertThat(cluster.service(leader).loadedSnapshotSequence()).isEqualTo(-1);
            }
        }
    }

    @Test
    void shouldSendDecodeAndAnswerCommandsWithoutAllocating() {
        try (EmbeddedCluster<LedgerService> cluster = new EmbeddedCluster<>(dir, 3, id -> new LedgerService())) {
            final int leader = cluster.awaitLeader(TIMEOUT_NANOS);
            try (LedgerClient client = new LedgerClient(cluster.clientContext(), 1)) {
                final LedgerService service = cluster.service(leader);
                final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
                final long clientThread = Thread.currentThread().getId();
                client.postAll(5_000, TIMEOUT_NANOS); // warm-up
                long clientAllocated = Long.MAX_VALUE;
                long serviceAllocated = Long.MAX_VALUE;
                for (int attempt = 0; attempt < 3 && (clientAllocated > 0 || serviceAllocated > 0); attempt++) {
                    final long serviceBefore = threads.getThreadAllocatedBytes(service.threadId());
                    final long clientBefore = threads.getThreadAllocatedBytes(clientThread);
                    client.postAll(client.acknowledged() + 2_000, TIMEOUT_NANOS);
                    clientAllocated =
                            Math.min(clientAllocated, threads.getThreadAllocatedBytes(clientThread) - clientBefore);
                    serviceAllocated = Math.min(
                            serviceAllocated, threads.getThreadAllocatedBytes(service.threadId()) - serviceBefore);
                }

                System.out.println("Aeron Cluster round trips of Post/Posted: client " + clientAllocated
                        + " bytes, leader's service " + serviceAllocated + " bytes in 2,000 commands");
                assertThat(clientAllocated).isZero();
                assertThat(serviceAllocated).isZero();
                awaitState(cluster, leader, expected(1, client.acknowledged()));
            }
        }
    }

    /** A plain ledger after commands 1..last of a client, each applied once, in order. */
    static Ledger expected(final int client, final long last) {
        final Ledger ledger = new Ledger();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final PostEncoder encoder = new PostEncoder();
        final PostDecoder decoder = new PostDecoder();
        for (long commandId = 1; commandId <= last; commandId++) {
            final int length = encoder.wrap(buffer, 0, buffer.capacity())
                    .commandId(commandId)
                    .account(LedgerClient.account(commandId))
                    .amount(LedgerClient.amount(commandId))
                    .client(client)
                    .encodedLength();
            ledger.apply(decoder.wrap(buffer, 0, length));
        }
        return ledger;
    }

    private static void awaitState(final EmbeddedCluster<LedgerService> cluster, final int id, final Ledger expected) {
        final LedgerService service = cluster.service(id);
        await(
                () -> service.appliedSequence() == expected.sequence()
                        && service.ledger().sameStateAs(expected),
                () -> "member " + id + " holds " + service.ledger() + ", expected " + expected);
    }

    private static void await(final BooleanSupplier condition, final Supplier<String> what) {
        Polling.await(condition, what, TIMEOUT_NANOS);
    }
}

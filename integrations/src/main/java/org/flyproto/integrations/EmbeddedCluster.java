package org.flyproto.integrations;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.IoUtil;
import org.agrona.concurrent.NoOpLock;

/**
 * An Aeron Cluster of several members in this process, on loopback, for examples and tests: each member is a
 * {@link ClusteredMediaDriver} (media driver, archive, consensus module) and a {@link ClusteredServiceContainer}
 * running one {@link ClusteredService}, with its own directories under {@code baseDir/member-N}; a separate media
 * driver under {@code baseDir/client} serves the cluster clients. Replication, elections, snapshots and catch-up are
 * the cluster's own; this class only writes the configuration.
 *
 * <p>Every member has five UDP ports on loopback, taken free when the cluster is built and kept across restarts: the
 * client-facing ingress, the consensus channel between members, the log, the catch-up endpoint and the archive's
 * control channel (which the other members' archives replicate from). Timeouts are short (leader heartbeat 2 s,
 * election 1 s) so that a failover takes seconds, yet long enough for a loaded machine with two cores.
 *
 * <p>{@link #stopMember(int)} closes a member abruptly, as a crash would look to the others (its directories stay);
 * {@link #startMember(int, boolean)} starts it again from them: it loads its latest snapshot, replays its log from
 * there and catches up with the leader. {@link #close()} stops everything and deletes what it created.
 *
 * @param <S> the service type.
 */
public final class EmbeddedCluster<S extends ClusteredService> implements AutoCloseable {
    /** Term length of the cluster's log, ingress and egress streams. */
    static final int TERM_LENGTH = 256 * 1024;

    private static final int PORTS_PER_MEMBER = 5;
    private static final long LEADER_HEARTBEAT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);
    private static final long LEADER_HEARTBEAT_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long ELECTION_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long STARTUP_CANVASS_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(4);
    private static final long SESSION_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);

    private final Path baseDir;
    private final IntFunction<S> newService;
    private final int[] ports;
    private final String clusterMembers;
    private final String ingressEndpoints;
    private final ClusteredMediaDriver[] drivers;
    private final ClusteredServiceContainer[] containers;
    private final Object[] services;
    private final MediaDriver clientDriver;

    /**
     * Starts every member with empty directories, and the clients' media driver.
     *
     * @param baseDir    where the members' and the client's directories are made.
     * @param members    how many members (3 for a cluster that survives the loss of one).
     * @param newService makes the service of member N, at each start of that member.
     */
    public EmbeddedCluster(final Path baseDir, final int members, final IntFunction<S> newService) {
        this.baseDir = baseDir;
        this.newService = newService;
        this.ports = FreePort.udp(members * PORTS_PER_MEMBER);
        final StringBuilder membersString = new StringBuilder();
        final StringBuilder endpoints = new StringBuilder();
        for (int id = 0; id < members; id++) {
            membersString.append(id);
            for (int i = 0; i < PORTS_PER_MEMBER; i++) {
                membersString.append(",localhost:").append(port(id, i));
            }
            membersString.append('|');
            endpoints
                    .append(id == 0 ? "" : ",")
                    .append(id)
                    .append("=localhost:")
                    .append(port(id, 0));
        }
        this.clusterMembers = membersString.toString();
        this.ingressEndpoints = endpoints.toString();
        this.drivers = new ClusteredMediaDriver[members];
        this.containers = new ClusteredServiceContainer[members];
        this.services = new Object[members];
        MediaDriver client = null;
        try {
            client = MediaDriver.launch(new MediaDriver.Context()
                    .aeronDirectoryName(baseDir.resolve("client").toString())
                    .threadingMode(ThreadingMode.SHARED)
                    .termBufferSparseFile(true)
                    .publicationTermBufferLength(TERM_LENGTH)
                    .ipcTermBufferLength(TERM_LENGTH)
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true));
            for (int id = 0; id < members; id++) {
                startMember(id, true);
            }
        } catch (final RuntimeException ex) {
            this.clientDriver = client;
            close();
            throw ex;
        }
        this.clientDriver = client;
    }

    /** Port {@code index} of member {@code id}: 0 ingress, 1 consensus, 2 log, 3 catch-up, 4 archive control. */
    private int port(final int id, final int index) {
        return ports[id * PORTS_PER_MEMBER + index];
    }

    /**
     * Starts member {@code id}, which must not be running.
     *
     * @param id    the member.
     * @param clean true to delete its directories first; false to start from them (snapshot, log, archive).
     */
    public void startMember(final int id, final boolean clean) {
        if (drivers[id] != null) {
            throw new IllegalStateException("member " + id + " is running");
        }
        final Path dir = baseDir.resolve("member-" + id);
        final String aeronDir = dir.resolve("driver").toString();
        final ErrorHandler errors = errorHandler(id);
        final MediaDriver.Context driver = new MediaDriver.Context()
                .aeronDirectoryName(aeronDir)
                .threadingMode(ThreadingMode.SHARED)
                .termBufferSparseFile(true)
                .publicationTermBufferLength(TERM_LENGTH)
                .ipcTermBufferLength(TERM_LENGTH)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .errorHandler(errors);
        final Archive.Context archive = new Archive.Context()
                .archiveId(id)
                .archiveDir(dir.resolve("archive").toFile())
                .controlChannel("aeron:udp?endpoint=localhost:" + port(id, 4))
                .localControlChannel("aeron:ipc")
                .replicationChannel("aeron:udp?endpoint=localhost:0")
                .recordingEventsEnabled(false)
                .threadingMode(ArchiveThreadingMode.SHARED)
                .segmentFileLength(4 * TERM_LENGTH)
                .deleteArchiveOnStart(clean)
                .errorHandler(errors);
        // The consensus module and the service reach their member's archive over IPC.
        final AeronArchive.Context localArchive = new AeronArchive.Context()
                .lock(NoOpLock.INSTANCE)
                .controlRequestChannel("aeron:ipc")
                .controlResponseChannel("aeron:ipc")
                .aeronDirectoryName(aeronDir);
        final ConsensusModule.Context consensus = new ConsensusModule.Context()
                .clusterMemberId(id)
                .clusterMembers(clusterMembers)
                .clusterDir(dir.resolve("cluster").toFile())
                .ingressChannel("aeron:udp?term-length=" + TERM_LENGTH)
                .logChannel("aeron:udp?term-length=" + TERM_LENGTH)
                .replicationChannel("aeron:udp?endpoint=localhost:0")
                .archiveContext(localArchive.clone())
                .leaderHeartbeatTimeoutNs(LEADER_HEARTBEAT_TIMEOUT_NS)
                .leaderHeartbeatIntervalNs(LEADER_HEARTBEAT_INTERVAL_NS)
                .electionTimeoutNs(ELECTION_TIMEOUT_NS)
                .startupCanvassTimeoutNs(STARTUP_CANVASS_TIMEOUT_NS)
                .terminationTimeoutNs(LEADER_HEARTBEAT_TIMEOUT_NS)
                .sessionTimeoutNs(SESSION_TIMEOUT_NS)
                .deleteDirOnStart(clean)
                .errorHandler(errors);
        final S service = newService.apply(id);
        final ClusteredServiceContainer.Context container = new ClusteredServiceContainer.Context()
                .aeronDirectoryName(aeronDir)
                .archiveContext(localArchive.clone())
                .clusterDir(dir.resolve("cluster").toFile())
                .clusteredService(service)
                .errorHandler(errors);
        if (clean) {
            IoUtil.delete(dir.toFile(), true);
        }
        drivers[id] = ClusteredMediaDriver.launch(driver, archive, consensus);
        try {
            containers[id] = ClusteredServiceContainer.launch(container);
        } catch (final RuntimeException ex) {
            CloseHelper.quietClose(drivers[id]);
            drivers[id] = null;
            throw ex;
        }
        services[id] = service;
    }

    private static ErrorHandler errorHandler(final int id) {
        return error -> System.err.println("cluster member " + id + ": " + error);
    }

    /**
     * Stops member {@code id} at once, without handing anything over; its directories stay.
     *
     * @param id the member.
     */
    public void stopMember(final int id) {
        CloseHelper.closeAll(containers[id], drivers[id]);
        containers[id] = null;
        drivers[id] = null;
        services[id] = null;
    }

    /**
     * @param id a member.
     * @return whether it is running.
     */
    public boolean isRunning(final int id) {
        return drivers[id] != null;
    }

    /**
     * @return the number of members.
     */
    public int members() {
        return drivers.length;
    }

    /**
     * @param id a running member.
     * @return the service instance it runs now.
     */
    @SuppressWarnings("unchecked")
    public S service(final int id) {
        if (services[id] == null) {
            throw new IllegalStateException("member " + id + " is not running");
        }
        return (S) services[id];
    }

    /**
     * @param id a member.
     * @return its role as its consensus module says, or null if it is not running.
     */
    public Cluster.Role role(final int id) {
        return drivers[id] == null
                ? null
                : Cluster.Role.get(drivers[id].consensusModule().context().clusterNodeRoleCounter());
    }

    /**
     * Waits until exactly one running member is leader.
     *
     * @param timeoutNanos how long to wait at most.
     * @return the leader's id.
     * @throws IllegalStateException if there is none in time.
     */
    public int awaitLeader(final long timeoutNanos) {
        final long deadline = System.nanoTime() + timeoutNanos;
        while (System.nanoTime() - deadline < 0) {
            int leader = -1;
            int leaders = 0;
            for (int id = 0; id < drivers.length; id++) {
                if (role(id) == Cluster.Role.LEADER) {
                    leader = id;
                    leaders++;
                }
            }
            if (leaders == 1) {
                return leader;
            }
            sleepAMillisecond();
        }
        throw new IllegalStateException(
                "no single leader within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
    }

    private static void sleepAMillisecond() {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }

    /**
     * Asks the cluster for a snapshot through the leader's control toggle, as {@code ClusterTool snapshot} does; every
     * member then takes one at the same log position.
     *
     * @param leader the leader's id.
     * @return false if the toggle was busy with another action.
     */
    public boolean requestSnapshot(final int leader) {
        return ClusterControl.ToggleState.SNAPSHOT.toggle(
                drivers[leader].consensusModule().context().controlToggleCounter());
    }

    /**
     * @param id a running member.
     * @return snapshots its consensus module has completed since it started.
     */
    public long snapshots(final int id) {
        return drivers[id].consensusModule().context().snapshotCounter().get();
    }

    /**
     * @return a client configuration for this cluster (its own media driver, ingress to every member, egress on an
     *     ephemeral loopback port); set the egress listener, then connect.
     */
    public AeronCluster.Context clientContext() {
        return new AeronCluster.Context()
                .aeronDirectoryName(clientDriver.aeronDirectoryName())
                .ingressChannel("aeron:udp?term-length=" + TERM_LENGTH)
                .ingressEndpoints(ingressEndpoints)
                .egressChannel("aeron:udp?endpoint=localhost:0|term-length=" + TERM_LENGTH)
                .messageTimeoutNs(TimeUnit.SECONDS.toNanos(10))
                .newLeaderTimeoutNs(TimeUnit.SECONDS.toNanos(20));
    }

    /** Stops every member and the client driver, and deletes their directories. */
    @Override
    public void close() {
        for (int id = 0; id < drivers.length; id++) {
            if (drivers[id] != null) {
                stopMember(id);
            }
        }
        CloseHelper.close(clientDriver);
        for (int id = 0; id < drivers.length; id++) {
            IoUtil.delete(baseDir.resolve("member-" + id).toFile(), true);
        }
        IoUtil.delete(baseDir.resolve("client").toFile(), true);
    }
}

package org.flyproto.bench.latency;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpLock;

/**
 * An Aeron Cluster of {@code members} members in this JVM on loopback, and a media driver for its client, for the
 * cluster round trip of the ping-pong ({@link ClusterPingPong}). Each member is a {@link ClusteredMediaDriver} (media
 * driver, archive, consensus module) and a {@link ClusteredServiceContainer}, with its directories in a fresh
 * directory under {@code /dev/shm} (or the temporary directory), deleted by {@link #close()}.
 *
 * <p>The configuration is the one of {@code org.flyproto.integrations.EmbeddedCluster} (whose module cannot be a
 * dependency here: it compiles this module's {@code order.proto} into the same classes), reduced to what a benchmark
 * needs: five loopback ports per member (ingress, consensus, log, catch-up, archive control), drivers in
 * {@link ThreadingMode#SHARED}, the archive in {@link ArchiveThreadingMode#SHARED}; drivers, archives and consensus
 * modules back off to parks of at most 100 µs when idle, the service containers idle with the strategy given (with
 * three members on two cores, a spinning agent per member would starve the others).
 */
final class AeronClusterRig implements AutoCloseable {
    private static final int TERM_LENGTH = 1 << 20;
    private static final int PORTS_PER_MEMBER = 5;
    private static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Path directory;
    private final ClusteredMediaDriver[] drivers;
    private final ClusteredServiceContainer[] containers;
    private final MediaDriver clientDriver;
    private final String ingressEndpoints;

    private AeronClusterRig(
            final Path directory,
            final int members,
            final IntFunction<ClusteredService> newService,
            final Supplier<IdleStrategy> serviceIdle) {
        this.directory = directory;
        this.drivers = new ClusteredMediaDriver[members];
        this.containers = new ClusteredServiceContainer[members];
        final int[] ports = freeUdpPorts(members * PORTS_PER_MEMBER);
        final StringBuilder clusterMembers = new StringBuilder();
        final StringBuilder endpoints = new StringBuilder();
        for (int id = 0; id < members; id++) {
            clusterMembers.append(id);
            for (int i = 0; i < PORTS_PER_MEMBER; i++) {
                clusterMembers.append(",localhost:").append(ports[id * PORTS_PER_MEMBER + i]);
            }
            clusterMembers.append('|');
            endpoints
                    .append(id == 0 ? "" : ",")
                    .append(id)
                    .append("=localhost:")
                    .append(ports[id * PORTS_PER_MEMBER]);
        }
        this.ingressEndpoints = endpoints.toString();
        MediaDriver client = null;
        try {
            for (int id = 0; id < members; id++) {
                startMember(id, clusterMembers.toString(), ports[id * PORTS_PER_MEMBER + 4], newService, serviceIdle);
            }
            client =
                    MediaDriver.launch(driverContext(directory.resolve("client").toString()));
        } catch (final RuntimeException ex) {
            CloseHelper.quietCloseAll(containers);
            CloseHelper.quietCloseAll(drivers);
            IoUtil.delete(directory.toFile(), true);
            throw ex;
        }
        this.clientDriver = client;
    }

    /**
     * The idle strategy of every driver, archive and consensus module: Aeron's default parks up to 1 ms, which adds up
     * over the hops of a round trip (ingress, log to the followers, their append positions back, commit, service,
     * egress) to milliseconds; this one parks at most 100 µs.
     */
    private static IdleStrategy agentIdle() {
        return new BackoffIdleStrategy(100, 10, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MICROSECONDS.toNanos(100));
    }

    private static MediaDriver.Context driverContext(final String aeronDir) {
        return new MediaDriver.Context()
                .aeronDirectoryName(aeronDir)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(agentIdle())
                .termBufferSparseFile(false)
                .publicationTermBufferLength(TERM_LENGTH)
                .ipcTermBufferLength(TERM_LENGTH)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true);
    }

    private void startMember(
            final int id,
            final String clusterMembers,
            final int archivePort,
            final IntFunction<ClusteredService> newService,
            final Supplier<IdleStrategy> serviceIdle) {
        final Path dir = directory.resolve("member-" + id);
        final String aeronDir = dir.resolve("driver").toString();
        final AeronArchive.Context localArchive = new AeronArchive.Context()
                .lock(NoOpLock.INSTANCE)
                .controlRequestChannel("aeron:ipc")
                .controlResponseChannel("aeron:ipc")
                .aeronDirectoryName(aeronDir);
        drivers[id] = ClusteredMediaDriver.launch(
                driverContext(aeronDir),
                new Archive.Context()
                        .archiveId(id)
                        .archiveDir(dir.resolve("archive").toFile())
                        .controlChannel("aeron:udp?endpoint=localhost:" + archivePort)
                        .localControlChannel("aeron:ipc")
                        .replicationChannel("aeron:udp?endpoint=localhost:0")
                        .recordingEventsEnabled(false)
                        .threadingMode(ArchiveThreadingMode.SHARED)
                        .idleStrategySupplier(AeronClusterRig::agentIdle)
                        .deleteArchiveOnStart(true),
                new ConsensusModule.Context()
                        .clusterMemberId(id)
                        .clusterMembers(clusterMembers)
                        .clusterDir(dir.resolve("cluster").toFile())
                        .ingressChannel("aeron:udp?term-length=" + TERM_LENGTH)
                        .logChannel("aeron:udp?term-length=" + TERM_LENGTH)
                        .replicationChannel("aeron:udp?endpoint=localhost:0")
                        .archiveContext(localArchive.clone())
                        .leaderHeartbeatTimeoutNs(TimeUnit.SECONDS.toNanos(5))
                        .sessionTimeoutNs(TimeUnit.SECONDS.toNanos(30))
                        .idleStrategySupplier(AeronClusterRig::agentIdle)
                        .deleteDirOnStart(true));
        containers[id] = ClusteredServiceContainer.launch(new ClusteredServiceContainer.Context()
                .aeronDirectoryName(aeronDir)
                .archiveContext(localArchive.clone())
                .clusterDir(dir.resolve("cluster").toFile())
                .idleStrategySupplier(serviceIdle)
                .clusteredService(newService.apply(id)));
    }

    /**
     * Starts the members in a new directory and waits for a leader.
     *
     * @param members how many members.
     * @param newService makes member N's service.
     * @param serviceIdle the idle strategy of every service container.
     * @return the running rig.
     * @throws IllegalStateException if no leader is elected within 30 s.
     */
    static AeronClusterRig start(
            final int members,
            final IntFunction<ClusteredService> newService,
            final Supplier<IdleStrategy> serviceIdle) {
        final File shm = new File("/dev/shm");
        final Path parent =
                shm.isDirectory() && shm.canWrite() ? shm.toPath() : Path.of(System.getProperty("java.io.tmpdir"));
        final Path directory;
        try {
            directory = Files.createTempDirectory(parent, "flyproto-cluster-pingpong-");
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        final AeronClusterRig rig = new AeronClusterRig(directory, members, newService, serviceIdle);
        try {
            rig.awaitLeader();
        } catch (final RuntimeException ex) {
            rig.close();
            throw ex;
        }
        return rig;
    }

    /**
     * @return the member that is leader, waiting for one if need be.
     */
    int awaitLeader() {
        final long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
        while (System.nanoTime() - deadline < 0) {
            for (int id = 0; id < drivers.length; id++) {
                final Cluster.Role role =
                        Cluster.Role.get(drivers[id].consensusModule().context().clusterNodeRoleCounter());
                if (role == Cluster.Role.LEADER) {
                    return id;
                }
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        throw new IllegalStateException("no leader elected within 30 s");
    }

    /**
     * Connects a cluster client through the client's media driver.
     *
     * @param listener the egress listener.
     * @return the connected client.
     */
    AeronCluster connect(final EgressListener listener) {
        return AeronCluster.connect(new AeronCluster.Context()
                .aeronDirectoryName(clientDriver.aeronDirectoryName())
                .ingressChannel("aeron:udp?term-length=" + TERM_LENGTH)
                .ingressEndpoints(ingressEndpoints)
                .egressChannel("aeron:udp?endpoint=localhost:0|term-length=" + TERM_LENGTH)
                .messageTimeoutNs(TimeUnit.SECONDS.toNanos(10))
                .egressListener(listener));
    }

    private static int[] freeUdpPorts(final int count) {
        final DatagramSocket[] sockets = new DatagramSocket[count];
        try {
            final int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                sockets[i] = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                ports[i] = sockets[i].getLocalPort();
            }
            return ports;
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        } finally {
            for (final DatagramSocket socket : sockets) {
                if (socket != null) {
                    socket.close();
                }
            }
        }
    }

    @Override
    public void close() {
        CloseHelper.closeAll(containers);
        CloseHelper.closeAll(drivers);
        CloseHelper.close(clientDriver);
        IoUtil.delete(directory.toFile(), true);
    }
}

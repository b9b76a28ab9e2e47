package org.flyproto.bench.latency;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.flyproto.bench.codec.OrderPingPong;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;

/**
 * One fixed-rate ping-pong run through Aeron Cluster: client to leader's ingress, replicated to the followers and
 * committed, handed to the clustered service, which decodes the order reading every field and answers with the reply
 * encoded from the values read, on the client's egress. Every member runs the service (the followers' answers go
 * nowhere: {@code ClientSession.offer} only sends on the leader), so every member decodes every request.
 *
 * <p>The pinger (the calling thread) is the cluster client, as in {@link PingPong}: request {@code i} is due at
 * {@code start + i / rate}; it encodes and offers the order, polls the egress until the reply, decodes it, checks its
 * order id and records {@code now - due} ({@link FixedRateRunner}: no coordinated omission). Allocation is counted on
 * the pinger and on the leader's service thread ("ponger").
 */
final class ClusterPingPong {
    private static final long REPLY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int MAX_REPLY_ATTEMPTS = 1_000;

    private ClusterPingPong() {}

    /**
     * Starts a cluster, runs the plan against it, stops it.
     *
     * @param library the library of the client and of every member's service.
     * @param plan rate and lengths; its ponger idle strategy is the service containers'.
     * @param members members of the cluster.
     * @param pingerSink receives every value of every reply the client decodes, warm-up included.
     * @param memberSinks one per member: receives every value of every request that member's service decodes; safe to
     *     read once this method has returned.
     * @return the recorded part; the ponger's allocation is the leader's service thread's.
     */
    static PingPongResult run(
            final PingPongLibrary library,
            final PingPong.Plan plan,
            final int members,
            final Sink pingerSink,
            final Sink[] memberSinks) {
        final EchoService[] services = new EchoService[members];
        try (AeronClusterRig rig = AeronClusterRig.start(
                members,
                id -> services[id] = new EchoService(library.newCodec(), memberSinks[id]),
                () -> plan.pongerIdle().newStrategy())) {
            final int leader = rig.awaitLeader();
            awaitStarted(services[leader]);
            final Pinger pinger = new Pinger(library.newCodec(), pingerSink);
            try (AeronCluster client = rig.connect(pinger)) {
                pinger.client = client;
                final long serviceThread = services[leader].threadId;
                final FixedRateRunner.Recording recording = new FixedRateRunner(plan.rate())
                        .run(pinger::roundTrip, plan.warmupRoundTrips(), plan.roundTrips(), serviceThread);
                for (final EchoService service : services) {
                    if (service.failure != null) {
                        throw new IllegalStateException("clustered service failed", service.failure);
                    }
                }
                return new PingPongResult(
                        recording.total(),
                        recording.intervals(),
                        recording.startMillis(),
                        recording.gcCount(),
                        recording.gcMillis(),
                        recording.allocatedBytes(),
                        recording.otherAllocatedBytes()[0],
                        pinger.requestLength,
                        pinger.replyLength);
            }
        }
    }

    private static void awaitStarted(final EchoService service) {
        final long deadline = System.nanoTime() + REPLY_TIMEOUT_NANOS;
        while (service.threadId < 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the leader's service has not started within 10 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /** The client side. */
    private static final class Pinger implements EgressListener {
        private final OrderPingPong codec;
        private final Sink sink;
        private final long baseOrderId = Fixture.ORDER.order().orderId();
        private AeronCluster client;
        private boolean replied;
        private long replyOrderId;
        private int requestLength;
        private int replyLength;

        Pinger(final OrderPingPong codec, final Sink sink) {
            this.codec = codec;
            this.sink = sink;
        }

        void roundTrip(final long index) {
            final long orderId = baseOrderId + index;
            requestLength = codec.encodeRequest(orderId);
            long result;
            while ((result = client.offer(codec.requestBuffer(), 0, requestLength)) < 0) {
                if (result != Publication.BACK_PRESSURED && result != Publication.ADMIN_ACTION) {
                    throw new IllegalStateException("ingress offer failed: " + Publication.errorString(result));
                }
                Thread.onSpinWait();
            }
            replied = false;
            final long deadline = System.nanoTime() + REPLY_TIMEOUT_NANOS;
            while (!replied) {
                if (client.pollEgress() == 0) {
                    if (client.isClosed() || System.nanoTime() - deadline > 0) {
                        throw new IllegalStateException("no reply to order " + orderId + " within 10 s");
                    }
                    Thread.onSpinWait();
                }
            }
            if (replyOrderId != orderId) {
                throw new IllegalStateException("reply to order " + replyOrderId + ", expected " + orderId);
            }
        }

        @Override
        public void onMessage(
                final long clusterSessionId,
                final long timestamp,
                final DirectBuffer buffer,
                final int offset,
                final int length,
                final Header header) {
            replyOrderId = codec.decodeReply(buffer, offset, length, sink);
            replyLength = length;
            replied = true;
        }
    }

    /** The clustered service of every member: decode the request, encode the reply, answer on the leader. */
    private static final class EchoService implements ClusteredService {
        private final OrderPingPong codec;
        private final Sink sink;
        private IdleStrategy idle;
        private volatile long threadId = -1;
        private volatile Throwable failure;

        EchoService(final OrderPingPong codec, final Sink sink) {
            this.codec = codec;
            this.sink = sink;
        }

        @Override
        public void onStart(final Cluster cluster, final Image snapshotImage) {
            idle = cluster.idleStrategy();
            threadId = Thread.currentThread().getId();
        }

        @Override
        public void onSessionMessage(
                final ClientSession session,
                final long timestamp,
                final DirectBuffer buffer,
                final int offset,
                final int length,
                final Header header) {
            final int replyLength;
            try {
                replyLength = codec.echo(buffer, offset, length, sink);
            } catch (final RuntimeException ex) { // reported by the pinger; the cluster itself goes on
                failure = ex;
                return;
            }
            idle.reset();
            for (int attempt = 0; attempt < MAX_REPLY_ATTEMPTS; attempt++) {
                final long result = session.offer(codec.replyBuffer(), 0, replyLength);
                if (result > 0 || result == Publication.NOT_CONNECTED || result == Publication.CLOSED) {
                    return;
                }
                idle.idle();
            }
        }

        @Override
        public void onSessionOpen(final ClientSession session, final long timestamp) {}

        @Override
        public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason) {}

        @Override
        public void onTimerEvent(final long correlationId, final long timestamp) {}

        @Override
        public void onTakeSnapshot(final ExclusivePublication snapshotPublication) {}

        @Override
        public void onRoleChange(final Cluster.Role newRole) {}

        @Override
        public void onTerminate(final Cluster cluster) {}
    }
}

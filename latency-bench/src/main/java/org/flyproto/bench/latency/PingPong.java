package org.flyproto.bench.latency;

import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.flyproto.bench.codec.OrderPingPong;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;

/**
 * One fixed-rate ping-pong run over Aeron IPC, pinger and ponger as two threads of this JVM.
 *
 * <p>The pinger (the calling thread) sends request {@code i} at {@code start + i / rate}: it spins until then, encodes
 * the order with id {@code base + i}, offers it on the ping stream, then polls the pong stream until the reply
 * arrives, decodes it reading every field, checks its order id, and records {@code now - due} into an HdrHistogram. A
 * slow round trip delays the requests due after it, and their latency counts the wait, as a sender at that rate would
 * see it (no coordinated omission). The ponger thread polls the ping stream; per request it decodes and reads every
 * field, encodes the reply from the values read and offers it on the pong stream.
 *
 * <p>The schedule, the warm-up and the accounting are {@link FixedRateRunner}'s, as for {@link LatencyHarness}: the
 * garbage collections of the JVM and the bytes allocated by each of the two threads are counted over the recorded
 * part. Nothing on the pinger's side allocates while recording but what the library under test allocates.
 */
final class PingPong {
    private static final long REPLY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int PONGER_FRAGMENT_LIMIT = 16;

    private PingPong() {}

    /**
     * What one run does.
     *
     * @param rate round trips per second.
     * @param warmupRoundTrips round trips at the rate before recording, unrecorded.
     * @param roundTrips round trips recorded.
     * @param pongerIdle what the ponger does when a poll finds nothing.
     * @param termLength length of the IPC term buffers.
     */
    record Plan(long rate, long warmupRoundTrips, long roundTrips, PongerIdle pongerIdle, int termLength) {
        Plan {
            if (rate <= 0 || warmupRoundTrips < 0 || roundTrips <= 0) {
                throw new IllegalArgumentException("rate and round trips must be positive, warm-up not negative");
            }
        }

        /**
         * A plan with {@link AeronIpcRig#DEFAULT_TERM_LENGTH 1 MiB} terms.
         *
         * @param rate round trips per second.
         * @param warmupRoundTrips round trips at the rate before recording, unrecorded.
         * @param roundTrips round trips recorded.
         * @param pongerIdle what the ponger does when a poll finds nothing.
         */
        Plan(final long rate, final long warmupRoundTrips, final long roundTrips, final PongerIdle pongerIdle) {
            this(rate, warmupRoundTrips, roundTrips, pongerIdle, AeronIpcRig.DEFAULT_TERM_LENGTH);
        }
    }

    /**
     * Starts an embedded driver, runs the plan, stops the driver.
     *
     * @param library the library on both sides.
     * @param plan rate and lengths.
     * @param pingerSink receives every value of every reply the pinger decodes, warm-up included.
     * @param pongerSink receives every value of every request the ponger decodes, warm-up included; used by the
     *     ponger thread only, and safe to read once this method has returned.
     * @return the recorded part.
     * @throws IllegalStateException if a reply is wrong or missing, or the ponger fails.
     */
    static PingPongResult run(
            final PingPongLibrary library, final Plan plan, final Sink pingerSink, final Sink pongerSink) {
        try (AeronIpcRig rig = AeronIpcRig.start(plan.termLength())) {
            final Ponger ponger = new Ponger(
                    library.newCodec(),
                    rig.pingSubscription(),
                    rig.pongPublication(),
                    pongerSink,
                    plan.pongerIdle().newStrategy());
            final Thread pongerThread = new Thread(ponger, "ponger-" + library.label());
            pongerThread.setDaemon(true);
            pongerThread.start();
            try {
                return new Pinger(library.newCodec(), rig.pingPublication(), rig.pongSubscription(), pingerSink, ponger)
                        .run(plan, pongerThread);
            } finally {
                ponger.stop();
                join(pongerThread);
            }
        }
    }

    private static void join(final Thread thread) {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (final InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    /** Offers until the publication takes the message; spins through back pressure. */
    private static void offer(final Publication publication, final DirectBuffer buffer, final int length) {
        long result;
        while ((result = publication.offer(buffer, 0, length)) < 0) {
            if (result == Publication.NOT_CONNECTED
                    || result == Publication.CLOSED
                    || result == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("offer failed: " + Publication.errorString(result));
            }
            Thread.onSpinWait();
        }
    }

    private static void checkUnfragmented(final Header header) {
        if ((header.flags() & FrameDescriptor.UNFRAGMENTED) != FrameDescriptor.UNFRAGMENTED) {
            throw new IllegalStateException("fragmented message: the ping-pong's messages fit one frame");
        }
    }

    /** The sending, measuring side. */
    private static final class Pinger {
        private final OrderPingPong codec;
        private final Publication publication;
        private final Subscription subscription;
        private final Sink sink;
        private final Ponger ponger;
        private final FragmentHandler onReply = this::onReply;
        private final long baseOrderId = Fixture.ORDER.order().orderId();
        private boolean replied;
        private long replyOrderId;
        private int requestLength;
        private int replyLength;

        Pinger(
                final OrderPingPong codec,
                final Publication publication,
                final Subscription subscription,
                final Sink sink,
                final Ponger ponger) {
            this.codec = codec;
            this.publication = publication;
            this.subscription = subscription;
            this.sink = sink;
            this.ponger = ponger;
        }

        PingPongResult run(final Plan plan, final Thread pongerThread) {
            final FixedRateRunner.Recording recording = new FixedRateRunner(plan.rate())
                    .run(this::roundTrip, plan.warmupRoundTrips(), plan.roundTrips(), pongerThread.getId());
            return new PingPongResult(
                    recording.total(),
                    recording.intervals(),
                    recording.startMillis(),
                    recording.gcCount(),
                    recording.gcMillis(),
                    recording.allocatedBytes(),
                    recording.otherAllocatedBytes()[0],
                    requestLength,
                    replyLength);
        }

        /** One round trip; the order id counts up over the warm-up and the recording. */
        private void roundTrip(final long index) {
            final long orderId = baseOrderId + index;
            requestLength = codec.encodeRequest(orderId);
            offer(publication, codec.requestBuffer(), requestLength);
            awaitReply(orderId);
        }

        private void awaitReply(final long orderId) {
            replied = false;
            final long deadline = System.nanoTime() + REPLY_TIMEOUT_NANOS;
            while (!replied) {
                if (subscription.poll(onReply, 1) == 0) {
                    final Throwable failure = ponger.failure();
                    if (failure != null) {
                        throw new IllegalStateException("ponger failed", failure);
                    }
                    if (System.nanoTime() - deadline > 0) {
                        throw new IllegalStateException("no reply to order " + orderId + " within 10 s");
                    }
                    Thread.onSpinWait();
                }
            }
            if (replyOrderId != orderId) {
                throw new IllegalStateException("reply to order " + replyOrderId + ", expected " + orderId);
            }
        }

        private void onReply(final DirectBuffer buffer, final int offset, final int length, final Header header) {
            checkUnfragmented(header);
            replyOrderId = codec.decodeReply(buffer, offset, length, sink);
            replyLength = length;
            replied = true;
        }
    }

    /** The echoing side, on its own thread. */
    private static final class Ponger implements Runnable {
        private final OrderPingPong codec;
        private final Subscription subscription;
        private final Publication publication;
        private final Sink sink;
        private final IdleStrategy idle;
        private final FragmentHandler onRequest = this::onRequest;
        private volatile boolean running = true;
        private volatile Throwable failure;

        Ponger(
                final OrderPingPong codec,
                final Subscription subscription,
                final Publication publication,
                final Sink sink,
                final IdleStrategy idle) {
            this.codec = codec;
            this.subscription = subscription;
            this.publication = publication;
            this.sink = sink;
            this.idle = idle;
        }

        @Override
        public void run() {
            try {
                while (running) {
                    idle.idle(subscription.poll(onRequest, PONGER_FRAGMENT_LIMIT));
                }
            } catch (final Throwable ex) { // handed to the pinger, which fails the run with it
                failure = ex;
            }
        }

        private void onRequest(final DirectBuffer buffer, final int offset, final int length, final Header header) {
            checkUnfragmented(header);
            final int replyLength = codec.echo(buffer, offset, length, sink);
            offer(publication, codec.replyBuffer(), replyLength);
        }

        Throwable failure() {
            return failure;
        }

        void stop() {
            running = false;
        }
    }
}

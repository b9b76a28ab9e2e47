package org.flyproto.bench.latency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.flyproto.bench.codec.ChecksumSink;
import org.flyproto.bench.codec.ExpectedReads;
import org.flyproto.bench.codec.RecordingSink;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.api.Test;

/**
 * Short ping-pongs through a three-member Aeron Cluster in this JVM: what travels and what is allocated, never how
 * long it takes.
 */
class ClusterPingPongTest {
    private static final long BASE_ORDER_ID = Fixture.ORDER.order().orderId();

    @Test
    void shouldHandEveryOrderWithEveryFieldIntactToEveryMemberAndBack() {
        final RecordingSink pinger = new RecordingSink();
        final RecordingSink[] members = {new RecordingSink(), new RecordingSink(), new RecordingSink()};
        final int roundTrips = 200;

        final PingPongResult result = ClusterPingPong.run(
                PingPongLibrary.FLYPROTO,
                new PingPong.Plan(2_000, 0, roundTrips, PongerIdle.BACKOFF),
                3,
                pinger,
                members);

        final List<Object> expected = expectedReads(roundTrips);
        assertThat(pinger.values()).as("replies as the client read them").isEqualTo(expected);
        for (final RecordingSink member : members) {
            assertThat(member.values())
                    .as("requests as a member's service read them")
                    .isEqualTo(expected);
        }
        assertThat(result.roundTrips()).isEqualTo(roundTrips);
        assertThat(result.requestLength()).isEqualTo(result.replyLength());
    }

    @Test
    void shouldAllocateNothingPerRoundTripOnTheClientOrTheLeadersServiceOfTheFlyprotoPath() {
        // Short windows after a short warm-up (a round trip through three members takes milliseconds on a loaded
        // machine with two cores): a window now and then sees a few hundred bytes once, as compiled code is replaced
        // while it runs, but an allocation per round trip costs at least 16 bytes each time. The zero-byte gate over
        // thousands of commands is AeronClusterTest's, in the integrations module.
        final PingPong.Plan plan = new PingPong.Plan(2_000, 500, 500, PongerIdle.BACKOFF);
        final List<String> windows = new ArrayList<>();
        double best = Double.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && best >= 16; attempt++) {
            final Sink[] members = {new ChecksumSink(), new ChecksumSink(), new ChecksumSink()};
            final PingPongResult result =
                    ClusterPingPong.run(PingPongLibrary.FLYPROTO, plan, 3, new ChecksumSink(), members);
            assertThat(result.roundTrips()).isEqualTo(500);
            windows.add("client " + result.pingerAllocatedBytes() + " B + leader's service "
                    + result.pongerAllocatedBytes() + " B");
            best = Math.min(
                    best,
                    Math.max(
                            result.perRoundTrip(result.pingerAllocatedBytes()),
                            result.perRoundTrip(result.pongerAllocatedBytes())));
        }
        System.out.println("Aeron Cluster ping-pong, flyproto, windows of 500 round trips: " + windows);
        assertThat(best)
                .as("bytes per round trip on the busier thread, best window of " + windows)
                .isLessThan(16);
    }

    @Test
    void shouldCountTheAllocationsOfProtobufJavaOnTheClientAndTheLeadersService() {
        final Sink[] members = {new ChecksumSink(), new ChecksumSink(), new ChecksumSink()};
        final PingPongResult result = ClusterPingPong.run(
                PingPongLibrary.PROTOBUF_JAVA,
                new PingPong.Plan(2_000, 100, 200, PongerIdle.BACKOFF),
                3,
                new ChecksumSink(),
                members);

        // A message object, its builder and three Strings at least, per decode and per encode: the thread measured
        // as the ponger is the one running the leader's service.
        assertThat(result.perRoundTrip(result.pingerAllocatedBytes())).isGreaterThan(100);
        assertThat(result.perRoundTrip(result.pongerAllocatedBytes())).isGreaterThan(100);
    }

    /** What a decode of every request (or reply) hands its sink: the fixture, order ids counting up. */
    private static List<Object> expectedReads(final int roundTrips) {
        final RecordingSink one = new RecordingSink();
        ExpectedReads.of(Fixture.ORDER, one);
        final List<Object> all = new ArrayList<>();
        for (int i = 0; i < roundTrips; i++) {
            final List<Object> values = new ArrayList<>(one.values());
            values.set(0, BASE_ORDER_ID + i);
            all.addAll(values);
        }
        return all;
    }
}

package org.flyproto.bench.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.flyproto.bench.codec.ChecksumSink;
import org.flyproto.bench.codec.ExpectedReads;
import org.flyproto.bench.codec.RecordingSink;
import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Short ping-pongs over a real embedded media driver: what travels and what is allocated, never how long it takes.
 */
class AeronPingPongTest {
    private static final long BASE_ORDER_ID = Fixture.ORDER.order().orderId();

    @ParameterizedTest
    @EnumSource(PingPongLibrary.class)
    void shouldEchoEveryOrderWithEveryFieldIntact(final PingPongLibrary library) {
        final RecordingSink pinger = new RecordingSink();
        final RecordingSink ponger = new RecordingSink();
        final int roundTrips = 200;

        final PingPongResult result =
                PingPong.run(library, new PingPong.Plan(10_000, 0, roundTrips, PongerIdle.YIELD), pinger, ponger);

        final List<Object> expected = expectedReads(roundTrips);
        assertThat(ponger.values()).as("requests as the ponger read them").isEqualTo(expected);
        assertThat(pinger.values()).as("replies as the pinger read them").isEqualTo(expected);
        assertThat(result.roundTrips()).isEqualTo(roundTrips);
        assertThat(result.requestLength()).isEqualTo(result.replyLength()).isEqualTo(canonicalLength(roundTrips));
        assertThat(result.intervals()).hasSize(1);
        assertThat(result.intervals()[0].getTotalCount()).isEqualTo(roundTrips);
    }

    @Test
    void shouldNotAllocateOnEitherThreadOfTheFlyprotoPathInSteadyState() {
        // 64 KiB terms hold ~400 of these frames: the warm-up rotates every term of both streams several times, and so
        // does the measured part. (A run whose warm-up rotated no term saw ~1 KB allocated once, at the first
        // rotation.)
        final PingPong.Plan plan = new PingPong.Plan(50_000, 3_000, 2_000, PongerIdle.YIELD, 64 * 1024);
        // An allocation per round trip, or per few round trips, shows in every window of 2,000 round trips. The JVM
        // itself occasionally charges a thread a few dozen bytes once (56 bytes were seen on a machine at load 15),
        // so a window may be retried; steady state is a window in which both threads allocated exactly nothing.
        final List<String> windows = new ArrayList<>();
        for (int attempt = 0; attempt < 3; attempt++) {
            final PingPongResult result =
                    PingPong.run(PingPongLibrary.FLYPROTO, plan, new ChecksumSink(), new ChecksumSink());
            assertThat(result.roundTrips()).isEqualTo(2_000);
            windows.add(
                    "pinger " + result.pingerAllocatedBytes() + " B + ponger " + result.pongerAllocatedBytes() + " B");
            if (result.pingerAllocatedBytes() == 0 && result.pongerAllocatedBytes() == 0) {
                return;
            }
        }
        fail("bytes allocated in every window of 2,000 round trips: " + windows);
    }

    @Test
    void shouldCountTheAllocationsOfProtobufJavaOnBothThreads() {
        final PingPongResult result = PingPong.run(
                PingPongLibrary.PROTOBUF_JAVA,
                new PingPong.Plan(50_000, 500, 500, PongerIdle.YIELD),
                new ChecksumSink(),
                new ChecksumSink());

        // A message object, its builder and three Strings at least, per decode and per encode.
        assertThat(result.perRoundTrip(result.pingerAllocatedBytes())).isGreaterThan(100);
        assertThat(result.perRoundTrip(result.pongerAllocatedBytes())).isGreaterThan(100);
    }

    @Test
    void shouldWriteRowsThatParseBackAndSummariseBothLibraries() {
        final List<PingPongRow> rows = new ArrayList<>();
        for (final PingPongLibrary library : PingPongLibrary.values()) {
            final PingPongResult result = PingPong.run(
                    library,
                    new PingPong.Plan(10_000, 0, 50, PongerIdle.BACKOFF),
                    new ChecksumSink(),
                    new ChecksumSink());
            final PingPongRow row = PingPongRow.of(1, library, true, PongerIdle.BACKOFF, 10_000, 1, result);
            assertThat(PingPongRow.parse(row.csv()).csv()).isEqualTo(row.csv());
            rows.add(row);
        }
        assertThat(PingPongSummary.markdown(rows))
                .contains("| 1 | flyproto |")
                .contains("| 1 | protobuf-java |")
                .contains("| median of rounds |");
    }

    /** What a decode of every request (or reply) hands its sink: the fixture, order ids counting up. */
    private static List<Object> expectedReads(final int roundTrips) {
        final RecordingSink one = new RecordingSink();
        ExpectedReads.of(Fixture.ORDER, one);
        assertThat(one.values().get(0)).as("order id first").isEqualTo(BASE_ORDER_ID);
        final List<Object> all = new ArrayList<>();
        for (int i = 0; i < roundTrips; i++) {
            final List<Object> values = new ArrayList<>(one.values());
            values.set(0, BASE_ORDER_ID + i);
            all.addAll(values);
        }
        return all;
    }

    /** protobuf-java's (canonical) length of the last request; every order id of the run has as many varint bytes. */
    private static int canonicalLength(final int roundTrips) {
        return PingPongLibrary.PROTOBUF_JAVA.newCodec().encodeRequest(BASE_ORDER_ID + roundTrips - 1);
    }
}

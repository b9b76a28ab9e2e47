package org.flyproto.bench.latency;

import static org.assertj.core.api.Assertions.assertThat;

import org.flyproto.bench.codec.ChecksumSink;
import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.api.Test;

/** The harness's bookkeeping; what it measures is never asserted. */
class FixedRateRunnerTest {
    @Test
    void shouldRecordEveryOperationOfTheRunInOneIntervalPerSecond() {
        final ChecksumSink sink = new ChecksumSink();
        final Runnable operation = Contender.FLYPROTO.operation(Fixture.ORDER, sink);

        final RunResult result = new FixedRateRunner(2_000).run(operation, sink, 0, 1);

        assertThat(result.total().getTotalCount()).isEqualTo(2_000);
        assertThat(result.intervals()).hasSize(1);
        assertThat(result.intervals()[0].getTotalCount()).isEqualTo(2_000);
        assertThat(result.checksum()).isNotZero();
    }

    @Test
    void shouldReadTheSameValuesWithEveryContender() {
        long expected = 0;
        for (final Contender contender : Contender.values()) {
            if (!contender.supports(Fixture.ORDER)) {
                continue;
            }
            final ChecksumSink sink = new ChecksumSink();
            contender.operation(Fixture.ORDER, sink).run();
            if (expected == 0) {
                expected = sink.checksum();
            }
            assertThat(sink.checksum()).as(contender.label()).isEqualTo(expected);
        }
    }
}

package org.flyproto.bench.latency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.flyproto.bench.codec.ChecksumSink;
import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.api.Test;

/** The harnesses' shared bookkeeping; what it measures is never asserted. */
class FixedRateRunnerTest {
    private byte[] kept;

    @Test
    void shouldRecordEveryOperationOfTheRunInOneIntervalPerSecond() {
        final ChecksumSink sink = new ChecksumSink();
        final Runnable operation = Contender.FLYPROTO.operation(Fixture.ORDER, sink);

        final RunResult result =
                RunResult.of(new FixedRateRunner(2_000).run(index -> operation.run(), 0, 2_000), sink.checksum());

        assertThat(result.total().getTotalCount()).isEqualTo(2_000);
        assertThat(result.intervals()).hasSize(1);
        assertThat(result.intervals()[0].getTotalCount()).isEqualTo(2_000);
        assertThat(result.checksum()).isNotZero();
    }

    @Test
    void shouldNumberTheOperationsOnFromTheWarmUpIntoTheRecording() {
        final List<Long> indices = new ArrayList<>();

        final FixedRateRunner.Recording recording = new FixedRateRunner(1_000).run(indices::add, 120, 1_500);

        assertThat(indices).hasSize(1_620);
        for (int i = 0; i < indices.size(); i++) {
            assertThat(indices.get(i)).isEqualTo(i);
        }
        assertThat(recording.total().getTotalCount()).isEqualTo(1_500);
        assertThat(recording.intervals()).hasSize(2);
        assertThat(recording.intervals()[0].getTotalCount()).isEqualTo(1_000);
        assertThat(recording.intervals()[1].getTotalCount()).isEqualTo(500);
    }

    @Test
    void shouldCountWhatTheMeasuringThreadAllocatesWhileRecording() {
        final FixedRateRunner.Recording recording =
                new FixedRateRunner(10_000).run(index -> kept = new byte[1024], 1_000, 1_000);

        assertThat(kept).hasSize(1024);
        assertThat(recording.allocatedBytes()).isGreaterThanOrEqualTo(1_000L * 1024);
        assertThat(recording.perOperation(recording.allocatedBytes())).isGreaterThanOrEqualTo(1024);
        assertThat(recording.otherAllocatedBytes()).isEmpty();
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

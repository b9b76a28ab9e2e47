package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AllocationMeterTest {
    private static Object sink;

    @Test
    void shouldSeeAnAllocationInEveryIteration() {
        final long allocated = AllocationMeter.allocatedBy(() -> sink = new long[4], 1_000, 1_000);

        assertThat(allocated).isGreaterThanOrEqualTo(1_000L * 48);
    }

    @Test
    void shouldSeeAnAllocationThatIsRarerThanOnceAnIteration() {
        final long[] counter = {0};

        final long allocated = AllocationMeter.allocatedBy(
                () -> {
                    if (++counter[0] % 100 == 0) {
                        sink = new long[4];
                    }
                },
                1_000,
                1_000);

        assertThat(allocated).isGreaterThanOrEqualTo(10L * 48);
    }

    @Test
    void shouldSeeNothingWhenNothingIsAllocated() {
        final long[] counter = {0};

        final long allocated = AllocationMeter.allocatedBy(() -> counter[0]++, 1_000, 1_000);

        assertThat(allocated).isZero();
        assertThat(counter[0]).isGreaterThanOrEqualTo(2_000);
    }
}

package org.flyproto.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpreadTest {
    @Test
    void shouldTakeTheMiddleValueOfAnOddNumberOfRounds() {
        final Spread spread = Spread.of(1.55, 1.31, 1.42);

        assertThat(spread).isEqualTo(new Spread(1.42, 1.31, 1.55, 3));
        assertThat(spread.ratio()).isEqualTo("1.42 (1.31–1.55)");
    }

    @Test
    void shouldAverageTheTwoMiddleValuesOfAnEvenNumberOfRounds() {
        assertThat(Spread.of(4, 1, 3, 2)).isEqualTo(new Spread(2.5, 1, 4, 4));
    }

    @Test
    void shouldLeaveOutRoundsWithoutAValue() {
        assertThat(Spread.of(Double.NaN, 2, 6)).isEqualTo(new Spread(4, 2, 6, 2));
        assertThat(Spread.of(Double.NaN, Double.NaN)).isEqualTo(Spread.NONE);
        assertThat(Spread.NONE.ratio()).isEmpty();
    }

    @Test
    void shouldShowOneRoundWithoutARange() {
        assertThat(Spread.of(0.987).ratio()).isEqualTo("0.99");
    }
}

package org.flyproto.bench.report;

import java.util.List;

/** One cell's figures over the rounds of a run: throughput per round, ns/op summarised, the largest B/op. */
final class RoundStats {
    private RoundStats() {}

    /**
     * @return the cell's throughput in {@code round}, NaN if that round did not measure it.
     */
    static double ops(
            final Results round,
            final String library,
            final String operation,
            final String fixture,
            final String mode) {
        return round.find(library, operation, fixture, mode)
                .map(Measurement::opsPerSecond)
                .orElse(Double.NaN);
    }

    /**
     * @return the ratio of two libraries' throughputs in each round, summarised.
     */
    static Spread ratio(
            final List<Results> rounds,
            final String library,
            final String peer,
            final String operation,
            final String fixture,
            final String mode) {
        final double[] perRound = new double[rounds.size()];
        for (int r = 0; r < rounds.size(); r++) {
            perRound[r] = ops(rounds.get(r), library, operation, fixture, mode)
                    / ops(rounds.get(r), peer, operation, fixture, mode);
        }
        return Spread.of(perRound);
    }

    /**
     * @return the cell's ns/op over the rounds, summarised.
     */
    static Spread nanos(
            final List<Results> rounds,
            final String library,
            final String operation,
            final String fixture,
            final String mode) {
        final double[] perRound = new double[rounds.size()];
        for (int r = 0; r < rounds.size(); r++) {
            perRound[r] = 1e9 / ops(rounds.get(r), library, operation, fixture, mode);
        }
        return Spread.of(perRound);
    }

    /**
     * @return the largest B/op of the cell over the rounds, NaN if none was measured.
     */
    static double maxBytes(
            final List<Results> rounds,
            final String library,
            final String operation,
            final String fixture,
            final String mode) {
        double max = Double.NaN;
        for (final Results round : rounds) {
            final double bytes = round.find(library, operation, fixture, mode)
                    .map(Measurement::bytesPerOp)
                    .orElse(Double.NaN);
            if (!Double.isNaN(bytes) && !(bytes <= max)) {
                max = bytes;
            }
        }
        return max;
    }
}

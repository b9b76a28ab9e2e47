package org.flyproto.bench.report;

/**
 * One JMH benchmark's result.
 *
 * @param library the library's label, e.g. {@code flyproto}.
 * @param operation {@code encode}, {@code encode-prebuilt}, {@code decode}, {@code decode-trusted}, {@code size},
 *     {@code claim} or {@code encode-and-copy}.
 * @param fixture the fixture's label.
 * @param boundsChecks {@code on}, {@code off}, or {@code n/a} for libraries that do not use Agrona.
 * @param opsPerSecond throughput.
 * @param error JMH's 99.9% confidence half-interval, NaN with too few samples.
 * @param bytesPerOp {@code gc.alloc.rate.norm}, NaN without {@code -prof gc}.
 */
record Measurement(
        String library,
        String operation,
        String fixture,
        String boundsChecks,
        double opsPerSecond,
        double error,
        double bytesPerOp) {
    /** Column names of {@code results.csv}. */
    static final String CSV_HEADER =
            "library,operation,fixture,bounds_checks,ops_per_s,error_ops_per_s,ns_per_op," + "bytes_per_op";

    /**
     * @return nanoseconds per operation.
     */
    double nanosPerOp() {
        return 1e9 / opsPerSecond;
    }

    /**
     * @param boundsChecks a bounds-check mode.
     * @return whether this result holds in that mode: its own, or any for a library without Agrona.
     */
    boolean appliesTo(final String boundsChecks) {
        return this.boundsChecks.equals("n/a") || this.boundsChecks.equals(boundsChecks);
    }

    String csv() {
        return String.join(
                ",",
                Csv.quote(library),
                operation,
                fixture,
                boundsChecks,
                Double.toString(opsPerSecond),
                Double.toString(error),
                Double.toString(nanosPerOp()),
                Double.toString(bytesPerOp));
    }
}

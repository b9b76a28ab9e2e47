package org.flyproto.bench.latency;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * One run of the ping-pong as a line of {@code pingpong.csv}: latencies in nanoseconds, allocation in bytes per round
 * trip.
 *
 * @param round the round.
 * @param library the library's label.
 * @param boundsChecks whether Agrona's bounds checks were on.
 * @param pongerIdle the ponger's idle strategy.
 * @param rate round trips per second.
 * @param seconds recorded seconds.
 * @param count recorded round trips.
 * @param p50 50th percentile.
 * @param p90 90th percentile.
 * @param p99 99th percentile.
 * @param p999 99.9th percentile.
 * @param p9999 99.99th percentile.
 * @param max the largest.
 * @param mean the mean.
 * @param gcCount garbage collections during the run.
 * @param gcMillis their time.
 * @param pingerAllocPerRoundTrip bytes the pinger thread allocated per round trip.
 * @param pongerAllocPerRoundTrip bytes the ponger thread allocated per round trip.
 * @param requestBytes encoded size of a request.
 * @param replyBytes encoded size of a reply.
 */
public record PingPongRow(
        int round,
        String library,
        boolean boundsChecks,
        String pongerIdle,
        long rate,
        int seconds,
        long count,
        long p50,
        long p90,
        long p99,
        long p999,
        long p9999,
        long max,
        double mean,
        long gcCount,
        long gcMillis,
        double pingerAllocPerRoundTrip,
        double pongerAllocPerRoundTrip,
        int requestBytes,
        int replyBytes) {
    /** The header line of {@code pingpong.csv}. */
    public static final String CSV_HEADER = "round,library,bounds_checks,ponger_idle,rate,seconds,count,p50_ns,p90_ns,"
            + "p99_ns,p999_ns,p9999_ns,max_ns,mean_ns,gc_count,gc_ms,pinger_alloc_bytes_per_rt,"
            + "ponger_alloc_bytes_per_rt,request_bytes,reply_bytes";

    /**
     * The row of a run.
     *
     * @param round the round.
     * @param library the library.
     * @param boundsChecks whether Agrona's bounds checks were on.
     * @param pongerIdle the ponger's idle strategy.
     * @param rate round trips per second.
     * @param seconds recorded seconds.
     * @param result the run.
     * @return its row.
     */
    static PingPongRow of(
            final int round,
            final PingPongLibrary library,
            final boolean boundsChecks,
            final PongerIdle pongerIdle,
            final long rate,
            final int seconds,
            final PingPongResult result) {
        final Histogram h = result.total();
        return new PingPongRow(
                round,
                library.label(),
                boundsChecks,
                pongerIdle.label(),
                rate,
                seconds,
                h.getTotalCount(),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(90),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9),
                h.getValueAtPercentile(99.99),
                h.getMaxValue(),
                h.getMean(),
                result.gcCount(),
                result.gcMillis(),
                result.perRoundTrip(result.pingerAllocatedBytes()),
                result.perRoundTrip(result.pongerAllocatedBytes()),
                result.requestLength(),
                result.replyLength());
    }

    /**
     * @return bytes allocated per round trip by both threads.
     */
    public double allocPerRoundTrip() {
        return pingerAllocPerRoundTrip + pongerAllocPerRoundTrip;
    }

    /**
     * @return the values the summary compares, in its column order: p50, p90, p99, p99.9, p99.99, max, mean.
     */
    double[] latencies() {
        return new double[] {p50, p90, p99, p999, p9999, max, mean};
    }

    /**
     * @return this row as a line of {@code pingpong.csv}, without line end.
     */
    public String csv() {
        return String.join(
                ",",
                Integer.toString(round),
                library,
                boundsChecks ? "on" : "off",
                pongerIdle,
                Long.toString(rate),
                Integer.toString(seconds),
                Long.toString(count),
                Long.toString(p50),
                Long.toString(p90),
                Long.toString(p99),
                Long.toString(p999),
                Long.toString(p9999),
                Long.toString(max),
                String.format(Locale.ROOT, "%.1f", mean),
                Long.toString(gcCount),
                Long.toString(gcMillis),
                String.format(Locale.ROOT, "%.2f", pingerAllocPerRoundTrip),
                String.format(Locale.ROOT, "%.2f", pongerAllocPerRoundTrip),
                Integer.toString(requestBytes),
                Integer.toString(replyBytes));
    }

    /**
     * Parses a line written by {@link #csv()}.
     *
     * @param line the line.
     * @return the row.
     * @throws IllegalArgumentException if the line does not have the columns of {@link #CSV_HEADER}.
     */
    public static PingPongRow parse(final String line) {
        final String[] f = line.split(",", -1);
        if (f.length != CSV_HEADER.split(",").length) {
            throw new IllegalArgumentException("not a pingpong.csv line: " + line);
        }
        return new PingPongRow(
                Integer.parseInt(f[0]),
                f[1],
                "on".equals(f[2]),
                f[3],
                Long.parseLong(f[4]),
                Integer.parseInt(f[5]),
                Long.parseLong(f[6]),
                Long.parseLong(f[7]),
                Long.parseLong(f[8]),
                Long.parseLong(f[9]),
                Long.parseLong(f[10]),
                Long.parseLong(f[11]),
                Long.parseLong(f[12]),
                Double.parseDouble(f[13]),
                Long.parseLong(f[14]),
                Long.parseLong(f[15]),
                Double.parseDouble(f[16]),
                Double.parseDouble(f[17]),
                Integer.parseInt(f[18]),
                Integer.parseInt(f[19]));
    }
}

package org.flyproto.bench.latency;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * What the ponger thread does when a poll finds nothing. The pinger always spins: it keeps the send schedule to the
 * nanosecond and waits for each reply, and a parked thread takes tens of microseconds to wake on Linux.
 *
 * <p>{@link #SPIN} is the default: pinger and ponger each spin on one of two cores, and the media driver, off the IPC
 * data path, sleeps. {@link #YIELD} looks kinder to a shared machine but measures worse on one that is busy: Linux's
 * scheduler puts a yielding thread behind every other runnable one, so a request can wait for other processes' time
 * slices before the ponger sees it.
 */
public enum PongerIdle {
    /** Spin ({@code Thread.onSpinWait}): the fastest reaction, a core kept busy. */
    SPIN,
    /**
     * {@code Thread.yield()}: gives the core to any other runnable thread (the media driver's, other processes') and
     * comes straight back when there is none, at the cost of a system call per empty poll.
     */
    YIELD,
    /** Spin, then yield, then park from 1 µs up to 100 µs: the least CPU, the slowest to wake. */
    BACKOFF;

    /**
     * @return a new idle strategy of this kind.
     */
    public IdleStrategy newStrategy() {
        return switch (this) {
            case SPIN -> new BusySpinIdleStrategy();
            case YIELD -> new YieldingIdleStrategy();
            case BACKOFF ->
                new BackoffIdleStrategy(100, 10, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MICROSECONDS.toNanos(100));
        };
    }

    /**
     * @return the name used in properties and results.
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param label {@code spin}, {@code yield} or {@code backoff}, in any case.
     * @return the idle kind.
     * @throws IllegalArgumentException if there is none.
     */
    public static PongerIdle of(final String label) {
        try {
            return valueOf(label.toUpperCase(Locale.ROOT));
        } catch (final IllegalArgumentException ex) {
            throw new IllegalArgumentException(
                    "no ponger idle strategy " + label + "; one of spin, yield, backoff", ex);
        }
    }
}

package org.flyproto.integrations;

import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.agrona.concurrent.BackoffIdleStrategy;

/** Polling in tests: until a condition holds, or for a quiet while; failing rather than hanging. */
final class Polling {
    private static final long GIVE_UP_NS = TimeUnit.SECONDS.toNanos(20);

    private Polling() {}

    /** Polls until {@code done}; returns the fragments polled; throws if it does not happen within a long while. */
    static int pollUntil(final Subscription subscription, final FragmentHandler handler, final BooleanSupplier done) {
        final BackoffIdleStrategy idle = new BackoffIdleStrategy();
        final long deadline = System.nanoTime() + GIVE_UP_NS;
        int fragments = 0;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("condition not reached after polling " + fragments + " fragments");
            }
            final int polled = subscription.poll(handler, 10);
            fragments += polled;
            if (polled == 0) {
                idle.idle();
            }
        }
        return fragments;
    }

    /**
     * Waits, parking a millisecond at a time, until {@code done}; throws, saying {@code what} was awaited and how things
     * stand, if it does not happen within {@code timeoutNanos}.
     */
    static void await(final BooleanSupplier done, final Supplier<String> what, final long timeoutNanos) {
        final long deadline = System.nanoTime() + timeoutNanos;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(
                        "not reached within " + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos) + " s: " + what.get());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /** Polls everything that arrives within {@code quietMs} of the last fragment; returns the fragments polled. */
    static int drain(final Subscription subscription, final FragmentHandler handler, final long quietMs) {
        final long quietNs = TimeUnit.MILLISECONDS.toNanos(quietMs);
        long last = System.nanoTime();
        int fragments = 0;
        while (System.nanoTime() - last < quietNs) {
            final int polled = subscription.poll(handler, 10);
            if (polled > 0) {
                fragments += polled;
                last = System.nanoTime();
            } else {
                Thread.onSpinWait();
            }
        }
        return fragments;
    }
}

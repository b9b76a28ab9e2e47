package org.flyproto.bench.jmh;

import org.agrona.DirectBuffer;

/**
 * Sets Agrona's bounds-check mode of a forked benchmark JVM from the {@code boundsChecks} parameter. Agrona reads
 * {@code agrona.disable.bounds.checks} once, when {@link DirectBuffer} is initialised; each parameter value gets its own
 * fork, so setting the property before any Agrona buffer exists is enough, and is verified.
 */
final class BoundsChecks {
    /** Parameter value: Agrona checks every access (its default). */
    static final String ON = "on";
    /** Parameter value: {@code -Dagrona.disable.bounds.checks=true}. */
    static final String OFF = "off";

    private BoundsChecks() {}

    /**
     * Applies a mode; call first thing in the trial's setup.
     *
     * @param mode {@link #ON} or {@link #OFF}.
     * @throws IllegalStateException if Agrona was initialised already with the other mode (e.g. the flag was also
     *     given on the command line).
     */
    static void apply(final String mode) {
        final boolean disabled = switch (mode) {
            case ON -> false;
            case OFF -> true;
            default -> throw new IllegalArgumentException("boundsChecks must be on or off: " + mode);
        };
        if (disabled) {
            System.setProperty("agrona.disable.bounds.checks", "true");
        }
        if (DirectBuffer.SHOULD_BOUNDS_CHECK == disabled) {
            throw new IllegalStateException("Agrona bounds checks are " + (disabled ? "on" : "off")
                    + " in this JVM, but the benchmark asked for " + mode);
        }
    }
}

package org.flyproto.buffers;

/**
 * The opt-in checked mode: {@code -Dflyproto.checked=true} makes flyweights throw {@link IllegalStateException} when
 * they are used after the flyweight that handed them out has moved on — a view or nested decoder kept past its
 * decoder's next {@code wrap} or {@code next()}, or {@code next()} called again after an iteration ended (what nested
 * loops over one repeated field, which share one decoder, do). Off by default; read once at class load, so the JIT
 * removes every check when it is off, as Agrona does with {@code agrona.disable.bounds.checks}.
 */
public final class Checked {
    /** The system property that turns the checked mode on. */
    public static final String PROPERTY = "flyproto.checked";

    /** True when the checked mode is on. */
    public static final boolean ENABLED = Boolean.getBoolean(PROPERTY);

    private Checked() {}
}

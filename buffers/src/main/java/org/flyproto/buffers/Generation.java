package org.flyproto.buffers;

/**
 * How many times a flyweight has moved (been wrapped again, or moved to another element), and whether the flyweights
 * above it are still where they were when it was handed out: the checked mode ({@link Checked}) compares a kept
 * flyweight's generation with the one it saw. Not used when the checked mode is off.
 */
public final class Generation {
    private int value;
    private Generation parent;
    private int parentValue;

    /** Creates the generation of a flyweight that has not moved yet. */
    public Generation() {}

    /**
     * The flyweight moved and was handed out by {@code parent} (or is a root, when null).
     *
     * @param parent the generation of the flyweight that handed it out, or null.
     */
    public void advanceUnder(final Generation parent) {
        value++;
        this.parent = parent;
        parentValue = parent == null ? 0 : parent.value;
    }

    /** The flyweight moved within the same parent (to another element of an iteration). */
    public void advance() {
        value++;
    }

    /**
     * @return the current value.
     */
    public int value() {
        return value;
    }

    /**
     * @param seen a value of this generation seen earlier.
     * @return true if the flyweight has not moved since, and neither has any flyweight above it.
     */
    public boolean isCurrent(final int seen) {
        return value == seen && isChainCurrent();
    }

    /**
     * @return true if no flyweight above this one has moved since it handed this one out.
     */
    public boolean isChainCurrent() {
        for (Generation g = this; g.parent != null; g = g.parent) {
            if (g.parent.value != g.parentValue) {
                return false;
            }
        }
        return true;
    }

    /**
     * Checked mode: throws if a view tied to {@code owner}'s generation when it was {@code seen} is used after the
     * flyweight that handed it out (or one above it) moved on.
     *
     * @param owner the generation the view is tied to, or null for a view tied to none.
     * @param seen  the owner's value when the view was handed out.
     * @param view  the view's class name, for the message.
     * @throws IllegalStateException if the view is stale.
     */
    public static void checkView(final Generation owner, final int seen, final String view) {
        if (owner != null && !owner.isCurrent(seen)) {
            throw staleView(view);
        }
    }

    private static IllegalStateException staleView(final String view) {
        return new IllegalStateException("flyproto checked mode: this " + view + " was handed out by a decoder or"
                + " cursor that has moved on since (wrapped again, or next() to another element): copy out what must"
                + " outlive it (toString(), getBytes, copyTo)");
    }
}

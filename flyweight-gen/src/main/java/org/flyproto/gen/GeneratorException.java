package org.flyproto.gen;

/** A schema the generator cannot turn into flyweights: the message says which element and why. */
public final class GeneratorException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, naming the offending file, message or field.
     */
    public GeneratorException(final String message) {
        super(message);
    }
}

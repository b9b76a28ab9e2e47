package org.flyproto.gen;

/** A failure of the command line tool that ends the run with a message and an exit code. */
final class ToolException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The exit code for a schema, generator or environment failure. */
    static final int FAILURE = 1;
    /** The exit code for a malformed command line. */
    static final int USAGE = 2;

    private final int exitCode;

    private ToolException(final String message, final int exitCode, final Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A malformed command line: exit code {@value #USAGE}. */
    static ToolException usage(final String message) {
        return new ToolException(message, USAGE, null);
    }

    /** Anything else that stops the run: exit code {@value #FAILURE}. */
    static ToolException failure(final String message) {
        return new ToolException(message, FAILURE, null);
    }

    /** Like {@link #failure(String)}, keeping the exception that caused it. */
    static ToolException failure(final String message, final Throwable cause) {
        return new ToolException(message, FAILURE, cause);
    }

    int exitCode() {
        return exitCode;
    }
}

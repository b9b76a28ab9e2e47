package org.flyproto.tools;

/** A command line the tool cannot run, or an input it cannot open: exit code 2, with the usage line. */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The command whose usage line to print, or null for the general one. */
    private final transient Options.Command command;

    UsageException(final String message, final Options.Command command) {
        super(message);
        this.command = command;
    }

    Options.Command command() {
        return command;
    }
}

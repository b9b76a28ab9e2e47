package org.flyproto.tools;

import java.nio.file.Path;

/**
 * The parsed command line of one run: the command and every option, checked against what that command takes. Options
 * are {@code --name=value} or {@code --name value}; {@code -} as the file means standard input.
 */
final class Options {
    /** What {@code decode}, {@code encode} or {@code dump} reads or writes as text. */
    enum Format {
        TEXT,
        JSON,
        BINARY
    }

    /** The commands. */
    enum Command {
        DECODE("decode"),
        ENCODE("encode"),
        DUMP("dump"),
        LIST_TYPES("list-types"),
        HELP("help");

        final String word;

        Command(final String word) {
            this.word = word;
        }

        static Command of(final String word) {
            for (final Command command : values()) {
                if (command.word.equals(word)) {
                    return command;
                }
            }
            throw new UsageException("unknown command '" + word + "'", null);
        }
    }

    Command command;
    Path descriptorSet;
    String type;
    Format format;
    boolean delimited;
    /** The input file, or null for standard input. */
    Path file;

    Path queue;
    long from;
    long count = Long.MAX_VALUE;
    boolean quiet;

    boolean protoNames;
    boolean defaults;
    boolean enumsAsInts;
    boolean pretty;

    private Options() {}

    /**
     * @param args the command line, the command first.
     * @return the options.
     * @throws UsageException if an option is unknown, malformed, missing or not one the command takes.
     */
    static Options parse(final String[] args) {
        final Options options = new Options();
        if (args.length == 0) {
            throw new UsageException("no command", null);
        }
        for (final String arg : args) {
            if (arg.equals("--help") || arg.equals("-h")) {
                options.command = Command.HELP;
                return options;
            }
        }
        options.command = Command.of(args[0]);
        boolean fileSeen = false;
        for (int i = 1; i < args.length; i++) {
            final String arg = args[i];
            if (!arg.startsWith("--") || arg.equals("--")) {
                if (fileSeen) {
                    throw new UsageException("more than one input file ('" + arg + "')", options.command);
                }
                fileSeen = true;
                options.file = arg.equals("-") ? null : Path.of(arg);
                continue;
            }
            final int eq = arg.indexOf('=');
            final String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
            final String inline = eq < 0 ? null : arg.substring(eq + 1);
            if (isFlag(name)) {
                if (inline != null) {
                    throw new UsageException("--" + name + " takes no value", options.command);
                }
                options.flag(name);
            } else if (isValued(name)) {
                final String value;
                if (inline != null) {
                    value = inline;
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new UsageException("--" + name + " needs a value", options.command);
                }
                options.value(name, value);
            } else {
                throw new UsageException("unknown option --" + name, options.command);
            }
        }
        options.check(fileSeen);
        return options;
    }

    private static boolean isFlag(final String name) {
        return switch (name) {
            case "json", "text", "binary", "delimited", "quiet", "proto-names", "defaults", "enums-as-ints", "pretty" ->
                true;
            default -> false;
        };
    }

    private static boolean isValued(final String name) {
        return switch (name) {
            case "descriptor_set_in", "type", "queue", "from", "count" -> true;
            default -> false;
        };
    }

    private void flag(final String name) {
        switch (name) {
            case "json" -> format(Format.JSON);
            case "text" -> format(Format.TEXT);
            case "binary" -> format(Format.BINARY);
            case "delimited" -> delimited = true;
            case "quiet" -> quiet = true;
            case "proto-names" -> protoNames = true;
            case "defaults" -> defaults = true;
            case "enums-as-ints" -> enumsAsInts = true;
            case "pretty" -> pretty = true;
            default -> throw new IllegalStateException(name);
        }
    }

    private void value(final String name, final String value) {
        if (value.isEmpty()) {
            throw new UsageException("--" + name + " needs a value", command);
        }
        switch (name) {
            case "descriptor_set_in" -> descriptorSet = Path.of(value);
            case "type" -> type = value;
            case "queue" -> queue = Path.of(value);
            case "from" -> from = count(name, value);
            case "count" -> count = count(name, value);
            default -> throw new IllegalStateException(name);
        }
    }

    private void format(final Format chosen) {
        if (format != null && format != chosen) {
            throw new UsageException("--json, --text and --binary exclude each other", command);
        }
        format = chosen;
    }

    private long count(final String name, final String value) {
        try {
            final long n = Long.parseLong(value);
            if (n >= 0) {
                return n;
            }
        } catch (final NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--" + name + " takes a number >= 0, not '" + value + "'", command);
    }

    /** What every command needs and refuses, once all options are read. */
    private void check(final boolean fileSeen) {
        if (descriptorSet == null) {
            throw new UsageException("--descriptor_set_in=FILE is missing", command);
        }
        if (command == Command.LIST_TYPES) {
            refuse(
                    type != null || format != null || delimited || fileSeen || queue != null,
                    "takes only --descriptor_set_in");
            refuse(quiet || from != 0 || count != Long.MAX_VALUE || jsonOptions(), "takes only --descriptor_set_in");
            return;
        }
        if (type == null) {
            throw new UsageException("--type=pkg.Msg is missing", command);
        }
        if (command == Command.DUMP) {
            refuse(queue == null && !delimited, "needs --queue=DIR or --delimited FILE");
            refuse(queue != null && delimited, "takes --queue=DIR or --delimited FILE, not both");
            refuse(queue != null && fileSeen, "reads the queue: no input file");
            if (format == null) {
                format = Format.JSON;
            }
        } else {
            refuse(queue != null, "takes no --queue (see dump)");
            refuse(from != 0 || count != Long.MAX_VALUE, "takes no --from or --count (see dump)");
            refuse(quiet, "takes no --quiet (see dump)");
            if (format == null) {
                format = Format.TEXT;
            }
        }
        if (command == Command.ENCODE) {
            refuse(format == Format.BINARY, "writes binary: --binary is for decode and dump");
            refuse(delimited && format != Format.JSON, "--delimited reads JSON lines: add --json");
            refuse(jsonOptions(), "takes no JSON printing options");
        } else {
            refuse(
                    jsonOptions() && format != Format.JSON,
                    "--proto-names, --defaults, --enums-as-ints and --pretty need --json");
        }
    }

    private boolean jsonOptions() {
        return protoNames || defaults || enumsAsInts || pretty;
    }

    private void refuse(final boolean condition, final String why) {
        if (condition) {
            throw new UsageException(command.word + " " + why, command);
        }
    }
}

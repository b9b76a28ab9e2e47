package org.flyproto.tools;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.wkt.DescriptorSetLoader;
import org.flyproto.wkt.LoadedSchemas;

/**
 * The {@code flyproto} command-line tool: decodes, encodes and dumps protobuf messages, length-delimited streams and
 * Chronicle Queues of a type named at run time, from a {@code FileDescriptorSet} ({@code protoc
 * --descriptor_set_out}). Exit codes: 0 done; 1 bad data (the reason and where on standard error); 2 a usage error
 * (unknown option, missing or unknown type, unreadable file), with the usage line.
 */
public final class Main {
    /** How often {@code dump} reports progress on standard error when standard output is not a terminal. */
    static final long PROGRESS_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    static final String USAGE_DECODE =
            "flyproto decode --descriptor_set_in=FILE --type=pkg.Msg [--text|--json|--binary] [--delimited] [FILE|-]";
    static final String USAGE_ENCODE =
            "flyproto encode --descriptor_set_in=FILE --type=pkg.Msg [--text|--json] [--delimited] [FILE|-]";
    static final String USAGE_DUMP = "flyproto dump --descriptor_set_in=FILE --type=pkg.Msg"
            + " (--queue=DIR | --delimited FILE|-) [--from=N] [--count=N] [--json|--text|--binary] [--quiet]";
    static final String USAGE_LIST = "flyproto list-types --descriptor_set_in=FILE";

    static final String HELP = "usage:\n"
            + "  " + USAGE_DECODE + "\n"
            + "  " + USAGE_ENCODE + "\n"
            + "  " + USAGE_DUMP + "\n"
            + "  " + USAGE_LIST + "\n"
            + "\n"
            + "decode      reads one binary message (or with --delimited a stream of varint-length-prefixed ones)\n"
            + "            from FILE or standard input and prints it: text format by default, --json one JSON\n"
            + "            document a line, --binary the validated bytes.\n"
            + "encode      reads text format (default) or --json (with --delimited: JSON lines) and writes binary\n"
            + "            (with --delimited: each message after its varint length) to standard output.\n"
            + "dump        prints every document of a Chronicle Queue directory, or every message of a\n"
            + "            length-delimited file: JSON lines by default. --from=N skips the first N (0-based\n"
            + "            ordinal of the first printed), --count=N prints at most N. Progress goes to standard\n"
            + "            error once a second when standard output is not a terminal; --quiet turns it off.\n"
            + "list-types  prints the full names of the descriptor set's message types.\n"
            + "\n"
            + "JSON options: --proto-names (field names as in the .proto), --defaults (print fields without\n"
            + "presence at their defaults), --enums-as-ints, --pretty (indented, not one a line).\n"
            + "Options take --name=value or --name value. Exit codes: 0 done, 1 bad data, 2 usage error.\n";

    private Main() {}

    /**
     * Runs the tool on the process's standard streams and exits with its code.
     *
     * @param args the command line.
     */
    public static void main(final String[] args) {
        defaultProperty("chronicle.analytics.disable", "true");
        // Chronicle logs through SLF4J, which the tool does not bind: without this, SLF4J warns of that on stderr.
        defaultProperty("slf4j.internal.verbosity", "ERROR");
        // System.console() is null when standard output (or input) is not a terminal: progress then goes to a
        // terminal of its own (or a log), not between the messages.
        final long progress = System.console() == null ? PROGRESS_INTERVAL_NANOS : -1;
        System.exit(run(args, System.in, System.out, System.err, progress));
    }

    private static void defaultProperty(final String name, final String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /**
     * Runs the tool, without progress reports.
     *
     * @param args the command line.
     * @param in   standard input.
     * @param out  standard output.
     * @param err  standard error.
     * @return the exit code: 0 done, 1 bad data, 2 usage error.
     */
    public static int run(final String[] args, final InputStream in, final PrintStream out, final PrintStream err) {
        return run(args, in, out, err, -1);
    }

    static int run(
            final String[] args,
            final InputStream in,
            final PrintStream out,
            final PrintStream err,
            final long progressIntervalNanos) {
        final BufferedOutputStream buffered = new BufferedOutputStream(out, 64 * 1024);
        try {
            final Options options = Options.parse(args);
            if (options.command == Options.Command.HELP) {
                out.print(HELP);
                out.flush();
                return 0;
            }
            final Commands commands = new Commands(options, load(options), buffered, out, err, progressIntervalNanos);
            try {
                switch (options.command) {
                    case LIST_TYPES -> commands.listTypes();
                    case ENCODE -> commands.encode(in);
                    default -> commands.decode(in);
                }
            } finally {
                buffered.flush();
            }
            return 0;
        } catch (final UsageException e) {
            err.println("error: " + e.getMessage());
            err.println("usage: " + usage(e.command()));
            err.println("see flyproto --help");
            return 2;
        } catch (final BadDataException e) {
            err.println(e.report());
            return 1;
        } catch (final IOException e) {
            err.println("error: " + Commands.reason(e));
            return 2;
        } finally {
            out.flush();
        }
    }

    private static LoadedSchemas load(final Options options) {
        final byte[] bytes;
        try (InputStream in = Commands.openFile(options.descriptorSet, options.command)) {
            bytes = in.readAllBytes();
        } catch (final IOException e) {
            throw new UsageException(
                    "cannot read " + options.descriptorSet + ": " + Commands.reason(e), options.command);
        }
        try {
            return DescriptorSetLoader.load(bytes);
        } catch (final ProtoDecodeException | IllegalArgumentException e) {
            throw new UsageException(
                    options.descriptorSet + " is not a descriptor set protoc --descriptor_set_out writes: "
                            + e.getMessage(),
                    options.command);
        }
    }

    private static String usage(final Options.Command command) {
        if (command == null) {
            return USAGE_DECODE + "\n       " + USAGE_ENCODE + "\n       " + USAGE_DUMP + "\n       " + USAGE_LIST;
        }
        return switch (command) {
            case DECODE -> USAGE_DECODE;
            case ENCODE -> USAGE_ENCODE;
            case DUMP -> USAGE_DUMP;
            case LIST_TYPES -> USAGE_LIST;
            case HELP -> HELP;
        };
    }
}

package org.flyproto.gen;

import java.io.Console;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;

/**
 * The flyproto code generator's executable: {@code java -jar flyproto-gen.jar}.
 *
 * <ul>
 *   <li>With arguments, a command line tool: {@code --proto_path=DIR... --java_out=DIR FILE.proto...} runs protoc
 *       (embedded in the jar) and writes the generated sources; {@code --help} lists the options.
 *   <li>Without arguments, a protoc plugin: a {@code CodeGeneratorRequest} on standard input, a
 *       {@code CodeGeneratorResponse} on standard output.
 * </ul>
 *
 * <p>Exit status: 0 ok, 1 schema or generator error, 2 usage error.
 */
public final class Main {
    static final String HELP_HINT = "Try 'flyproto-gen --help' for more information.";

    private Main() {}

    /**
     * Runs the generator and exits with its status (normally only when it is not 0).
     *
     * @param args the command line; none for the protoc plugin mode.
     */
    public static void main(final String[] args) {
        if (args.length == 0 && isTerminal()) {
            // A person at a terminal, not protoc piping a request: waiting on standard input would only hang.
            System.err.println("flyproto-gen: no arguments and standard input is a terminal (plugin mode expects a"
                    + " CodeGeneratorRequest from protoc)");
            System.err.println(HELP_HINT);
            System.exit(ToolException.USAGE);
        }
        final int status = run(args, System.in, System.out, System.err);
        System.out.flush();
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Whether standard input and output are a terminal: a person typing, not protoc piping. */
    private static boolean isTerminal() {
        final Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            // From JDK 22 a console exists even when the streams are redirected; Console.isTerminal() tells.
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /** {@link #main} without {@code System.exit}, the environment of this process and the real generator. */
    static int run(final String[] args, final InputStream in, final PrintStream out, final PrintStream err) {
        return run(args, in, out, err, System.getenv(), CodeGenerator.FLYWEIGHTS);
    }

    /** {@link #main} without {@code System.exit}. */
    static int run(
            final String[] args,
            final InputStream in,
            final PrintStream out,
            final PrintStream err,
            final Map<String, String> env,
            final CodeGenerator generator) {
        if (args.length == 0) {
            return ProtocPlugin.run(in, out, err, generator);
        }
        try {
            final CommandLine commandLine = CommandLine.parse(args);
            if (commandLine.help()) {
                out.print(CommandLine.USAGE);
                out.flush();
                return 0;
            }
            return CommandLineTool.run(commandLine, env, out, err, generator);
        } catch (ToolException e) {
            err.println("flyproto-gen: " + e.getMessage());
            if (e.exitCode() == ToolException.USAGE) {
                err.println(HELP_HINT);
            }
            return e.exitCode();
        } catch (GeneratorException e) {
            err.println("flyproto-gen: " + e.getMessage());
            return ToolException.FAILURE;
        }
    }
}

package org.flyproto.gen;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The parsed command line of the standalone tool.
 *
 * @param protoPaths       the {@code --proto_path} / {@code -I} entries in order, {@code PATH}-style lists split.
 * @param javaOut          the {@code --java_out} directory.
 * @param options          the generator options from {@code --flyproto_opt}.
 * @param descriptorSetsIn the {@code --descriptor_set_in} files, empty when protoc is to be run.
 * @param protoc           the {@code --protoc} executable, or {@code null} for the default.
 * @param files            the {@code .proto} files named on the command line.
 * @param help             whether {@code --help} was given (nothing else is then checked).
 */
record CommandLine(
        List<String> protoPaths,
        Path javaOut,
        GeneratorOptions options,
        List<Path> descriptorSetsIn,
        String protoc,
        List<String> files,
        boolean help) {

    static final String USAGE = """
            Usage: flyproto-gen [OPTION]... PROTO_FILE...
               or: flyproto-gen < CodeGeneratorRequest > CodeGeneratorResponse   (no arguments: protoc plugin)
            Generates zero-allocation flyweights over Agrona buffers for .proto schemas.

              -IDIR, --proto_path=DIR    where to find imports; repeatable, searched in order (default: the
                                         current directory). google/protobuf/*.proto are always found.
              --java_out=DIR             where to write the generated Java sources (required)
              --flyproto_opt=K=V[,K=V]   generator options: package=NAME, package_suffix=SUFFIX (default .flyproto)
              --descriptor_set_in=FILE   read a FileDescriptorSet (protoc --include_imports output) instead of
                                         running protoc; PROTO_FILEs then name files in the set (default: all but
                                         google/protobuf/*)
              --protoc=PATH              run this protoc instead of the embedded one
              -h, --help                 print this help

            As a protoc plugin: protoc --plugin=protoc-gen-flyproto=EXECUTABLE --flyproto_out=[K=V,...:]DIR ...

            Environment:
              FLYPROTO_PROTOC            like --protoc=PATH
              FLYPROTO_CACHE_DIR         where the embedded protoc is extracted (default: the JVM's temp directory)

            Exit status: 0 ok, 1 schema or generator error (protoc's message on standard error), 2 usage error.
            """;

    private static final Pattern PATH_LIST = Pattern.compile(Pattern.quote(File.pathSeparator));

    /**
     * Parses the arguments.
     *
     * @throws ToolException a usage error, naming the offending argument.
     */
    static CommandLine parse(final String[] args) throws ToolException {
        final List<String> protoPaths = new ArrayList<>();
        final List<Path> descriptorSetsIn = new ArrayList<>();
        final List<String> files = new ArrayList<>();
        final List<String> generatorOptions = new ArrayList<>();
        String javaOut = null;
        String protoc = null;
        boolean onlyFiles = false;
        for (int i = 0; i < args.length; i++) {
            final String arg = args[i];
            if (onlyFiles || !arg.startsWith("-")) {
                files.add(arg);
                continue;
            }
            if ("--".equals(arg)) {
                onlyFiles = true;
                continue;
            }
            if ("--help".equals(arg) || "-h".equals(arg)) {
                return new CommandLine(List.of(), null, GeneratorOptions.defaults(), List.of(), null, List.of(), true);
            }
            final String name;
            String value;
            if (arg.startsWith("-I")) {
                name = "--proto_path";
                value = arg.length() > 2 ? arg.substring(2) : null;
            } else {
                final int eq = arg.indexOf('=');
                name = eq < 0 ? arg : arg.substring(0, eq);
                value = eq < 0 ? null : arg.substring(eq + 1);
            }
            if (!isOption(name)) {
                throw ToolException.usage("unknown option: " + arg);
            }
            if (value == null) {
                if (i + 1 == args.length) {
                    throw ToolException.usage(name + " needs a value");
                }
                value = args[++i];
            }
            if (value.isEmpty() && !"--flyproto_opt".equals(name)) {
                throw ToolException.usage(name + " needs a value");
            }
            switch (name) {
                case "--proto_path" ->
                    PATH_LIST
                            .splitAsStream(value)
                            .filter(part -> !part.isEmpty())
                            .forEach(protoPaths::add);
                case "--java_out" -> javaOut = once(name, javaOut, value);
                case "--flyproto_opt" -> {
                    if (!value.isEmpty()) {
                        generatorOptions.add(value);
                    }
                }
                case "--descriptor_set_in" -> descriptorSetsIn.add(Path.of(value));
                case "--protoc" -> protoc = once(name, protoc, value);
                default -> throw new IllegalStateException(name);
            }
        }
        if (javaOut == null) {
            throw ToolException.usage("missing --java_out=DIR");
        }
        if (files.isEmpty() && descriptorSetsIn.isEmpty()) {
            throw ToolException.usage("no input files");
        }
        if (!descriptorSetsIn.isEmpty() && !protoPaths.isEmpty()) {
            throw ToolException.usage("--proto_path has no effect with --descriptor_set_in: the set holds every file");
        }
        final GeneratorOptions options;
        try {
            options = GeneratorOptions.parse(String.join(",", generatorOptions));
        } catch (IllegalArgumentException e) {
            throw ToolException.usage("bad --flyproto_opt: " + e.getMessage());
        }
        return new CommandLine(
                List.copyOf(protoPaths),
                Path.of(javaOut),
                options,
                List.copyOf(descriptorSetsIn),
                protoc,
                List.copyOf(files),
                false);
    }

    private static boolean isOption(final String name) {
        return switch (name) {
            case "--proto_path", "--java_out", "--flyproto_opt", "--descriptor_set_in", "--protoc" -> true;
            default -> false;
        };
    }

    private static String once(final String name, final String previous, final String value) throws ToolException {
        if (previous != null) {
            throw ToolException.usage(name + " given twice");
        }
        return value;
    }
}

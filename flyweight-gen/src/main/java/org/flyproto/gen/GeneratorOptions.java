package org.flyproto.gen;

/**
 * Options of the generator, parsed from a comma-separated {@code key=value} list (the protoc plugin parameter, or
 * {@code --flyproto_opt=} on the command line).
 *
 * <ul>
 *   <li>{@code package=NAME}: put every generated class in Java package {@code NAME}.
 *   <li>{@code package_suffix=SUFFIX}: otherwise the package is the file's {@code java_package} (or its proto
 *       package) followed by {@code SUFFIX}; default {@code .flyproto}, so generated classes never collide with
 *       protobuf-java's classes for the same file. An empty suffix is allowed.
 * </ul>
 *
 * @param packageOverride the {@code package} option, or {@code null}.
 * @param packageSuffix   the {@code package_suffix} option.
 */
public record GeneratorOptions(String packageOverride, String packageSuffix) {
    /** The suffix appended to the schema's Java package unless told otherwise. */
    public static final String DEFAULT_PACKAGE_SUFFIX = ".flyproto";

    /** Options with every default. */
    public static GeneratorOptions defaults() {
        return new GeneratorOptions(null, DEFAULT_PACKAGE_SUFFIX);
    }

    /**
     * Parses {@code key=value[,key=value...]}.
     *
     * @param parameter the text, may be null or empty.
     * @return the options.
     * @throws IllegalArgumentException on an unknown key or a malformed entry.
     */
    public static GeneratorOptions parse(final String parameter) {
        String packageOverride = null;
        String packageSuffix = DEFAULT_PACKAGE_SUFFIX;
        if (parameter != null && !parameter.isBlank()) {
            for (final String entry : parameter.split(",")) {
                final int eq = entry.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("generator option without '=': " + entry);
                }
                final String key = entry.substring(0, eq).trim();
                final String value = entry.substring(eq + 1).trim();
                switch (key) {
                    case "package" -> packageOverride = value;
                    case "package_suffix" -> packageSuffix = value;
                    default -> throw new IllegalArgumentException("unknown generator option: " + key);
                }
            }
        }
        return new GeneratorOptions(packageOverride, packageSuffix);
    }
}

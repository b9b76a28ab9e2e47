package org.flyproto.gen;

import java.util.Locale;

/**
 * The {@code os-arch} classifier of the running JVM, normalised as os-maven-plugin does ({@code linux-x86_64},
 * {@code osx-aarch_64}, {@code windows-x86_64}...), which is how protoc executables are published and embedded.
 */
final class OsClassifier {
    private OsClassifier() {}

    /** The classifier of this JVM. */
    static String current() {
        return of(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /** The classifier for the given {@code os.name} and {@code os.arch} system property values. */
    static String of(final String osName, final String osArch) {
        return os(normalize(osName)) + "-" + arch(normalize(osArch));
    }

    private static String os(final String name) {
        if (name.startsWith("linux")) {
            return "linux";
        }
        if (name.startsWith("macosx") || name.startsWith("osx") || name.startsWith("darwin")) {
            return "osx";
        }
        if (name.startsWith("windows")) {
            return "windows";
        }
        for (final String known : new String[] {"aix", "hpux", "os400", "freebsd", "openbsd", "netbsd", "zos"}) {
            if (name.startsWith(known)) {
                return known;
            }
        }
        if (name.startsWith("solaris") || name.startsWith("sunos")) {
            return "sunos";
        }
        return "unknown";
    }

    private static String arch(final String arch) {
        if (arch.matches("^(x8664|amd64|ia32e|em64t|x64)$")) {
            return "x86_64";
        }
        if (arch.matches("^(x8632|x86|i[3-6]86|ia32|x32)$")) {
            return "x86_32";
        }
        if (arch.matches("^(arm|arm32)$")) {
            return "arm_32";
        }
        if ("aarch64".equals(arch)) {
            return "aarch_64";
        }
        if (arch.matches("^(ppc|ppc32)$")) {
            return "ppc_32";
        }
        if ("ppc64".equals(arch)) {
            return "ppc_64";
        }
        if ("ppc64le".equals(arch)) {
            return "ppcle_64";
        }
        if ("s390x".equals(arch)) {
            return "s390_64";
        }
        if ("s390".equals(arch)) {
            return "s390_32";
        }
        if ("riscv64".equals(arch)) {
            return "riscv64";
        }
        if ("loongarch64".equals(arch)) {
            return "loongarch_64";
        }
        return "unknown";
    }

    private static String normalize(final String value) {
        return value.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
    }
}

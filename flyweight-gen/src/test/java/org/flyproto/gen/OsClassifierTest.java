package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OsClassifierTest {
    @ParameterizedTest
    @CsvSource({
        "Linux, amd64, linux-x86_64",
        "Linux, aarch64, linux-aarch_64",
        "Linux, ppc64le, linux-ppcle_64",
        "Linux, s390x, linux-s390_64",
        "Linux, i386, linux-x86_32",
        "Mac OS X, x86_64, osx-x86_64",
        "Mac OS X, aarch64, osx-aarch_64",
        "Windows 11, amd64, windows-x86_64",
        "Windows Server 2022, x86, windows-x86_32",
        "FreeBSD, amd64, freebsd-x86_64",
        "Plan 9, mips, unknown-unknown"
    })
    void shouldNormaliseLikeOsMavenPlugin(final String osName, final String osArch, final String classifier) {
        assertThat(OsClassifier.of(osName, osArch)).isEqualTo(classifier);
    }
}

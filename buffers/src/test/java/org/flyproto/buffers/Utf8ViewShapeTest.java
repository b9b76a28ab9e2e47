package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The shape {@link Utf8View}'s speed depends on: its measuring method stays larger than C2's limit for inlining a hot
 * callee ({@code -XX:FreqInlineSize}, 325 bytecodes), so that {@code length()} and {@code wrapValid} inline into their
 * callers as a call rather than as the scans (PERF_LOG, 2026-12-04, strings measured out of line). Read from the class
 * file with {@code javap}; asserts no time.
 */
class Utf8ViewShapeTest {
    private static final int FREQ_INLINE_SIZE = 325;

    @Test
    void shouldKeepTheMeasuringMethodAboveTheHotInliningLimit() throws URISyntaxException {
        final String code = disassemble();
        final int start = code.indexOf("private int measure(boolean);");
        assertThat(start).as("measure(boolean) in javap's output").isNotNegative();
        final int end = code.indexOf("\n\n", start);
        final Matcher offsets = Pattern.compile("(?m)^\\s+(\\d+): ").matcher(code.substring(start, end));
        int last = -1;
        while (offsets.find()) {
            last = Integer.parseInt(offsets.group(1));
        }

        assertThat(last).as("offset of measure(boolean)'s last instruction").isGreaterThan(FREQ_INLINE_SIZE);
    }

    private static String disassemble() throws URISyntaxException {
        final ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        final StringWriter out = new StringWriter();
        final String classes = Path.of(Utf8View.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();
        final int status = javap.run(
                new PrintWriter(out), new PrintWriter(out), "-c", "-p", "-cp", classes, Utf8View.class.getName());
        assertThat(status).as("javap: %s", out).isZero();
        return out.toString();
    }
}

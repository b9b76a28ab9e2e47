package org.flyproto.conformance.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;

/**
 * The fuzz target over the decoders of the three all-types schemas: the first byte of the input picks the schema
 * ({@link Schema#FUZZED}, modulo 3), the rest is decoded as a message of it and must keep every
 * {@link DecoderProperties property}.
 *
 * <p>In regression mode (the default) it runs the seeds checked in under
 * {@code src/test/resources/org/flyproto/conformance/fuzz/DecoderFuzzTestInputs/}, with bounds checks on and, tagged
 * {@code hostile}, off; with {@code JAZZER_FUZZ=1} it fuzzes, for as long as {@code -Djazzer.max_duration} says
 * (default here one minute): {@code mvn verify} runs a short fuzzing session in each bounds-check mode (tag
 * {@code fuzz}). See {@code docs/conformance-fuzz.md}.
 */
@Tag("hostile")
@Tag("fuzz")
class DecoderFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void shouldDecodeAnyInputSafelyAndAsProtobufJavaDoes(final byte[] data) {
        if (data.length == 0) {
            return;
        }
        final Schema schema = Schema.FUZZED[(data[0] & 0xFF) % Schema.FUZZED.length];
        DecoderProperties.check(schema, Arrays.copyOfRange(data, 1, data.length));
    }
}

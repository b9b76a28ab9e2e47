package org.flyproto.conformance.fuzz;

import com.google.protobuf.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.flyproto.conformance.RandomMessageGenerator;
import org.flyproto.conformance.RandomMessages;

/**
 * Writes the seeds of {@link DecoderFuzzTest}: a schema byte (the index in {@link Schema#FUZZED}) followed by a valid
 * encoding from the seeded random generators, a few per schema, and followed by each file of the hostile corpus of
 * that schema. Run from the module directory, after a build, with the test class path:
 *
 * <pre>{@code
 * mvn -B -o -q -pl conformance dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *     -cp conformance/target/test-classes:conformance/target/classes:$(cat conformance/target/cp.txt) \
 *     org.flyproto.conformance.fuzz.FuzzSeeds conformance
 * }</pre>
 */
public final class FuzzSeeds {
    /** Where Jazzer's regression mode finds the seeds, under the module directory. */
    static final String INPUTS = "src/test/resources/org/flyproto/conformance/fuzz/DecoderFuzzTestInputs/"
            + "shouldDecodeAnyInputSafelyAndAsProtobufJavaDoes";

    private static final long BASE_SEED = 0xF022L;
    private static final int RANDOM_PER_SCHEMA = 6;
    /** Seeds stay small: the fuzzer mutates small inputs faster, and they are checked in. */
    private static final int MAX_SEED_LENGTH = 600;

    private FuzzSeeds() {}

    /**
     * @param args the module directory (default: the current directory).
     * @throws IOException if a file cannot be read or written.
     */
    public static void main(final String[] args) throws IOException {
        final Path module = Path.of(args.length > 0 ? args[0] : ".");
        final Path inputs = module.resolve(INPUTS);
        Files.createDirectories(inputs);
        for (int index = 0; index < Schema.FUZZED.length; index++) {
            final Schema schema = Schema.FUZZED[index];
            int written = 0;
            for (long seed = BASE_SEED; written < RANDOM_PER_SCHEMA; seed++) {
                final Message message = schema == Schema.PROTO3 && written % 2 == 0
                        ? new RandomMessages(seed).allTypes(1)
                        : new RandomMessageGenerator(seed).message(schema.prototype(), 1);
                final byte[] bytes = message.toByteArray();
                if (bytes.length <= MAX_SEED_LENGTH) {
                    write(inputs.resolve("random-" + schema.directory() + "-" + written), index, bytes);
                    written++;
                }
            }
            final Path corpus = module.resolve("src/test/resources/corpus").resolve(schema.directory());
            if (Files.isDirectory(corpus)) {
                final List<Path> files;
                try (Stream<Path> walk = Files.walk(corpus)) {
                    files = walk.filter(p -> p.toString().endsWith(".bin"))
                            .sorted()
                            .toList();
                }
                for (final Path file : files) {
                    final String name = corpus.relativize(file).toString().replace('/', '-');
                    write(
                            inputs.resolve("corpus-" + schema.directory() + "-" + name.replace(".bin", "")),
                            index,
                            Files.readAllBytes(file));
                }
            }
        }
    }

    private static void write(final Path file, final int schema, final byte[] message) throws IOException {
        final byte[] seed = new byte[1 + message.length];
        seed[0] = (byte) schema;
        System.arraycopy(message, 0, seed, 1, message.length);
        Files.write(file, seed);
    }
}

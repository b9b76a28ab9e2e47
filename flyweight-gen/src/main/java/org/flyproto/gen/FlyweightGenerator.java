package org.flyproto.gen;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.flyproto.gen.java.JavaEmitter;
import org.flyproto.gen.model.FileModel;
import org.flyproto.gen.model.ModelBuilder;
import org.flyproto.gen.model.Naming;

/** Entry point of code generation: descriptors in, Java sources out. */
public final class FlyweightGenerator {
    private FlyweightGenerator() {}

    /**
     * Generates the flyweights for the given files: for each message an {@code XxxEncoder} and an
     * {@code XxxDecoder}, for each enum a Java enum.
     *
     * @param files   the files to generate code for (their dependencies are resolved already).
     * @param options generator options.
     * @return the generated sources, in a deterministic order.
     * @throws GeneratorException if a file uses a feature the generator does not support.
     */
    public static List<GeneratedFile> generate(final List<FileDescriptor> files, final GeneratorOptions options)
            throws GeneratorException {
        final ModelBuilder builder = new ModelBuilder(new Naming(options), files);
        final List<GeneratedFile> generated = new ArrayList<>();
        for (final FileDescriptor file : files) {
            final FileModel model = builder.build(file);
            generated.addAll(JavaEmitter.emit(model));
        }
        return List.copyOf(generated);
    }
}

package org.flyproto.gen;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
     * @throws GeneratorException if generated names would clash whatever the naming rules (the error names both
     *     elements).
     */
    public static List<GeneratedFile> generate(final List<FileDescriptor> files, final GeneratorOptions options)
            throws GeneratorException {
        final ModelBuilder builder = new ModelBuilder(new Naming(options), files);
        final List<GeneratedFile> generated = new ArrayList<>();
        final Map<String, GeneratedFile> byPath = new HashMap<>();
        for (final FileDescriptor file : files) {
            final FileModel model = builder.build(file);
            for (final GeneratedFile source : JavaEmitter.emit(model)) {
                final GeneratedFile other = byPath.putIfAbsent(source.path(), source);
                if (other != null) {
                    throw new GeneratorException(other.origin() + " and " + source.origin()
                            + " would both generate " + source.path()
                            + " (types of one Java package need distinct flattened names)");
                }
                generated.add(source);
            }
        }
        return List.copyOf(generated);
    }
}

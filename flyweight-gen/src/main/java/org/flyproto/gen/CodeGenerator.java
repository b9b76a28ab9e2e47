package org.flyproto.gen;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.List;

/** The generation step as the entry points see it: a seam so they can be tested with a generator of their own. */
@FunctionalInterface
interface CodeGenerator {
    /** The real thing. */
    CodeGenerator FLYWEIGHTS = FlyweightGenerator::generate;

    /** See {@link FlyweightGenerator#generate(List, GeneratorOptions)}. */
    List<GeneratedFile> generate(List<FileDescriptor> files, GeneratorOptions options) throws GeneratorException;
}

package org.flyproto.gen;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.ArrayList;
import java.util.List;

/** A {@link CodeGenerator} that remembers what it was asked and answers with given files (or an exception). */
final class RecordingGenerator implements CodeGenerator {
    final List<String> fileNames = new ArrayList<>();
    final List<FileDescriptor> files = new ArrayList<>();
    GeneratorOptions options;
    List<GeneratedFile> answer = List.of();
    GeneratorException failure;

    @Override
    public List<GeneratedFile> generate(final List<FileDescriptor> files, final GeneratorOptions options)
            throws GeneratorException {
        this.files.addAll(files);
        files.forEach(file -> fileNames.add(file.getName()));
        this.options = options;
        if (failure != null) {
            throw failure;
        }
        return answer;
    }
}

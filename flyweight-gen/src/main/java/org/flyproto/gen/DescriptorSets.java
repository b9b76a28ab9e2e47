package org.flyproto.gen;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns {@link FileDescriptorProto}s, given in any order (a {@code FileDescriptorSet}, a protoc plugin request), into
 * {@link FileDescriptor}s: each file is built after its imports, once, and only when asked for or imported.
 */
final class DescriptorSets {
    private final Map<String, FileDescriptorProto> protos;
    private final Map<String, FileDescriptor> built = new HashMap<>();
    private final Set<String> building = new HashSet<>();

    private DescriptorSets(final Map<String, FileDescriptorProto> protos) {
        this.protos = protos;
    }

    /**
     * @param files the files; the same file may appear twice (merged sets) if both copies are equal.
     * @throws GeneratorException if two different files have the same name.
     */
    static DescriptorSets of(final Iterable<FileDescriptorProto> files) throws GeneratorException {
        final Map<String, FileDescriptorProto> protos = new LinkedHashMap<>();
        for (final FileDescriptorProto file : files) {
            final FileDescriptorProto previous = protos.putIfAbsent(file.getName(), file);
            if (previous != null && !previous.equals(file)) {
                throw new GeneratorException("two different files named " + file.getName());
            }
        }
        return new DescriptorSets(protos);
    }

    /** The names of all files, in the order given. */
    List<String> names() {
        return List.copyOf(protos.keySet());
    }

    /**
     * Builds the named files and, first, everything they import.
     *
     * @throws GeneratorException if a file is missing, imports a missing file, is part of an import cycle, or is
     *                            invalid.
     */
    List<FileDescriptor> build(final List<String> names) throws GeneratorException {
        final List<FileDescriptor> result = new ArrayList<>(names.size());
        for (final String name : names) {
            if (!protos.containsKey(name)) {
                throw new GeneratorException(name + " is not among the given files");
            }
            result.add(build(name));
        }
        return result;
    }

    private FileDescriptor build(final String name) throws GeneratorException {
        final FileDescriptor done = built.get(name);
        if (done != null) {
            return done;
        }
        if (!building.add(name)) {
            throw new GeneratorException("import cycle through " + name);
        }
        final FileDescriptorProto proto = protos.get(name);
        final FileDescriptor[] dependencies = new FileDescriptor[proto.getDependencyCount()];
        for (int i = 0; i < dependencies.length; i++) {
            final String dependency = proto.getDependency(i);
            if (!protos.containsKey(dependency)) {
                throw new GeneratorException(name + " imports " + dependency + ", which is not among the given files");
            }
            dependencies[i] = build(dependency);
        }
        final FileDescriptor descriptor;
        try {
            descriptor = FileDescriptor.buildFrom(proto, dependencies);
        } catch (DescriptorValidationException e) {
            throw new GeneratorException(name + ": " + e.getMessage());
        }
        building.remove(name);
        built.put(name, descriptor);
        return descriptor;
    }
}

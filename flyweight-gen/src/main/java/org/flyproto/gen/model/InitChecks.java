package org.flyproto.gen.model;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which message types need an {@code isInitialized()} check: those with required fields, and those with a message
 * field whose type needs one, extensions generated with the run included. Computed as a fixpoint over everything
 * reachable, so recursive types are right.
 */
final class InitChecks {
    private final Map<Descriptor, Boolean> known = new HashMap<>();
    private final Map<String, List<FieldDescriptor>> extensionsByExtendee;

    /**
     * @param extensionsByExtendee the extensions that become fields of their extendee, by the extendee's full name.
     */
    InitChecks(final Map<String, List<FieldDescriptor>> extensionsByExtendee) {
        this.extensionsByExtendee = extensionsByExtendee;
    }

    private List<FieldDescriptor> fields(final Descriptor message) {
        final List<FieldDescriptor> extensions = extensionsByExtendee.get(message.getFullName());
        if (extensions == null) {
            return message.getFields();
        }
        final List<FieldDescriptor> all = new java.util.ArrayList<>(message.getFields());
        all.addAll(extensions);
        return all;
    }

    boolean needsCheck(final Descriptor root) {
        final Boolean cached = known.get(root);
        if (cached != null) {
            return cached;
        }
        final Set<Descriptor> reachable = new HashSet<>();
        final Deque<Descriptor> todo = new ArrayDeque<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            final Descriptor message = todo.poll();
            if (reachable.add(message)) {
                for (final FieldDescriptor field : fields(message)) {
                    if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                        todo.add(field.getMessageType());
                    }
                }
            }
        }
        final Set<Descriptor> needing = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (final Descriptor message : reachable) {
                if (!needing.contains(message) && needs(message, needing)) {
                    needing.add(message);
                    changed = true;
                }
            }
        }
        for (final Descriptor message : reachable) {
            known.putIfAbsent(message, needing.contains(message));
        }
        return known.get(root);
    }

    private boolean needs(final Descriptor message, final Set<Descriptor> needing) {
        for (final FieldDescriptor field : fields(message)) {
            if (field.isRequired()
                    || (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE
                            && needing.contains(field.getMessageType()))) {
                return true;
            }
        }
        return false;
    }
}

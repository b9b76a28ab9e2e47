package org.flyproto.gen.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.junit.jupiter.api.Test;

/** The generator's list of what flyweights inherit is the runtime's: a member added there must be listed. */
class RuntimeMembersTest {
    @Test
    void shouldListEveryMethodADecoderInherits() {
        assertThat(methods(MessageDecoder.class)).isEqualTo(new TreeMap<>(RuntimeMembers.DECODER_METHODS));
    }

    @Test
    void shouldListEveryMethodAnEncoderInherits() {
        assertThat(methods(MessageEncoder.class)).isEqualTo(new TreeMap<>(RuntimeMembers.ENCODER_METHODS));
    }

    @Test
    void shouldListEveryMethodOfObject() {
        assertThat(methods(Object.class, Object.class)).isEqualTo(new TreeMap<>(RuntimeMembers.OBJECT_METHODS));
    }

    @Test
    void shouldListEveryFieldTheFlyweightsInherit() {
        assertThat(fields(MessageDecoder.class)).isEqualTo(RuntimeMembers.DECODER_FIELDS);
        assertThat(fields(MessageEncoder.class)).isEqualTo(RuntimeMembers.ENCODER_FIELDS);
    }

    /** Public and protected methods a generated subclass in another package sees, from {@code type} up. */
    private static Map<String, Set<Integer>> methods(final Class<?> type) {
        return methods(type, null);
    }

    private static Map<String, Set<Integer>> methods(final Class<?> type, final Class<?> only) {
        final Map<String, Set<Integer>> methods = new TreeMap<>();
        for (Class<?> c = type; c != null && (only != null || c != Object.class); c = c.getSuperclass()) {
            for (final Method method : c.getDeclaredMethods()) {
                if (visible(method.getModifiers()) && !method.isSynthetic()) {
                    methods.computeIfAbsent(method.getName(), name -> new HashSet<>())
                            .add(method.getParameterCount());
                }
            }
        }
        return methods;
    }

    private static Set<String> fields(final Class<?> type) {
        final Set<String> fields = new HashSet<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (final Field field : c.getDeclaredFields()) {
                if (visible(field.getModifiers()) && !field.isSynthetic()) {
                    fields.add(field.getName());
                }
            }
        }
        return fields;
    }

    private static boolean visible(final int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }
}

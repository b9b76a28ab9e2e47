package org.flyproto.wkt;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.SchemaRegistry;

/**
 * The message and enum schemas of a descriptor set, by full name, as {@link DescriptorSetLoader} loaded them.
 * Immutable and thread-safe.
 */
public final class LoadedSchemas {
    private final Map<String, MessageSchema> messages;
    private final Map<String, EnumSchema> enums;
    private final SchemaRegistry registry;

    LoadedSchemas(final Map<String, MessageSchema> messages, final Map<String, EnumSchema> enums) {
        this.messages = Map.copyOf(messages);
        this.enums = Map.copyOf(enums);
        this.registry = SchemaRegistry.of(messages.values().toArray(new MessageSchema[0]));
    }

    /**
     * @param fullName a message type's full name, e.g. {@code market.Order} (a leading {@code '.'} is ignored).
     * @return its schema.
     * @throws IllegalArgumentException if the set holds no such message type.
     */
    public MessageSchema message(final String fullName) {
        final MessageSchema schema = messages.get(fullName.startsWith(".") ? fullName.substring(1) : fullName);
        if (schema == null) {
            throw new IllegalArgumentException("no message type " + fullName + " in the descriptor set (it has "
                    + messageNames().size() + ": " + String.join(", ", messageNames()) + ")");
        }
        return schema;
    }

    /**
     * @param fullName an enum type's full name.
     * @return its schema, or null if the set holds no such enum.
     */
    public EnumSchema enumType(final String fullName) {
        return enums.get(fullName);
    }

    /**
     * @return the full names of the set's message types, sorted.
     */
    public Set<String> messageNames() {
        return Collections.unmodifiableSet(new TreeSet<>(messages.keySet()));
    }

    /**
     * @return a registry of every message type of the set (and the well-known types its fields use), for Any.
     */
    public SchemaRegistry registry() {
        return registry;
    }
}

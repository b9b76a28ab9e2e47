package org.flyproto.codec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * The message types a {@link JsonPrinter} can print inside a {@code google.protobuf.Any}, as protobuf-java's
 * {@code JsonFormat.TypeRegistry} holds descriptors: the application registers a factory of the decoder of each type
 * it may find packed ({@code OrderDecoder::new}), keyed by the type's full name. Well-known types are not registered
 * implicitly, as in {@code JsonFormat}: an {@code Any} holding a {@code google.protobuf.Timestamp} prints only if
 * {@code TimestampDecoder::new} was added.
 *
 * <p>Immutable once built, and safe to share between threads and printers: each printer creates its own decoders from
 * the factories (on first use, one per nesting level of a type inside itself) and reuses them. The lookup of a type
 * URL hashes its bytes in place: no allocation.
 *
 * <pre>{@code
 * JsonTypeRegistry registry = JsonTypeRegistry.builder().add(OrderDecoder::new).add(TimestampDecoder::new).build();
 * JsonPrinter printer = JsonPrinter.printer().usingTypeRegistry(registry);
 * }</pre>
 */
public final class JsonTypeRegistry {
    private static final JsonTypeRegistry EMPTY = new JsonTypeRegistry(List.of(), List.of());

    private final String[] names;
    private final byte[][] nameBytes;
    private final List<Supplier<? extends MessageDecoder>> factories;
    /** Open addressing: index + 1 of the entry in each slot, 0 for none; the length is a power of two. */
    private final int[] slots;

    private JsonTypeRegistry(final List<String> names, final List<Supplier<? extends MessageDecoder>> factories) {
        this.names = names.toArray(new String[0]);
        this.factories = List.copyOf(factories);
        nameBytes = new byte[this.names.length][];
        slots = new int[Integer.highestOneBit(Math.max(1, this.names.length) * 4 - 1) << 1];
        for (int i = 0; i < this.names.length; i++) {
            nameBytes[i] = this.names[i].getBytes(StandardCharsets.UTF_8);
            int slot = hash(nameBytes[i], 0, nameBytes[i].length) & (slots.length - 1);
            while (slots[slot] != 0) {
                slot = (slot + 1) & (slots.length - 1);
            }
            slots[slot] = i + 1;
        }
    }

    /**
     * @return a registry without types: an {@code Any} that is not empty cannot be printed.
     */
    public static JsonTypeRegistry empty() {
        return EMPTY;
    }

    /**
     * @return a builder of a registry.
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @return the number of types registered.
     */
    public int size() {
        return names.length;
    }

    /**
     * @param fullName a protobuf full name, e.g. {@code market.Order}.
     * @return true if the type is registered (allocates the name's bytes: not for hot paths).
     */
    public boolean contains(final String fullName) {
        final byte[] bytes = fullName.getBytes(StandardCharsets.UTF_8);
        return find(bytes, 0, bytes.length) >= 0;
    }

    /**
     * @return the index of the type whose full name is the UTF-8 {@code bytes[from, to)}, or -1.
     */
    int find(final byte[] bytes, final int from, final int to) {
        int slot = hash(bytes, from, to) & (slots.length - 1);
        for (int entry; (entry = slots[slot]) != 0; slot = (slot + 1) & (slots.length - 1)) {
            final byte[] name = nameBytes[entry - 1];
            if (Arrays.equals(name, 0, name.length, bytes, from, to)) {
                return entry - 1;
            }
        }
        return -1;
    }

    /** @return a new decoder of the type at {@code index}. */
    MessageDecoder newDecoder(final int index) {
        return factories.get(index).get();
    }

    private static int hash(final byte[] bytes, final int from, final int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + bytes[i];
        }
        return h ^ (h >>> 16);
    }

    /** Collects the types of a {@link JsonTypeRegistry}; not thread-safe. */
    public static final class Builder {
        private final List<String> names = new ArrayList<>();
        private final List<Supplier<? extends MessageDecoder>> factories = new ArrayList<>();

        private Builder() {}

        /**
         * Registers a message type by a factory of its decoder, called once here to learn the type's full name
         * ({@link MessageDecoder#messageFullName()}), then by each printer that meets the type.
         *
         * @param factory makes a new decoder of the type, e.g. {@code OrderDecoder::new}.
         * @return this builder.
         * @throws IllegalArgumentException if another factory was registered for the same full name.
         */
        public Builder add(final Supplier<? extends MessageDecoder> factory) {
            final String name = factory.get().messageFullName();
            if (names.contains(name)) {
                throw new IllegalArgumentException(name + " is registered already");
            }
            names.add(name);
            factories.add(factory);
            return this;
        }

        /**
         * @return the registry of the types added so far.
         */
        public JsonTypeRegistry build() {
            return new JsonTypeRegistry(names, factories);
        }
    }
}

package org.flyproto.codec.schema;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.agrona.DirectBuffer;

/**
 * The schema of one message type: its full name, its fields in field-number order, its oneofs, and lookups of a field
 * by number, by JSON name and by text-format name that allocate nothing.
 *
 * <p>Immutable and thread-safe once built. Generated encoders hold theirs in {@code SCHEMA}.
 */
public final class MessageSchema {
    /** No flag. */
    public static final int NONE = 0;

    /** The synthetic entry type of a map field: key field 1, value field 2. */
    public static final int MAP_ENTRY = 1;

    /** Numbers up to this many times the field count are looked up in a direct table, others by binary search. */
    private static final int DIRECT_TABLE_SLACK = 4;

    private final String fullName;
    private final int flags;
    private final String[] oneofNames;
    private final FieldSchema[] fields;
    private final int[] numbers;
    private final FieldSchema[] byNumber;
    private final int[] indexByNumber;
    private final int[] required;
    private final byte[][] quotedJsonNames;
    private final NameTable jsonNames;
    private final NameTable textNames;
    private final WellKnownType wellKnownType;

    private MessageSchema(
            final String fullName, final int flags, final String[] oneofNames, final FieldSchema[] fields) {
        this.fullName = fullName;
        this.flags = flags;
        this.oneofNames = oneofNames.clone();
        this.fields = fields.clone();
        Arrays.sort(this.fields, Comparator.comparingInt(FieldSchema::number));
        this.numbers = new int[this.fields.length];
        int max = 0;
        for (int i = 0; i < this.fields.length; i++) {
            final FieldSchema field = this.fields[i];
            if (i > 0 && numbers[i - 1] == field.number()) {
                throw new IllegalArgumentException(fullName + ": field number " + field.number() + " twice");
            }
            if (field.oneof() >= oneofNames.length) {
                throw new IllegalArgumentException(field + ": no oneof " + field.oneof());
            }
            numbers[i] = field.number();
            max = field.number();
        }
        if (max <= DIRECT_TABLE_SLACK * this.fields.length + 16) {
            byNumber = new FieldSchema[max + 1];
            indexByNumber = new int[max + 1];
            Arrays.fill(indexByNumber, -1);
            for (int i = 0; i < this.fields.length; i++) {
                byNumber[this.fields[i].number()] = this.fields[i];
                indexByNumber[this.fields[i].number()] = i;
            }
        } else {
            byNumber = null;
            indexByNumber = null;
        }
        // JSON accepts the JSON name and the .proto name (an extension only its [full.name]); a name that is one
        // field's JSON name and another's .proto name resolves to the first. Text format names a field by its text
        // name only (a group by its type's name).
        final int n = this.fields.length;
        final String[] json = new String[2 * n];
        final String[] text = new String[n];
        final int[] index = new int[2 * n];
        for (int i = 0; i < n; i++) {
            final FieldSchema field = this.fields[i];
            json[i] = field.jsonName();
            json[n + i] = field.isExtension() ? field.jsonName() : field.name();
            text[i] = field.textName();
            index[i] = i;
            index[n + i] = i;
        }
        required =
                IntStream.range(0, n).filter(i -> this.fields[i].isRequired()).toArray();
        quotedJsonNames = new byte[n][];
        for (int i = 0; i < n; i++) {
            quotedJsonNames[i] = ('"' + this.fields[i].jsonName() + '"').getBytes(StandardCharsets.UTF_8);
        }
        jsonNames = new NameTable(json, index);
        textNames = new NameTable(text, Arrays.copyOf(index, n));
        wellKnownType = WellKnownType.of(fullName);
    }

    /**
     * Builds a message schema.
     *
     * @param fullName   the full name, e.g. {@code market.Order}.
     * @param flags      {@link #NONE} or {@link #MAP_ENTRY}.
     * @param oneofNames the names of its oneofs, in declaration order (proto3 {@code optional}'s synthetic ones
     *     excluded); fields refer to them by index.
     * @param fields     its fields, in any order; numbers distinct.
     * @return the schema.
     */
    public static MessageSchema of(
            final String fullName, final int flags, final String[] oneofNames, final FieldSchema... fields) {
        return new MessageSchema(fullName, flags, oneofNames, fields);
    }

    /**
     * @return the full name.
     */
    public String fullName() {
        return fullName;
    }

    /**
     * @return true for the entry type of a map field.
     */
    public boolean isMapEntry() {
        return (flags & MAP_ENTRY) != 0;
    }

    /**
     * @return which well-known type this is, for the JSON mapping's special forms; {@link WellKnownType#NONE} for
     *     others.
     */
    public WellKnownType wellKnownType() {
        return wellKnownType;
    }

    /**
     * @return the number of fields.
     */
    public int fieldCount() {
        return fields.length;
    }

    /**
     * @param index an index in {@code [0, fieldCount())}.
     * @return the field at that index, in field-number order.
     */
    public FieldSchema field(final int index) {
        return fields[index];
    }

    /**
     * Whether a field's JSON name, quoted and unescaped, is at {@code offset}: a parser's test of the member it expects
     * next (JSON printers write the fields in number order), before reading and looking up a name.
     *
     * @param index  the field's index in {@link #field(int)}'s order.
     * @param buffer the buffer holding the JSON.
     * @param offset where the member's name starts, at its opening quote.
     * @param limit  the end of the readable bytes.
     * @return the length of the quoted name there (its UTF-8 length plus two), or 0 if it is not there.
     */
    public int quotedJsonNameAt(final int index, final DirectBuffer buffer, final int offset, final int limit) {
        final byte[] name = quotedJsonNames[index];
        return offset >= 0 && limit - offset >= name.length && NameTable.equalsAt(name, buffer, offset)
                ? name.length
                : 0;
    }

    /**
     * @return the number of required fields (proto2 {@code required}, editions' {@code LEGACY_REQUIRED}).
     */
    public int requiredCount() {
        return required.length;
    }

    /**
     * @param i an index in {@code [0, requiredCount())}.
     * @return the index, in {@link #field(int)}'s order, of the {@code i}th required field.
     */
    public int requiredField(final int i) {
        return required[i];
    }

    /**
     * @return the number of oneofs.
     */
    public int oneofCount() {
        return oneofNames.length;
    }

    /**
     * @param index a oneof's index, as {@link FieldSchema#oneof()} gives it.
     * @return its name.
     */
    public String oneofName(final int index) {
        return oneofNames[index];
    }

    /**
     * @param number a field number.
     * @return the field with that number, or null.
     */
    public FieldSchema fieldByNumber(final int number) {
        final FieldSchema[] table = byNumber;
        if (table != null) {
            return number >= 0 && number < table.length ? table[number] : null;
        }
        final int i = Arrays.binarySearch(numbers, number);
        return i >= 0 ? fields[i] : null;
    }

    /**
     * @param number a field number.
     * @return the index of the field with that number in {@link #field(int)}'s order, or -1.
     */
    public int indexOf(final int number) {
        final int[] table = indexByNumber;
        if (table != null) {
            return number >= 0 && number < table.length ? table[number] : -1;
        }
        final int i = Arrays.binarySearch(numbers, number);
        return i >= 0 ? i : -1;
    }

    /**
     * Looks up a field as protobuf's JSON parser does: by its JSON name or by its .proto name.
     *
     * @param name  chars holding the name.
     * @param start index of its first char.
     * @param end   index after its last char.
     * @return the field, or null.
     */
    public FieldSchema jsonField(final CharSequence name, final int start, final int end) {
        return at(jsonNames.find(name, start, end));
    }

    /**
     * {@link #jsonField(CharSequence, int, int)} of a name held as UTF-8 bytes.
     *
     * @param buffer the buffer holding the name.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return the field, or null.
     */
    public FieldSchema jsonField(final DirectBuffer buffer, final int offset, final int length) {
        return at(jsonNames.find(buffer, offset, length));
    }

    /**
     * {@link #jsonField(DirectBuffer, int, int)} as the field's index, for a parser that keeps state per field.
     *
     * @param buffer the buffer holding the name.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return the index of the field in {@link #field(int)}'s order, or -1.
     */
    public int jsonFieldIndex(final DirectBuffer buffer, final int offset, final int length) {
        return jsonNames.find(buffer, offset, length);
    }

    /**
     * Looks up a field by its text-format name: {@code [full.name]} for an extension, the type's name for a group,
     * else the .proto name.
     *
     * @param name  chars holding the name.
     * @param start index of its first char.
     * @param end   index after its last char.
     * @return the field, or null.
     */
    public FieldSchema textField(final CharSequence name, final int start, final int end) {
        return at(textNames.find(name, start, end));
    }

    /**
     * {@link #textField(CharSequence, int, int)} of a name held as UTF-8 bytes.
     *
     * @param buffer the buffer holding the name.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return the field, or null.
     */
    public FieldSchema textField(final DirectBuffer buffer, final int offset, final int length) {
        return at(textNames.find(buffer, offset, length));
    }

    private FieldSchema at(final int index) {
        return index < 0 ? null : fields[index];
    }

    @Override
    public String toString() {
        return fullName;
    }
}

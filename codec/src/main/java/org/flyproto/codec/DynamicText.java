package org.flyproto.codec;

import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;

/**
 * Prints the known fields of a {@link DynamicDecoder}'s message in text format through a {@link TextPrinter}, making
 * the calls a generated decoder's {@code appendFieldsTo} makes for the same type: the same text for the same bytes.
 * The entries of a map are collected (their regions, in a stack of primitive arrays grown to the largest map seen)
 * to be printed sorted by key. No allocation once those have grown.
 */
final class DynamicText {
    private final TextPrinter p;

    private final DynamicMapEntries entries = new DynamicMapEntries();

    DynamicText(final TextPrinter printer) {
        this.p = printer;
    }

    /** Starts a new print, which may follow one that threw. */
    void reset() {
        entries.reset();
    }

    /** The known fields of {@code d}, in field-number order; a map entry's key and value always. */
    void fields(final DynamicDecoder d) {
        final MessageSchema schema = d.schema();
        final boolean entry = schema.isMapEntry();
        for (int i = 0; i < schema.fieldCount(); i++) {
            final FieldSchema f = schema.field(i);
            if (f.isMap()) {
                map(d, f);
            } else if (f.isRepeated()) {
                final DynamicCursor c = d.elements(f);
                if (f.type() == FieldType.MESSAGE) {
                    while (c.next()) {
                        p.message(f.textName(), c.message());
                    }
                } else {
                    while (c.next()) {
                        DynamicValues.element(p.field(f.textName()), c);
                    }
                }
            } else if (entry
                    || (f.hasPresence() || f.type() == FieldType.MESSAGE ? d.has(f) : !DynamicValues.isDefault(d, f))) {
                if (f.type() == FieldType.MESSAGE) {
                    p.message(f.textName(), d.message(f));
                } else {
                    DynamicValues.singular(p.field(f.textName()), d, f);
                }
            }
        }
    }

    /** Entries sorted by key, as protobuf-java prints a map; of a key that repeats, the last entry. */
    private void map(final DynamicDecoder d, final FieldSchema f) {
        if (d.count(f) == 0) {
            return;
        }
        final int mark = p.beginMap(f.messageType().fieldByNumber(1).type() == FieldType.STRING);
        final int base = entries.collect(d, f, p.maps());
        try {
            final int end = p.sortMap(mark);
            for (int k = mark; k < end; k++) {
                p.mapEntry(f.textName(), entries.entry(d, f, base, p.mapElement(k)));
            }
            p.endMap(mark);
        } finally {
            entries.release(base);
        }
    }
}

package org.flyproto.gen.model;

import java.util.List;

/**
 * A message type; nested messages are flattened into the file's list with a joined name.
 *
 * @param type    where its generated classes live.
 * @param fields  its fields, in field-number order.
 * @param javadoc its comment, or empty.
 * @param oneofs  its oneofs (without proto3 {@code optional}'s synthetic ones).
 * @param needsInitCheck true if it, or a message type below it, has required fields: its flyweights then offer
 *     {@code isInitialized()}.
 * @param mapEntry true for the synthetic entry type of a map field.
 */
public record MessageModel(
        TypeRef type,
        List<FieldModel> fields,
        String javadoc,
        List<OneofModel> oneofs,
        boolean needsInitCheck,
        boolean mapEntry) {
    /**
     * @return the number of fields with a presence bit.
     */
    public int presenceBits() {
        int bits = 0;
        for (final FieldModel field : fields) {
            if (field.presenceBit() >= 0) {
                bits++;
            }
        }
        return bits;
    }
}

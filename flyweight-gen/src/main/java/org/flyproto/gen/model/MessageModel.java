package org.flyproto.gen.model;

import java.util.List;

/**
 * A message type; nested messages are flattened into the file's list with a joined name.
 *
 * @param type    where its generated classes live.
 * @param fields  its fields, in field-number order.
 * @param javadoc its comment, or empty.
 */
public record MessageModel(TypeRef type, List<FieldModel> fields, String javadoc) {
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

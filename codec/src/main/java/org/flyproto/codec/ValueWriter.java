package org.flyproto.codec;

import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;

/**
 * The values a printer writes, one call per scalar, string, bytes or enum value: what {@link JsonWriter} and
 * {@link TextPrinter} have in common, so that {@link DynamicValues} reads a value by its schema once for both.
 */
interface ValueWriter {
    void int32(int value);

    void int64(long value);

    void uint32(int value);

    void uint64(long value);

    void float32(float value);

    void float64(double value);

    void bool(boolean value);

    void enumValue(String name, int number);

    void string(Utf8View value);

    void bytes(BytesView value);
}

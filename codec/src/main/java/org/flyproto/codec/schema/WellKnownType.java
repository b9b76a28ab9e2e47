package org.flyproto.codec.schema;

/** The well-known types that protobuf's JSON mapping writes in a special form. */
public enum WellKnownType {
    /** Any other message. */
    NONE,
    ANY,
    TIMESTAMP,
    DURATION,
    FIELD_MASK,
    STRUCT,
    VALUE,
    LIST_VALUE,
    EMPTY,
    DOUBLE_VALUE,
    FLOAT_VALUE,
    INT64_VALUE,
    UINT64_VALUE,
    INT32_VALUE,
    UINT32_VALUE,
    BOOL_VALUE,
    STRING_VALUE,
    BYTES_VALUE;

    /**
     * @param fullName a message's full name.
     * @return its well-known type, or {@link #NONE}.
     */
    public static WellKnownType of(final String fullName) {
        return switch (fullName) {
            case "google.protobuf.Any" -> ANY;
            case "google.protobuf.Timestamp" -> TIMESTAMP;
            case "google.protobuf.Duration" -> DURATION;
            case "google.protobuf.FieldMask" -> FIELD_MASK;
            case "google.protobuf.Struct" -> STRUCT;
            case "google.protobuf.Value" -> VALUE;
            case "google.protobuf.ListValue" -> LIST_VALUE;
            case "google.protobuf.Empty" -> EMPTY;
            case "google.protobuf.DoubleValue" -> DOUBLE_VALUE;
            case "google.protobuf.FloatValue" -> FLOAT_VALUE;
            case "google.protobuf.Int64Value" -> INT64_VALUE;
            case "google.protobuf.UInt64Value" -> UINT64_VALUE;
            case "google.protobuf.Int32Value" -> INT32_VALUE;
            case "google.protobuf.UInt32Value" -> UINT32_VALUE;
            case "google.protobuf.BoolValue" -> BOOL_VALUE;
            case "google.protobuf.StringValue" -> STRING_VALUE;
            case "google.protobuf.BytesValue" -> BYTES_VALUE;
            default -> NONE;
        };
    }

    /**
     * @return true for the nine wrapper types, which JSON writes as their bare value.
     */
    public boolean isWrapper() {
        return ordinal() >= DOUBLE_VALUE.ordinal();
    }
}

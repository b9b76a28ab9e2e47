package org.flyproto.bench.codec.dynamic;

import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;
import org.flyproto.bench.proto.flyproto.BookUpdateEncoder;
import org.flyproto.bench.proto.flyproto.DocumentEncoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.bench.proto.flyproto.PersonEncoder;
import org.flyproto.bench.proto.flyproto.TelemetryEncoder;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.schema.MessageSchema;

/**
 * flyproto's schema-driven codec of a fixture: one {@link DynamicDecoder} and one {@link DynamicEncoder}, reused,
 * over the {@code SCHEMA} of the fixture's generated encoder, on {@link UnsafeBuffer}s over the same heap arrays as the
 * generated codec. Decode wraps validating and reads every field by walking the schema ({@link SchemaReader}); encode
 * writes the fixture's data record field by field ({@link SchemaWriter}).
 */
public final class DynamicFlyprotoCodec extends AbstractCodec {
    private final MessageSchema schema;
    private final UnsafeBuffer outBuffer;
    private final UnsafeBuffer inBuffer = new UnsafeBuffer(new byte[0]);
    private final DynamicDecoder decoder = new DynamicDecoder();
    private final DynamicEncoder encoder = new DynamicEncoder();
    private final SchemaReader reader;
    private final SchemaWriter writer;

    /**
     * @param fixture the fixture.
     */
    public DynamicFlyprotoCodec(final Fixture fixture) {
        super(fixture.bufferCapacity());
        this.schema = schema(fixture);
        this.outBuffer = new UnsafeBuffer(out);
        this.reader = SchemaReader.of(schema);
        this.writer = SchemaWriter.of(fixture, schema);
    }

    /**
     * @param fixture a fixture.
     * @return the schema of its message type: the generated encoder's {@code SCHEMA}.
     */
    public static MessageSchema schema(final Fixture fixture) {
        return switch (fixture.kind()) {
            case PERSON -> PersonEncoder.SCHEMA;
            case ORDER -> NewOrderEncoder.SCHEMA;
            case BOOK -> BookUpdateEncoder.SCHEMA;
            case TELEMETRY -> TelemetryEncoder.SCHEMA;
            case TEXT -> DocumentEncoder.SCHEMA;
        };
    }

    @Override
    public void input(final byte[] bytes, final int length) {
        super.input(bytes, length);
        inBuffer.wrap(bytes);
    }

    @Override
    public int encode() {
        encoder.wrap(schema, outBuffer, 0, outBuffer.capacity());
        writer.write(encoder);
        return encoder.encodedLength();
    }

    @Override
    public void decode(final Sink sink) {
        reader.read(decoder.wrap(schema, inBuffer, 0, inLength), sink);
    }
}

package org.flyproto.bench.codec.dynamic;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;
import org.flyproto.bench.proto.BookProtos;
import org.flyproto.bench.proto.OrderProtos;
import org.flyproto.bench.proto.PersonProtos;
import org.flyproto.bench.proto.TelemetryProtos;
import org.flyproto.bench.proto.TextProtos;

/**
 * protobuf-java's schema-driven codec of a fixture: {@link DynamicMessage} over the descriptor of protobuf-java's
 * generated class. Decode parses ({@code DynamicMessage}'s parser over the array, what
 * {@code DynamicMessage.parseFrom(descriptor, bytes)} does) and reads every field through the reflection API
 * ({@link DescriptorReader}); encode builds the message from the fixture's data record ({@link DescriptorWriter}) and
 * writes it to a {@link CodedOutputStream} over the reused output array, as the generated protobuf-java codec does.
 */
public final class DynamicProtobufCodec extends AbstractCodec {
    private final Parser<DynamicMessage> parser;
    private final DescriptorReader reader;
    private final DescriptorWriter writer;

    /**
     * @param fixture the fixture.
     */
    public DynamicProtobufCodec(final Fixture fixture) {
        super(fixture.bufferCapacity());
        final Descriptor type = descriptor(fixture);
        this.parser = DynamicMessage.getDefaultInstance(type).getParserForType();
        this.reader = DescriptorReader.of(type);
        this.writer = DescriptorWriter.of(fixture, type);
    }

    /**
     * @param fixture a fixture.
     * @return the descriptor of its message type, from protobuf-java's generated class.
     */
    public static Descriptor descriptor(final Fixture fixture) {
        return switch (fixture.kind()) {
            case PERSON -> PersonProtos.Person.getDescriptor();
            case ORDER -> OrderProtos.NewOrder.getDescriptor();
            case BOOK -> BookProtos.BookUpdate.getDescriptor();
            case TELEMETRY -> TelemetryProtos.Telemetry.getDescriptor();
            case TEXT -> TextProtos.Document.getDescriptor();
        };
    }

    /**
     * @return the fixture's message, built with {@code DynamicMessage}'s builders.
     */
    public DynamicMessage build() {
        return writer.build();
    }

    /** Builder, build, serialize. */
    @Override
    public int encode() {
        final DynamicMessage message = writer.build();
        final CodedOutputStream output = CodedOutputStream.newInstance(out);
        try {
            message.writeTo(output);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return output.getTotalBytesWritten();
    }

    @Override
    public void decode(final Sink sink) {
        final DynamicMessage message;
        try {
            message = parser.parseFrom(in, 0, inLength);
        } catch (final InvalidProtocolBufferException ex) {
            throw new IllegalStateException(ex);
        }
        reader.read(message, sink);
    }
}

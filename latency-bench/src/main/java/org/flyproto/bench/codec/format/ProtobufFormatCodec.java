package org.flyproto.bench.codec.format;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.protobuf.ProtobufJavaCodec;
import org.flyproto.bench.fixture.Fixture;

/**
 * protobuf-java: {@code JsonFormat.printer().omittingInsignificantWhitespace()} appending a message built once (its
 * best case: the message exists) to a reused StringBuilder, or, from the bytes, the message parsed from them; {@code JsonFormat.parser().merge} of the fixture's JSON
 * into a new builder, then {@code build()}; {@code TextFormat.printer().print} into a reused StringBuilder.
 */
public final class ProtobufFormatCodec implements TextFormatCodec {
    private final Message message;
    private final ProtobufJavaCodec<?> codec;
    private final byte[] canonical;
    private final String json;
    private final JsonFormat.Printer jsonPrinter = JsonFormat.printer().omittingInsignificantWhitespace();
    private final JsonFormat.Parser jsonParser = JsonFormat.parser();
    private final TextFormat.Printer textPrinter = TextFormat.printer();
    private final StringBuilder out = new StringBuilder(1024);

    /**
     * @param fixture the fixture.
     */
    public ProtobufFormatCodec(final Fixture fixture) {
        this.codec = ProtobufJavaCodec.of(fixture);
        this.message = codec.build();
        this.canonical = Library.canonicalBytes(fixture);
        this.json = json(fixture);
    }

    /**
     * The fixture's compact JSON, as protobuf-java prints it: the input of every library's {@link #parseJson()}.
     *
     * @param fixture the fixture.
     * @return the JSON.
     */
    public static String json(final Fixture fixture) {
        try {
            return JsonFormat.printer()
                    .omittingInsignificantWhitespace()
                    .print(ProtobufJavaCodec.of(fixture).build());
        } catch (final InvalidProtocolBufferException ex) {
            throw new IllegalStateException(ex);
        }
    }

    @Override
    public int printJson() {
        out.setLength(0);
        try {
            jsonPrinter.appendTo(message, out);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out.length();
    }

    @Override
    public int printJsonFromBytes() {
        out.setLength(0);
        try {
            jsonPrinter.appendTo(codec.parse(canonical, canonical.length), out);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out.length();
    }

    @Override
    public int parseJson() {
        final Message.Builder builder = message.newBuilderForType();
        try {
            jsonParser.merge(json, builder);
        } catch (final InvalidProtocolBufferException ex) {
            throw new IllegalStateException(ex);
        }
        return builder.build().getSerializedSize();
    }

    @Override
    public int printText() {
        out.setLength(0);
        try {
            textPrinter.print(message, out);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out.length();
    }

    @Override
    public String lastJson() {
        return out.toString();
    }
}

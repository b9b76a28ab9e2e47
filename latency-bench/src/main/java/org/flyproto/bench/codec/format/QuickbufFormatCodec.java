package org.flyproto.bench.codec.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.quickbuf.QuickbufCodec;
import org.flyproto.bench.fixture.Fixture;
import us.hebi.quickbuf.JsonSink;
import us.hebi.quickbuf.JsonSource;
import us.hebi.quickbuf.ProtoMessage;

/**
 * QuickBuffers: its reused compact {@code JsonSink} writing a message parsed once from the canonical bytes (UTF-8
 * into its own byte array), or, from the bytes, a reused message parsed from them (cleared first) then written; {@code mergeFrom(JsonSource)} of the fixture's JSON bytes into a cleared, reused message
 * (a {@code JsonSource} per parse, as its API has it), then {@code getSerializedSize()}. QuickBuffers has no text
 * format.
 */
public final class QuickbufFormatCodec implements FormatCodec {
    private final ProtoMessage<?> message;
    private final ProtoMessage<?> parsed;
    private final QuickbufCodec<?> fromBytes;
    private final byte[] canonical;
    private final byte[] json;
    private final JsonSink sink = JsonSink.newInstance();

    /**
     * @param fixture the fixture.
     */
    public QuickbufFormatCodec(final Fixture fixture) {
        final QuickbufCodec<?> codec = QuickbufCodec.of(fixture);
        final byte[] canonical = Library.canonicalBytes(fixture);
        this.message = codec.parse(canonical, canonical.length);
        this.parsed = QuickbufCodec.of(fixture).parse(canonical, canonical.length);
        this.fromBytes = QuickbufCodec.of(fixture);
        this.canonical = canonical;
        this.json = ProtobufFormatCodec.json(fixture).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public int printJson() {
        sink.clear();
        try {
            message.writeTo(sink);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return sink.getBytes().length();
    }

    @Override
    public int printJsonFromBytes() {
        sink.clear();
        try {
            fromBytes.parse(canonical, canonical.length).writeTo(sink);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return sink.getBytes().length();
    }

    @Override
    public int parseJson() {
        try {
            parsed.clearQuick().mergeFrom(JsonSource.newInstance(json));
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return parsed.getSerializedSize();
    }

    @Override
    public String lastJson() {
        return new String(sink.getBytes().array(), 0, sink.getBytes().length(), StandardCharsets.UTF_8);
    }
}

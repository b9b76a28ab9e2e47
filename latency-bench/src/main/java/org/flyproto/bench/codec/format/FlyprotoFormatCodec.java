package org.flyproto.bench.codec.format;

import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.flyproto.FlyprotoCodec;
import org.flyproto.bench.fixture.Fixture;
import org.flyproto.codec.JsonParser;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;

/**
 * flyproto: a validating wrap of the canonical bytes, then {@code JsonPrinter} (compact) as UTF-8 into a reused
 * buffer, or {@code appendTo} a reused StringBuilder (text format); {@code JsonParser} of the fixture's JSON bytes
 * into the codec's encoder over a reused buffer. The wrap is measured with the print: a flyproto user holds bytes,
 * not a message.
 */
public final class FlyprotoFormatCodec implements TextFormatCodec {
    private final MessageDecoder decoder;
    private final MessageEncoder encoder;
    private final UnsafeBuffer canonical;
    private final UnsafeBuffer json;
    private final UnsafeBuffer out;
    private final JsonPrinter printer = JsonPrinter.printer().omittingInsignificantWhitespace();
    private final JsonParser parser = JsonParser.create();
    private final StringBuilder text = new StringBuilder(1024);
    private int printed;

    /**
     * @param fixture the fixture.
     */
    public FlyprotoFormatCodec(final Fixture fixture) {
        final FlyprotoCodec<?, ?> codec = FlyprotoCodec.of(fixture);
        this.decoder = codec.decoder();
        this.encoder = codec.encoder();
        this.canonical = new UnsafeBuffer(Library.canonicalBytes(fixture));
        this.json = new UnsafeBuffer(ProtobufFormatCodec.json(fixture).getBytes(StandardCharsets.UTF_8));
        this.out = new UnsafeBuffer(new byte[4 * json.capacity() + 4096]);
    }

    @Override
    public int printJson() {
        final MessageDecoder message = wrap();
        printed = printer.printTo(message, out, 0);
        return printed;
    }

    /** The same as {@link #printJson()}: flyproto prints from the bytes. */
    @Override
    public int printJsonFromBytes() {
        return printJson();
    }

    @Override
    public int parseJson() {
        final MessageEncoder target = encoder.wrap(out, 0, out.capacity());
        parser.parse(json, 0, json.capacity(), target);
        return target.encodedLength();
    }

    @Override
    public int printText() {
        text.setLength(0);
        wrap().appendTo(text);
        return text.length();
    }

    @Override
    public String lastJson() {
        return out.getStringWithoutLengthUtf8(0, printed);
    }

    private MessageDecoder wrap() {
        return decoder.wrap(canonical, 0, canonical.capacity());
    }
}

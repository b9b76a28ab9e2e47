package org.flyproto.bench.codec.flyproto;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LineData;
import org.flyproto.bench.fixture.ParagraphData;
import org.flyproto.bench.fixture.TextData;
import org.flyproto.bench.proto.flyproto.DocumentDecoder;
import org.flyproto.bench.proto.flyproto.DocumentEncoder;
import org.flyproto.bench.proto.flyproto.LineDecoder;
import org.flyproto.bench.proto.flyproto.ParagraphDecoder;
import org.flyproto.bench.proto.flyproto.ParagraphEncoder;
import org.flyproto.buffers.BytesView;
import org.flyproto.codec.BytesCursor;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.StringCursor;

/** flyproto's codec of {@code Document}. */
final class FlyprotoTextCodec extends FlyprotoCodec<DocumentEncoder, TextData> {
    /** Every field of the text fixtures: {@link #write}. */
    private static final FieldWriter<DocumentEncoder, TextData> FIELDS = FlyprotoTextCodec::write;

    private final DocumentDecoder decoder = new DocumentDecoder();

    FlyprotoTextCodec(final TextData data, final int capacity) {
        super(capacity, new DocumentEncoder(), FIELDS, data);
    }

    /** The one setter chain of the text fixtures, behind encode, size and claim. */
    private static void write(final DocumentEncoder encoder, final TextData document) {
        encoder.title(document.title()).id(document.id());
        for (final ParagraphData paragraph : document.paragraphs()) {
            final ParagraphEncoder paragraphEncoder = encoder.addParagraphs().heading(paragraph.heading());
            for (final LineData line : paragraph.lines()) {
                paragraphEncoder
                        .addLines()
                        .text(line.text())
                        .language(line.language())
                        .number(line.number());
                paragraphEncoder.endLines();
            }
            encoder.endParagraphs();
        }
        for (final byte[] chunk : document.chunks()) {
            encoder.addChunks(chunk);
        }
        for (final String tag : document.tags()) {
            encoder.addTags(tag);
        }
    }

    @Override
    public DocumentDecoder decoder() {
        return decoder;
    }

    @Override
    public void decode(final Sink sink) {
        read(decoder.wrap(inBuffer, 0, inLength), sink);
    }

    @Override
    public void decodeTrusted(final Sink sink) {
        read(decoder.wrapTrusted(inBuffer, 0, inLength), sink);
    }

    private static void read(final DocumentDecoder document, final Sink sink) {
        sink.text(document.title());
        sink.longValue(document.id());
        for (final ParagraphDecoder paragraph = document.paragraphs(); paragraph.next(); ) {
            sink.text(paragraph.heading());
            for (final LineDecoder line = paragraph.lines(); line.next(); ) {
                sink.text(line.text());
                sink.text(line.language());
                sink.longValue(line.number());
            }
            sink.count(paragraph.linesCount());
        }
        sink.count(document.paragraphsCount());
        for (final BytesCursor chunks = document.chunks(); chunks.next(); ) {
            final BytesView chunk = chunks.value();
            final int length = chunk.length();
            sink.bytes(length, length == 0 ? 0 : chunk.byteAt(length / 2));
        }
        sink.count(document.chunksCount());
        for (final StringCursor tags = document.tags(); tags.next(); ) {
            sink.text(tags.value());
        }
        sink.count(document.tagsCount());
    }
}

package org.flyproto.bench.codec.lightproto;

import io.netty.buffer.ByteBuf;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LineData;
import org.flyproto.bench.fixture.ParagraphData;
import org.flyproto.bench.fixture.TextData;
import org.flyproto.bench.proto.LpText.Document;
import org.flyproto.bench.proto.LpText.Line;
import org.flyproto.bench.proto.LpText.Paragraph;

/** LightProto's codec of {@code Document}. */
final class LightprotoTextCodec extends LightprotoCodec {
    private final TextData data;
    private final Document encoded = new Document();
    private final Document decoded = new Document();

    LightprotoTextCodec(final TextData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    protected void fill() {
        final TextData document = data;
        final Document message = encoded.clear().setTitle(document.title()).setId(document.id());
        for (final ParagraphData paragraph : document.paragraphs()) {
            final Paragraph paragraphMessage = message.addParagraph().setHeading(paragraph.heading());
            for (final LineData line : paragraph.lines()) {
                paragraphMessage
                        .addLine()
                        .setText(line.text())
                        .setLanguage(line.language())
                        .setNumber(line.number());
            }
        }
        for (final byte[] chunk : document.chunks()) {
            message.addChunk(chunk);
        }
        for (final String tag : document.tags()) {
            message.addTag(tag);
        }
    }

    @Override
    protected int serializedSize() {
        return encoded.getSerializedSize();
    }

    @Override
    protected int writeTo(final ByteBuf buffer) {
        return encoded.writeTo(buffer);
    }

    @Override
    protected void read(final ByteBuf buffer, final int length, final Sink sink) {
        final Document document = decoded;
        document.parseFrom(buffer, length);
        sink.text(document.getTitle());
        sink.longValue(document.getId());
        final int paragraphs = document.getParagraphsCount();
        for (int p = 0; p < paragraphs; p++) {
            final Paragraph paragraph = document.getParagraphAt(p);
            sink.text(paragraph.getHeading());
            final int lines = paragraph.getLinesCount();
            for (int l = 0; l < lines; l++) {
                final Line line = paragraph.getLineAt(l);
                sink.text(line.getText());
                sink.text(line.getLanguage());
                sink.longValue(line.getNumber());
            }
            sink.count(lines);
        }
        sink.count(paragraphs);
        final int chunks = document.getChunksCount();
        for (int i = 0; i < chunks; i++) {
            final int chunkLength = document.getChunkSizeAt(i);
            // The slice is LightProto's allocation-free-at-best view of a bytes element (getChunkAt copies).
            sink.bytes(
                    chunkLength,
                    chunkLength == 0 ? 0 : document.getChunkSliceAt(i).getByte(chunkLength / 2));
        }
        sink.count(chunks);
        final int tags = document.getTagsCount();
        for (int i = 0; i < tags; i++) {
            sink.text(document.getTagAt(i));
        }
        sink.count(tags);
    }
}

package org.flyproto.bench.codec.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LineData;
import org.flyproto.bench.fixture.ParagraphData;
import org.flyproto.bench.fixture.TextData;
import org.flyproto.bench.proto.TextProtos.Document;
import org.flyproto.bench.proto.TextProtos.Line;
import org.flyproto.bench.proto.TextProtos.Paragraph;

/** protobuf-java's codec of {@code Document}. Chunks are copied into {@link ByteString}s, as the builder requires. */
final class ProtobufTextCodec extends ProtobufJavaCodec<Document> {
    private final TextData data;

    ProtobufTextCodec(final TextData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    public Document build() {
        final TextData document = data;
        final Document.Builder builder =
                Document.newBuilder().setTitle(document.title()).setId(document.id());
        for (final ParagraphData paragraph : document.paragraphs()) {
            final Paragraph.Builder paragraphBuilder =
                    builder.addParagraphsBuilder().setHeading(paragraph.heading());
            for (final LineData line : paragraph.lines()) {
                paragraphBuilder
                        .addLinesBuilder()
                        .setText(line.text())
                        .setLanguage(line.language())
                        .setNumber(line.number());
            }
        }
        for (final byte[] chunk : document.chunks()) {
            builder.addChunks(ByteString.copyFrom(chunk));
        }
        for (final String tag : document.tags()) {
            builder.addTags(tag);
        }
        return builder.build();
    }

    @Override
    public Document parse(final byte[] bytes, final int length) throws InvalidProtocolBufferException {
        return Document.parser().parseFrom(bytes, 0, length);
    }

    @Override
    protected void read(final Document document, final Sink sink) {
        sink.text(document.getTitle());
        sink.longValue(document.getId());
        final int paragraphs = document.getParagraphsCount();
        for (int p = 0; p < paragraphs; p++) {
            final Paragraph paragraph = document.getParagraphs(p);
            sink.text(paragraph.getHeading());
            final int lines = paragraph.getLinesCount();
            for (int l = 0; l < lines; l++) {
                final Line line = paragraph.getLines(l);
                sink.text(line.getText());
                sink.text(line.getLanguage());
                sink.longValue(line.getNumber());
            }
            sink.count(lines);
        }
        sink.count(paragraphs);
        final int chunks = document.getChunksCount();
        for (int i = 0; i < chunks; i++) {
            final ByteString chunk = document.getChunks(i);
            final int length = chunk.size();
            sink.bytes(length, length == 0 ? 0 : chunk.byteAt(length / 2));
        }
        sink.count(chunks);
        final int tags = document.getTagsCount();
        for (int i = 0; i < tags; i++) {
            sink.text(document.getTags(i));
        }
        sink.count(tags);
    }
}

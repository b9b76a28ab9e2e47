package org.flyproto.bench.codec.quickbuf;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LineData;
import org.flyproto.bench.fixture.ParagraphData;
import org.flyproto.bench.fixture.TextData;
import org.flyproto.bench.proto.quickbuf.TextProtos.Document;
import org.flyproto.bench.proto.quickbuf.TextProtos.Line;
import org.flyproto.bench.proto.quickbuf.TextProtos.Paragraph;
import us.hebi.quickbuf.RepeatedByte;
import us.hebi.quickbuf.RepeatedBytes;
import us.hebi.quickbuf.RepeatedMessage;
import us.hebi.quickbuf.RepeatedString;

/** QuickBuffers' codec of {@code Document}. */
final class QuickbufTextCodec extends QuickbufCodec<Document> {
    private final TextData data;

    QuickbufTextCodec(final TextData data, final int capacity) {
        super(capacity, Document.newInstance(), Document.newInstance());
        this.data = data;
    }

    @Override
    protected void fill(final Document message) {
        final TextData document = data;
        message.setTitle(document.title()).setId(document.id());
        final RepeatedMessage<Paragraph> paragraphs = message.getMutableParagraphs();
        for (final ParagraphData paragraph : document.paragraphs()) {
            final Paragraph paragraphMessage = paragraphs.next().setHeading(paragraph.heading());
            final RepeatedMessage<Line> lines = paragraphMessage.getMutableLines();
            for (final LineData line : paragraph.lines()) {
                lines.next().setText(line.text()).setLanguage(line.language()).setNumber(line.number());
            }
        }
        for (final byte[] chunk : document.chunks()) {
            message.addChunks(chunk);
        }
        for (final String tag : document.tags()) {
            message.addTags(tag);
        }
    }

    @Override
    protected void read(final Document document, final Sink sink) {
        text(document.getTitleBytes(), sink);
        sink.longValue(document.getId());
        final RepeatedMessage<Paragraph> paragraphs = document.getParagraphs();
        for (int p = 0, count = paragraphs.length(); p < count; p++) {
            final Paragraph paragraph = paragraphs.get(p);
            text(paragraph.getHeadingBytes(), sink);
            final RepeatedMessage<Line> lines = paragraph.getLines();
            for (int l = 0, lineCount = lines.length(); l < lineCount; l++) {
                final Line line = lines.get(l);
                text(line.getTextBytes(), sink);
                text(line.getLanguageBytes(), sink);
                sink.longValue(line.getNumber());
            }
            sink.count(lines.length());
        }
        sink.count(paragraphs.length());
        final RepeatedBytes chunks = document.getChunks();
        for (int i = 0, count = chunks.length(); i < count; i++) {
            final RepeatedByte chunk = chunks.get(i);
            final int length = chunk.length();
            sink.bytes(length, length == 0 ? 0 : chunk.get(length / 2));
        }
        sink.count(chunks.length());
        final RepeatedString tags = document.getTags();
        for (int i = 0, count = tags.length(); i < count; i++) {
            sink.text(tags.get(i));
        }
        sink.count(tags.length());
    }
}

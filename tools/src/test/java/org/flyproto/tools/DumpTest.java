package org.flyproto.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.tools.Tool.ALL_TYPES;
import static org.flyproto.tools.Tool.NEW_ORDER;
import static org.flyproto.tools.Tool.SET;

import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.flyproto.bench.proto.OrderProtos.NewOrder;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.integrations.ChronicleExample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DumpTest {
    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();

    @Test
    void shouldDumpEveryDocumentOfAQueueAsAJsonLine(@TempDir final Path dir) throws IOException {
        final List<AllTypes> messages = Samples.allTypes(12, 800);
        writeQueue(dir, messages);

        final Tool.Result result = Tool.run("dump", SET, ALL_TYPES, "--queue=" + dir);

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.text()).isEqualTo(jsonLines(messages));
    }

    @Test
    void shouldHonourFromAndCount(@TempDir final Path dir) throws IOException {
        final List<AllTypes> messages = Samples.allTypes(12, 900);
        writeQueue(dir, messages);

        final Tool.Result middle = Tool.run("dump", SET, ALL_TYPES, "--queue=" + dir, "--from=3", "--count=4");
        final Tool.Result tail = Tool.run("dump", SET, ALL_TYPES, "--queue", dir.toString(), "--from", "10");
        final Tool.Result past = Tool.run("dump", SET, ALL_TYPES, "--queue=" + dir, "--from=12");
        final Tool.Result none = Tool.run("dump", SET, ALL_TYPES, "--queue=" + dir, "--count=0");

        assertThat(middle.exit()).as(middle.err()).isZero();
        assertThat(middle.text()).isEqualTo(jsonLines(messages.subList(3, 7)));
        assertThat(tail.text()).isEqualTo(jsonLines(messages.subList(10, 12)));
        assertThat(past.exit()).isZero();
        assertThat(past.text()).isEmpty();
        assertThat(none.text()).isEmpty();
    }

    @Test
    void shouldDumpAQueueAsADelimitedStreamWithBinary(@TempDir final Path dir) throws IOException {
        final List<AllTypes> messages = Samples.allTypes(5, 1000);
        writeQueue(dir, messages);

        final Tool.Result result = Tool.run("dump", SET, ALL_TYPES, "--queue=" + dir, "--binary", "--from=1");

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo(Samples.delimited(messages.subList(1, 5)));
    }

    @Test
    void shouldDumpTheOrdersOfTheIntegrationExample(@TempDir final Path dir) throws IOException {
        final Path queue = dir.resolve("queue");
        assertThat(ChronicleExample.queue(queue, 50)).isEqualTo(50);
        final List<NewOrder> orders = new ArrayList<>();
        try (ChronicleQueue q =
                SingleChronicleQueueBuilder.single(queue.toFile()).build()) {
            final ExcerptTailer tailer = q.createTailer();
            while (true) {
                try (DocumentContext document = tailer.readingDocument()) {
                    if (!document.isPresent()) {
                        break;
                    }
                    orders.add(NewOrder.parseFrom(document.wire().bytes().toByteArray()));
                }
            }
        }

        final Tool.Result result = Tool.run("dump", SET, NEW_ORDER, "--queue=" + queue, "--count=20");

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.text()).isEqualTo(jsonLines(orders.subList(0, 20)));
    }

    @Test
    void shouldReportABadDocumentByOrdinal(@TempDir final Path dir) throws IOException {
        final List<AllTypes> messages = Samples.allTypes(3, 1100);
        writeQueue(dir, messages);
        try (ChronicleQueue queue =
                        SingleChronicleQueueBuilder.single(dir.toFile()).build();
                ExcerptAppender appender = queue.createAppender();
                DocumentContext document = appender.writingDocument()) {
            document.wire().bytes().write(new byte[] {0x08, (byte) 0x80});
        }

        final Tool.Result result = Tool.run("dump", SET, ALL_TYPES, "--queue=" + dir, "--binary");

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).matches("error: .+ at offset \\d \\(message 3\\)\n");
        assertThat(result.out()).isEqualTo(Samples.delimited(messages));
    }

    @Test
    void shouldDumpADelimitedFile(@TempDir final Path dir) throws IOException {
        final List<AllTypes> messages = Samples.allTypes(7, 1200);
        final Path file = Files.write(dir.resolve("stream.bin"), Samples.delimited(messages));

        final Tool.Result all = Tool.run("dump", SET, ALL_TYPES, "--delimited", file.toString());
        final Tool.Result some = Tool.run("dump", SET, ALL_TYPES, "--delimited", file.toString(), "--from=5");

        assertThat(all.exit()).as(all.err()).isZero();
        assertThat(all.text()).isEqualTo(jsonLines(messages));
        assertThat(some.text()).isEqualTo(jsonLines(messages.subList(5, 7)));
    }

    @Test
    void shouldReportProgressOnStandardErrorUnlessQuiet(@TempDir final Path dir) throws IOException {
        final NewOrder order =
                NewOrder.newBuilder().setOrderId(1).setSymbol("AAPL").build();
        final List<NewOrder> orders = new ArrayList<>();
        for (int i = 0; i < 2100; i++) {
            orders.add(order.toBuilder().setOrderId(i).build());
        }
        final Path file = Files.write(dir.resolve("orders.bin"), Samples.delimited(orders));

        final Tool.Result loud =
                Tool.run(0, new byte[0], "dump", SET, NEW_ORDER, "--delimited", file.toString(), "--binary");
        final Tool.Result quiet =
                Tool.run(0, new byte[0], "dump", SET, NEW_ORDER, "--delimited", file.toString(), "--binary", "--quiet");

        assertThat(loud.exit()).isZero();
        assertThat(loud.err())
                .isEqualTo("dump: 1024 messages read, 1024 printed\n"
                        + "dump: 2048 messages read, 2048 printed\n"
                        + "dump: done, 2100 messages read, 2100 printed\n");
        assertThat(quiet.err()).isEmpty();
        assertThat(quiet.out()).isEqualTo(loud.out()).isEqualTo(Samples.delimited(orders));
    }

    private static void writeQueue(final Path dir, final List<AllTypes> messages) {
        try (ChronicleQueue queue =
                        SingleChronicleQueueBuilder.single(dir.toFile()).build();
                ExcerptAppender appender = queue.createAppender()) {
            for (final AllTypes message : messages) {
                try (DocumentContext document = appender.writingDocument()) {
                    document.wire().bytes().write(message.toByteArray());
                }
            }
        }
    }

    private static String jsonLines(final List<? extends com.google.protobuf.MessageOrBuilder> messages)
            throws IOException {
        final StringBuilder lines = new StringBuilder();
        for (final com.google.protobuf.MessageOrBuilder message : messages) {
            lines.append(JSON.print(message)).append('\n');
        }
        return lines.toString();
    }
}

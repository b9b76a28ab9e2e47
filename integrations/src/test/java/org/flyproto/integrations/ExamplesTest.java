package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example programs (and so the snippets of docs/integrations.md) do what they print. */
class ExamplesTest {
    @TempDir
    Path dir;

    @Test
    void shouldRunTheAeronExample() {
        try (EmbeddedAeron embedded = new EmbeddedAeron()) {
            assertThat(AeronExample.claimAndPoll(embedded.aeron(), "aeron:ipc", 10))
                    .isEqualTo(10);
            assertThat(AeronExample.offerFragmented(embedded.aeron(), "aeron:ipc", 4_000))
                    .isGreaterThan(64 * 1024);
            assertThat(AeronExample.claimAndPoll(
                            embedded.aeron(), "aeron:udp?endpoint=localhost:" + FreePort.udp(), 10))
                    .isEqualTo(10);
        }
    }

    @Test
    void shouldRunTheArchiveExample() {
        try (EmbeddedArchive embedded = new EmbeddedArchive(dir.resolve("archive"))) {
            assertThat(ArchiveExample.recordAndReplay(embedded, 1_000)).isEqualTo(1_000);
            assertThat(ArchiveExample.recordAndReplayFragmented(embedded, 5, 4_000))
                    .isEqualTo(5);
        }
    }

    @Test
    void shouldRunTheClusterExample() {
        assertThat(ClusterExample.postAndSnapshot(dir.resolve("cluster"), 200)).isEqualTo(3);
    }

    @Test
    void shouldRunTheRingBufferExample() {
        assertThat(RingBufferExample.claimAndRead(
                        new OneToOneRingBuffer(RingBufferExample.newRingMemory(1 << 16)), 1_000))
                .isEqualTo(1_000);
        assertThat(RingBufferExample.claimAndRead(
                        new ManyToOneRingBuffer(RingBufferExample.newRingMemory(1 << 16)), 1_000))
                .isEqualTo(1_000);
    }

    @Test
    void shouldRunTheChronicleExample() {
        assertThat(ChronicleExample.nativeStore()).isEqualTo(OrderAssertions.writtenLength(SampleOrders.limitOrder()));
        assertThat(ChronicleExample.mappedFile(dir.resolve("orders.bin"), 1_000))
                .isEqualTo(1_000);
        assertThat(ChronicleExample.queue(dir.resolve("queue"), 1_000)).isEqualTo(1_000);
    }
}

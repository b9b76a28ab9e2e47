package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.archive.codecs.SourceLocation;
import java.nio.file.Path;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recording flyproto messages with Aeron Archive and decoding them from the replay. */
class AeronArchiveTest {
    private static final String CHANNEL = "aeron:ipc";
    private static final int RECORDED_STREAM_ID = 4001;
    private static final int REPLAY_STREAM_ID = 4002;

    @TempDir
    Path dir;

    private EmbeddedArchive embedded;

    @BeforeEach
    void startArchive() {
        embedded = new EmbeddedArchive(dir.resolve("archive"));
    }

    @AfterEach
    void stopArchive() {
        embedded.close();
    }

    /** A publication being recorded, and what it recorded once closed. */
    private final class Recorded implements AutoCloseable {
        final long subscriptionId =
                embedded.archive().startRecording(CHANNEL, RECORDED_STREAM_ID, SourceLocation.LOCAL);
        final Publication publication = embedded.aeron().addExclusivePublication(CHANNEL, RECORDED_STREAM_ID);
        final int counterId = embedded.awaitRecording(publication, 10_000);
        final long recordingId = embedded.recordingId(counterId);
        long stopPosition = -1;

        /** Waits until everything published is recorded, then stops the recording. */
        @Override
        public void close() {
            stopPosition = publication.position();
            embedded.awaitRecorded(counterId, stopPosition, 20_000);
            publication.close();
            embedded.archive().stopRecording(subscriptionId);
        }

        Subscription replay() {
            return embedded.archive().replay(recordingId, 0, stopPosition, CHANNEL, REPLAY_STREAM_ID);
        }
    }

    @Test
    void shouldDecodeEveryFieldOfEveryOrderClaimedInPlaceFromTheReplay() {
        final Recorded recorded = new Recorded();
        try (recorded) {
            final AeronPublisher publisher = new AeronPublisher(recorded.publication, new BusySpinIdleStrategy());
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            for (int i = 1; i <= 1_000; i++) {
                assertThat(publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, i)))
                        .isPositive();
            }
        }
        final long[] next = {1};
        final DecodingHandler<NewOrderDecoder> handler = new DecodingHandler<>(
                new NewOrderDecoder(),
                NewOrderDecoder::wrap,
                decoded -> OrderAssertions.assertSampleOrder(decoded, next[0]++));
        try (Subscription replay = recorded.replay()) {
            Polling.pollUntil(replay, handler, () -> next[0] > 1_000);
            Polling.drain(replay, handler, 100);
        }
        assertThat(next[0]).isEqualTo(1_001);
        assertThat(recorded.stopPosition).isPositive();
    }

    @Test
    void shouldRecordClaimedOrdersAndDecodeTheReplayWithoutAllocating() {
        final Recorded recorded = new Recorded();
        final long published;
        try (recorded) {
            final AeronPublisher publisher = new AeronPublisher(recorded.publication, new BusySpinIdleStrategy());
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final long[] sent = {0};
            final Runnable claimOne = () -> {
                if (publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, ++sent[0])) < 0) {
                    throw new IllegalStateException("recording not connected");
                }
            };
            final long allocated = AllocationMeter.allocatedBy(claimOne, 10_000, 10_000);
            System.out.println("Aeron Archive: claim of NewOrder into a recorded publication: " + allocated
                    + " bytes allocated in 10,000 orders");
            assertThat(allocated).isZero();
            while (sent[0] < 40_000) {
                claimOne.run();
            }
            published = sent[0];
        }

        final OrderEntry expected = SampleOrders.limitOrder();
        final long[] next = {1};
        final int[] mismatched = {0};
        final DecodingHandler<NewOrderDecoder> handler =
                new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                    if (!SampleOrders.next(expected, next[0]++).matches(decoded)) {
                        mismatched[0]++;
                    }
                });
        try (Subscription replay = recorded.replay()) {
            Polling.pollUntil(replay, handler, () -> replay.imageCount() > 0);
            final long[] target = {next[0]};
            final Runnable pollTen = () -> {
                target[0] += 10;
                while (next[0] < target[0]) {
                    replay.poll(handler, 10);
                }
            };
            final long allocated = AllocationMeter.allocatedBy(pollTen, 1_000, 1_000);
            System.out.println(
                    "Aeron Archive: replay + decode of NewOrder: " + allocated + " bytes allocated in 10,000 orders");
            assertThat(allocated).isZero();
            Polling.pollUntil(replay, handler, () -> next[0] > published);
            Polling.drain(replay, handler, 100);
        }
        assertThat(next[0] - 1).isEqualTo(published).isEqualTo(40_000);
        assertThat(mismatched[0]).isZero();
    }

    @Test
    void shouldReassembleAndDecodeReplayedSnapshotsLargerThanTheMtuWithoutAllocating() {
        final Recorded recorded = new Recorded();
        final int levels = 1_000;
        final int total = 400;
        try (recorded) {
            final AeronPublisher publisher = new AeronPublisher(recorded.publication, new BusySpinIdleStrategy());
            final BookSnapshotWriter snapshot = new BookSnapshotWriter(2_048);
            final BookSnapshotEncoder encoder = new BookSnapshotEncoder();
            final long[] sent = {0};
            final Runnable offerOne = () -> {
                if (publisher.offer(encoder, BookSnapshotWriter.FIELDS, snapshot.set(++sent[0], levels, 2_048)) < 0) {
                    throw new IllegalStateException("recording not connected");
                }
            };
            final long allocated = AllocationMeter.allocatedBy(offerOne, 100, 100);
            assertThat(allocated).isZero();
            while (sent[0] < total) {
                offerOne.run();
            }
        }

        final BookSnapshotWriter expected = new BookSnapshotWriter(2_048);
        final long[] next = {1};
        final int[] mismatched = {0};
        final int[] longest = {0};
        final FragmentAssembler assembler = new FragmentAssembler(new DecodingHandler<>(
                new BookSnapshotDecoder(), BookSnapshotDecoder::wrap, decoded -> {
                    if (!expected.set(next[0]++, levels, 2_048).matches(decoded)) {
                        mismatched[0]++;
                    }
                    longest[0] = Math.max(longest[0], decoded.encodedLength());
                }));
        final int maxPayload = recorded.publication.maxPayloadLength();
        try (Subscription replay = recorded.replay()) {
            Polling.pollUntil(replay, assembler, () -> replay.imageCount() > 0);
            final long[] target = {next[0]};
            final Runnable pollOne = () -> {
                target[0]++;
                while (next[0] < target[0]) {
                    replay.poll(assembler, 64);
                }
            };
            final long allocated = AllocationMeter.allocatedBy(pollOne, 100, 50);
            System.out.println("Aeron Archive: replay + reassembly + decode of a " + longest[0] + "-byte BookSnapshot: "
                    + allocated + " bytes allocated in 50 snapshots");
            assertThat(allocated).isZero();
            Polling.pollUntil(replay, assembler, () -> next[0] > total);
        }
        assertThat(next[0] - 1).isEqualTo(total);
        assertThat(mismatched[0]).isZero();
        assertThat(longest[0]).isGreaterThan(maxPayload);
    }
}

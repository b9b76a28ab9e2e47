package org.flyproto.integrations;

import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.codecs.SourceLocation;
import io.aeron.logbuffer.FragmentHandler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;

/**
 * flyproto in Aeron Archive: a stream of orders encoded in place into claimed frames is recorded, then replayed and
 * every order decoded in the replay's fragment handler; and book snapshots far larger than the MTU are recorded,
 * replayed and decoded after a {@link FragmentAssembler} has put each together again.
 */
public final class ArchiveExample {
    /** The channel recorded and replayed to. */
    static final String CHANNEL = "aeron:ipc";
    /** Stream id of the recorded orders. */
    static final int ORDER_STREAM_ID = 2001;
    /** Stream id of the recorded snapshots. */
    static final int SNAPSHOT_STREAM_ID = 2002;
    /** Stream id replays are sent to. */
    static final int REPLAY_STREAM_ID = 2003;

    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private ArchiveExample() {}

    /**
     * Runs both parts and prints what was replayed.
     *
     * @param args ignored.
     * @throws IOException if the temporary directory cannot be made.
     */
    public static void main(final String[] args) throws IOException {
        final Path dir = Files.createTempDirectory("flyproto-archive-");
        try (EmbeddedArchive embedded = new EmbeddedArchive(dir)) {
            System.out.println("Aeron Archive, claimed:       " + recordAndReplay(embedded, 1_000)
                    + " orders recorded, replayed, decoded and checked");
            System.out.println("Aeron Archive, fragmented:    " + recordAndReplayFragmented(embedded, 5, 4_000)
                    + " snapshots recorded, replayed, reassembled and checked");
        }
    }

    /**
     * Records {@code count} orders, claimed in place, then replays the recording and checks every order.
     *
     * @param embedded a running archive.
     * @param count    orders.
     * @return the orders replayed equal to those sent.
     */
    public static int recordAndReplay(final EmbeddedArchive embedded, final int count) {
        final AeronArchive archive = embedded.archive();
        final long recording = archive.startRecording(CHANNEL, ORDER_STREAM_ID, SourceLocation.LOCAL);
        final long recordingId;
        final long stopPosition;
        try (Publication publication = embedded.aeron().addExclusivePublication(CHANNEL, ORDER_STREAM_ID)) {
            final int counterId = embedded.awaitRecording(publication, 10_000);
            recordingId = embedded.recordingId(counterId);
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            for (int i = 1; i <= count; i++) {
                if (publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, i)) < 0) {
                    throw new IllegalStateException("the archive stopped recording");
                }
            }
            stopPosition = publication.position();
            embedded.awaitRecorded(counterId, stopPosition, 10_000);
        } finally {
            archive.stopRecording(recording);
        }

        final OrderEntry expected = SampleOrders.limitOrder();
        final long[] next = {1};
        final int[] matched = {0};
        final DecodingHandler<NewOrderDecoder> handler =
                new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                    if (SampleOrders.next(expected, next[0]++).matches(decoded)) {
                        matched[0]++;
                    }
                });
        try (Subscription replay = archive.replay(recordingId, 0, stopPosition, CHANNEL, REPLAY_STREAM_ID)) {
            pollUntil(replay, handler, next, count);
        }
        return matched[0];
    }

    /**
     * Records {@code count} book snapshots of {@code levels} levels a side, offered and so fragmented, then replays
     * the recording through a {@link FragmentAssembler} and checks every snapshot.
     *
     * @param embedded a running archive.
     * @param count    snapshots.
     * @param levels   levels per side.
     * @return the snapshots replayed equal to those sent.
     */
    public static int recordAndReplayFragmented(final EmbeddedArchive embedded, final int count, final int levels) {
        final AeronArchive archive = embedded.archive();
        final long recording = archive.startRecording(CHANNEL, SNAPSHOT_STREAM_ID, SourceLocation.LOCAL);
        final long recordingId;
        final long stopPosition;
        try (Publication publication = embedded.aeron().addExclusivePublication(CHANNEL, SNAPSHOT_STREAM_ID)) {
            final int counterId = embedded.awaitRecording(publication, 10_000);
            recordingId = embedded.recordingId(counterId);
            final BookSnapshotWriter snapshot = new BookSnapshotWriter(1_024);
            final BookSnapshotEncoder encoder = new BookSnapshotEncoder();
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            for (int i = 1; i <= count; i++) {
                if (publisher.offer(encoder, BookSnapshotWriter.FIELDS, snapshot.set(i, levels, 1_024)) < 0) {
                    throw new IllegalStateException("the archive stopped recording");
                }
            }
            stopPosition = publication.position();
            embedded.awaitRecorded(counterId, stopPosition, 10_000);
        } finally {
            archive.stopRecording(recording);
        }

        final BookSnapshotWriter expected = new BookSnapshotWriter(1_024);
        final long[] next = {1};
        final int[] matched = {0};
        final FragmentAssembler assembler = new FragmentAssembler(new DecodingHandler<>(
                new BookSnapshotDecoder(), BookSnapshotDecoder::wrap, decoded -> {
                    if (expected.set(next[0]++, levels, 1_024).matches(decoded)) {
                        matched[0]++;
                    }
                }));
        try (Subscription replay = archive.replay(recordingId, 0, stopPosition, CHANNEL, REPLAY_STREAM_ID)) {
            pollUntil(replay, assembler, next, count);
        }
        return matched[0];
    }

    /** Polls until {@code next[0]} has passed {@code count}; fails after a long while. */
    private static void pollUntil(
            final Subscription subscription, final FragmentHandler handler, final long[] next, final int count) {
        final IdleStrategy idle = new BackoffIdleStrategy();
        final long deadline = System.nanoTime() + TIMEOUT_NANOS;
        while (next[0] <= count) {
            if (subscription.poll(handler, 10) == 0) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("replay stopped after " + (next[0] - 1) + " of " + count);
                }
                idle.idle();
            }
        }
    }
}

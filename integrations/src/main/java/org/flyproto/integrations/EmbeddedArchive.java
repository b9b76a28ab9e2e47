package org.flyproto.integrations;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.status.RecordingPos;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.status.CountersReader;

/**
 * An Aeron media driver with an Aeron Archive in this process ({@link ArchivingMediaDriver}), and an
 * {@link AeronArchive} client connected to it over IPC; its files under a directory of the caller's, deleted by
 * {@link #close()}.
 *
 * <p>The archive is reached only locally (its network control channel is off), records into
 * {@code dir/archive} and serves replays on whatever channel is asked, IPC included. Terms are
 * {@value EmbeddedAeron#TERM_LENGTH} bytes, as for {@link EmbeddedAeron}.
 */
public final class EmbeddedArchive implements AutoCloseable {
    /** The archive's id, as its recording counters carry it. */
    public static final long ARCHIVE_ID = 1;

    private final Path dir;
    private final ArchivingMediaDriver driver;
    private final AeronArchive archive;

    /**
     * Starts the driver and the archive, empty, and connects a client.
     *
     * @param dir where their files go.
     */
    public EmbeddedArchive(final Path dir) {
        this.dir = dir;
        final String aeronDir = dir.resolve("driver").toString();
        ArchivingMediaDriver started = null;
        try {
            started = ArchivingMediaDriver.launch(
                    new MediaDriver.Context()
                            .aeronDirectoryName(aeronDir)
                            .threadingMode(ThreadingMode.SHARED)
                            .sharedIdleStrategy(new BackoffIdleStrategy())
                            .termBufferSparseFile(true)
                            .ipcTermBufferLength(EmbeddedAeron.TERM_LENGTH)
                            .publicationTermBufferLength(EmbeddedAeron.TERM_LENGTH)
                            .dirDeleteOnStart(true)
                            .dirDeleteOnShutdown(true),
                    new Archive.Context()
                            .archiveId(ARCHIVE_ID)
                            .archiveDir(dir.resolve("archive").toFile())
                            .deleteArchiveOnStart(true)
                            .controlChannelEnabled(false)
                            .localControlChannel("aeron:ipc")
                            .archiveClientContext(new AeronArchive.Context().controlResponseChannel("aeron:ipc"))
                            .replicationChannel("aeron:udp?endpoint=localhost:0")
                            .recordingEventsEnabled(false)
                            .threadingMode(ArchiveThreadingMode.SHARED));
            this.archive = AeronArchive.connect(new AeronArchive.Context()
                    .aeronDirectoryName(aeronDir)
                    .controlRequestChannel("aeron:ipc")
                    .controlResponseChannel("aeron:ipc"));
        } catch (final RuntimeException ex) {
            CloseHelper.quietClose(started);
            IoUtil.delete(dir.toFile(), true);
            throw ex;
        }
        this.driver = started;
    }

    /**
     * @return the archive client.
     */
    public AeronArchive archive() {
        return archive;
    }

    /**
     * @return the Aeron client the archive client runs on.
     */
    public Aeron aeron() {
        return archive.context().aeron();
    }

    /**
     * Waits until the archive records a publication, i.e. until its recording position counter appears.
     *
     * @param publication a publication whose channel and stream are being recorded.
     * @param timeoutMs   how long to wait at most.
     * @return the recording position counter's id.
     * @throws IllegalStateException if the recording does not start in time.
     */
    public int awaitRecording(final Publication publication, final long timeoutMs) {
        final CountersReader counters = aeron().countersReader();
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        final IdleStrategy idle = new BackoffIdleStrategy();
        int counterId;
        while ((counterId = RecordingPos.findCounterIdBySession(counters, publication.sessionId(), ARCHIVE_ID))
                == CountersReader.NULL_COUNTER_ID) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(
                        "no recording of " + publication.channel() + " within " + timeoutMs + " ms");
            }
            idle.idle();
        }
        return counterId;
    }

    /**
     * @param counterId a recording position counter.
     * @return the id of the recording it counts.
     */
    public long recordingId(final int counterId) {
        return RecordingPos.getRecordingId(aeron().countersReader(), counterId);
    }

    /**
     * Waits until a recording has reached a position, e.g. the position of the publication it records.
     *
     * @param counterId the recording position counter.
     * @param position  the position.
     * @param timeoutMs how long to wait at most.
     * @throws IllegalStateException if it is not reached in time.
     */
    public void awaitRecorded(final int counterId, final long position, final long timeoutMs) {
        final CountersReader counters = aeron().countersReader();
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        final IdleStrategy idle = new BackoffIdleStrategy();
        while (counters.getCounterValue(counterId) < position) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("recording at " + counters.getCounterValue(counterId) + ", not "
                        + position + " within " + timeoutMs + " ms");
            }
            idle.idle();
        }
    }

    /** Closes the client, stops the archive and the driver and deletes their files. */
    @Override
    public void close() {
        CloseHelper.closeAll(archive, driver);
        IoUtil.delete(dir.toFile(), true);
    }
}

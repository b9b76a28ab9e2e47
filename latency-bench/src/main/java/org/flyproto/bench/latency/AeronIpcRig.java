package org.flyproto.bench.latency;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * An embedded Aeron media driver in a fresh temporary directory, one client, and the two IPC streams of a ping-pong
 * (ping: pinger to ponger; pong: the way back), each with an exclusive publication and a subscription, connected.
 * {@link #close()} stops everything and deletes the directory.
 *
 * <p>The driver runs {@link ThreadingMode#SHARED} (conductor, sender and receiver share one thread) and
 * sleeps a millisecond when idle. On IPC the driver is not on the data path: a publication appends to a log buffer
 * that the subscriptions read directly; the conductor only moves publication limits forward, cleans up and answers
 * the client's commands. With two cores and two threads already spinning (pinger and ponger), a third spinning
 * thread would only fight them for the cores. The term buffers are 1 MiB by default (the publication window half of
 * that), big enough that the conductor waking once a millisecond never holds back a publisher at tens of thousands of
 * messages per second, small enough that a few seconds of warm-up have touched every page and rotated every term.
 */
final class AeronIpcRig implements AutoCloseable {
    /** The channel of both streams. */
    static final String CHANNEL = "aeron:ipc";
    /** Pinger to ponger. */
    static final int PING_STREAM_ID = 1001;
    /** Ponger to pinger. */
    static final int PONG_STREAM_ID = 1002;

    /** Length of the IPC term buffers unless said otherwise: 1 MiB. */
    static final int DEFAULT_TERM_LENGTH = 1 << 20;

    private static final long CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final Path directory;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final ExclusivePublication pingPublication;
    private final Subscription pingSubscription;
    private final ExclusivePublication pongPublication;
    private final Subscription pongSubscription;

    private AeronIpcRig(final Path directory, final int termLength) {
        this.directory = directory;
        MediaDriver startedDriver = null;
        Aeron connected = null;
        try {
            startedDriver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                    .aeronDirectoryName(directory.toString())
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true)
                    .threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(new SleepingMillisIdleStrategy(1))
                    .ipcTermBufferLength(termLength)
                    .termBufferSparseFile(false)
                    .spiesSimulateConnection(false));
            connected = Aeron.connect(new Aeron.Context().aeronDirectoryName(startedDriver.aeronDirectoryName()));
            this.pingSubscription = connected.addSubscription(CHANNEL, PING_STREAM_ID);
            this.pongSubscription = connected.addSubscription(CHANNEL, PONG_STREAM_ID);
            this.pingPublication = connected.addExclusivePublication(CHANNEL, PING_STREAM_ID);
            this.pongPublication = connected.addExclusivePublication(CHANNEL, PONG_STREAM_ID);
        } catch (final RuntimeException ex) {
            CloseHelper.quietCloseAll(connected, startedDriver);
            IoUtil.delete(directory.toFile(), true);
            throw ex;
        }
        this.driver = startedDriver;
        this.aeron = connected;
    }

    /**
     * Starts the driver in a new directory under {@code /dev/shm} (or the temporary directory where there is no
     * {@code /dev/shm}), connects the client and waits until both streams are connected.
     *
     * @param termLength length of the IPC term buffers: a power of two from 64 KiB to 1 GiB.
     * @return the connected rig.
     * @throws IllegalStateException if the streams do not connect within 10 s.
     */
    static AeronIpcRig start(final int termLength) {
        final File shm = new File("/dev/shm");
        final Path parent =
                shm.isDirectory() && shm.canWrite() ? shm.toPath() : Path.of(System.getProperty("java.io.tmpdir"));
        final Path directory;
        try {
            directory = Files.createTempDirectory(parent, "flyproto-pingpong-");
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        final AeronIpcRig rig = new AeronIpcRig(directory, termLength);
        try {
            rig.awaitConnected();
        } catch (final RuntimeException ex) {
            rig.close();
            throw ex;
        }
        return rig;
    }

    private void awaitConnected() {
        final long deadline = System.nanoTime() + CONNECT_TIMEOUT_NANOS;
        while (!(pingPublication.isConnected()
                && pongPublication.isConnected()
                && pingSubscription.isConnected()
                && pongSubscription.isConnected())) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("IPC streams not connected after 10 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /**
     * @return the pinger's publication of requests.
     */
    ExclusivePublication pingPublication() {
        return pingPublication;
    }

    /**
     * @return the ponger's subscription to requests.
     */
    Subscription pingSubscription() {
        return pingSubscription;
    }

    /**
     * @return the ponger's publication of replies.
     */
    ExclusivePublication pongPublication() {
        return pongPublication;
    }

    /**
     * @return the pinger's subscription to replies.
     */
    Subscription pongSubscription() {
        return pongSubscription;
    }

    /**
     * @return the driver's directory (deleted by {@link #close()}).
     */
    Path directory() {
        return directory;
    }

    @Override
    public void close() {
        CloseHelper.closeAll(aeron, driver);
        IoUtil.delete(directory.toFile(), true);
    }
}

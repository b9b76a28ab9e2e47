package org.flyproto.integrations;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * An Aeron media driver embedded in this process, with a client connected to it: started by the constructor, stopped
 * by {@link #close()}, its files in a fresh temporary directory that is deleted on start and on shutdown.
 *
 * <p>The driver runs its conductor, sender and receiver on one thread ({@link ThreadingMode#SHARED}) that backs off
 * when idle, which suits a machine with few cores. Terms are {@value #TERM_LENGTH} bytes, so a message can be up to an
 * eighth of that ({@link io.aeron.Publication#maxMessageLength()}), fragmented above the MTU. Term files are sparse.
 */
public final class EmbeddedAeron implements AutoCloseable {
    /** Term length of every publication: the largest message is an eighth of it. */
    public static final int TERM_LENGTH = 2 * 1024 * 1024;

    private final Path directory;
    private final MediaDriver driver;
    private final Aeron aeron;

    /** Starts the driver and connects a client. */
    public EmbeddedAeron() {
        try {
            directory = Files.createTempDirectory("flyproto-aeron-");
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        final MediaDriver.Context driverContext = new MediaDriver.Context()
                .aeronDirectoryName(directory.resolve("driver").toString())
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new BackoffIdleStrategy())
                .termBufferSparseFile(true)
                .ipcTermBufferLength(TERM_LENGTH)
                .publicationTermBufferLength(TERM_LENGTH);
        driver = MediaDriver.launchEmbedded(driverContext);
        try {
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        } catch (final RuntimeException ex) {
            CloseHelper.quietClose(driver);
            IoUtil.delete(directory.toFile(), true);
            throw ex;
        }
    }

    /**
     * @return the connected client.
     */
    public Aeron aeron() {
        return aeron;
    }

    /**
     * Waits, idling, until a publication has a connected subscriber.
     *
     * @param publication the publication.
     * @param timeoutMs   how long to wait at most.
     * @throws IllegalStateException if it is not connected in time.
     */
    public static void awaitConnected(final Publication publication, final long timeoutMs) {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        final IdleStrategy idle = new BackoffIdleStrategy();
        while (!publication.isConnected()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(
                        "no subscriber connected to " + publication.channel() + " within " + timeoutMs + " ms");
            }
            idle.idle();
        }
    }

    /** Closes the client, stops the driver and deletes the temporary directory. */
    @Override
    public void close() {
        CloseHelper.closeAll(aeron, driver);
        IoUtil.delete(directory.toFile(), true);
    }
}

package org.flyproto.bench.codec;

/**
 * A library's path into a claim ({@code Publication.tryClaim}, a ring buffer's {@code tryClaim}), whose length must be
 * known before the first byte is written: measure the fixture's message, then write it into exactly that many bytes
 * of {@link #claim()} at {@link ClaimBuffer#OFFSET}. Not thread-safe.
 */
public interface ClaimCodec {
    /**
     * Measures the fixture's message, then writes it into a claim of exactly that length.
     *
     * @return the length claimed and written.
     * @throws IllegalStateException if the bytes written are not the bytes measured.
     */
    int encodeIntoClaim();

    /**
     * @return the memory {@link #encodeIntoClaim()} writes to; the same every time.
     */
    ClaimBuffer claim();
}

package org.flyproto.integrations;

import net.openhft.chronicle.bytes.BytesStore;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Views of Chronicle Bytes memory as Agrona buffers, without copying: a region of a native {@link BytesStore} or of a
 * memory-mapped file ({@code MappedBytes.singleMappedBytes}, one mapping of the whole file) is wrapped by address, so
 * flyproto encoders write into it and decoders read from it directly.
 *
 * <p>The view covers exactly the region asked for, so an encoder wrapped over the whole view has the region's end as
 * its limit: a message that does not fit raises {@link org.flyproto.codec.ProtoEncodeException} and nothing outside
 * the region is touched. The view is valid while the store is open and not resized: an elastic {@code Bytes} moves
 * its memory when it grows, so ensure its capacity first (or use a fixed-capacity store), then wrap.
 */
public final class ChronicleBuffers {
    private ChronicleBuffers() {}

    /**
     * Wraps {@code view} over {@code [offset, offset + length)} of {@code store}, for writing.
     *
     * @param view   the reused view.
     * @param store  native or memory-mapped memory.
     * @param offset where the region starts, as the store counts.
     * @param length the region's size.
     * @return the view.
     * @throws IllegalArgumentException if the store is on the heap (no fixed address) or the region is outside its
     *     current capacity.
     */
    public static UnsafeBuffer wrapForWrite(
            final UnsafeBuffer view, final BytesStore<?, ?> store, final long offset, final int length) {
        checkRegion(store, offset, length);
        view.wrap(store.addressForWrite(offset), length);
        return view;
    }

    /**
     * Wraps {@code view} over {@code [offset, offset + length)} of {@code store}, for reading.
     *
     * @param view   the reused view.
     * @param store  native or memory-mapped memory.
     * @param offset where the region starts, as the store counts.
     * @param length the region's size.
     * @return the view.
     * @throws IllegalArgumentException if the store is on the heap (no fixed address) or the region is outside its
     *     current capacity.
     */
    public static UnsafeBuffer wrapForRead(
            final UnsafeBuffer view, final BytesStore<?, ?> store, final long offset, final int length) {
        checkRegion(store, offset, length);
        view.wrap(store.addressForRead(offset), length);
        return view;
    }

    private static void checkRegion(final BytesStore<?, ?> store, final long offset, final int length) {
        if (!store.isDirectMemory()) {
            throw new IllegalArgumentException("heap store: no fixed address to wrap; wrap its byte[] instead");
        }
        if (length < 0 || offset < store.start() || offset > store.realCapacity() - length) {
            throw new IllegalArgumentException("region [" + offset + ", " + (offset + length) + ") outside ["
                    + store.start() + ", " + store.realCapacity() + ")");
        }
    }
}

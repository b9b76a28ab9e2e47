package org.flyproto.jcstress;

import java.nio.ByteBuffer;
import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.jcstress.proto.flyproto.LevelDecoder;
import org.flyproto.jcstress.proto.flyproto.QuoteDecoder;
import org.flyproto.jcstress.proto.flyproto.QuoteEncoder;

/**
 * The quotes the tests publish, one per writer, and the check that a decoded record is exactly one of them.
 *
 * <p>Every field of a quote is a function of its writer number, so a reader can tell which writer a record came from
 * and that every byte of it is the one that writer wrote. Writer 1's ask venue is longer than 127 bytes: its length
 * needs two bytes, so closing that nested message moves its content by one byte inside the claimed record before the
 * length is backpatched. The record length each writer claims is its quote's encoded length, measured once here.
 */
final class Quotes {
    /** The message type id of quote records in the ring buffers. */
    static final int MSG_TYPE_ID = 7;

    /** Writer numbers of the two committed quotes. */
    static final int WRITER_1 = 1;

    static final int WRITER_2 = 2;

    /** Writer number of the quote that is claimed, partly written and aborted. */
    static final int WRITER_ABORTED = 3;

    /** Outcome: the poll delivered no record. */
    static final int NOTHING = 0;

    /** Outcome: a delivered record did not decode ({@link ProtoDecodeException}). */
    static final int DECODE_FAILED = -1;

    /** Outcome: a delivered record decoded, but a field differs from what its writer wrote. */
    static final int WRONG_VALUE = -2;

    /** Outcome: a delivered record has another type id or length than its writer claimed. */
    static final int WRONG_RECORD = -3;

    /** Outcome: a record of the aborted claim was delivered. */
    static final int ABORTED_DELIVERED = -4;

    /** Outcome: the same writer's record was delivered twice. */
    static final int DUPLICATE = -5;

    /**
     * Data capacity of each test's ring buffer: a power of two whose eighth (the longest message Agrona's ring buffers
     * accept) holds the longest quote.
     */
    static final int RING_CAPACITY = 2048;

    /**
     * How many polls a spinning reader tries before it reports that nothing was delivered: enough to outlast a writer
     * that is encoding, few enough to bound a reader that runs before its writer has started.
     */
    static final int SPIN_POLLS = 1_000;

    private static final String SYMBOL = "FLYP.XLON";
    private static final String SHORT_VENUE = "XLON";
    private static final String LONG_VENUE = "XLON/".repeat(30);
    private static final int[] LENGTHS = new int[WRITER_ABORTED + 1];

    static {
        final QuoteEncoder encoder = new QuoteEncoder();
        for (int writer = WRITER_1; writer <= WRITER_ABORTED; writer++) {
            writeFields(encoder.wrapForSize(), writer);
            LENGTHS[writer] = encoder.encodedLength();
        }
    }

    private Quotes() {}

    /**
     * @return an empty buffer for a ring buffer of {@link #RING_CAPACITY}, aligned as Agrona's ring buffers require.
     */
    static UnsafeBuffer newRingBufferMemory() {
        final ByteBuffer memory = BufferUtil.allocateDirectAligned(
                RING_CAPACITY + RingBufferDescriptor.TRAILER_LENGTH, BitUtil.CACHE_LINE_LENGTH);
        return new UnsafeBuffer(memory);
    }

    /**
     * The encoded length of a writer's quote: the record length it claims.
     *
     * @param writer the writer number.
     * @return the length in bytes.
     */
    static int length(final int writer) {
        return LENGTHS[writer];
    }

    /**
     * Claims a record for a writer's quote.
     *
     * @param ringBuffer the ring buffer.
     * @param writer the writer number.
     * @return the index of the record's first byte.
     * @throws IllegalStateException if the ring buffer has no room (the tests never fill it).
     */
    static int claim(final RingBuffer ringBuffer, final int writer) {
        final int index = ringBuffer.tryClaim(MSG_TYPE_ID, LENGTHS[writer]);
        if (index < 0) {
            throw new IllegalStateException("tryClaim failed: " + index);
        }
        return index;
    }

    /**
     * Encodes a writer's whole quote in place, in the fixed region of a claimed record.
     *
     * @param encoder the writer's encoder.
     * @param buffer the ring buffer's memory.
     * @param index the claimed record's first byte.
     * @param writer the writer number.
     */
    static void encode(
            final QuoteEncoder encoder, final MutableDirectBuffer buffer, final int index, final int writer) {
        final int length = LENGTHS[writer];
        writeFields(encoder.wrap(buffer, index, length), writer);
        if (encoder.encodedLength() != length) {
            throw new IllegalStateException("encoded " + encoder.encodedLength() + " bytes into a record of " + length);
        }
    }

    /**
     * Encodes the first part of a writer's quote and stops inside the bid, before its length is backpatched: what a
     * writer leaves behind when it gives up on a claim.
     *
     * @param encoder the writer's encoder.
     * @param buffer the ring buffer's memory.
     * @param index the claimed record's first byte.
     * @param writer the writer number.
     */
    static void encodePart(
            final QuoteEncoder encoder, final MutableDirectBuffer buffer, final int index, final int writer) {
        encoder.wrap(buffer, index, LENGTHS[writer])
                .sequence(sequence(writer))
                .symbol(SYMBOL)
                .writer(writer);
        encoder.beginBid().price(bidPrice(writer)).qty(qty(writer));
    }

    private static void writeFields(final QuoteEncoder quote, final int writer) {
        quote.sequence(sequence(writer)).symbol(SYMBOL).writer(writer);
        quote.beginBid().price(bidPrice(writer)).qty(qty(writer)).venue(SHORT_VENUE);
        quote.endBid();
        quote.beginAsk().price(bidPrice(writer) + 1).qty(qty(writer) + 1).venue(askVenue(writer));
        quote.endAsk();
        quote.timestamp(timestamp(writer));
    }

    /**
     * Decodes a delivered record and checks every field against what its writer wrote.
     *
     * @param decoder the reader's decoder.
     * @param msgTypeId the record's type id.
     * @param buffer the ring buffer's memory.
     * @param index the record's first byte.
     * @param length the record's length.
     * @return the writer number if the record is intact, else one of the negative outcomes.
     */
    static int check(
            final QuoteDecoder decoder,
            final int msgTypeId,
            final DirectBuffer buffer,
            final int index,
            final int length) {
        if (msgTypeId != MSG_TYPE_ID) {
            return WRONG_RECORD;
        }
        try {
            decoder.wrap(buffer, index, length);
            final int writer = decoder.writer();
            if (writer == WRITER_ABORTED) {
                return ABORTED_DELIVERED;
            }
            if (writer != WRITER_1 && writer != WRITER_2) {
                return WRONG_VALUE;
            }
            if (length != LENGTHS[writer]) {
                return WRONG_RECORD;
            }
            return hasValues(decoder, writer) ? writer : WRONG_VALUE;
        } catch (final ProtoDecodeException ex) {
            return DECODE_FAILED;
        }
    }

    private static boolean hasValues(final QuoteDecoder quote, final int writer) {
        if (quote.sequence() != sequence(writer)
                || !quote.symbol().contentEquals(SYMBOL)
                || !quote.hasBid()
                || !quote.hasAsk()
                || quote.timestamp() != timestamp(writer)) {
            return false;
        }
        final LevelDecoder bid = quote.bid();
        if (bid.price() != bidPrice(writer)
                || bid.qty() != qty(writer)
                || !bid.venue().contentEquals(SHORT_VENUE)) {
            return false;
        }
        final LevelDecoder ask = quote.ask();
        return ask.price() == bidPrice(writer) + 1
                && ask.qty() == qty(writer) + 1
                && ask.venue().contentEquals(askVenue(writer));
    }

    private static long sequence(final int writer) {
        return 1_000_000_007L * writer;
    }

    private static long bidPrice(final int writer) {
        return -12_345_678L * writer;
    }

    private static int qty(final int writer) {
        return 300 * writer;
    }

    private static String askVenue(final int writer) {
        return writer == WRITER_1 ? LONG_VENUE : SHORT_VENUE;
    }

    private static long timestamp(final int writer) {
        return 0x1234_5678_9ABC_DEF0L + writer;
    }
}

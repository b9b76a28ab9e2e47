package org.flyproto.jcstress;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.flyproto.jcstress.proto.flyproto.QuoteDecoder;

/**
 * The consumer side: polls a ring buffer, decodes each delivered record with a reused {@link QuoteDecoder} and sums
 * up what it saw as one int per poll.
 *
 * <p>A poll's outcome is {@link Quotes#NOTHING} if no record was delivered, the bit mask of the writers whose records
 * were delivered intact ({@code 1 << (writer - 1)}), or the first negative outcome of {@link Quotes} if a record was
 * torn, unpatched, of the aborted claim, or delivered twice. The reader also remembers which writer's record came
 * first across all its polls.
 */
final class QuoteReader implements MessageHandler {
    private final QuoteDecoder decoder = new QuoteDecoder();
    private int seenEver;
    private int seenThisPoll;
    private int error;
    private int first;

    /**
     * Reads every record the ring buffer delivers now.
     *
     * @param ringBuffer the ring buffer.
     * @return the poll's outcome.
     */
    int poll(final RingBuffer ringBuffer) {
        seenThisPoll = 0;
        error = 0;
        ringBuffer.read(this);
        return error != 0 ? error : seenThisPoll;
    }

    /**
     * Polls until a record is delivered or {@code maxPolls} polls delivered nothing: a busy-spinning consumer, which
     * reads a record as soon as its commit is visible, when a publication bug would show.
     *
     * @param ringBuffer the ring buffer.
     * @param maxPolls the most polls to try; bounded so that a reader never waits on a writer that has not started.
     * @return the outcome of the last poll.
     */
    int spinPoll(final RingBuffer ringBuffer, final int maxPolls) {
        int outcome = Quotes.NOTHING;
        for (int i = 0; i < maxPolls && outcome == Quotes.NOTHING; i++) {
            outcome = poll(ringBuffer);
        }
        return outcome;
    }

    /**
     * @return the writer of the first intact record delivered by any poll, or 0 if none was.
     */
    int firstWriter() {
        return first;
    }

    @Override
    public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length) {
        final int writer = Quotes.check(decoder, msgTypeId, buffer, index, length);
        if (writer < 0) {
            record(writer);
            return;
        }
        final int bit = 1 << (writer - 1);
        if ((seenEver & bit) != 0) {
            record(Quotes.DUPLICATE);
            return;
        }
        if (first == 0) {
            first = writer;
        }
        seenEver |= bit;
        seenThisPoll |= bit;
    }

    private void record(final int outcome) {
        if (error == 0) {
            error = outcome;
        }
    }
}

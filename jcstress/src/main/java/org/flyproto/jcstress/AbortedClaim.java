package org.flyproto.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.flyproto.jcstress.proto.flyproto.QuoteEncoder;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A writer claims a record in a {@link OneToOneRingBuffer}, writes part of a quote into it (stopping inside a nested
 * message whose length is never patched) and aborts the claim; then it claims a second record, encodes a whole quote
 * and commits it. A reader spins polling concurrently; the arbiter polls once more after both are done.
 *
 * <p>{@code r1} is what the reader got, {@code r2} what the arbiter got: 0 for nothing delivered, 1 for the
 * committed quote delivered intact, negative for anything else, in particular {@link Quotes#ABORTED_DELIVERED} or a
 * decode failure if bytes of the aborted claim reached the reader.
 */
@JCStressTest
@Description("Nothing of an aborted claim is delivered; the record committed after it is delivered whole.")
@Outcome(
        id = "0, 1",
        expect = ACCEPTABLE,
        desc = "Reader gave up before the commit; the arbiter read the quote intact.")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Reader skipped the aborted record and read the quote intact.")
@Outcome(
        expect = FORBIDDEN,
        desc = "Bytes of the aborted claim were delivered, or the committed quote was torn or lost.")
@State
public class AbortedClaim {
    private final OneToOneRingBuffer ringBuffer = new OneToOneRingBuffer(Quotes.newRingBufferMemory());
    private final QuoteEncoder encoder = new QuoteEncoder();
    private final QuoteReader reader = new QuoteReader();

    /** Creates the state of one run: an empty ring buffer. */
    public AbortedClaim() {}

    /** Claims, writes part of a quote, aborts; then claims, encodes and commits another. */
    @Actor
    public void writer() {
        final int aborted = Quotes.claim(ringBuffer, Quotes.WRITER_ABORTED);
        Quotes.encodePart(encoder, ringBuffer.buffer(), aborted, Quotes.WRITER_ABORTED);
        ringBuffer.abort(aborted);

        final int index = Quotes.claim(ringBuffer, Quotes.WRITER_1);
        Quotes.encode(encoder, ringBuffer.buffer(), index, Quotes.WRITER_1);
        ringBuffer.commit(index);
    }

    /**
     * Spins polling, concurrently with the writer, until a record is delivered or {@link Quotes#SPIN_POLLS} polls
     * delivered nothing.
     *
     * @param r {@code r1}: what the last poll delivered.
     */
    @Actor
    public void reader(final II_Result r) {
        r.r1 = reader.spinPoll(ringBuffer, Quotes.SPIN_POLLS);
    }

    /**
     * Polls again once the writer is done.
     *
     * @param r {@code r2}: what the poll delivered.
     */
    @Arbiter
    public void arbiter(final II_Result r) {
        r.r2 = reader.poll(ringBuffer);
    }
}

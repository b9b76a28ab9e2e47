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
 * A writer claims a record in a {@link OneToOneRingBuffer}, encodes a quote in place into it (two nested messages
 * whose length prefixes are backpatched, one of them moved to make room for a two-byte length) and commits it, while
 * a reader spins polling and decodes what it gets; the arbiter polls once more after both are done.
 *
 * <p>{@code r1} is what the reader got, {@code r2} what the arbiter got: 0 for nothing delivered, 1 for the quote
 * delivered with every field as written, negative for a record that did not decode or differs (see {@link Quotes}).
 */
@JCStressTest
@Description("A message encoded in place into a claimed OneToOneRingBuffer record is delivered whole after commit.")
@Outcome(
        id = "0, 1",
        expect = ACCEPTABLE,
        desc = "Reader gave up before the commit; the arbiter read the quote intact.")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Reader read the quote intact.")
@Outcome(expect = FORBIDDEN, desc = "A torn or unpatched quote was delivered, or it was lost or delivered twice.")
@State
public class ClaimEncodeCommit {
    private final OneToOneRingBuffer ringBuffer = new OneToOneRingBuffer(Quotes.newRingBufferMemory());
    private final QuoteEncoder encoder = new QuoteEncoder();
    private final QuoteReader reader = new QuoteReader();

    /** Creates the state of one run: an empty ring buffer. */
    public ClaimEncodeCommit() {}

    /** Claims a record, encodes the quote into it in place, commits. */
    @Actor
    public void writer() {
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
     * Polls again once the writer has committed.
     *
     * @param r {@code r2}: what the poll delivered.
     */
    @Arbiter
    public void arbiter(final II_Result r) {
        r.r2 = reader.poll(ringBuffer);
    }
}

package org.flyproto.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.flyproto.jcstress.proto.flyproto.QuoteEncoder;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two writers each claim a record in one {@link ManyToOneRingBuffer}, encode their own quote in place (of different
 * lengths; writer 1's moves a nested message to backpatch a two-byte length) and commit. Writer 2 then polls, while
 * writer 1 may still be claiming or encoding; the arbiter polls once more after both are done.
 *
 * <p>The reader shares writer 2's thread because jcstress 0.16 runs a test only if each actor gets a CPU of its own:
 * a third actor would leave the test unrun on a two-CPU machine.
 *
 * <p>{@code r1} is writer 2's poll and {@code r2} the arbiter's, each the bit mask of the writers whose quotes it
 * received intact (1 = writer 1, 2 = writer 2, 3 = both) or a negative outcome of {@link Quotes}; {@code r3} is the
 * writer whose quote came first. Each quote must arrive exactly once, whole, in claim order; writer 2's own quote is
 * committed before its poll, so the poll gets it unless writer 1 claimed first and has not committed yet.
 */
@JCStressTest
@Description("Messages encoded in place by two writers into a ManyToOneRingBuffer arrive whole, once each.")
@Outcome(
        id = "0, 3, 1",
        expect = ACCEPTABLE,
        desc = "Writer 1 claimed first and was still writing at the poll; the arbiter read both quotes intact.")
@Outcome(
        id = "2, 1, 2",
        expect = ACCEPTABLE,
        desc = "Writer 2 claimed first; the poll read its quote, the arbiter then read writer 1's. Both intact.")
@Outcome(id = "3, 0, 1", expect = ACCEPTABLE, desc = "Writer 1 claimed first; the poll read both quotes intact.")
@Outcome(id = "3, 0, 2", expect = ACCEPTABLE, desc = "Writer 2 claimed first; the poll read both quotes intact.")
@Outcome(
        expect = FORBIDDEN,
        desc = "A quote was torn, mixed with the other, lost, delivered twice, or delivered ahead of an earlier claim.")
@State
public class TwoWritersManyToOne {
    private final ManyToOneRingBuffer ringBuffer = new ManyToOneRingBuffer(Quotes.newRingBufferMemory());
    private final QuoteEncoder encoder1 = new QuoteEncoder();
    private final QuoteEncoder encoder2 = new QuoteEncoder();
    private final QuoteReader reader = new QuoteReader();

    /** Creates the state of one run: an empty ring buffer. */
    public TwoWritersManyToOne() {}

    /** Claims, encodes and commits writer 1's quote. */
    @Actor
    public void writer1() {
        final int index = Quotes.claim(ringBuffer, Quotes.WRITER_1);
        Quotes.encode(encoder1, ringBuffer.buffer(), index, Quotes.WRITER_1);
        ringBuffer.commit(index);
    }

    /**
     * Claims, encodes and commits writer 2's quote, then polls, concurrently with writer 1.
     *
     * @param r {@code r1}: what the poll delivered.
     */
    @Actor
    public void writer2ThenRead(final III_Result r) {
        final int index = Quotes.claim(ringBuffer, Quotes.WRITER_2);
        Quotes.encode(encoder2, ringBuffer.buffer(), index, Quotes.WRITER_2);
        ringBuffer.commit(index);
        r.r1 = reader.poll(ringBuffer);
    }

    /**
     * Polls again once both writers are done, and reports which quote came first.
     *
     * @param r {@code r2}: what the poll delivered; {@code r3}: the writer of the first quote delivered.
     */
    @Arbiter
    public void arbiter(final III_Result r) {
        r.r2 = reader.poll(ringBuffer);
        r.r3 = reader.firstWriter();
    }
}

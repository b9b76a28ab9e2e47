package org.flyproto.integrations;

import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.integrations.proto.flyproto.AccountBalanceDecoder;
import org.flyproto.integrations.proto.flyproto.AccountBalanceEncoder;
import org.flyproto.integrations.proto.flyproto.LedgerTotalsDecoder;
import org.flyproto.integrations.proto.flyproto.LedgerTotalsEncoder;
import org.flyproto.integrations.proto.flyproto.Outcome;
import org.flyproto.integrations.proto.flyproto.PostDecoder;
import org.flyproto.integrations.proto.flyproto.PostedEncoder;

/**
 * A {@link Ledger} replicated by Aeron Cluster, speaking flyproto: every member runs one instance and applies the
 * same commands in the order of the cluster's log.
 *
 * <ul>
 *   <li>{@link #onSessionMessage}: the payload is a {@code Post}, decoded in place from the log buffer (validating
 *       {@code wrap}); the answer, a {@code Posted}, is encoded into a reused off-heap buffer and offered to the
 *       client's session (which on a follower does nothing and reports success: only the leader answers). A payload
 *       that is not a valid {@code Post} is answered {@link Outcome#INVALID} and changes nothing, on every member
 *       alike.
 *   <li>{@link #onTakeSnapshot}: the ledger as flyproto messages in the snapshot publication: one
 *       {@code LedgerTotals}, then one {@code AccountBalance} per account that has been posted to.
 *   <li>{@link #onStart}: a member restarting reads that snapshot back from the image (through a
 *       {@link FragmentAssembler}, so a snapshot message may exceed the MTU), then the cluster replays the log that
 *       followed it through {@link #onSessionMessage}.
 * </ul>
 *
 * <p>The service thread allocates nothing per command, per answer or per snapshot message. What a test or a monitor
 * may read from another thread is published through volatile fields: {@link #appliedSequence()} is written after each
 * command, so a thread that reads it and sees the sequence it waits for also sees the {@link #ledger()} that far.
 */
public final class LedgerService implements ClusteredService {
    /** Bytes of the buffer answers and snapshot messages are encoded into. */
    static final int SCRATCH_LENGTH = 4096;
    /** Offers of an answer tried before giving up on a back-pressured client, which will resend. */
    private static final int MAX_REPLY_ATTEMPTS = 100;

    private final Ledger ledger = new Ledger();
    private final PostDecoder post = new PostDecoder();
    private final PostedEncoder posted = new PostedEncoder();
    private final LedgerTotalsEncoder totalsEncoder = new LedgerTotalsEncoder();
    private final AccountBalanceEncoder balanceEncoder = new AccountBalanceEncoder();
    private final LedgerTotalsDecoder totalsDecoder = new LedgerTotalsDecoder();
    private final AccountBalanceDecoder balanceDecoder = new AccountBalanceDecoder();
    private final UnsafeBuffer scratch =
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(SCRATCH_LENGTH, BitUtil.CACHE_LINE_LENGTH));
    private final FragmentAssembler snapshotAssembler = new FragmentAssembler(this::onSnapshotMessage);
    // The cluster's idle strategy once started; until then (a service driven directly, as in a unit test) a back-off.
    private IdleStrategy idleStrategy = new BackoffIdleStrategy();
    private int snapshotAccounts;
    private int snapshotAccountsLoaded;

    private volatile long appliedSequence;
    private volatile long commandsHandled;
    private volatile long lowestCommandHandled = Long.MAX_VALUE;
    private volatile long snapshotsTaken;
    private volatile long loadedSnapshotSequence = -1;
    private volatile Cluster.Role role = Cluster.Role.FOLLOWER;
    private volatile long threadId = -1;

    @Override
    public void onStart(final Cluster cluster, final Image snapshotImage) {
        idleStrategy = cluster.idleStrategy();
        threadId = Thread.currentThread().getId();
        role = cluster.role();
        if (snapshotImage != null) {
            loadSnapshot(snapshotImage);
        }
    }

    @Override
    public void onSessionOpen(final ClientSession session, final long timestamp) {}

    @Override
    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason) {}

    @Override
    public void onSessionMessage(
            final ClientSession session,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header) {
        Outcome outcome;
        long commandId = 0;
        int account = 0;
        try {
            post.wrap(buffer, offset, length);
            commandId = post.commandId();
            account = post.account();
            outcome = ledger.apply(post);
        } catch (final ProtoDecodeException | IllegalArgumentException ex) {
            outcome = Outcome.INVALID; // deterministic: every member rejects the same bytes
        }
        appliedSequence = ledger.sequence();
        commandsHandled = commandsHandled + 1; // single writer
        if (commandId < lowestCommandHandled) {
            lowestCommandHandled = commandId;
        }
        final int answerLength = posted.wrap(scratch, 0, SCRATCH_LENGTH)
                .commandId(commandId)
                .outcome(outcome)
                .account(account)
                .balance(outcome == Outcome.INVALID ? 0 : ledger.lastBalance())
                .sequence(ledger.sequence())
                .encodedLength();
        answer(session, answerLength);
    }

    /**
     * Offers the answer in {@link #scratch}; a client that is gone or keeps back-pressuring goes without (it resends
     * what it has no answer to, and a retry is answered {@link Outcome#DUPLICATE}).
     */
    private void answer(final ClientSession session, final int length) {
        for (int attempt = 0; attempt < MAX_REPLY_ATTEMPTS; attempt++) {
            final long result = session.offer(scratch, 0, length);
            if (result > 0
                    || result == Publication.NOT_CONNECTED
                    || result == Publication.CLOSED
                    || result == Publication.MAX_POSITION_EXCEEDED) {
                return;
            }
            idleStrategy.idle();
        }
    }

    @Override
    public void onTimerEvent(final long correlationId, final long timestamp) {}

    @Override
    public void onTakeSnapshot(final ExclusivePublication snapshotPublication) {
        int accounts = 0;
        for (int i = 0; i < Ledger.ACCOUNTS; i++) {
            if (ledger.postings(i) > 0) {
                accounts++;
            }
        }
        offer(
                snapshotPublication,
                totalsEncoder
                        .wrap(scratch, 0, SCRATCH_LENGTH)
                        .sequence(ledger.sequence())
                        .digest(ledger.digest())
                        .lastCommandIds(ledger.lastCommandIds(), 0, Ledger.CLIENTS)
                        .accounts(accounts)
                        .encodedLength());
        for (int i = 0; i < Ledger.ACCOUNTS; i++) {
            if (ledger.postings(i) > 0) {
                offer(
                        snapshotPublication,
                        balanceEncoder
                                .wrap(scratch, 0, SCRATCH_LENGTH)
                                .account(i)
                                .balance(ledger.balance(i))
                                .postings(ledger.postings(i))
                                .encodedLength());
            }
        }
        snapshotsTaken = snapshotsTaken + 1; // single writer
    }

    private void offer(final ExclusivePublication publication, final int length) {
        idleStrategy.reset();
        long result;
        while ((result = publication.offer(scratch, 0, length)) < 0) {
            if (result != Publication.BACK_PRESSURED && result != Publication.ADMIN_ACTION) {
                throw new IllegalStateException("snapshot offer failed: " + Publication.errorString(result));
            }
            idleStrategy.idle();
        }
    }

    private void loadSnapshot(final Image image) {
        snapshotAccounts = -1;
        snapshotAccountsLoaded = 0;
        idleStrategy.reset();
        while (snapshotAccounts < 0 || snapshotAccountsLoaded < snapshotAccounts) {
            if (image.poll(snapshotAssembler, 16) == 0) {
                if (image.isEndOfStream() || image.isClosed()) {
                    throw new IllegalStateException(
                            "snapshot ended after " + snapshotAccountsLoaded + " of " + snapshotAccounts + " accounts");
                }
                idleStrategy.idle();
            }
        }
        loadedSnapshotSequence = ledger.sequence();
        appliedSequence = ledger.sequence();
    }

    private void onSnapshotMessage(final DirectBuffer buffer, final int offset, final int length, final Header header) {
        if (snapshotAccounts < 0) {
            ledger.restore(totalsDecoder.wrap(buffer, offset, length));
            snapshotAccounts = totalsDecoder.accounts();
        } else {
            ledger.restore(balanceDecoder.wrap(buffer, offset, length));
            snapshotAccountsLoaded++;
        }
    }

    @Override
    public void onRoleChange(final Cluster.Role newRole) {
        role = newRole;
    }

    @Override
    public void onTerminate(final Cluster cluster) {}

    /**
     * @return commands applied by this member's ledger, published after each command (see the class comment).
     */
    public long appliedSequence() {
        return appliedSequence;
    }

    /**
     * @return commands handled, applied or not (retries, rejections), replay included.
     */
    public long commandsHandled() {
        return commandsHandled;
    }

    /**
     * @return the lowest command number handled, replay included ({@link Long#MAX_VALUE} before the first; 0 counts
     *     a command that did not decode): a member restored from a snapshot handles none of the commands before it.
     */
    public long lowestCommandHandled() {
        return lowestCommandHandled;
    }

    /**
     * The ledger itself, for reading once {@link #appliedSequence()} has shown that the service is where the reader
     * expects it and idle (no commands arriving); not safe to read while commands are being applied.
     *
     * @return the ledger.
     */
    public Ledger ledger() {
        return ledger;
    }

    /**
     * @return snapshots this instance has written.
     */
    public long snapshotsTaken() {
        return snapshotsTaken;
    }

    /**
     * @return the sequence of the snapshot this instance started from, -1 if it started without one.
     */
    public long loadedSnapshotSequence() {
        return loadedSnapshotSequence;
    }

    /**
     * @return this member's role as last told to the service.
     */
    public Cluster.Role role() {
        return role;
    }

    /**
     * @return the id of the service's thread once started, -1 before.
     */
    public long threadId() {
        return threadId;
    }
}

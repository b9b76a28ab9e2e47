package org.flyproto.integrations;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.logbuffer.Header;
import java.util.concurrent.TimeUnit;
import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.integrations.proto.flyproto.Outcome;
import org.flyproto.integrations.proto.flyproto.PostEncoder;
import org.flyproto.integrations.proto.flyproto.PostedDecoder;

/**
 * A client of the replicated ledger ({@link LedgerService}): an {@link AeronCluster} session that sends {@code Post}
 * commands on the ingress and decodes the {@code Posted} answers of the egress in place.
 *
 * <p>Commands are numbered 1, 2, 3, ... and their content follows from their number ({@link #account(long)},
 * {@link #amount(long)}), so a command can be sent again from its number alone and a test can apply the same
 * commands to a plain {@link Ledger}. {@link #acknowledged()} is the highest number up to which every command has
 * been answered as applied (or as a retry of an applied one). {@link #postAll(long, long)} keeps a window of commands
 * in flight and, when the leader changes or the answers stop, sends again everything from the first unanswered one:
 * the service applies each number once, so nothing acknowledged is lost and nothing is applied twice.
 *
 * <p>Not thread-safe; sending, polling and decoding allocate nothing.
 */
public final class LedgerClient implements AutoCloseable, EgressListener {
    /** Commands in flight at most in {@link #postAll(long, long)}. */
    public static final int WINDOW = 16;

    private static final long RESEND_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final int client;
    private final PostEncoder post = new PostEncoder();
    private final PostedDecoder posted = new PostedDecoder();
    private final UnsafeBuffer scratch =
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(256, BitUtil.CACHE_LINE_LENGTH));
    private final IdleStrategy idle = new BackoffIdleStrategy();
    private final AeronCluster cluster;
    private long acknowledged;
    private long answers;
    private long newLeaders;
    private long lastSequence;
    private long lastBalance;

    /**
     * Connects.
     *
     * @param context the cluster client's configuration; its egress listener is set to this client.
     * @param client  this client's number (0 to {@link Ledger#CLIENTS} - 1), the same on every reconnection.
     */
    public LedgerClient(final AeronCluster.Context context, final int client) {
        if (client < 0 || client >= Ledger.CLIENTS) {
            throw new IllegalArgumentException("client " + client + " out of range");
        }
        this.client = client;
        this.cluster = AeronCluster.connect(context.egressListener(this));
    }

    /**
     * @param commandId a command's number.
     * @return the account it posts to.
     */
    public static int account(final long commandId) {
        return (int) ((commandId * 7) % Ledger.ACCOUNTS);
    }

    /**
     * @param commandId a command's number.
     * @return the amount it posts: mostly deposits, every fifth a withdrawal (which some accounts cannot cover).
     */
    public static long amount(final long commandId) {
        return commandId % 5 == 0 ? -(commandId % 1_000) * 3 : 1_000 + commandId % 97;
    }

    /**
     * Encodes command {@code commandId} into the scratch buffer and offers it once.
     *
     * @param commandId the command's number.
     * @return true if the cluster's ingress took it; false if back-pressured, between leaders or not connected.
     */
    public boolean post(final long commandId) {
        final int length = post.wrap(scratch, 0, scratch.capacity())
                .commandId(commandId)
                .account(account(commandId))
                .amount(amount(commandId))
                .memo("flyproto")
                .client(client)
                .encodedLength();
        return cluster.offer(scratch, 0, length) > 0;
    }

    /**
     * Polls the egress once, decoding any answers.
     *
     * @return the work done (fragments read, state changes).
     */
    public int poll() {
        return cluster.pollEgress();
    }

    /**
     * Sends commands up to {@code lastCommandId}, at most {@link #WINDOW} unanswered, until every one is acknowledged;
     * sends again from the first unanswered one after a leader change or half a second without an answer.
     *
     * @param lastCommandId the last command to send.
     * @param timeoutNanos  how long to try at most.
     * @throws IllegalStateException if not all are acknowledged in time, or the client closed (cluster lost).
     */
    public void postAll(final long lastCommandId, final long timeoutNanos) {
        final long start = System.nanoTime();
        long next = acknowledged + 1;
        long seenLeaders = newLeaders;
        long lastProgress = start;
        long progress = acknowledged;
        while (acknowledged < lastCommandId) {
            final long now = System.nanoTime();
            if (cluster.isClosed()) {
                throw new IllegalStateException("cluster client closed at " + acknowledged + " acknowledged");
            }
            if (now - start > timeoutNanos) {
                throw new IllegalStateException("only " + acknowledged + " of " + lastCommandId + " acknowledged");
            }
            if (acknowledged != progress) {
                progress = acknowledged;
                lastProgress = now;
            }
            if (seenLeaders != newLeaders || now - lastProgress > RESEND_AFTER_NANOS) {
                seenLeaders = newLeaders;
                lastProgress = now;
                next = acknowledged + 1;
            }
            next = Math.max(next, acknowledged + 1);
            while (next <= lastCommandId && next - acknowledged <= WINDOW && post(next)) {
                next++;
            }
            idle.idle(poll());
        }
    }

    @Override
    public void onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header) {
        posted.wrap(buffer, offset, length);
        answers++;
        final Outcome outcome = posted.outcome();
        final long commandId = posted.commandId();
        if ((outcome == Outcome.APPLIED || outcome == Outcome.DUPLICATE || outcome == Outcome.INSUFFICIENT_FUNDS)
                && commandId == acknowledged + 1) {
            // The service applies a client's commands in its order, so answers of applied commands arrive in order.
            acknowledged = commandId;
            lastSequence = posted.sequence();
            lastBalance = posted.balance();
        }
    }

    @Override
    public void onNewLeader(
            final long clusterSessionId,
            final long leadershipTermId,
            final int leaderMemberId,
            final String ingressEndpoints) {
        newLeaders++;
    }

    /**
     * @return the highest command number up to which every command has been answered as done (applied, a retry of
     *     an applied one, or refused for want of funds, which is final too).
     */
    public long acknowledged() {
        return acknowledged;
    }

    /**
     * @return answers decoded, duplicates and refusals included.
     */
    public long answers() {
        return answers;
    }

    /**
     * @return leader changes seen.
     */
    public long newLeaders() {
        return newLeaders;
    }

    /**
     * @return the ledger's sequence in the answer that last moved {@link #acknowledged()}.
     */
    public long lastSequence() {
        return lastSequence;
    }

    /**
     * @return the account balance in the answer that last moved {@link #acknowledged()}.
     */
    public long lastBalance() {
        return lastBalance;
    }

    /**
     * @return the cluster client, e.g. for its session id or the leader's member id.
     */
    public AeronCluster cluster() {
        return cluster;
    }

    /** Closes the session. */
    @Override
    public void close() {
        CloseHelper.close(cluster);
    }
}

package org.flyproto.integrations;

import java.util.Arrays;
import org.flyproto.codec.LongCursor;
import org.flyproto.integrations.proto.flyproto.AccountBalanceDecoder;
import org.flyproto.integrations.proto.flyproto.LedgerTotalsDecoder;
import org.flyproto.integrations.proto.flyproto.Outcome;
import org.flyproto.integrations.proto.flyproto.PostDecoder;

/**
 * The state machine of the replicated ledger that {@link LedgerService} runs in Aeron Cluster: balances of
 * {@value #ACCOUNTS} accounts, changed by {@code flyproto.integrations.Post} commands read in place. It knows nothing of
 * Aeron, so that the same commands applied to a plain instance say what every cluster member must hold.
 *
 * <p>Each client ({@value #CLIENTS} at most) numbers its commands 1, 2, 3, ...; a command is applied only if it is
 * the next of its client: a number already applied is a retry ({@link Outcome#DUPLICATE}, nothing changes) and a
 * later one means an earlier command was lost on the way ({@link Outcome#OUT_OF_ORDER}, nothing changes; the client
 * sends again from the missing one). So a client may resend whatever it has no answer for, and each command is
 * applied exactly once, in the client's order. Every applied command moves {@link #sequence()} on and is folded into
 * {@link #digest()}, a hash of the whole history in order.
 *
 * <p>Not thread-safe; applying allocates nothing.
 */
public final class Ledger {
    /** Number of accounts: 0 to {@value} - 1. */
    public static final int ACCOUNTS = 64;
    /** Number of clients: 0 to {@value} - 1. */
    public static final int CLIENTS = 16;

    private static final long DIGEST_SEED = 0xCBF29CE484222325L;
    private static final long DIGEST_PRIME = 0x100000001B3L;

    private final long[] balances = new long[ACCOUNTS];
    private final long[] postings = new long[ACCOUNTS];
    private final long[] lastCommandIds = new long[CLIENTS];
    private long sequence;
    private long digest = DIGEST_SEED;
    private long lastBalance;

    /**
     * Applies a command, or says why not.
     *
     * @param post a wrapped command.
     * @return what became of it; {@link #lastBalance()} is then the account's balance.
     * @throws IllegalArgumentException if the account or the client is out of range.
     */
    public Outcome apply(final PostDecoder post) {
        final int account = checkIndex(post.account(), ACCOUNTS, "account");
        final int client = checkIndex(post.client(), CLIENTS, "client");
        final long commandId = post.commandId();
        lastBalance = balances[account];
        if (commandId <= lastCommandIds[client]) {
            return Outcome.DUPLICATE;
        }
        if (commandId != lastCommandIds[client] + 1) {
            return Outcome.OUT_OF_ORDER;
        }
        lastCommandIds[client] = commandId;
        final long balance = balances[account] + post.amount();
        if (balance < 0) {
            return Outcome.INSUFFICIENT_FUNDS;
        }
        balances[account] = balance;
        postings[account]++;
        sequence++;
        digest = mix(mix(mix(digest, ((long) client << 48) ^ commandId), account), post.amount());
        lastBalance = balance;
        return Outcome.APPLIED;
    }

    private static int checkIndex(final int value, final int bound, final String what) {
        if (value < 0 || value >= bound) {
            throw new IllegalArgumentException(what + " " + Integer.toUnsignedString(value) + " out of range");
        }
        return value;
    }

    private static long mix(final long hash, final long value) {
        return (hash ^ value) * DIGEST_PRIME;
    }

    /**
     * Replaces the ledger-wide values with a snapshot's {@code LedgerTotals}; the accounts follow with
     * {@link #restore(AccountBalanceDecoder)}.
     *
     * @param totals a wrapped {@code LedgerTotals}.
     * @throws IllegalArgumentException if it names more clients than this ledger has.
     */
    public void restore(final LedgerTotalsDecoder totals) {
        if (totals.lastCommandIdsCount() > CLIENTS) {
            throw new IllegalArgumentException("snapshot of " + totals.lastCommandIdsCount() + " clients");
        }
        sequence = totals.sequence();
        digest = totals.digest();
        Arrays.fill(lastCommandIds, 0);
        int client = 0;
        for (final LongCursor ids = totals.lastCommandIds(); ids.next(); ) {
            lastCommandIds[client++] = ids.value();
        }
    }

    /**
     * Restores one account from a snapshot.
     *
     * @param account a wrapped {@code AccountBalance}.
     */
    public void restore(final AccountBalanceDecoder account) {
        final int index = checkIndex(account.account(), ACCOUNTS, "account");
        balances[index] = account.balance();
        postings[index] = account.postings();
    }

    /**
     * @return commands applied so far.
     */
    public long sequence() {
        return sequence;
    }

    /**
     * @return a hash of every applied command (client, number, account, amount), in order.
     */
    public long digest() {
        return digest;
    }

    /**
     * @return the balance of the account of the last command passed to {@link #apply}, after it.
     */
    public long lastBalance() {
        return lastBalance;
    }

    /**
     * @param account the account.
     * @return its balance.
     */
    public long balance(final int account) {
        return balances[account];
    }

    /**
     * @param account the account.
     * @return the commands applied to it.
     */
    public long postings(final int account) {
        return postings[account];
    }

    /**
     * @param client the client.
     * @return the number of its last applied command, 0 if none.
     */
    public long lastCommandId(final int client) {
        return lastCommandIds[client];
    }

    /**
     * @return the last command ids of all clients, index = client (the live array: do not modify).
     */
    long[] lastCommandIds() {
        return lastCommandIds;
    }

    /**
     * Whether another ledger holds the same history and balances.
     *
     * @param other the other ledger.
     * @return true if sequence, digest, every balance, posting count and last command id are equal.
     */
    public boolean sameStateAs(final Ledger other) {
        return sequence == other.sequence
                && digest == other.digest
                && Arrays.equals(balances, other.balances)
                && Arrays.equals(postings, other.postings)
                && Arrays.equals(lastCommandIds, other.lastCommandIds);
    }

    @Override
    public String toString() {
        return "Ledger{sequence=" + sequence + ", digest=" + Long.toHexString(digest) + "}";
    }
}

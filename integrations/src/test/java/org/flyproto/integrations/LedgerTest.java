package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.integrations.proto.flyproto.Outcome;
import org.flyproto.integrations.proto.flyproto.PostDecoder;
import org.flyproto.integrations.proto.flyproto.PostEncoder;
import org.junit.jupiter.api.Test;

class LedgerTest {
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
    private final PostEncoder encoder = new PostEncoder();
    private final PostDecoder decoder = new PostDecoder();

    private Outcome post(
            final Ledger ledger, final int client, final long commandId, final int account, final long amount) {
        final int length = encoder.wrap(buffer, 0, buffer.capacity())
                .commandId(commandId)
                .account(account)
                .amount(amount)
                .client(client)
                .encodedLength();
        return ledger.apply(decoder.wrap(buffer, 0, length));
    }

    @Test
    void shouldApplyEachCommandOnceInItsClientsOrder() {
        final Ledger ledger = new Ledger();
        assertThat(post(ledger, 2, 1, 5, 100)).isEqualTo(Outcome.APPLIED);
        assertThat(post(ledger, 2, 2, 5, 50)).isEqualTo(Outcome.APPLIED);
        final long digest = ledger.digest();

        assertThat(post(ledger, 2, 2, 5, 50)).isEqualTo(Outcome.DUPLICATE);
        assertThat(post(ledger, 2, 1, 5, 100)).isEqualTo(Outcome.DUPLICATE);
        assertThat(post(ledger, 2, 4, 5, 7)).isEqualTo(Outcome.OUT_OF_ORDER);
        assertThat(ledger.balance(5)).isEqualTo(150);
        assertThat(ledger.sequence()).isEqualTo(2);
        assertThat(ledger.digest()).isEqualTo(digest);
        assertThat(ledger.lastCommandId(2)).isEqualTo(2);

        assertThat(post(ledger, 2, 3, 5, 1)).isEqualTo(Outcome.APPLIED);
        assertThat(post(ledger, 2, 4, 5, 7)).isEqualTo(Outcome.APPLIED);
        assertThat(ledger.balance(5)).isEqualTo(158);
        assertThat(ledger.lastBalance()).isEqualTo(158);
        assertThat(ledger.postings(5)).isEqualTo(4);
        assertThat(ledger.sequence()).isEqualTo(4);
    }

    @Test
    void shouldRefuseAWithdrawalTheAccountCannotCoverAndTreatItsNumberAsUsed() {
        final Ledger ledger = new Ledger();
        assertThat(post(ledger, 0, 1, 9, 10)).isEqualTo(Outcome.APPLIED);
        assertThat(post(ledger, 0, 2, 9, -11)).isEqualTo(Outcome.INSUFFICIENT_FUNDS);
        assertThat(ledger.lastBalance()).isEqualTo(10);
        assertThat(post(ledger, 0, 2, 9, -11)).isEqualTo(Outcome.DUPLICATE);
        assertThat(post(ledger, 0, 3, 9, -10)).isEqualTo(Outcome.APPLIED);
        assertThat(ledger.balance(9)).isZero();
        assertThat(ledger.sequence()).isEqualTo(2);
        assertThat(ledger.lastCommandId(0)).isEqualTo(3);
    }

    @Test
    void shouldNumberEachClientsCommandsOnItsOwn() {
        final Ledger ledger = new Ledger();
        assertThat(post(ledger, 0, 1, 1, 10)).isEqualTo(Outcome.APPLIED);
        assertThat(post(ledger, 15, 1, 1, 20)).isEqualTo(Outcome.APPLIED);
        assertThat(post(ledger, 15, 2, 2, 30)).isEqualTo(Outcome.APPLIED);
        assertThat(ledger.lastCommandId(0)).isEqualTo(1);
        assertThat(ledger.lastCommandId(15)).isEqualTo(2);
        assertThat(ledger.balance(1)).isEqualTo(30);
    }

    @Test
    void shouldTellTheSameCommandsInAnotherOrderApartByTheirDigestOnly() {
        final Ledger ab = new Ledger();
        post(ab, 0, 1, 3, 10);
        post(ab, 1, 1, 4, 20);
        final Ledger ba = new Ledger();
        post(ba, 1, 1, 4, 20);
        post(ba, 0, 1, 3, 10);

        assertThat(ab.balance(3)).isEqualTo(ba.balance(3));
        assertThat(ab.balance(4)).isEqualTo(ba.balance(4));
        assertThat(ab.sequence()).isEqualTo(ba.sequence());
        assertThat(ab.digest()).isNotEqualTo(ba.digest());
        assertThat(ab.sameStateAs(ba)).isFalse();
        final Ledger again = new Ledger();
        post(again, 0, 1, 3, 10);
        post(again, 1, 1, 4, 20);
        assertThat(ab.sameStateAs(again)).isTrue();
    }

    @Test
    void shouldRejectAnAccountOrAClientOutOfRange() {
        final Ledger ledger = new Ledger();
        assertThatThrownBy(() -> post(ledger, 0, 1, Ledger.ACCOUNTS, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> post(ledger, Ledger.CLIENTS, 1, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(ledger.sequence()).isZero();
        assertThat(ledger.lastCommandId(0)).isZero();
    }
}

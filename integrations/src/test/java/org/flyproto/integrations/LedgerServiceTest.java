package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.integrations.proto.flyproto.Outcome;
import org.flyproto.integrations.proto.flyproto.PostEncoder;
import org.flyproto.integrations.proto.flyproto.PostedDecoder;
import org.junit.jupiter.api.Test;

/** The clustered service driven directly: its answers, and its snapshot written to and read from an IPC stream. */
class LedgerServiceTest {
    private final UnsafeBuffer command = new UnsafeBuffer(new byte[256]);
    private final UnsafeBuffer answer = new UnsafeBuffer(new byte[256]);
    private final PostedDecoder posted = new PostedDecoder();
    private int answerLength = -1;

    /** A session that keeps a copy of the last answer offered to it. */
    private final ClientSession session = (ClientSession) Proxy.newProxyInstance(
            ClientSession.class.getClassLoader(), new Class<?>[] {ClientSession.class}, (proxy, method, args) -> {
                if (method.getName().equals("offer") && args.length == 3) {
                    final DirectBuffer buffer = (DirectBuffer) args[0];
                    answerLength = (int) args[2];
                    answer.putBytes(0, buffer, (int) args[1], answerLength);
                    return 64L;
                }
                throw new UnsupportedOperationException(method.getName());
            });

    private PostedDecoder send(final LedgerService service, final int length) {
        answerLength = -1;
        service.onSessionMessage(session, 0, command, 0, length, null);
        assertThat(answerLength).as("answered").isPositive();
        return posted.wrap(answer, 0, answerLength);
    }

    private int encode(final long commandId, final int account, final long amount, final int client) {
        return new PostEncoder()
                .wrap(command, 0, command.capacity())
                .commandId(commandId)
                .account(account)
                .amount(amount)
                .client(client)
                .encodedLength();
    }

    @Test
    void shouldAnswerEveryCommandWithWhatBecameOfIt() {
        final LedgerService service = new LedgerService();

        PostedDecoder event = send(service, encode(1, 7, 500, 3));
        assertThat(event.outcome()).isEqualTo(Outcome.APPLIED);
        assertThat(event.commandId()).isEqualTo(1);
        assertThat(event.account()).isEqualTo(7);
        assertThat(event.balance()).isEqualTo(500);
        assertThat(event.sequence()).isEqualTo(1);

        event = send(service, encode(1, 7, 500, 3));
        assertThat(event.outcome()).isEqualTo(Outcome.DUPLICATE);
        assertThat(event.balance()).isEqualTo(500);

        event = send(service, encode(2, 7, -501, 3));
        assertThat(event.outcome()).isEqualTo(Outcome.INSUFFICIENT_FUNDS);
        assertThat(event.balance()).isEqualTo(500);
        assertThat(event.sequence()).isEqualTo(1);

        event = send(service, encode(3, Ledger.ACCOUNTS, 1, 3));
        assertThat(event.outcome()).isEqualTo(Outcome.INVALID);

        command.setMemory(0, 8, (byte) 0xFF); // not protobuf: a truncated varint
        event = send(service, 8);
        assertThat(event.outcome()).isEqualTo(Outcome.INVALID);
        assertThat(event.sequence()).isEqualTo(1);

        assertThat(service.appliedSequence()).isEqualTo(1);
        assertThat(service.commandsHandled()).isEqualTo(5);
        assertThat(service.ledger().lastCommandId(3)).isEqualTo(2);
    }

    @Test
    void shouldLoadTheLedgerFromTheSnapshotItWrote() {
        final LedgerService written = new LedgerService();
        final Ledger expected = AeronClusterTest.expected(4, 500);
        for (long commandId = 1; commandId <= 500; commandId++) {
            send(written, encodeSample(commandId, 4));
        }
        assertThat(written.ledger().sameStateAs(expected)).isTrue();

        try (EmbeddedAeron embedded = new EmbeddedAeron();
                Subscription subscription = embedded.aeron().addSubscription("aeron:ipc", 77);
                ExclusivePublication publication = embedded.aeron().addExclusivePublication("aeron:ipc", 77)) {
            EmbeddedAeron.awaitConnected(publication, 10_000);
            Polling.await(() -> subscription.imageCount() == 1, () -> "snapshot image", TimeUnit.SECONDS.toNanos(10));
            written.onTakeSnapshot(publication);
            assertThat(written.snapshotsTaken()).isEqualTo(1);

            final LedgerService loaded = new LedgerService();
            loaded.onStart(cluster(), subscription.imageAtIndex(0));

            assertThat(loaded.loadedSnapshotSequence()).isEqualTo(expected.sequence());
            assertThat(loaded.appliedSequence()).isEqualTo(expected.sequence());
            assertThat(loaded.ledger().sameStateAs(expected)).isTrue();
            // The retry of a command from before the snapshot is still known as one.
            assertThat(send(loaded, encodeSample(500, 4)).outcome()).isEqualTo(Outcome.DUPLICATE);
            assertThat(send(loaded, encodeSample(501, 4)).outcome()).isNotIn(Outcome.DUPLICATE, Outcome.OUT_OF_ORDER);
        }
    }

    private int encodeSample(final long commandId, final int client) {
        return encode(commandId, LedgerClient.account(commandId), LedgerClient.amount(commandId), client);
    }

    /** Just enough of a cluster for onStart. */
    private static Cluster cluster() {
        return (Cluster) Proxy.newProxyInstance(
                Cluster.class.getClassLoader(), new Class<?>[] {Cluster.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "idleStrategy":
                            return new BackoffIdleStrategy();
                        case "role":
                            return Cluster.Role.FOLLOWER;
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }
}

package org.flyproto.integrations;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;

/** A UDP port free on loopback at the time of asking, for examples and tests. */
final class FreePort {
    private FreePort() {}

    /**
     * @return a UDP port that was free on the loopback address.
     */
    static int udp() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Several UDP ports, free on loopback at the time of asking and distinct: all are bound at once before any is
     * released.
     *
     * @param count how many.
     * @return the ports.
     */
    static int[] udp(final int count) {
        final DatagramSocket[] sockets = new DatagramSocket[count];
        try {
            final int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                sockets[i] = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                ports[i] = sockets[i].getLocalPort();
            }
            return ports;
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        } finally {
            for (final DatagramSocket socket : sockets) {
                if (socket != null) {
                    socket.close();
                }
            }
        }
    }
}

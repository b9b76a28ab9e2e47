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
}

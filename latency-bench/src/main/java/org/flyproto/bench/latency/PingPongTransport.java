package org.flyproto.bench.latency;

import java.util.Locale;

/** The path a ping-pong's round trip takes ({@code flyproto.bench.pingpong.transport}). */
public enum PingPongTransport {
    /** Aeron IPC between two threads ({@link PingPong}). */
    IPC("ipc", "pingpong", "Aeron IPC", PongerIdle.SPIN),
    /**
     * Through an Aeron Cluster in this JVM ({@link ClusterPingPong}): client, leader, service, egress. Its service
     * containers back off when idle by default: several spinning members would starve each other on a small machine.
     */
    CLUSTER("cluster", "cluster-pingpong", "Aeron Cluster", PongerIdle.BACKOFF);

    private final String label;
    private final String fileStem;
    private final String description;
    private final PongerIdle defaultIdle;

    PingPongTransport(
            final String label, final String fileStem, final String description, final PongerIdle defaultIdle) {
        this.label = label;
        this.fileStem = fileStem;
        this.description = description;
        this.defaultIdle = defaultIdle;
    }

    /**
     * @return the name used in properties.
     */
    public String label() {
        return label;
    }

    /**
     * @return the start of the result files' names: {@code <stem>.csv}, {@code <stem>-summary.md},
     *     {@code <stem>_<library>_round<n>.hdr}.
     */
    String fileStem() {
        return fileStem;
    }

    /**
     * @return how the path is named in titles.
     */
    String description() {
        return description;
    }

    /**
     * @return the ponger's idle strategy unless said otherwise.
     */
    PongerIdle defaultIdle() {
        return defaultIdle;
    }

    /**
     * @param label a transport's label.
     * @return the transport.
     * @throws IllegalArgumentException if there is none.
     */
    public static PingPongTransport of(final String label) {
        for (final PingPongTransport transport : values()) {
            if (transport.label.equals(label.trim().toLowerCase(Locale.ROOT))) {
                return transport;
            }
        }
        throw new IllegalArgumentException("no ping-pong transport " + label + "; one of ipc, cluster");
    }
}

package org.flyproto.integrations;

import java.io.IOException;

/** Runs every integration example in turn: Aeron, Aeron Archive, Aeron Cluster, Agrona ring buffers, Chronicle. */
public final class AllExamples {
    private AllExamples() {}

    /**
     * Runs the examples.
     *
     * @param args ignored.
     * @throws IOException if a temporary file cannot be created.
     */
    public static void main(final String[] args) throws IOException {
        AeronExample.main(args);
        ArchiveExample.main(args);
        ClusterExample.main(args);
        RingBufferExample.main(args);
        ChronicleExample.main(args);
    }
}

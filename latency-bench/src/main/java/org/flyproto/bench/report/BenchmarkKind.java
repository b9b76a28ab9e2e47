package org.flyproto.bench.report;

/** The rows of the comparison table: which flyproto operation is compared with which operation of the peers. */
enum BenchmarkKind {
    /** flyproto's validating {@code wrap} + reading every field, against each peer's decode. */
    VALIDATING_DECODE("validating decode + read all", "decode", "decode"),
    /** flyproto's {@code wrapTrusted} + reading every field, against each peer's (only) decode. */
    TRUSTED_DECODE("trusted decode + read all", "decode-trusted", "decode"),
    /** Encoding every field. */
    ENCODE("encode", "encode", "encode"),
    /** Measuring the message, then encoding it into a claim of exactly that length ({@code tryClaim}). */
    CLAIM("size + encode into a claim", "claim", "claim");

    private final String label;
    private final String operation;
    private final String peerOperation;

    BenchmarkKind(final String label, final String operation, final String peerOperation) {
        this.label = label;
        this.operation = operation;
        this.peerOperation = peerOperation;
    }

    String label() {
        return label;
    }

    /**
     * @return flyproto's operation, as in {@link Measurement#operation()}.
     */
    String operation() {
        return operation;
    }

    /**
     * @return the peers' operation.
     */
    String peerOperation() {
        return peerOperation;
    }
}

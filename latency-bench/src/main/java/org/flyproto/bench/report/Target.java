package org.flyproto.bench.report;

import java.util.List;
import org.flyproto.bench.Library;

/**
 * A column of the comparison table: flyproto ÷ one peer (or ÷ the faster of several, per round), with the ratio
 * flyproto must reach per benchmark kind. NaN: the column has no target for that kind; {@code null}: the column does
 * not apply to it.
 *
 * @param label column heading.
 * @param peers the peer libraries' labels; with several, each round compares with the fastest of them in that round.
 * @param prebuilt whether the peer's operation is protobuf-java's {@code encode-prebuilt} (encode only).
 * @param validatingDecode target for validating decode.
 * @param trustedDecode target for trusted decode.
 * @param encode target for encode.
 * @param claim target for size + encode into a claim.
 */
record Target(
        String label,
        List<String> peers,
        boolean prebuilt,
        Double validatingDecode,
        Double trustedDecode,
        Double encode,
        Double claim) {
    private static final String PROTOBUF_JAVA = Library.PROTOBUF_JAVA.label();
    private static final String QUICKBUF = Library.QUICKBUF.label();
    private static final String LIGHTPROTO = Library.LIGHTPROTO.label();
    private static final String SBE = Library.SBE.label();
    private static final Double NONE = Double.NaN;

    /**
     * The columns, with the targets: validating decode ≥ 2× protobuf-java and ≥ 1.25× the best zero-allocation peer;
     * trusted decode ≥ 1.5× the best zero-allocation peer; encode ≥ 2× protobuf-java's builder path, ≥ 1× its
     * prebuilt message, ≥ 1.25× the best zero-allocation peer; order within 2× of SBE (≥ 0.5). A zero-allocation
     * peer's own column has the best peer's target: the best peer's ratio is the lower of the two in every round.
     * Size + encode into a claim is reported against the protobuf peers without a target yet.
     */
    static final List<Target> COLUMNS = List.of(
            new Target("÷ protobuf-java", List.of(PROTOBUF_JAVA), false, 2.0, NONE, 2.0, NONE),
            new Target("÷ protobuf-java prebuilt", List.of(PROTOBUF_JAVA), true, null, null, 1.0, null),
            new Target("÷ QuickBuffers", List.of(QUICKBUF), false, 1.25, 1.5, 1.25, NONE),
            new Target("÷ LightProto", List.of(LIGHTPROTO), false, 1.25, 1.5, 1.25, NONE),
            new Target("÷ best zero-alloc peer", List.of(QUICKBUF, LIGHTPROTO), false, 1.25, 1.5, 1.25, NONE),
            new Target("÷ SBE", List.of(SBE), false, 0.5, 0.5, 0.5, null));

    /**
     * @param kind a benchmark kind.
     * @return the target ratio, NaN for none, {@code null} if the column does not apply to the kind.
     */
    Double target(final BenchmarkKind kind) {
        return switch (kind) {
            case VALIDATING_DECODE -> validatingDecode;
            case TRUSTED_DECODE -> trustedDecode;
            case ENCODE -> encode;
            case CLAIM -> claim;
        };
    }

    /**
     * @param kind a benchmark kind.
     * @return the peers' operation compared with flyproto's in that kind.
     */
    String peerOperation(final BenchmarkKind kind) {
        return prebuilt ? "encode-prebuilt" : kind.peerOperation();
    }
}

package org.flyproto.bench.report;

import java.util.List;
import org.flyproto.bench.Library;

/**
 * A column of the ratio tables: one flyproto operation against one peer's operation.
 *
 * @param label column heading.
 * @param operation flyproto's operation.
 * @param peer the peer library's label.
 * @param peerOperation the peer's operation.
 */
record Comparison(String label, String operation, String peer, String peerOperation) {
    private static final String PROTOBUF_JAVA = Library.PROTOBUF_JAVA.label();
    private static final String QUICKBUF = Library.QUICKBUF.label();
    private static final String LIGHTPROTO = Library.LIGHTPROTO.label();
    private static final String SBE = Library.SBE.label();

    /** Encode against the protobuf peers. */
    static final List<Comparison> ENCODE = List.of(
            new Comparison("encode ÷ protobuf-java", "encode", PROTOBUF_JAVA, "encode"),
            new Comparison("encode ÷ protobuf-java prebuilt", "encode", PROTOBUF_JAVA, "encode-prebuilt"),
            new Comparison("encode ÷ QuickBuffers", "encode", QUICKBUF, "encode"),
            new Comparison("encode ÷ LightProto", "encode", LIGHTPROTO, "encode"));

    /** Decode, validating and trusted, against the protobuf peers. */
    static final List<Comparison> DECODE = List.of(
            new Comparison("decode ÷ protobuf-java", "decode", PROTOBUF_JAVA, "decode"),
            new Comparison("decode ÷ QuickBuffers", "decode", QUICKBUF, "decode"),
            new Comparison("decode ÷ LightProto", "decode", LIGHTPROTO, "decode"),
            new Comparison("trusted decode ÷ protobuf-java", "decode-trusted", PROTOBUF_JAVA, "decode"),
            new Comparison("trusted decode ÷ QuickBuffers", "decode-trusted", QUICKBUF, "decode"),
            new Comparison("trusted decode ÷ LightProto", "decode-trusted", LIGHTPROTO, "decode"));

    /** The order fixture against SBE. */
    static final List<Comparison> SBE_ORDER = List.of(
            new Comparison("encode ÷ SBE", "encode", SBE, "encode"),
            new Comparison("decode ÷ SBE", "decode", SBE, "decode"),
            new Comparison("trusted decode ÷ SBE", "decode-trusted", SBE, "decode"));
}

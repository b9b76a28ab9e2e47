package org.flyproto.conformance.hostile;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.flyproto.conformance.e2023.TestAllTypesEdition2023;
import org.flyproto.conformance.p2.TestAllTypesProto2;
import org.flyproto.conformance.proto3.AllTypes;

/**
 * The cases of the hostile-input corpus under {@code src/test/resources/corpus/}, as written there by {@link #main}:
 * {@code <schema>/<what is wrong>.bin} for input that must be rejected, {@code <schema>/valid/<what is odd>.bin} for
 * odd input that both flyproto and protobuf-java accept. The checked-in files are the corpus; this class regenerates
 * them, and {@link HostileCorpusTest} checks that every case below is checked in as generated. Files added by hand
 * (a fuzzer's finding, say) need no entry here.
 *
 * <p>Tags used below. proto3 {@code AllTypes}: f_int32 {@code 08}, f_int64 {@code 10}, f_fixed32 {@code 3D}, f_fixed64
 * {@code 41}, f_string {@code 72}, f_bytes {@code 7A}, f_nested {@code 92 01}, f_leaf {@code 9A 01}, p_int32 packed
 * {@code CA 02}, p_fixed32 packed {@code FA 02}, r_string {@code 8A 05}, r_nested {@code 9A 05}, edge_max
 * {@code FD FF FF FF 0F}, unknown field 90 {@code D0 05} to {@code D7 05}; its {@code Nested}: a {@code 08}, b
 * {@code 12}, child {@code 1A}; {@code Leaf}: name {@code 0A}, ids packed {@code 12}. proto2 {@code TestAllTypesProto2}:
 * o_string {@code 72}, o_color {@code 80 01}, OptionalGroup {@code FB 06} … {@code FC 06} holding a {@code 80 07},
 * RepeatedGroup {@code CB 07} … {@code CC 07} holding InnerGroup {@code DB 07} … {@code DC 07}. edition 2023
 * {@code TestAllTypesEdition2023}: e_string {@code 72}, d_nested (delimited) {@code AB 06} … {@code AC 06},
 * unchecked_string {@code CA 07}, choice_string {@code A2 08}, choice_int64 {@code 98 08}. proto2 {@code Features}:
 * names (map&lt;int32, string&gt;) {@code 12}, its entry's key {@code 08} and value {@code 12}.
 */
public final class HostileCorpus {
    /** The depth limit of both flyproto's decoder and protobuf-java's parser. */
    static final int DEPTH_LIMIT = 100;

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    private HostileCorpus() {}

    /**
     * One file of the corpus.
     *
     * @param path  its path under {@code corpus/}.
     * @param bytes its content.
     */
    public record Case(String path, byte[] bytes) {}

    /** @return every generated case. */
    public static List<Case> cases() {
        final List<Case> cases = new ArrayList<>();
        final Cases proto3 = new Cases("proto3", cases);
        proto3.add("truncated-varint", "08 80");
        proto3.add("truncated-varint-after-9-continuation-bytes", "08 FF FF FF FF FF FF FF FF FF");
        proto3.add("truncated-tag", "80");
        proto3.add("tag-without-value", "08");
        proto3.add("truncated-length", "72 85");
        proto3.add("truncated-fixed32", "3D 01 02 03");
        proto3.add("truncated-fixed64", "41 01 02 03 04 05 06 07");
        proto3.add("overlong-varint-11-bytes", "08 FF FF FF FF FF FF FF FF FF FF 01");
        proto3.add("overlong-length-11-bytes", "72 80 80 80 80 80 80 80 80 80 80 00");
        proto3.add("overlong-tag-11-bytes", "88 80 80 80 80 80 80 80 80 80 00 01");
        proto3.add("length-past-the-end", "72 05 61 62 63");
        proto3.add("length-one-past-the-end", "72 04 61 62 63");
        proto3.add("length-2-pow-31-minus-1", "72 FF FF FF FF 07 61");
        proto3.add("negative-length-minus-1", "72 FF FF FF FF 0F");
        proto3.add("negative-length-min-int", "72 80 80 80 80 08");
        proto3.add("negative-length-minus-1-in-10-bytes", "72 FF FF FF FF FF FF FF FF FF 01");
        proto3.add("wire-type-6", "0E 01");
        proto3.add("wire-type-7", "0F");
        proto3.add("wire-type-7-unknown-field", "D7 05");
        proto3.add("field-number-0", "00 01");
        proto3.add("field-number-0-length-delimited", "02 00");
        proto3.add("field-number-above-2-pow-29-minus-1", "88 80 80 80 10 01");
        proto3.add("tag-longer-than-5-bytes", "88 80 80 80 80 00 01");
        proto3.add("64-bit-varint-whose-10th-byte-continues", "10 FF FF FF FF FF FF FF FF FF FF 08 01");
        proto3.add("unmatched-end-group", "0C");
        proto3.add("unmatched-end-group-after-a-field", "08 01 0C");
        proto3.add("end-group-with-the-wrong-number", "0B 14");
        proto3.add("group-never-closed", "0B 08 01");
        proto3.add("inner-group-closed-outer-never", "0B 13 14");
        proto3.add("invalid-utf8-in-string", "72 02 C0 80");
        proto3.add("invalid-utf8-surrogate-in-string", "72 03 ED A0 80");
        proto3.add("invalid-utf8-in-repeated-string", "8A 05 01 FF");
        proto3.add("packed-fixed32-of-length-6", "FA 02 06 01 02 03 04 05 06");
        proto3.add("packed-varint-whose-last-varint-is-cut", "CA 02 02 01 80");
        proto3.add("packed-varint-run-past-the-end", "CA 02 03 01 02");
        proto3.add("nesting-deeper-than-the-limit", proto3Chain(DEPTH_LIMIT + 1));
        proto3.add("nesting-deeper-than-the-limit-in-unknown-groups", unknownGroups(DEPTH_LIMIT + 1));
        // The defect inside a nested message.
        proto3.add("nested-truncated-varint", "92 01 02 08 80");
        proto3.add("nested-truncated-fixed32-two-levels-down", "92 01 06 1A 04 3D 01 02 03");
        proto3.add("nested-message-past-its-parent", "92 01 03 1A 05 08 08 01 08 01");
        proto3.add("nested-length-past-its-message", "92 01 03 12 05 61");
        proto3.add("nested-negative-length", "92 01 06 12 FF FF FF FF 0F");
        proto3.add("nested-overlong-varint", "92 01 0C 08 FF FF FF FF FF FF FF FF FF FF 01");
        proto3.add("nested-wire-type-7", "92 01 01 0F");
        proto3.add("nested-field-number-0", "9A 01 02 00 01");
        proto3.add("nested-tag-longer-than-5-bytes", "9A 01 07 88 80 80 80 80 00 01");
        proto3.add("nested-unmatched-end-group", "92 01 01 0C");
        proto3.add("nested-group-never-closed", "92 01 01 0B");
        proto3.add("nested-invalid-utf8-in-string", "92 01 03 12 01 FF");
        proto3.add("nested-invalid-utf8-in-leaf-name", "9A 01 03 0A 01 FF");
        proto3.add("nested-invalid-utf8-in-repeated-element", "9A 05 03 12 01 FF");
        proto3.add("nested-packed-varint-whose-last-varint-is-cut", "9A 01 04 12 02 01 80");
        // Known defect, found by fuzzing: the string of an earlier occurrence of a merged message is not validated.
        proto3.add("merged-message-earlier-occurrence-invalid-utf8", "9A 01 03 0A 01 FF 9A 01 03 0A 01 61");
        proto3.add("merged-nested-earlier-occurrence-invalid-utf8", "92 01 03 12 01 FF 92 01 03 12 01 61");

        proto3.add("valid/empty", "");
        proto3.add("valid/10-byte-int32-varint", "08 81 80 80 80 80 80 80 80 80 00");
        proto3.add("valid/10-byte-int64-minus-1", "10 FF FF FF FF FF FF FF FF FF 01");
        proto3.add("valid/10-byte-length", "72 81 80 80 80 80 80 80 80 80 00 61");
        proto3.add("valid/5-byte-tag-padded", "88 80 80 80 00 01");
        proto3.add("valid/field-number-2-pow-29-minus-1", "FD FF FF FF 0F 01 02 03 04");
        proto3.add(
                "valid/unknown-fields-of-every-wire-type",
                "D0 05 01 D1 05 01 02 03 04 05 06 07 08 D2 05 01 61" + " D3 05 08 01 D4 05 D5 05 01 02 03 04");
        proto3.add("valid/packed-and-expanded-mixed", "CA 02 02 01 02 C8 02 03 CA 02 01 04");
        proto3.add("valid/singular-message-twice-merged", "92 01 02 08 01 92 01 03 12 01 61");
        proto3.add("valid/last-scalar-wins", "08 01 08 02 72 01 61 72 01 62");
        proto3.add("valid/nesting-at-the-limit", proto3Chain(DEPTH_LIMIT));
        proto3.add("valid/nesting-at-the-limit-in-unknown-groups", unknownGroups(DEPTH_LIMIT));

        final Cases proto2 = new Cases("proto2", cases);
        proto2.add("truncated-varint-in-group", "FB 06 80 07 80");
        proto2.add("group-never-closed", "FB 06 80 07 01");
        proto2.add("group-closed-by-another-groups-end", "FB 06 CC 07");
        proto2.add("inner-group-closed-by-the-outer-groups-end", "CB 07 DB 07 CC 07");
        proto2.add("unmatched-end-group", "FC 06");
        proto2.add("wire-type-6", "0E 01");
        proto2.add("negative-length-in-group", "FB 06 EA 06 FF FF FF FF 0F FC 06");
        proto2.add("nesting-deeper-than-the-limit", proto2Chain(DEPTH_LIMIT + 1));
        proto2.add("valid/invalid-utf8-in-unvalidated-string", "72 01 FF");
        proto2.add("valid/undeclared-closed-enum-value", "80 01 07");
        proto2.add("valid/groups", "FB 06 80 07 01 FC 06 CB 07 DB 07 DC 07 CC 07");
        proto2.add("valid/nesting-at-the-limit", proto2Chain(DEPTH_LIMIT));

        final Cases edition2023 = new Cases("edition2023", cases);
        edition2023.add("invalid-utf8-in-string", "72 01 FF");
        edition2023.add("invalid-utf8-in-oneof-string", "A2 08 01 FF");
        edition2023.add("delimited-never-closed", "AB 06 08 01");
        edition2023.add("delimited-closed-by-the-wrong-number", "AB 06 08 01 CC 07");
        edition2023.add("delimited-invalid-utf8-in-string", "AB 06 12 01 FF AC 06");
        edition2023.add("nesting-deeper-than-the-limit-delimited", edition2023Chain(DEPTH_LIMIT + 1));
        // Invalid UTF-8 in a oneof string that a later occurrence replaces: rejected, as protobuf-java rejects it.
        edition2023.add("oneof-string-invalid-utf8-replaced-by-the-same-member", "A2 08 01 E6 A2 08 01 08");
        edition2023.add("oneof-string-invalid-utf8-replaced-by-another-member", "A2 08 01 FF 98 08 01");
        // ... also inside a merged message: d_nested twice, each with a child, the first child's string replaced.
        edition2023.add(
                "oneof-string-invalid-utf8-replaced-inside-a-merged-message",
                "AB 06 1B A2 08 01 FF 1C AC 06 AB 06 1B 98 08 01 1C AC 06");
        edition2023.add("valid/invalid-utf8-in-unchecked-string", "CA 07 01 FF");
        edition2023.add("valid/nesting-at-the-limit-delimited", edition2023Chain(DEPTH_LIMIT));

        final Cases features = new Cases("features", cases);
        features.add("map-entry-past-the-end", "12 06 08 01 12 01 61");
        features.add("map-entry-value-past-its-entry", "12 04 08 01 12 03 12 02 08 02");
        features.add("map-entry-key-cut-by-its-entry", "12 02 08 80 08 01");
        features.add("map-entry-wire-type-7", "12 01 0F");
        features.add("map-entry-negative-length", "12 FF FF FF FF 0F 08 01");
        return cases;
    }

    /**
     * Writes every case under {@code <module>/src/test/resources/corpus/}.
     *
     * @param args the module directory (default: the current directory).
     * @throws IOException if a file cannot be written.
     */
    public static void main(final String[] args) throws IOException {
        final Path corpus = Path.of(args.length > 0 ? args[0] : ".").resolve("src/test/resources/corpus");
        for (final Case c : cases()) {
            final Path file = corpus.resolve(c.path());
            Files.createDirectories(file.getParent());
            Files.write(file, c.bytes());
        }
    }

    /** Collects the cases of one schema directory. */
    private record Cases(String directory, List<Case> cases) {
        void add(final String name, final String hex) {
            add(name, HEX.parseHex(hex.replaceAll("\\s+", " ").strip()));
        }

        void add(final String name, final byte[] bytes) {
            cases.add(new Case(directory + "/" + name + ".bin", bytes));
        }
    }

    /** An {@code AllTypes} with {@code depth} messages below it: f_nested, child, f_nested, child, … */
    static byte[] proto3Chain(final int depth) {
        AllTypes.Nested nested = null;
        AllTypes message = null;
        for (int level = depth; level >= 1; level--) {
            if (level % 2 == 1) {
                final AllTypes.Nested.Builder b = AllTypes.Nested.newBuilder().setA(level);
                if (message != null) {
                    b.setChild(message);
                }
                nested = b.build();
                message = null;
            } else {
                final AllTypes.Builder b = AllTypes.newBuilder().setFInt32(level);
                if (nested != null) {
                    b.setFNested(nested);
                }
                message = b.build();
                nested = null;
            }
        }
        final AllTypes.Builder root = AllTypes.newBuilder().setFInt32(-1);
        if (nested != null) {
            root.setFNested(nested);
        }
        return root.build().toByteArray();
    }

    /** f_int32 = 5, then unknown groups of field 90, {@code depth} deep. */
    static byte[] unknownGroups(final int depth) {
        final ByteString.Output out = ByteString.newOutput();
        out.write(0x08);
        out.write(0x05);
        for (int i = 0; i < depth; i++) {
            out.write(0xD3);
            out.write(0x05);
        }
        for (int i = 0; i < depth; i++) {
            out.write(0xD4);
            out.write(0x05);
        }
        return out.toByteString().toByteArray();
    }

    /** A {@code TestAllTypesProto2} with {@code depth} messages below it, through its {@code recursive} field. */
    static byte[] proto2Chain(final int depth) {
        TestAllTypesProto2 message =
                TestAllTypesProto2.newBuilder().setOInt32(depth).build();
        for (int level = depth - 1; level >= 0; level--) {
            message = TestAllTypesProto2.newBuilder()
                    .setOInt32(level)
                    .setRecursive(message)
                    .build();
        }
        return message.toByteArray();
    }

    /**
     * A {@code TestAllTypesEdition2023} with {@code depth} messages below it, all delimited (group-encoded): d_nested,
     * child, d_nested, child, …
     */
    static byte[] edition2023Chain(final int depth) {
        TestAllTypesEdition2023.Nested nested = null;
        TestAllTypesEdition2023 message = null;
        for (int level = depth; level >= 1; level--) {
            if (level % 2 == 1) {
                final TestAllTypesEdition2023.Nested.Builder b =
                        TestAllTypesEdition2023.Nested.newBuilder().setA(level);
                if (message != null) {
                    b.setChild(message);
                }
                nested = b.build();
                message = null;
            } else {
                final TestAllTypesEdition2023.Builder b =
                        TestAllTypesEdition2023.newBuilder().setEInt32(level);
                if (nested != null) {
                    b.setDNested(nested);
                }
                message = b.build();
                nested = null;
            }
        }
        final TestAllTypesEdition2023.Builder root =
                TestAllTypesEdition2023.newBuilder().setEInt32(-1);
        if (nested != null) {
            root.setDNested(nested);
        }
        return root.build().toByteArray();
    }
}

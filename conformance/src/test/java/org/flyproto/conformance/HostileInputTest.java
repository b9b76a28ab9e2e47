package org.flyproto.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.flyproto.conformance.HostileBytes.concat;
import static org.flyproto.conformance.HostileBytes.hex;
import static org.flyproto.conformance.HostileBytes.regions;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.BoolCursor;
import org.flyproto.codec.DoubleCursor;
import org.flyproto.codec.EnumCursor;
import org.flyproto.codec.FloatCursor;
import org.flyproto.codec.IntCursor;
import org.flyproto.codec.LongCursor;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.StringCursor;
import org.flyproto.conformance.HostileBytes.Region;
import org.flyproto.conformance.proto2.Plain;
import org.flyproto.conformance.proto2.flyproto.PlainDecoder;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedDecoder;
import org.flyproto.conformance.proto3.flyproto.LeafDecoder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hand-crafted malformed input: every case must raise {@link ProtoDecodeException} (never an
 * {@link IndexOutOfBoundsException} or anything else) with an offset inside the wrapped region, over every buffer kind,
 * with the region at a non-zero offset inside a larger buffer and alone in a buffer of exactly its size.
 *
 * <p>Where the region is embedded, it is followed by a continuation: bytes that would complete the input, so that a
 * decoder reading past the end of its region would accept it instead of failing (checked for each case). Offsets in
 * the tables are relative to the start of the region.
 *
 * <p>Field tags used below: f_int32 {@code 08}, f_int64 {@code 10}, f_fixed32 {@code 3D}, f_fixed64 {@code 41},
 * f_double {@code 61}, f_bool {@code 68}, f_string {@code 72}, f_bytes {@code 7A}, f_color {@code 80 01}, f_nested
 * {@code 92 01}, f_leaf {@code 9A 01}, o_string {@code 92 02}, p_int32 packed {@code CA 02}, p_fixed32 packed
 * {@code FA 02}, r_string {@code 8A 05}, r_nested {@code 9A 05}, r_leaf {@code A2 05}, edge_2048 {@code 82 80 01}, and
 * the unknown field 90 with wire types 0 to 7: {@code D0 05} to {@code D7 05}.
 */
@Tag("hostile")
class HostileInputTest {
    private static final int LIMIT = 100;

    private final AllTypesDecoder decoder = new AllTypesDecoder();

    // ---------------------------------------------------------------------------------------------------------------
    // Structure of the message itself: both wrap and wrapTrusted reject at wrap time

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_int32 cut after a continuation byte       | 08 80                         | 01 | 1
            f_int32 cut after 9 continuation bytes      | 08 FF FF FF FF FF FF FF FF FF | 01 | 1
            f_int32 tag with no value                   | 08                            | 01 | 1
            f_int64 cut, after another field            | 08 01 10 80 80                | 01 | 3
            f_bool cut                                  | 68 FF                         | 00 | 1
            unknown varint cut                          | D0 05 80                      | 01 | 2
            unpacked u_int32 element cut                | E8 03 80 80                   | 01 | 2
            """)
    void shouldRejectTruncatedVarint(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            2-byte tag of f_color cut                   | 80                            | 01 01 | 0
            2-byte tag of f_nested cut after a field    | 08 01 92                      | 01 00 | 2
            5-byte tag cut after 4 bytes                | F8 FF FF FF                   | 0F 01 | 0
            """)
    void shouldRejectTruncatedTag(final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_string length cut                         | 72 85          | 00 68 65 6C 6C 6F | 1
            f_string with no length                     | 72             | 01 61             | 1
            f_nested length cut                         | 92 01 82       | 00 08 01          | 2
            unknown field length cut                    | D2 05 81       | 00 61             | 2
            p_int32 run length cut                      | CA 02 81       | 00 01             | 2
            """)
    void shouldRejectTruncatedLengthPrefix(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_fixed32 with 3 of 4 bytes                 | 3D 01 02 03             | 04                   | 1
            f_fixed32 with no bytes                     | 3D                      | 01 02 03 04          | 1
            f_fixed64 with 7 of 8 bytes                 | 41 01 02 03 04 05 06 07 | 08                   | 1
            f_double with 1 of 8 bytes                  | 61 01                   | 02 03 04 05 06 07 08 | 1
            unpacked u_fixed32 element with 3 bytes     | 9D 04 01 02 03          | 04                   | 2
            unknown fixed32 with 2 bytes                | D5 05 01 02             | 03 04                | 2
            unknown fixed64 with 1 byte                 | D1 05 01                | 02 03 04 05 06 07 08 | 2
            """)
    void shouldRejectTruncatedFixed32AndFixed64(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_string 2 bytes past the end               | 72 05 61 62 63        | 64 65 | 1
            f_string exactly 1 byte past the end        | 72 04 61 62 63        | 64    | 1
            f_bytes exactly 1 byte past the end         | 7A 01                 | FF    | 1
            f_nested exactly 1 byte past the end        | 92 01 02 08           | 01    | 2
            f_nested 4 bytes past the end               | 92 01 06 08 01        | 10 01 18 01 | 2
            p_int32 run exactly 1 byte past the end     | CA 02 02 01           | 01    | 2
            r_string exactly 1 byte past the end        | 8A 05 01              | 61    | 2
            unknown field exactly 1 byte past the end   | D2 05 02 61           | 62    | 2
            f_string of length 2^31-1                   | 72 FF FF FF FF 07 61  |       | 1
            """)
    void shouldRejectLengthPastTheEndOfTheRegion(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_string -1 in 5 bytes                      | 72 FF FF FF FF 0F                   | | 1
            f_string MIN_VALUE in 5 bytes               | 72 80 80 80 80 08                   | | 1
            f_string -1 in 10 bytes                     | 72 FF FF FF FF FF FF FF FF FF 01    | | 1
            f_nested -1 in 10 bytes                     | 92 01 FF FF FF FF FF FF FF FF FF 01 | | 2
            p_int32 run -1 in 5 bytes                   | CA 02 FF FF FF FF 0F                | | 2
            p_fixed32 run -4 in 5 bytes                 | FA 02 FC FF FF FF 0F                | | 2
            r_string MIN_VALUE in 10 bytes              | 8A 05 80 80 80 80 F8 FF FF FF FF 01 | | 2
            unknown field -1 in 5 bytes                 | D2 05 FF FF FF FF 0F                | | 2
            """)
    void shouldRejectNegativeLength(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_int32 value of 11 bytes                   | 08 FF FF FF FF FF FF FF FF FF FF 01    | | 1
            f_int64 zero padded to 11 bytes             | 10 80 80 80 80 80 80 80 80 80 80 00    | | 1
            unknown varint of 11 bytes                  | D0 05 FF FF FF FF FF FF FF FF FF FF 01 | | 2
            f_string length of 11 bytes                 | 72 FF FF FF FF FF FF FF FF FF FF 01    | | 1
            f_nested length zero padded to 11 bytes     | 92 01 80 80 80 80 80 80 80 80 80 80 00 | | 2
            unknown field length of 11 bytes            | D2 05 80 80 80 80 80 80 80 80 80 80 00 | | 2
            tag of 11 bytes                             | 88 80 80 80 80 80 80 80 80 80 00 01    | | 0
            """)
    void shouldRejectOverlongVarint(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            field 1 wire type 6                         | 0E 01       | | 0
            field 1 wire type 7                         | 0F          | | 0
            unknown field wire type 6                   | D6 05 01    | | 0
            unknown field wire type 7                   | D7 05       | | 0
            wire type 7 after a valid field             | 08 01 0F    | | 2
            wire type 6 inside a group                  | 0B 0E 01 0C | | 1
            """)
    void shouldRejectWireTypes6And7(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            field 0 varint                              | 00 01          | | 0
            field 0 length-delimited                    | 02 00          | | 0
            field 0 fixed32                             | 05 01 02 03 04 | | 0
            field 0 START_GROUP                         | 03 04          | | 0
            field 0 END_GROUP                           | 04             | | 0
            field 0 inside a group                      | 0B 00 01 0C    | | 1
            field 0 after a valid field                 | 08 01 00 01    | | 2
            """)
    void shouldRejectFieldNumber0(final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    /**
     * Stricter than protobuf-java on purpose (protobuf's conformance suite requires it): protobuf-java reads the low 32
     * bits of a tag varint of up to 10 bytes, so it accepts all of these, as asserted here.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            5-byte tag whose 5th byte is 0x10           | 88 80 80 80 10 01             | 0
            5-byte tag whose 5th byte is 0x1F           | F8 FF FF FF 1F 01             | 0
            5-byte tag whose 5th byte is 0x7F           | 88 80 80 80 7F 01             | 0
            6-byte tag: field 1 padded                  | 88 80 80 80 80 00 01          | 0
            10-byte tag: field 1 padded                 | 88 80 80 80 80 80 80 80 80 00 01 | 0
            6-byte tag after a valid field              | 08 01 88 80 80 80 80 00 01    | 2
            6-byte tag inside a group                   | 0B 88 80 80 80 80 00 01 0C    | 1
            """)
    void shouldRejectFieldNumberAbove2To29Minus1AndTagLongerThan5BytesThatProtobufJavaAccepts(
            final String name, final String input, final int offset) {
        assertThatCode(() -> AllTypes.parseFrom(hex(input)))
                .as("protobuf-java accepts %s", input)
                .doesNotThrowAnyException();
        assertBothWrapsReject(input, null, offset);
    }

    /**
     * A documented divergence, where protobuf-java is the lax one: protobuf-java 4.x reads a 64-bit varint (int64,
     * uint64, sint64, bool, unknown varint fields, elements of their packed runs) as at most 10 bytes whatever the
     * continuation bit of the 10th, and goes on with the next byte; flyproto rejects the varint as longer than 10
     * bytes, as protobuf's CodedInputStream does. (For 32-bit varints protobuf-java rejects it too.)
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_int64 -1 whose 10th byte continues into f_int32       | 10 FF FF FF FF FF FF FF FF FF FF 08 01    | 1
            f_bool whose 10th byte continues into f_int32           | 68 80 80 80 80 80 80 80 80 80 81 08 01    | 1
            unknown varint whose 10th byte continues into f_int32   | D0 05 FF FF FF FF FF FF FF FF FF FF 08 01 | 2
            """)
    void shouldRejectA64BitVarintWhose10thByteContinuesThoughProtobufJavaAcceptsIt(
            final String name, final String input, final int offset) {
        assertThatCode(() -> AllTypes.parseFrom(hex(input)))
                .as("protobuf-java accepts %s", input)
                .doesNotThrowAnyException();
        assertBothWrapsReject(input, null, offset);
    }

    @Test
    void shouldRejectAPackedInt64RunWhose10thByteContinuesThoughProtobufJavaAcceptsIt() throws Exception {
        // p_int64 run of 12 bytes: -1 in 10 bytes whose 10th continues, then 1, 1 (protobuf-java reads -1, 1, 1).
        final byte[] bytes = hex("D2 02 0C FF FF FF FF FF FF FF FF FF FF 01 01");
        assertThat(AllTypes.parseFrom(bytes).getPInt64List()).isEqualTo(List.of(-1L, 1L, 1L));
        for (final Region r : regions(bytes, new byte[0])) {
            assertRelativeOffset(assertDecodeException(() -> wrap(r, false), r, "wrap"), r, 3);
            assertRelativeOffset(assertDecodeException(() -> iterate(wrap(r, true), "pInt64"), r, "trusted"), r, 3);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            field 1 END_GROUP                           | 0C       | | 0
            END_GROUP after a valid field               | 08 01 0C | | 2
            unknown field END_GROUP                     | D4 05    | | 0
            END_GROUP after a closed group              | 0B 0C 0C | | 2
            """)
    void shouldRejectUnmatchedEndGroupAtTopLevel(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            group 1 closed by field 2                   | 0B 14             | | 1
            group 90 closed by 91 after content         | D3 05 08 01 DC 05 | | 4
            inner group 2 closed by field 1             | 0B 13 0C 14       | | 2
            """)
    void shouldRejectEndGroupWithTheWrongFieldNumber(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            group 1 with content                        | 0B 08 01 | 0C    | 3
            empty group 90                              | D3 05    | D4 05 | 2
            inner group closed, outer not               | 0B 13 14 | 0C    | 3
            """)
    void shouldRejectGroupNeverClosed(
            final String name, final String input, final String continuation, final int offset) {
        assertRejectedLikeProtobufJava(input, continuation, offset);
    }

    @Test
    void shouldAcceptTenByteVarintsAndTheLargestFieldNumberAsProtobufJavaDoes() throws Exception {
        // f_int32 = 1 padded to 10 bytes, an empty f_string whose length is padded to 10 bytes, edge_max (2^29-1).
        final byte[] input = hex(
                "08 81 80 80 80 80 80 80 80 80 00 72 80 80 80 80 80 80 80 80 80 00" + " FD FF FF FF 0F 01 02 03 04");
        final AllTypes expected = AllTypes.parseFrom(input);
        assertThat(expected.getFInt32()).isEqualTo(1);
        assertThat(expected.getEdgeMax()).isEqualTo(0x04030201);
        for (final Region r : regions(input, hex("01"))) {
            assertThat(AllTypesMirror.read(decoder.wrap(r.buffer(), r.offset(), r.length())))
                    .as("%s", r)
                    .isEqualTo(expected);
            assertThat(AllTypesMirror.read(decoder.wrapTrusted(r.buffer(), r.offset(), r.length())))
                    .as("%s", r)
                    .isEqualTo(expected);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Nested messages: validating wrap rejects the root, trusted wrap accepts it and opening the nested message fails

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            f_nested.child runs past the end of f_nested    | 92 01 03 1A 05 08 08 01 08 01 | 4 | fNested
            wire type 7 inside f_nested                     | 92 01 02 0F 00 08 01          | 3 | fNested
            varint cut by the end of f_nested               | 92 01 02 08 80 08 01          | 4 | fNested
            field number 0 inside f_leaf                    | 9A 01 02 00 01                | 3 | fLeaf
            END_GROUP inside f_nested.child                 | 92 01 03 1A 01 0C 08 01       | 5 | fNested.child
            group never closed inside an r_nested element   | 9A 05 03 0B 08 01 9A 05 00    | 6 | rNested
            string past the end of an r_leaf element        | A2 05 02 0A 04 08 01 08 01    | 4 | rLeaf
            packed run cut mid-varint inside f_leaf.ids     | 9A 01 04 12 02 01 80 08 01    | 6 | fLeaf.ids
            """)
    void shouldRejectGarbageInsideANestedMessageAtValidatingWrapAndWhenOpenedTrusted(
            final String name, final String input, final int offset, final String path) {
        final byte[] bytes = hex(input);
        assertThatThrownBy(() -> AllTypes.parseFrom(bytes)).isInstanceOf(InvalidProtocolBufferException.class);
        for (final Region r : regions(bytes, new byte[0])) {
            final ProtoDecodeException e = assertDecodeException(() -> wrap(r, false), r, "wrap of " + input);
            assertRelativeOffset(e, r, offset);

            final AllTypesDecoder trusted = wrap(r, true);
            final ProtoDecodeException opened =
                    assertDecodeException(() -> open(trusted, path), r, "trusted " + path + " of " + input);
            assertRelativeOffset(opened, r, offset);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Packed runs

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            p_int32 run ends inside its 2nd varint              | CA 02 02 01 80 08 01                   | 4 | pInt32
            p_int64 run ends inside its 1st varint              | D2 02 01 FF 08 01                      | 3 | pInt64
            p_sint64 run ends inside its 2nd varint             | F2 02 02 02 FF 08 01                   | 4 | pSint64
            p_bool run ends inside its 3rd varint               | AA 03 03 01 00 80 08 01                | 5 | pBool
            p_color run ends inside a 10-byte negative          | B2 03 05 FF FF FF FF FF 08 01          | 3 | pColor
            packed u_int32 run ends inside its 2nd varint       | EA 03 02 01 80 08 01                   | 4 | uInt32
            edge_packed_max run ends inside its 2nd varint      | F2 FF FF FF 0F 02 01 80 08 01          | 7 | edgePackedMax
            p_int32 run holding an 11-byte varint               | CA 02 0B FF FF FF FF FF FF FF FF FF FF 01 08 01 | 3 | pInt32
            """)
    void shouldRejectPackedVarintRunEndingMidElement(
            final String name, final String input, final int offset, final String field) {
        final byte[] bytes = hex(input);
        assertThatThrownBy(() -> AllTypes.parseFrom(bytes)).isInstanceOf(InvalidProtocolBufferException.class);
        for (final Region r : regions(bytes, new byte[0])) {
            final ProtoDecodeException e = assertDecodeException(() -> wrap(r, false), r, "wrap of " + input);
            assertRelativeOffset(e, r, offset);

            final AllTypesDecoder trusted = wrap(r, true);
            final ProtoDecodeException iterated =
                    assertDecodeException(() -> iterate(trusted, field), r, "trusted " + field + " of " + input);
            assertRelativeOffset(iterated, r, offset);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            p_fixed32 run of 3 bytes                    | FA 02 03 01 02 03 08 01                      | pFixed32
            p_fixed32 run of 5 bytes                    | FA 02 05 01 02 03 04 05 08 01                | pFixed32
            p_fixed64 run of 7 bytes                    | 82 03 07 01 02 03 04 05 06 07 08 01          | pFixed64
            p_float run of 6 bytes                      | 9A 03 06 00 00 80 3F 00 00 08 01             | pFloat
            p_double run of 9 bytes                     | A2 03 09 00 00 00 00 00 00 F0 3F 00 08 01    | pDouble
            packed u_fixed32 run of 5 bytes             | 9A 04 05 01 02 03 04 05 08 01                | uFixed32
            """)
    void shouldRejectPackedFixedRunWhoseLengthIsNotAMultipleOfTheElementSize(
            final String name, final String input, final String field) {
        final byte[] bytes = hex(input);
        assertThatThrownBy(() -> AllTypes.parseFrom(bytes)).isInstanceOf(InvalidProtocolBufferException.class);
        for (final Region r : regions(bytes, new byte[0])) {
            final ProtoDecodeException e = assertDecodeException(() -> wrap(r, false), r, "wrap of " + input);
            // The run's length prefix, at 2.
            assertRelativeOffset(e, r, 2);

            // Trusted decode may check the length at wrap or when the run is iterated, but must not yield a value.
            assertDecodeException(() -> iterate(wrap(r, true), field), r, "trusted " + field + " of " + input);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Nesting depth

    @ParameterizedTest(name = "messages {0} levels deep")
    @ValueSource(ints = {LIMIT, LIMIT + 1})
    void shouldAgreeWithProtobufJavaOnTheNestingLimit(final int levels) {
        final byte[] bytes = chain(levels, UnknownFieldSet.getDefaultInstance()).toByteArray();
        final boolean protobufAccepts = protobufJavaAccepts(bytes);
        assertThat(protobufAccepts)
                .as("protobuf-java accepts %d levels", levels)
                .isEqualTo(levels <= LIMIT);
        for (final Region r : regions(bytes, new byte[0])) {
            if (protobufAccepts) {
                assertThat(AllTypesMirror.read(wrap(r, false))).as("%s", r).isEqualTo(parse(bytes));
                assertThat(AllTypesMirror.read(wrap(r, true))).as("%s", r).isEqualTo(parse(bytes));
                assertThat(openDeepest(wrap(r, true))).isEqualTo(levels);
            } else {
                assertDecodeException(() -> wrap(r, false), r, "wrap, " + levels + " levels");
                // Trusted: each level is checked when opened; the first 100 open.
                final AllTypesDecoder trusted = wrap(r, true);
                final int[] opened = {0};
                assertDecodeException(() -> openDeepest(trusted, opened), r, "trusted, " + levels + " levels");
                assertThat(opened[0])
                        .as("levels opened before the limit, %s", r)
                        .isEqualTo(LIMIT);
            }
        }
    }

    @ParameterizedTest(name = "unknown groups {0} levels deep")
    @ValueSource(ints = {LIMIT, LIMIT + 1})
    void shouldAgreeWithProtobufJavaOnTheNestingLimitForUnknownGroups(final int levels) {
        final byte[] bytes = AllTypes.newBuilder()
                .setFInt32(5)
                .setUnknownFields(groups(levels))
                .build()
                .toByteArray();
        assertGroupDepthVerdictAgrees(bytes, levels <= LIMIT, "groups " + levels);
    }

    @ParameterizedTest(name = "unknown groups {0} levels deep inside messages 60 levels deep")
    @ValueSource(ints = {LIMIT - 60, LIMIT - 60 + 1})
    void shouldCountMessagesAndGroupsTogetherTowardsTheNestingLimit(final int groupLevels) {
        final byte[] bytes = chain(60, groups(groupLevels)).toByteArray();
        final boolean accepted = 60 + groupLevels <= LIMIT;
        assertThat(protobufJavaAccepts(bytes)).isEqualTo(accepted);
        for (final Region r : regions(bytes, new byte[0])) {
            if (accepted) {
                assertThat(AllTypesMirror.read(wrap(r, false))).isEqualTo(withoutUnknownFields(bytes));
            } else {
                assertDecodeException(() -> wrap(r, false), r, "wrap");
                final AllTypesDecoder trusted = wrap(r, true);
                final int[] opened = {0};
                // The deepest message holds the groups: opening it is what fails.
                assertDecodeException(() -> openDeepest(trusted, opened), r, "trusted");
                assertThat(opened[0]).isEqualTo(59);
            }
        }
    }

    /**
     * Unknown groups at the root count from depth 1, wherever they sit among the root's fields; protobuf-java accepts
     * 100 of them between two r_nested elements, and so does flyproto's wrap, so iterating r_nested must too.
     */
    @Test
    void shouldIterateRepeatedMessagesAcrossUnknownGroupsAtTheNestingLimit() {
        final byte[] element1 = hex("9A 05 02 08 01");
        final byte[] element2 = hex("9A 05 02 08 02");
        final byte[] groups = groups(LIMIT).toByteArray();
        final byte[] bytes = concat(element1, groups, element2);
        assertThat(protobufJavaAccepts(bytes)).isTrue();
        assertThat(parse(bytes).getRNestedCount()).isEqualTo(2);
        for (final Region r : regions(bytes, new byte[0])) {
            for (final boolean trusted : new boolean[] {false, true}) {
                final AllTypesDecoder d = wrap(r, trusted);
                final List<Integer> values = new ArrayList<>();
                assertThatCode(() -> {
                            for (final AllTypesNestedDecoder n = d.rNested(); n.next(); ) {
                                values.add(n.a());
                            }
                        })
                        .as("iterating r_nested, trusted=%s, %s", trusted, r)
                        .doesNotThrowAnyException();
                assertThat(values).isEqualTo(List.of(1, 2));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // UTF-8

    static Stream<Arguments> invalidUtf8() {
        return Stream.of(
                Arguments.of("FF", 0),
                Arguments.of("61 FF 62", 1),
                Arguments.of("C0 80", 0), // overlong NUL
                Arguments.of("C2", 0), // 2-byte sequence cut
                Arguments.of("61 E2 82", 1), // 3-byte sequence cut
                Arguments.of("ED A0 80", 0), // surrogate
                Arguments.of("E0 9F BF", 0), // overlong 3-byte
                Arguments.of("F0 8F BF BF", 0), // overlong 4-byte
                Arguments.of("F4 90 80 80", 0), // above U+10FFFF
                Arguments.of("F0 9F 98", 0), // 4-byte sequence cut
                Arguments.of("80", 0), // lone continuation byte
                Arguments.of("F8 88 80 80 80", 0), // 5-byte form
                Arguments.of("68 C3 A9 6C FE 6F", 4),
                // Past the first 8-byte ASCII stride, and just before the end of the string.
                Arguments.of("61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 FF 62 62 62 62 62 62 62 62 62", 17),
                Arguments.of("61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 E2 82", 15));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUtf8")
    void shouldRejectInvalidUtf8InAProto3StringWhenReadWithTheOffsetOfTheBadByte(
            final String content, final int badIndex) {
        final byte[] text = hex(content);
        // f_int32 = 1, f_string, f_int64 = 2.
        final byte[] bytes = concat(hex("08 01 72"), new byte[] {(byte) text.length}, text, hex("10 02"));
        assertThatThrownBy(() -> AllTypes.parseFrom(bytes)).isInstanceOf(InvalidProtocolBufferException.class);
        for (final Region r : regions(bytes, new byte[0])) {
            final AllTypesDecoder d = wrap(r, false);
            assertThat(d.fInt32()).isEqualTo(1);
            assertThat(d.fInt64()).isEqualTo(2);
            assertRelativeOffset(assertDecodeException(d::fString, r, "fString() of " + content), r, 4 + badIndex);
            assertRelativeOffset(
                    assertDecodeException(d::fStringAsString, r, "fStringAsString() of " + content), r, 4 + badIndex);
            assertDecodeException(() -> AllTypesMirror.read(d), r, "reading every field of " + content);

            final AllTypesDecoder t = wrap(r, true);
            assertReadsAsTheJdkDecodes(t.fString(), text);
            assertThat(t.fStringAsString()).isEqualTo(new String(text, UTF_8));
        }
    }

    /**
     * A trusted view never reads past its string: here the string ends the region and is followed by continuation
     * bytes, or is followed inside the region by an unknown field whose tag bytes are continuation bytes; a view that
     * read on would decode U+20AC or U+1F600 instead of U+FFFD.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            3-byte sequence cut by the end of the region    | 72 02 61 E2                | 82 AC    | 61 E2
            4-byte sequence cut by the end of the region    | 72 03 61 F0 9F             | 98 80    | 61 F0 9F
            3-byte sequence cut by the next field's tag     | 72 02 61 E2 82 AC 01 00    |          | 61 E2
            4-byte sequence cut by the next field's tag     | 72 03 61 F0 9F 98 80 01 00 |          | 61 F0 9F
            """)
    void shouldNeverReadPastAStringWhoseLastSequenceIsCut(
            final String name, final String input, final String continuation, final String content) {
        final byte[] text = hex(content);
        final byte[] bytes = hex(input);
        assertThat(protobufJavaAccepts(bytes)).isFalse();
        for (final Region r : regions(bytes, hex(continuation))) {
            assertRelativeOffset(assertDecodeException(wrap(r, false)::fString, r, name), r, 3);

            final AllTypesDecoder t = wrap(r, true);
            assertReadsAsTheJdkDecodes(t.fString(), text);
            assertThat(t.fString().toString()).isEqualTo("a\uFFFD");
            assertThat(t.fStringAsString()).isEqualTo("a\uFFFD");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            o_string                    | 92 02 01 FF          | 3 | oString
            edge_2048                   | 82 80 01 01 FF       | 4 | edge2048
            f_nested.b                  | 92 01 03 12 01 FF    | 5 | fNested.b
            f_leaf.name                 | 9A 01 03 0A 01 C0    | 5 | fLeaf.name
            f_nested.child.f_string     | 92 01 05 1A 03 72 01 FF | 7 | fNested.child.fString
            r_nested[0].b               | 9A 05 03 12 01 FF    | 5 | rNested.b
            r_leaf[0].name              | A2 05 03 0A 01 ED    | 5 | rLeaf.name
            """)
    void shouldValidateUtf8OfEveryProto3StringFieldWhenRead(
            final String name, final String input, final int offset, final String path) {
        final byte[] bytes = hex(input);
        assertThat(protobufJavaAccepts(bytes)).isFalse();
        for (final Region r : regions(bytes, new byte[0])) {
            final AllTypesDecoder d = wrap(r, false);
            assertRelativeOffset(assertDecodeException(() -> readString(d, path), r, name), r, offset);
            assertThat(readString(wrap(r, true), path)).isEqualTo("\uFFFD");
        }
    }

    @Test
    void shouldRejectInvalidUtf8InARepeatedStringWhenTheCursorReachesIt() {
        // r_string: "ok", 0xFF, "a"
        final byte[] bytes = hex("8A 05 02 6F 6B 8A 05 01 FF 8A 05 01 61");
        assertThat(protobufJavaAccepts(bytes)).isFalse();
        for (final Region r : regions(bytes, new byte[0])) {
            final StringCursor cursor = wrap(r, false).rString();
            assertThat(cursor.next()).isTrue();
            assertThat(cursor.value().toString()).isEqualTo("ok");
            assertRelativeOffset(assertDecodeException(cursor::next, r, "2nd r_string"), r, 8);

            final List<String> trusted = new ArrayList<>();
            for (final StringCursor c = wrap(r, true).rString(); c.next(); ) {
                trusted.add(c.value().toString());
            }
            assertThat(trusted).isEqualTo(List.of("ok", "\uFFFD", "a"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUtf8")
    void shouldAcceptInvalidUtf8InProto2StringsAsProtobufJavaDoes(final String content, final int badIndex)
            throws InvalidProtocolBufferException {
        final byte[] text = hex(content);
        final byte length = (byte) text.length;
        // a = 1, text, texts twice.
        final byte[] bytes = concat(
                hex("08 01 12"), new byte[] {length}, text, hex("3A"), new byte[] {length}, text, hex("3A 01 61"));
        final Plain expected = Plain.parseFrom(bytes);
        assertThat(expected.getText()).isEqualTo(new String(text, UTF_8));
        final PlainDecoder plain = new PlainDecoder();
        for (final Region r : regions(bytes, new byte[0])) {
            for (final boolean trusted : new boolean[] {false, true}) {
                final PlainDecoder d = trusted
                        ? plain.wrapTrusted(r.buffer(), r.offset(), r.length())
                        : plain.wrap(r.buffer(), r.offset(), r.length());
                assertThat(d.a()).isEqualTo(1);
                assertThat(d.hasText()).isTrue();
                assertReadsAsTheJdkDecodes(d.text(), text);
                assertThat(d.textAsString()).isEqualTo(expected.getText());
                final List<String> texts = new ArrayList<>();
                for (final StringCursor c = d.texts(); c.next(); ) {
                    texts.add(c.value().toString());
                }
                assertThat(texts).isEqualTo(expected.getTextsList());
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The region itself

    /** The region is the caller's argument, not bytes: rejected as an argument, as the encoder rejects it. */
    @Test
    void shouldRejectARegionOutsideTheBufferWithIllegalArgumentException() {
        final byte[] message = hex("08 01 10 02");
        for (final BufferKind kind : BufferKind.values()) {
            final MutableDirectBuffer buffer = kind.holding(message, 3);
            final int capacity = buffer.capacity();
            final int[][] bad = {
                {-1, 0},
                {-1, 2},
                {0, -1},
                {3, -4},
                {capacity + 1, 0},
                {capacity, 1},
                {capacity - 1, 2},
                {0, capacity + 1},
                {Integer.MAX_VALUE, 1},
                {1, Integer.MAX_VALUE},
                {Integer.MAX_VALUE, Integer.MAX_VALUE},
                {Integer.MIN_VALUE, 0},
                {Integer.MIN_VALUE, Integer.MAX_VALUE},
            };
            for (final int[] region : bad) {
                for (final boolean trusted : new boolean[] {false, true}) {
                    final Throwable thrown = catchThrowable(() -> {
                        if (trusted) {
                            decoder.wrapTrusted(buffer, region[0], region[1]);
                        } else {
                            decoder.wrap(buffer, region[0], region[1]);
                        }
                    });
                    assertThat(thrown)
                            .as(
                                    "%s of capacity %d, region (%d, %d), trusted=%s",
                                    kind, capacity, region[0], region[1], trusted)
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessage("region of offset " + region[0] + " and length " + region[1]
                                    + " is not inside the buffer of capacity " + capacity);
                }
            }
            // The edges are fine: an empty message at the very end, and the whole buffer.
            assertThat(decoder.wrap(buffer, capacity, 0).fInt32()).isZero();
            assertThat(decoder.wrap(buffer, 3, message.length).fInt64()).isEqualTo(2);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private void assertRejectedLikeProtobufJava(final String input, final String continuation, final int offset) {
        assertThat(protobufJavaAccepts(hex(input)))
                .as("protobuf-java accepts %s", input)
                .isFalse();
        assertBothWrapsReject(input, continuation, offset);
    }

    private void assertBothWrapsReject(final String input, final String continuation, final int offset) {
        final byte[] bytes = hex(input);
        final byte[] rest = hex(continuation);
        if (rest.length > 0) {
            // A decoder that read past the region would have accepted the input.
            final byte[] whole = concat(bytes, rest);
            assertThat(protobufJavaAccepts(whole))
                    .as("continuation completes %s", input)
                    .isTrue();
            assertThatCode(() -> AllTypesMirror.read(decoder.wrap(new UnsafeBuffer(whole), 0, whole.length)))
                    .as("continuation completes %s", input)
                    .doesNotThrowAnyException();
        }
        for (final Region r : regions(bytes, rest)) {
            for (final boolean trusted : new boolean[] {false, true}) {
                final String what = (trusted ? "wrapTrusted of " : "wrap of ") + input;
                assertRelativeOffset(assertDecodeException(() -> wrap(r, trusted), r, what), r, offset);
            }
        }
    }

    private AllTypesDecoder wrap(final Region r, final boolean trusted) {
        return trusted
                ? decoder.wrapTrusted(r.buffer(), r.offset(), r.length())
                : decoder.wrap(r.buffer(), r.offset(), r.length());
    }

    /** Asserts that {@code call} throws {@link ProtoDecodeException} with an offset inside the region. */
    static ProtoDecodeException assertDecodeException(
            final ThrowingCallable call, final Region region, final String what) {
        final Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("%s, in %s", what, region).isInstanceOf(ProtoDecodeException.class);
        final ProtoDecodeException e = (ProtoDecodeException) thrown;
        assertThat(e.offset())
                .as("offset of \"%s\" (%s), in %s", e.getMessage(), what, region)
                .isBetween(region.offset(), region.end());
        return e;
    }

    private static void assertRelativeOffset(final ProtoDecodeException e, final Region region, final int offset) {
        if (offset >= 0) {
            assertThat(e.offset() - region.offset())
                    .as("relative offset of \"%s\", in %s", e.getMessage(), region)
                    .isEqualTo(offset);
        }
    }

    /** The view reads what the JDK decodes from the same bytes, and nothing beyond its length. */
    private static void assertReadsAsTheJdkDecodes(final Utf8View view, final byte[] bytes) {
        final String expected = new String(bytes, UTF_8);
        assertThat(view.byteLength()).isEqualTo(bytes.length);
        assertThat(view.length()).as("length() of %s", hex(bytes)).isEqualTo(expected.length());
        for (int i = 0; i < expected.length(); i++) {
            assertThat(view.charAt(i)).as("charAt(%d) of %s", i, hex(bytes)).isEqualTo(expected.charAt(i));
        }
        assertThat(view.toString()).isEqualTo(expected);
        assertThat(view.contentEquals(expected)).isTrue();
        assertThatThrownBy(() -> view.charAt(expected.length())).isInstanceOf(IndexOutOfBoundsException.class);
    }

    private static void open(final AllTypesDecoder d, final String path) {
        switch (path) {
            case "fNested" -> d.fNested();
            case "fNested.child" -> d.fNested().child();
            case "fLeaf" -> d.fLeaf();
            case "fLeaf.ids" -> {
                for (final LongCursor c = d.fLeaf().ids(); c.next(); ) {
                    c.value();
                }
            }
            case "rNested" -> {
                for (final AllTypesNestedDecoder n = d.rNested(); n.next(); ) {
                    n.a();
                }
            }
            case "rLeaf" -> {
                for (final LeafDecoder l = d.rLeaf(); l.next(); ) {
                    l.colorRaw();
                }
            }
            default -> throw new IllegalArgumentException(path);
        }
    }

    private static String readString(final AllTypesDecoder d, final String path) {
        return switch (path) {
            case "oString" -> d.oString().toString();
            case "edge2048" -> d.edge2048().toString();
            case "fNested.b" -> d.fNested().b().toString();
            case "fLeaf.name" -> d.fLeaf().name().toString();
            case "fNested.child.fString" -> d.fNested().child().fString().toString();
            case "rNested.b" -> {
                final AllTypesNestedDecoder n = d.rNested();
                assertThat(n.next()).isTrue();
                yield n.b().toString();
            }
            case "rLeaf.name" -> {
                final LeafDecoder l = d.rLeaf();
                assertThat(l.next()).isTrue();
                yield l.name().toString();
            }
            default -> throw new IllegalArgumentException(path);
        };
    }

    private static int iterate(final AllTypesDecoder d, final String field) {
        int count = 0;
        switch (field) {
            case "pInt32" -> {
                for (final IntCursor c = d.pInt32(); c.next(); ) count++;
            }
            case "pInt64" -> {
                for (final LongCursor c = d.pInt64(); c.next(); ) count++;
            }
            case "pSint64" -> {
                for (final LongCursor c = d.pSint64(); c.next(); ) count++;
            }
            case "pBool" -> {
                for (final BoolCursor c = d.pBool(); c.next(); ) count++;
            }
            case "pColor" -> {
                for (final EnumCursor<?> c = d.pColor(); c.next(); ) count++;
            }
            case "uInt32" -> {
                for (final IntCursor c = d.uInt32(); c.next(); ) count++;
            }
            case "edgePackedMax" -> {
                for (final IntCursor c = d.edgePackedMax(); c.next(); ) count++;
            }
            case "pFixed32" -> {
                for (final IntCursor c = d.pFixed32(); c.next(); ) count++;
            }
            case "pFixed64" -> {
                for (final LongCursor c = d.pFixed64(); c.next(); ) count++;
            }
            case "pFloat" -> {
                for (final FloatCursor c = d.pFloat(); c.next(); ) count++;
            }
            case "pDouble" -> {
                for (final DoubleCursor c = d.pDouble(); c.next(); ) count++;
            }
            case "uFixed32" -> {
                for (final IntCursor c = d.uFixed32(); c.next(); ) count++;
            }
            default -> throw new IllegalArgumentException(field);
        }
        return count;
    }

    /** Opens f_nested, child, f_nested, ... as deep as they go; returns how many levels were opened. */
    private static int openDeepest(final AllTypesDecoder root) {
        final int[] opened = {0};
        openDeepest(root, opened);
        return opened[0];
    }

    private static void openDeepest(final AllTypesDecoder root, final int[] opened) {
        AllTypesDecoder m = root;
        while (m.hasFNested()) {
            final AllTypesNestedDecoder n = m.fNested();
            opened[0]++;
            if (!n.hasChild()) {
                return;
            }
            m = n.child();
            opened[0]++;
        }
    }

    private void assertGroupDepthVerdictAgrees(final byte[] bytes, final boolean accepted, final String what) {
        assertThat(protobufJavaAccepts(bytes))
                .as("protobuf-java accepts %s", what)
                .isEqualTo(accepted);
        for (final Region r : regions(bytes, new byte[0])) {
            for (final boolean trusted : new boolean[] {false, true}) {
                if (accepted) {
                    assertThat(AllTypesMirror.read(wrap(r, trusted))).isEqualTo(withoutUnknownFields(bytes));
                } else {
                    // Groups of the root are checked at wrap in both modes.
                    assertDecodeException(() -> wrap(r, trusted), r, what + ", trusted=" + trusted);
                }
            }
        }
    }

    /**
     * @param depth  how deep the deepest message is below the root: odd depths are {@code Nested}, even ones
     *     {@code AllTypes}.
     * @param deepestUnknown unknown fields for the deepest message if it is an {@code AllTypes}.
     */
    static AllTypes chain(final int depth, final UnknownFieldSet deepestUnknown) {
        AllTypes inner = depth % 2 == 0
                ? AllTypes.newBuilder()
                        .setFInt32(depth)
                        .setUnknownFields(deepestUnknown)
                        .build()
                : null;
        AllTypes.Nested innerNested = null;
        for (int level = depth; level >= 1; level--) {
            if (level % 2 == 1) {
                final AllTypes.Nested.Builder n = AllTypes.Nested.newBuilder().setA(level);
                if (inner != null) {
                    n.setChild(inner);
                }
                innerNested = n.build();
                inner = null;
            } else if (level != depth) {
                inner = AllTypes.newBuilder()
                        .setFInt32(level)
                        .setFNested(innerNested)
                        .build();
            }
        }
        return depth == 0
                ? inner
                : AllTypes.newBuilder().setFNested(innerNested).build();
    }

    /** Unknown field 100: a group holding a group ... {@code depth} deep, the innermost holding field 1 = 7. */
    static UnknownFieldSet groups(final int depth) {
        UnknownFieldSet set = UnknownFieldSet.newBuilder()
                .addField(1, UnknownFieldSet.Field.newBuilder().addVarint(7).build())
                .build();
        for (int i = 0; i < depth; i++) {
            set = UnknownFieldSet.newBuilder()
                    .addField(
                            100,
                            UnknownFieldSet.Field.newBuilder().addGroup(set).build())
                    .build();
        }
        return set;
    }

    static boolean protobufJavaAccepts(final byte[] bytes) {
        try {
            AllTypes.parseFrom(bytes);
            return true;
        } catch (final InvalidProtocolBufferException e) {
            return false;
        }
    }

    private static AllTypes parse(final byte[] bytes) {
        try {
            return AllTypes.parseFrom(bytes);
        } catch (final InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    private static AllTypes withoutUnknownFields(final byte[] bytes) {
        return HostileMessages.withoutUnknownFields(parse(bytes));
    }
}

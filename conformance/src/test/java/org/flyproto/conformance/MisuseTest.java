package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.BytesCursor;
import org.flyproto.codec.EnumCursor;
import org.flyproto.codec.IntCursor;
import org.flyproto.codec.LongCursor;
import org.flyproto.codec.StringCursor;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedEncoder;
import org.flyproto.conformance.proto3.flyproto.Color;
import org.flyproto.conformance.proto3.flyproto.LeafEncoder;
import org.junit.jupiter.api.Test;

/**
 * What a user hits first, through generated flyweights: a decoder or encoder used before {@code wrap} raises
 * {@link IllegalStateException} naming the message type (never a {@link NullPointerException}); an encoder used out
 * of order names the field being written or ended and the fields still open.
 */
class MisuseTest {
    private static final String ALL_TYPES = "flyproto.test.AllTypes";
    private static final String DECODER_NOT_WRAPPED = ALL_TYPES + " decoder not wrapped: call wrap(buffer, offset,";
    private static final String ENCODER_NOT_WRAPPED = "the encoder is not wrapped: call wrap(buffer, offset)";

    private final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[1024]);

    // ---------------------------------------------------------------------------------------------------------------
    // A decoder before its first wrap

    @Test
    void shouldSayNotWrappedWhenAStringOrBytesFieldIsReadBeforeWrap() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        assertDecoderNotWrapped(decoder::fStringAsString);
        assertDecoderNotWrapped(decoder::oStringAsString);
        assertViewNotWrapped(decoder::fString);
        assertViewNotWrapped(decoder::oString);
        assertViewNotWrapped(decoder::fBytes);
        assertDecoderNotWrapped(decoder::encodedBuffer);
    }

    @Test
    void shouldSayWhichRootIsNotWrappedWhenANestedMessageIsReadBeforeWrap() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        assertDecoderNotWrapped(() -> decoder.fNested().bAsString());
        assertDecoderNotWrapped(() -> decoder.fLeaf().nameAsString());
        assertViewNotWrapped(() -> decoder.fNested().b());
        assertDecoderNotWrapped(() -> decoder.fNested().child().fStringAsString());
    }

    @Test
    void shouldReadRepeatedFieldsOfAnUnwrappedDecoderAsEmpty() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        assertThat(decoder.rNested().next()).isFalse();
        assertThat(decoder.rString().next()).isFalse();
        assertThat(decoder.rBytes().next()).isFalse();
        assertThat(decoder.pInt32().next()).isFalse();
        assertThat(decoder.pInt32().count()).isZero();
    }

    @Test
    void shouldReadCursorsAndViewsNeverHandedOutAsEmpty() {
        assertThat(new IntCursor(1, IntCursor.VARINT).next()).isFalse();
        assertThat(new LongCursor(1, LongCursor.FIXED).count()).isZero();
        assertThat(new EnumCursor<>(1, Color::forNumber).next()).isFalse();
        final StringCursor strings = new StringCursor(1, true);
        assertThat(strings.next()).isFalse();
        assertThat(strings.value().toString()).isEmpty();
        final BytesCursor bytes = new BytesCursor(1);
        assertThat(bytes.next()).isFalse();
        assertThat(bytes.value().length()).isZero();
        assertThat(new Utf8View().toString()).isEmpty();
        assertThat(new BytesView().toByteArray()).isEmpty();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // An encoder before its first wrap

    @Test
    void shouldSayNotWrappedWhenAnEncoderIsWrittenBeforeWrap() {
        final AllTypesEncoder encoder = new AllTypesEncoder();
        assertMisuse(
                () -> encoder.fInt32(1), "cannot write field 1 (f_int32) of " + ALL_TYPES + ": " + ENCODER_NOT_WRAPPED);
        assertMisuse(
                () -> encoder.fString("x"),
                "cannot write field 14 (f_string) of " + ALL_TYPES + ": " + ENCODER_NOT_WRAPPED);
        assertMisuse(
                () -> encoder.pInt32(new int[] {1}),
                "cannot write field 41 (p_int32) of " + ALL_TYPES + ": " + ENCODER_NOT_WRAPPED);
        assertMisuse(
                encoder::beginFNested, "cannot begin field 18 (f_nested) of " + ALL_TYPES + ": " + ENCODER_NOT_WRAPPED);
        assertMisuse(
                encoder::beginPInt32,
                "cannot begin the packed run of field 41 (p_int32) of " + ALL_TYPES + ": " + ENCODER_NOT_WRAPPED);
        assertMisuse(
                encoder::encodedLength, "cannot take the encoded length of " + ALL_TYPES + ": " + ENCODER_NOT_WRAPPED);
        assertMisuse(encoder::encodedBuffer, "cannot read the buffer of " + ALL_TYPES + ": " + ENCODER_NOT_WRAPPED);
        assertMisuse(
                () -> new LeafEncoder().name("x"),
                "cannot write field 1 (name) of flyproto.test.Leaf: " + ENCODER_NOT_WRAPPED);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // An encoder out of order

    @Test
    void shouldNameTheFieldStillOpenWhenTheParentIsWrittenTo() {
        final AllTypesEncoder encoder = new AllTypesEncoder().wrap(buffer, 0);
        encoder.beginFNested().a(1);
        assertMisuse(
                () -> encoder.fInt32(1),
                "cannot write field 1 (f_int32) of " + ALL_TYPES + ": field 18 (f_nested) of " + ALL_TYPES
                        + " (a flyproto.test.AllTypes.Nested) is" + " still open: end it first");
    }

    @Test
    void shouldNameTheFieldBeingEndedAndTheFieldsStillOpenInsideIt() {
        final AllTypesEncoder encoder = new AllTypesEncoder().wrap(buffer, 0);
        encoder.beginFNested().beginChild().beginFLeaf();
        assertMisuse(
                encoder::endFNested,
                "cannot end field 18 (f_nested) of " + ALL_TYPES + ": still open, innermost last: field 3 (child) of"
                        + " flyproto.test.AllTypes.Nested (a " + ALL_TYPES + ") > field 19 (f_leaf) of " + ALL_TYPES
                        + " (a flyproto.test.Leaf); end them first, innermost first");
    }

    @Test
    void shouldNameThePackedRunStillOpen() {
        final AllTypesEncoder encoder = new AllTypesEncoder().wrap(buffer, 0);
        encoder.beginPInt32().addPInt32(1);
        assertMisuse(
                encoder::beginFLeaf,
                "cannot begin field 19 (f_leaf) of " + ALL_TYPES + ": the packed run of field 41 (p_int32) of "
                        + ALL_TYPES + " is still open: end it first");
        assertMisuse(
                () -> encoder.addPInt64(1),
                "cannot add an element to field 42 (p_int64) of " + ALL_TYPES + ": no packed run of it is open");
    }

    @Test
    void shouldSayANestedEncoderWasEndedOrItsRootWrappedAgain() {
        final AllTypesEncoder encoder = new AllTypesEncoder().wrap(buffer, 0);
        final AllTypesNestedEncoder nested = encoder.beginFNested();
        encoder.endFNested();
        assertMisuse(
                () -> nested.a(1),
                "cannot write field 1 (a) of flyproto.test.AllTypes.Nested: this encoder's message (field 18 (f_nested) of "
                        + ALL_TYPES + ") was already ended");
        assertMisuse(encoder::endFNested, "cannot end field 18 (f_nested) of " + ALL_TYPES + ": it was already ended");
        final AllTypesNestedEncoder again = encoder.beginFNested();
        encoder.wrap(buffer, 0);
        assertMisuse(
                () -> again.a(1),
                "cannot write field 1 (a) of flyproto.test.AllTypes.Nested: this encoder's message (field 18 (f_nested) of "
                        + ALL_TYPES + ") was begun before its root encoder was wrapped again");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // A region not inside the buffer

    @Test
    void shouldRejectARegionOutsideTheBufferAlikeInDecodersAndEncoders() {
        final int capacity = buffer.capacity();
        for (final int[] region : new int[][] {{-1, 4}, {0, capacity + 1}, {capacity, 1}, {8, Integer.MAX_VALUE}}) {
            final String expected = "region of offset " + region[0] + " and length " + region[1]
                    + " is not inside the buffer of capacity " + capacity;
            assertThatThrownBy(() -> new AllTypesDecoder().wrap(buffer, region[0], region[1]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(expected);
            assertThatThrownBy(() -> new AllTypesDecoder().wrapDelimited(buffer, region[0], region[1]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(expected);
            assertThatThrownBy(() -> new AllTypesEncoder().wrap(buffer, region[0], region[1]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(expected);
        }
    }

    private static void assertMisuse(final ThrowingCallable call, final String message) {
        assertThatThrownBy(call).isInstanceOf(IllegalStateException.class).hasMessageStartingWith(message);
    }

    private static void assertDecoderNotWrapped(final ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(IllegalStateException.class).hasMessageStartingWith(DECODER_NOT_WRAPPED);
    }

    /**
     * With Agrona's bounds checks the view accessor throws; without them (wrapping a view checks nothing then) it
     * returns an empty view over the sentinel buffer, whose first read throws.
     */
    private static void assertViewNotWrapped(final Supplier<Object> accessor) {
        if (DirectBuffer.SHOULD_BOUNDS_CHECK) {
            assertDecoderNotWrapped(accessor::get);
            return;
        }
        final Object view = accessor.get();
        final DirectBuffer viewed = view instanceof Utf8View utf8 ? utf8.buffer() : ((BytesView) view).buffer();
        assertDecoderNotWrapped(() -> viewed.getByte(0));
    }
}

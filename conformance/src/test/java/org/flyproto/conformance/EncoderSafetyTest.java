package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.LongToIntFunction;
import java.util.function.ObjLongConsumer;
import java.util.stream.IntStream;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.Leaf;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesMood;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedEncoder;
import org.flyproto.conformance.proto3.flyproto.Color;
import org.flyproto.conformance.proto3.flyproto.LeafEncoder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The encoder never writes outside its region and refuses misuse: a message that does not fit raises
 * {@link ProtoEncodeException} with every byte outside the region untouched; calls out of order raise
 * {@link IllegalStateException} without writing anything; packed runs written element by element, and empty ones,
 * give the bytes protobuf-java writes.
 */
class EncoderSafetyTest {
    private static final int OFFSET = 7;
    private static final int TAIL = 64;
    private static final byte SENTINEL = (byte) 0xA5;
    private static final long SEED = 0xE7C0_DE5AL;
    private static final String LONG_TEXT = "Zürich \u20AC \uD83D\uDE80 東京 ".repeat(12);

    private final AllTypesEncoder encoder = new AllTypesEncoder();
    private final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[1 << 16]);
    private LeafEncoder leaf;

    @BeforeEach
    void fillWithSentinel() {
        buffer.setMemory(0, buffer.capacity(), SENTINEL);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Bounds

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldThrowProtoEncodeExceptionAndWriteNothingOutsideARegionTooSmallForTheMessage(final BufferKind kind) {
        for (final Fixture fixture : fixtures()) {
            final byte[] expected = fixture.bytes();
            final MutableDirectBuffer target = kind.allocate(OFFSET + expected.length + TAIL);
            target.checkLimit(OFFSET + expected.length + TAIL); // expandable kinds start small
            final int capacity = target.capacity();
            for (int length = 0; length < expected.length; length++) {
                target.setMemory(0, capacity, SENTINEL);
                encoder.wrap(target, OFFSET, length);
                final Throwable thrown = catchThrowable(() -> fixture.encode().accept(encoder));
                assertThat(thrown)
                        .as("%s, %s, region of %d bytes for %d", fixture.name(), kind, length, expected.length)
                        .isInstanceOf(ProtoEncodeException.class);
                assertThat(target.capacity())
                        .as("a fixed region never grows the buffer")
                        .isEqualTo(capacity);
                assertUntouchedOutside(target, OFFSET, OFFSET + length, fixture.name() + ", region " + length);
            }

            target.setMemory(0, capacity, SENTINEL);
            encoder.wrap(target, OFFSET, expected.length);
            fixture.encode().accept(encoder);
            assertThat(encoder.encodedLength()).isEqualTo(expected.length);
            assertThat(bytes(target, OFFSET, expected.length))
                    .as(fixture.name())
                    .isEqualTo(expected);
            assertUntouchedOutside(target, OFFSET, OFFSET + expected.length, fixture.name() + ", exact region");
        }
    }

    @Test
    void shouldThrowProtoEncodeExceptionAndWriteNothingPastTheCapacityOfAFixedBuffer() {
        for (final Fixture fixture : fixtures()) {
            final byte[] expected = fixture.bytes();
            final byte[] array = new byte[OFFSET + expected.length + TAIL];
            final ByteBuffer direct = ByteBuffer.allocateDirect(array.length);
            for (int capacity = 0; capacity <= OFFSET + expected.length; capacity++) {
                // A view of the first bytes of a larger array, or of a larger direct buffer.
                Arrays.fill(array, SENTINEL);
                final UnsafeBuffer view = new UnsafeBuffer(array, 0, capacity);
                fillDirect(direct, SENTINEL);
                final UnsafeBuffer directView = new UnsafeBuffer(direct, 0, capacity);
                final int offset = Math.min(OFFSET, capacity);
                for (final UnsafeBuffer target : new UnsafeBuffer[] {view, directView}) {
                    encoder.wrap(target, offset);
                    final Throwable thrown =
                            catchThrowable(() -> fixture.encode().accept(encoder));
                    if (capacity - offset >= expected.length) {
                        assertThat(thrown)
                                .as("%s, capacity %d", fixture.name(), capacity)
                                .isNull();
                        assertThat(bytes(target, offset, expected.length)).isEqualTo(expected);
                    } else {
                        assertThat(thrown)
                                .as("%s, capacity %d", fixture.name(), capacity)
                                .isInstanceOf(ProtoEncodeException.class);
                    }
                }
                for (int i = capacity; i < array.length; i++) {
                    if (array[i] != SENTINEL || direct.get(i) != SENTINEL) {
                        throw new AssertionError(fixture.name() + ": byte " + i + " past the capacity " + capacity
                                + " was written: heap " + array[i] + ", direct " + direct.get(i));
                    }
                }
                for (int i = 0; i < offset; i++) {
                    assertThat(array[i]).as("byte %d before the offset", i).isEqualTo(SENTINEL);
                    assertThat(direct.get(i)).as("byte %d before the offset", i).isEqualTo(SENTINEL);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void shouldGrowExpandableBuffersFromOneByteAndWriteWhatProtobufJavaWrites(final int offset) {
        final List<Fixture> fixtures = new ArrayList<>(fixtures());
        for (long seed = SEED; seed < SEED + 12; seed++) {
            final AllTypes message = new RandomMessages(seed).allTypes(3);
            fixtures.add(
                    new Fixture("random seed " + seed, message.toByteArray(), e -> AllTypesMirror.encode(message, e)));
        }
        for (final Fixture fixture : fixtures) {
            for (final MutableDirectBuffer target :
                    new MutableDirectBuffer[] {new ExpandableArrayBuffer(1), new ExpandableDirectByteBuffer(1)}) {
                encoder.wrap(target, offset);
                fixture.encode().accept(encoder);
                assertThat(encoder.encodedLength()).as(fixture.name()).isEqualTo(fixture.bytes().length);
                assertThat(bytes(target, offset, fixture.bytes().length))
                        .as("%s in %s", fixture.name(), target.getClass().getSimpleName())
                        .isEqualTo(fixture.bytes());
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Misuse

    @Test
    void shouldRejectAParentSetterWhileANestedMessageIsOpen() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        e.fInt32(1);
        final AllTypesNestedEncoder nested = e.beginFNested();
        nested.a(2);
        assertRejectedWithoutWriting(() -> e.fInt64(3));
        assertRejectedWithoutWriting(() -> e.fString("x"));
        assertRejectedWithoutWriting(() -> e.fBytes(new byte[] {1}));
        assertRejectedWithoutWriting(() -> e.oColor(Color.RED));
        assertRejectedWithoutWriting(e::beginFNested);
        assertRejectedWithoutWriting(e::beginFLeaf);
        assertRejectedWithoutWriting(e::addRNested);
        assertRejectedWithoutWriting(() -> e.addRString("x"));
        assertRejectedWithoutWriting(() -> e.pInt32(new int[] {1}));
        assertRejectedWithoutWriting(e::beginPInt32);
        assertRejectedWithoutWriting(() -> e.addUInt32(1));
        assertRejectedWithoutWriting(() -> e.edgeMax(1));
        nested.b("nested");
        final AllTypesEncoder child = nested.beginChild();
        child.fInt32(4);
        // The nested message is itself a parent now.
        assertRejectedWithoutWriting(() -> nested.a(5));
        assertRejectedWithoutWriting(() -> nested.b("x"));
        assertRejectedWithoutWriting(e::endFNested);
        nested.endChild();
        e.endFNested();
        e.edgeMax(9);

        assertWritten(AllTypes.newBuilder()
                .setFInt32(1)
                .setFNested(AllTypes.Nested.newBuilder()
                        .setA(2)
                        .setB("nested")
                        .setChild(AllTypes.newBuilder().setFInt32(4)))
                .setEdgeMax(9)
                .build());
    }

    @Test
    void shouldRejectEndingAFieldThatIsNotOpen() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        e.fInt32(1);
        assertRejectedWithoutWriting(e::endFNested);
        assertRejectedWithoutWriting(e::endFLeaf);
        assertRejectedWithoutWriting(e::endRNested);
        assertRejectedWithoutWriting(e::endPInt32);
        e.edgeMax(9);

        assertWritten(AllTypes.newBuilder().setFInt32(1).setEdgeMax(9).build());
    }

    @Test
    void shouldRejectEndingTheWrongField() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        final AllTypesNestedEncoder nested = e.beginFNested();
        nested.a(1);
        assertRejectedWithoutWriting(e::endFLeaf);
        assertRejectedWithoutWriting(e::endRNested);
        assertRejectedWithoutWriting(e::endPInt32);
        assertRejectedWithoutWriting(nested::endChild);
        e.endFNested();
        e.beginPInt32();
        e.addPInt32(5);
        assertRejectedWithoutWriting(e::endPInt64);
        assertRejectedWithoutWriting(e::endFNested);
        e.endPInt32();

        assertWritten(AllTypes.newBuilder()
                .setFNested(AllTypes.Nested.newBuilder().setA(1))
                .addPInt32(5)
                .build());
    }

    @Test
    void shouldRejectANestedEncoderUsedAfterItWasEnded() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        final AllTypesNestedEncoder nested = e.beginFNested();
        nested.a(1);
        e.endFNested();
        assertRejectedWithoutWriting(() -> nested.a(2));
        assertRejectedWithoutWriting(() -> nested.b("x"));
        assertRejectedWithoutWriting(nested::beginChild);
        assertRejectedWithoutWriting(nested::endChild);
        assertRejectedWithoutWriting(nested::encodedLength);
        e.edgeMax(9);

        assertWritten(AllTypes.newBuilder()
                .setFNested(AllTypes.Nested.newBuilder().setA(1))
                .setEdgeMax(9)
                .build());
    }

    /**
     * The encoder ended must be refused even when another nested message is open at the same depth: its bytes would
     * land inside that other message.
     */
    @Test
    void shouldRejectANestedEncoderUsedAfterItWasEndedWhileASiblingIsOpen() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        final AllTypesNestedEncoder nested = e.beginFNested();
        nested.a(1);
        e.endFNested();
        final LeafEncoder sibling = e.beginFLeaf();
        sibling.name("leaf");
        assertRejectedWithoutWriting(() -> nested.a(5));
        e.endFLeaf();

        assertWritten(AllTypes.newBuilder()
                .setFNested(AllTypes.Nested.newBuilder().setA(1))
                .setFLeaf(Leaf.newBuilder().setName("leaf"))
                .build());
    }

    /** Likewise while a packed run of the parent is open: the stale encoder's bytes would land inside the run. */
    @Test
    void shouldRejectANestedEncoderUsedAfterItWasEndedWhileAPackedRunIsOpen() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        final LeafEncoder ended = e.beginFLeaf();
        ended.colorRaw(1);
        e.endFLeaf();
        e.beginPInt32();
        e.addPInt32(3);
        assertRejectedWithoutWriting(() -> ended.name("x"));
        e.endPInt32();

        assertWritten(AllTypes.newBuilder()
                .setFLeaf(Leaf.newBuilder().setColorValue(1))
                .addPInt32(3)
                .build());
    }

    @Test
    void shouldRejectEncodedLengthWhileANestedMessageOrPackedRunIsOpen() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        e.fInt32(1);
        final AllTypesNestedEncoder nested = e.beginFNested();
        assertRejectedWithoutWriting(e::encodedLength);
        assertRejectedWithoutWriting(nested::encodedLength);
        e.endFNested();
        e.beginPInt32();
        e.addPInt32(1);
        assertRejectedWithoutWriting(e::encodedLength);
        e.endPInt32();

        assertWritten(AllTypes.newBuilder()
                .setFInt32(1)
                .setFNested(AllTypes.Nested.getDefaultInstance())
                .addPInt32(1)
                .build());
    }

    @Test
    void shouldRejectPackedElementsOutsideTheirRun() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        e.beginFNested();
        assertRejectedWithoutWriting(() -> e.addPInt32(1));
        e.endFNested();
        final LeafEncoder l = e.beginFLeaf();
        assertRejectedWithoutWriting(() -> l.addIds(1));
        l.beginIds();
        l.addIds(7);
        l.endIds();
        assertRejectedWithoutWriting(() -> l.addIds(8));
        e.endFLeaf();
        assertRejectedWithoutWriting(() -> e.addPInt32(1));
        e.beginPInt64();
        assertRejectedWithoutWriting(() -> e.addPInt32(1));
        assertRejectedWithoutWriting(() -> e.addPColor(Color.RED));
        e.addPInt64(2);
        e.endPInt64();
        assertRejectedWithoutWriting(() -> e.addPInt64(3));
        assertRejectedWithoutWriting(() -> e.addEdgePackedMax(3));

        assertWritten(AllTypes.newBuilder()
                .setFNested(AllTypes.Nested.getDefaultInstance())
                .setFLeaf(Leaf.newBuilder().addIds(7))
                .addPInt64(2)
                .build());
    }

    /** UNRECOGNIZED has no number: its setters raise IllegalArgumentException, as protobuf-java does. */
    @Test
    void shouldRejectUnrecognizedEnumValuesWithoutWritingAnything() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        e.fInt32(1);
        assertRejectedWithoutWriting(() -> e.fColor(Color.UNRECOGNIZED), IllegalArgumentException.class);
        assertRejectedWithoutWriting(() -> e.fMood(AllTypesMood.UNRECOGNIZED), IllegalArgumentException.class);
        final LeafEncoder l = e.beginFLeaf();
        assertRejectedWithoutWriting(() -> l.color(Color.UNRECOGNIZED), IllegalArgumentException.class);
        l.color(Color.GREEN);
        e.endFLeaf();
        assertRejectedWithoutWriting(() -> e.oColor(Color.UNRECOGNIZED), IllegalArgumentException.class);
        e.beginPColor();
        e.addPColor(Color.RED);
        assertRejectedWithoutWriting(() -> e.addPColor(Color.UNRECOGNIZED), IllegalArgumentException.class);
        e.addPColor(Color.INFRARED);
        e.endPColor();
        assertRejectedWithoutWriting(() -> e.addUColor(Color.UNRECOGNIZED), IllegalArgumentException.class);
        e.addUColor(Color.BLUE);

        assertWritten(AllTypes.newBuilder()
                .setFInt32(1)
                .setFLeaf(Leaf.newBuilder().setColorValue(2))
                .addPColorValue(1)
                .addPColorValue(-1)
                .addUColorValue(1000000)
                .build());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Packed runs written element by element

    @Test
    void shouldLeaveNoBytesForAnEmptyPackedRun() {
        final AllTypesEncoder e = encoder.wrap(buffer, OFFSET);
        e.beginPInt32();
        e.endPInt32();
        assertThat(e.encodedLength()).isZero();
        e.fInt32(5);
        final LeafEncoder l = e.beginFLeaf();
        l.beginIds();
        l.endIds();
        e.endFLeaf();
        for (final Packed p : packedFields()) {
            if (!p.name().equals("f_leaf.ids")) {
                p.begin().accept(e);
                p.end().accept(e);
            }
        }
        e.pInt32(new int[0]).pDouble(new double[0]).edgePackedMax(new int[0]);
        e.edgeMax(1);

        // A removed run may leave scratch bytes past the end of the message, inside the region: only the message
        // counts.
        assertWrittenIgnoringScratch(AllTypes.newBuilder()
                .setFInt32(5)
                .setFLeaf(Leaf.getDefaultInstance())
                .setEdgeMax(1)
                .build());
    }

    @ParameterizedTest(name = "runs of {0} bytes")
    @ValueSource(ints = {0, 1, 127, 128, 16383, 16384, 20000})
    void shouldWriteElementWiseRunsAsProtobufJavaWritesThem(final int runBytes) {
        final SplittableRandom random = new SplittableRandom(SEED + runBytes);
        for (final Packed p : packedFields()) {
            final long[] values = values(p, runBytes, random);
            final AllTypes.Builder builder = AllTypes.newBuilder().setFInt32(7);
            p.expectedStart().accept(builder);
            for (final long v : values) {
                p.expected().accept(builder, v);
            }
            final byte[] expected = builder.setEdgeMax(1).build().toByteArray();
            for (final BufferKind kind : BufferKind.values()) {
                final MutableDirectBuffer target = kind.allocate(OFFSET + expected.length);
                final AllTypesEncoder e = encoder.wrap(target, OFFSET);
                e.fInt32(7);
                p.begin().accept(e);
                for (final long v : values) {
                    p.add().accept(e, v);
                }
                p.end().accept(e);
                e.edgeMax(1);
                assertThat(bytes(target, OFFSET, e.encodedLength()))
                        .as(
                                "%s, %d values in %d bytes, %s, seed %d",
                                p.name(), values.length, runBytes, kind, SEED + runBytes)
                        .isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldWriteArrayRangesOfFixedWidthPackedFieldsAsProtobufJavaWritesThem(final BufferKind kind) {
        final SplittableRandom random = new SplittableRandom(SEED);
        final int length = 40;
        final int[] ints = random.ints(length).toArray();
        final long[] longs = random.longs(length).toArray();
        final float[] floats = new float[length];
        final double[] doubles = new double[length];
        for (int i = 0; i < length; i++) {
            floats[i] = Float.intBitsToFloat(ints[i]);
            doubles[i] = Double.longBitsToDouble(longs[i]);
        }
        final MutableDirectBuffer target = kind.allocate(OFFSET + 2048);
        for (final int[] range : new int[][] {{0, length}, {0, 0}, {3, 1}, {5, 17}, {length - 2, 2}, {length, 0}}) {
            final int from = range[0];
            final int count = range[1];
            final AllTypes.Builder expected = AllTypes.newBuilder().setFInt32(7);
            for (int i = from; i < from + count; i++) {
                expected.addPFixed32(ints[i])
                        .addPFixed64(longs[i])
                        .addPSfixed32(ints[i])
                        .addPSfixed64(longs[i])
                        .addPFloat(floats[i])
                        .addPDouble(doubles[i]);
            }
            final AllTypesEncoder e = encoder.wrap(target, OFFSET);
            e.fInt32(7)
                    .pFixed32(ints, from, count)
                    .pFixed64(longs, from, count)
                    .pSfixed32(ints, from, count)
                    .pSfixed64(longs, from, count)
                    .pFloat(floats, from, count)
                    .pDouble(doubles, from, count);
            assertThat(bytes(target, OFFSET, e.encodedLength()))
                    .as("[%d, %d) of %d values, %s", from, from + count, length, kind)
                    .isEqualTo(expected.build().toByteArray());
        }
    }

    @Test
    void shouldRejectArrayRangesOutsideTheArrayBeforeWritingAnything() {
        final int[] ints = {1, 2, 3};
        final long[] longs = {1, 2, 3};
        final double[] doubles = {1, 2, 3};
        final float[] floats = {1, 2, 3};
        final List<Consumer<AllTypesEncoder>> writes = new ArrayList<>();
        for (final int[] range : new int[][] {{-1, 1}, {0, 4}, {2, 2}, {4, 0}, {0, -1}, {1, Integer.MAX_VALUE}}) {
            final int from = range[0];
            final int count = range[1];
            writes.add(e -> e.pFixed32(ints, from, count));
            writes.add(e -> e.pSfixed64(longs, from, count));
            writes.add(e -> e.pFloat(floats, from, count));
            writes.add(e -> e.pDouble(doubles, from, count));
            writes.add(e -> e.pFixed64(longs, from, count));
            writes.add(e -> e.pInt32(ints, from, count));
            writes.add(e -> e.pSint64(longs, from, count));
        }
        for (final Consumer<AllTypesEncoder> write : writes) {
            buffer.setMemory(0, buffer.capacity(), SENTINEL);
            final AllTypesEncoder e = encoder.wrap(buffer, OFFSET, 256);
            e.fInt32(7);
            final int written = e.encodedLength();
            assertThat(catchThrowable(() -> write.accept(e))).isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(e.encodedLength()).isEqualTo(written);
            assertUntouchedOutside(buffer, OFFSET, OFFSET + written, "a run out of its array's range");
        }
    }

    /** A packed field's element-wise writer, and protobuf-java's. */
    private record Packed(
            String name,
            int fixedSize,
            LongToIntFunction size,
            Consumer<AllTypesEncoder> begin,
            ObjLongConsumer<AllTypesEncoder> add,
            Consumer<AllTypesEncoder> end,
            Consumer<AllTypes.Builder> expectedStart,
            ObjLongConsumer<AllTypes.Builder> expected) {}

    private List<Packed> packedFields() {
        final Consumer<AllTypes.Builder> none = b -> {};
        return List.of(
                new Packed(
                        "p_int32",
                        0,
                        v -> CodedOutputStream.computeInt32SizeNoTag((int) v),
                        AllTypesEncoder::beginPInt32,
                        (e, v) -> e.addPInt32((int) v),
                        AllTypesEncoder::endPInt32,
                        none,
                        (b, v) -> b.addPInt32((int) v)),
                new Packed(
                        "p_int64",
                        0,
                        CodedOutputStream::computeInt64SizeNoTag,
                        AllTypesEncoder::beginPInt64,
                        AllTypesEncoder::addPInt64,
                        AllTypesEncoder::endPInt64,
                        none,
                        AllTypes.Builder::addPInt64),
                new Packed(
                        "p_uint32",
                        0,
                        v -> CodedOutputStream.computeUInt32SizeNoTag((int) v),
                        AllTypesEncoder::beginPUint32,
                        (e, v) -> e.addPUint32((int) v),
                        AllTypesEncoder::endPUint32,
                        none,
                        (b, v) -> b.addPUint32((int) v)),
                new Packed(
                        "p_uint64",
                        0,
                        CodedOutputStream::computeUInt64SizeNoTag,
                        AllTypesEncoder::beginPUint64,
                        AllTypesEncoder::addPUint64,
                        AllTypesEncoder::endPUint64,
                        none,
                        AllTypes.Builder::addPUint64),
                new Packed(
                        "p_sint32",
                        0,
                        v -> CodedOutputStream.computeSInt32SizeNoTag((int) v),
                        AllTypesEncoder::beginPSint32,
                        (e, v) -> e.addPSint32((int) v),
                        AllTypesEncoder::endPSint32,
                        none,
                        (b, v) -> b.addPSint32((int) v)),
                new Packed(
                        "p_sint64",
                        0,
                        CodedOutputStream::computeSInt64SizeNoTag,
                        AllTypesEncoder::beginPSint64,
                        AllTypesEncoder::addPSint64,
                        AllTypesEncoder::endPSint64,
                        none,
                        AllTypes.Builder::addPSint64),
                new Packed(
                        "p_fixed32",
                        4,
                        v -> 4,
                        AllTypesEncoder::beginPFixed32,
                        (e, v) -> e.addPFixed32((int) v),
                        AllTypesEncoder::endPFixed32,
                        none,
                        (b, v) -> b.addPFixed32((int) v)),
                new Packed(
                        "p_fixed64",
                        8,
                        v -> 8,
                        AllTypesEncoder::beginPFixed64,
                        AllTypesEncoder::addPFixed64,
                        AllTypesEncoder::endPFixed64,
                        none,
                        AllTypes.Builder::addPFixed64),
                new Packed(
                        "p_sfixed32",
                        4,
                        v -> 4,
                        AllTypesEncoder::beginPSfixed32,
                        (e, v) -> e.addPSfixed32((int) v),
                        AllTypesEncoder::endPSfixed32,
                        none,
                        (b, v) -> b.addPSfixed32((int) v)),
                new Packed(
                        "p_sfixed64",
                        8,
                        v -> 8,
                        AllTypesEncoder::beginPSfixed64,
                        AllTypesEncoder::addPSfixed64,
                        AllTypesEncoder::endPSfixed64,
                        none,
                        AllTypes.Builder::addPSfixed64),
                new Packed(
                        "p_float",
                        4,
                        v -> 4,
                        AllTypesEncoder::beginPFloat,
                        (e, v) -> e.addPFloat(toFloat(v)),
                        AllTypesEncoder::endPFloat,
                        none,
                        (b, v) -> b.addPFloat(toFloat(v))),
                new Packed(
                        "p_double",
                        8,
                        v -> 8,
                        AllTypesEncoder::beginPDouble,
                        (e, v) -> e.addPDouble(toDouble(v)),
                        AllTypesEncoder::endPDouble,
                        none,
                        (b, v) -> b.addPDouble(toDouble(v))),
                new Packed(
                        "p_bool",
                        0,
                        v -> 1,
                        AllTypesEncoder::beginPBool,
                        (e, v) -> e.addPBool(v != 0),
                        AllTypesEncoder::endPBool,
                        none,
                        (b, v) -> b.addPBool(v != 0)),
                new Packed(
                        "p_color",
                        0,
                        v -> CodedOutputStream.computeEnumSizeNoTag((int) v),
                        AllTypesEncoder::beginPColor,
                        (e, v) -> e.addPColorRaw((int) v),
                        AllTypesEncoder::endPColor,
                        none,
                        (b, v) -> b.addPColorValue((int) v)),
                new Packed(
                        "edge_packed_max",
                        0,
                        v -> CodedOutputStream.computeInt32SizeNoTag((int) v),
                        AllTypesEncoder::beginEdgePackedMax,
                        (e, v) -> e.addEdgePackedMax((int) v),
                        AllTypesEncoder::endEdgePackedMax,
                        none,
                        (b, v) -> b.addEdgePackedMax((int) v)),
                new Packed(
                        "f_leaf.ids",
                        0,
                        CodedOutputStream::computeUInt64SizeNoTag,
                        e -> {
                            leaf = e.beginFLeaf();
                            leaf.beginIds();
                        },
                        (e, v) -> leaf.addIds(v),
                        e -> {
                            leaf.endIds();
                            e.endFLeaf();
                        },
                        b -> b.setFLeaf(Leaf.getDefaultInstance()),
                        (b, v) -> b.getFLeafBuilder().addIds(v)));
    }

    /** Values whose elements take exactly {@code runBytes} (fixed-size ones: rounded to whole elements, at least 1). */
    private static long[] values(final Packed p, final int runBytes, final SplittableRandom random) {
        final List<Long> values = new ArrayList<>();
        if (p.fixedSize() > 0) {
            final int count = runBytes == 0 ? 0 : Math.max(1, runBytes / p.fixedSize());
            for (int i = 0; i < count; i++) {
                values.add(random.nextLong());
            }
            return values.stream().mapToLong(Long::longValue).toArray();
        }
        int remaining = runBytes;
        while (remaining > 0) {
            final long candidate =
                    random.nextBoolean() ? random.nextLong() >>> random.nextInt(64) : -random.nextInt(1000);
            final int size = p.size().applyAsInt(candidate);
            // 1 takes one byte whatever the encoding: fill what is left with it.
            final long v = size <= remaining ? candidate : 1;
            values.add(v);
            remaining -= p.size().applyAsInt(v);
        }
        final long[] out = values.stream().mapToLong(Long::longValue).toArray();
        assertThat(IntStream.range(0, out.length)
                        .map(i -> p.size().applyAsInt(out[i]))
                        .sum())
                .isEqualTo(runBytes);
        return out;
    }

    private static float toFloat(final long bits) {
        final float f = Float.intBitsToFloat((int) bits);
        // NaN payloads may not survive float moves: keep them out of byte comparisons.
        return Float.isNaN(f) ? 1.5f : f;
    }

    private static double toDouble(final long bits) {
        final double d = Double.longBitsToDouble(bits);
        return Double.isNaN(d) ? 2.5 : d;
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** A message, the bytes protobuf-java writes for it, and how flyproto's encoder writes it. */
    private record Fixture(String name, byte[] bytes, Consumer<AllTypesEncoder> encode) {}

    private List<Fixture> fixtures() {
        final List<Fixture> fixtures = new ArrayList<>();
        final AllTypes everything = everyFieldKind();
        fixtures.add(new Fixture(
                "every field kind, nested twice", everything.toByteArray(), e -> AllTypesMirror.encode(everything, e)));
        final AllTypes elementWise = elementWiseExpected();
        fixtures.add(new Fixture("packed runs element by element", elementWise.toByteArray(), this::encodeElementWise));
        return fixtures;
    }

    /** Nested messages of more than 127 bytes at two levels (so their content moves), packed arrays, long strings. */
    private static AllTypes everyFieldKind() {
        final SplittableRandom random = new SplittableRandom(SEED);
        final byte[] bytes = new byte[200];
        random.nextBytes(bytes);
        final AllTypes child = AllTypes.newBuilder()
                .setFInt32(-7)
                .setFString(LONG_TEXT)
                .setFLeaf(Leaf.newBuilder()
                        .setName("leaf of the child")
                        .addIds(1)
                        .addIds(-1)
                        .setColorValue(2))
                .addAllPInt64(List.of(1L, -1L, 1L << 40, Long.MIN_VALUE))
                .addAllPDouble(List.of(1.5, -0.0, Double.MAX_VALUE))
                .build();
        final Leaf.Builder leaf = Leaf.newBuilder().setName("x".repeat(130)).setColorValue(-1);
        for (int i = 0; i < 30; i++) {
            leaf.addIds(random.nextLong() >>> random.nextInt(64));
        }
        final AllTypes.Builder b = AllTypes.newBuilder()
                .setFInt32(-1)
                .setFInt64(1L << 50)
                .setFUint32(-1)
                .setFSint64(Long.MIN_VALUE)
                .setFFixed32(7)
                .setFFixed64(8)
                .setFFloat(1.5f)
                .setFDouble(-0d)
                .setFBool(true)
                .setFString("short ü € \uD83D\uDE80")
                .setFBytes(ByteString.copyFrom(bytes))
                .setFColorValue(1000000)
                .setFMoodValue(2)
                .setFNested(AllTypes.Nested.newBuilder().setA(3).setB(LONG_TEXT).setChild(child))
                .setFLeaf(leaf)
                .setOInt32(0)
                .setOString("")
                .setOBytes(ByteString.EMPTY)
                .setOColorValue(-1)
                .addRString("a")
                .addRString(LONG_TEXT)
                .addRBytes(ByteString.copyFrom(bytes, 0, 130))
                .addRNested(AllTypes.Nested.newBuilder().setA(1))
                .addRNested(AllTypes.Nested.newBuilder().setB(LONG_TEXT))
                .addRLeaf(Leaf.getDefaultInstance())
                .setEdge2047(-2)
                .setEdge2048("edge")
                .setEdge15000(15000)
                .setEdgeBig(-1)
                .setEdge228(Long.MIN_VALUE)
                .addEdgePackedMax(-1)
                .setEdgeMax(9);
        for (int i = 0; i < 60; i++) {
            b.addPInt32(random.nextInt())
                    .addPSint32(random.nextInt(-100, 100))
                    .addPFixed32(i)
                    .addPBool(i % 3 == 0)
                    .addPColorValue(i % 5 == 0 ? -1 : i)
                    .addUInt64(random.nextLong())
                    .addUFixed64(i);
        }
        return b.build();
    }

    private static AllTypes elementWiseExpected() {
        final AllTypes.Builder b = AllTypes.newBuilder()
                .setFInt32(3)
                .setFString(LONG_TEXT)
                .setFNested(AllTypes.Nested.newBuilder()
                        .setA(1)
                        .setChild(AllTypes.newBuilder().addAllPInt32(runOf(70))))
                .setFLeaf(Leaf.newBuilder().setName("ids").addAllIds(longRunOf(40)))
                .addAllPInt32(runOf(100))
                .addAllPFixed64(longRunOf(20))
                .addPBool(true)
                .addPBool(false)
                .addAllEdgePackedMax(runOf(30))
                .setEdgeMax(9);
        return b.build();
    }

    private void encodeElementWise(final AllTypesEncoder e) {
        e.fInt32(3).fString(LONG_TEXT);
        final AllTypesNestedEncoder nested = e.beginFNested().a(1);
        final AllTypesEncoder child = nested.beginChild().beginPInt32();
        runOf(70).forEach(child::addPInt32);
        child.endPInt32();
        nested.endChild();
        e.endFNested();
        final LeafEncoder l = e.beginFLeaf().name("ids").beginIds();
        longRunOf(40).forEach(l::addIds);
        l.endIds();
        e.endFLeaf();
        e.beginPInt32();
        runOf(100).forEach(e::addPInt32);
        e.endPInt32();
        e.beginPFixed64();
        longRunOf(20).forEach(e::addPFixed64);
        e.endPFixed64();
        e.beginPBool().addPBool(true).addPBool(false).endPBool();
        e.beginEdgePackedMax();
        runOf(30).forEach(e::addEdgePackedMax);
        e.endEdgePackedMax();
        e.edgeMax(9);
    }

    /** {@code n} ints of every varint length, negative ones included. */
    private static List<Integer> runOf(final int n) {
        return IntStream.range(0, n)
                .map(i -> (i % 2 == 0 ? 1 : -1) << (i % 32))
                .boxed()
                .toList();
    }

    private static List<Long> longRunOf(final int n) {
        return IntStream.range(0, n)
                .mapToObj(i -> (i % 2 == 0 ? 1L : -1L) << (i % 64))
                .toList();
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** The misuse raises IllegalStateException and changes no byte of the buffer. */
    private void assertRejectedWithoutWriting(final ThrowingCallable misuse) {
        assertRejectedWithoutWriting(misuse, IllegalStateException.class);
    }

    private void assertRejectedWithoutWriting(
            final ThrowingCallable misuse, final Class<? extends Throwable> expected) {
        final byte[] before = bytes(buffer, 0, buffer.capacity());
        final Throwable thrown = catchThrowable(misuse);
        final byte[] after = bytes(buffer, 0, buffer.capacity());
        final int changed = Arrays.mismatch(before, after);
        final String written = changed < 0
                ? "nothing"
                : "bytes from index " + changed + " (message starts at " + OFFSET + "), now "
                        + HostileBytes.hex(Arrays.copyOfRange(after, changed, Math.min(after.length, changed + 16)));
        assertThat(thrown)
                .as("the misuse raised %s and wrote %s", thrown, written)
                .isInstanceOf(expected);
        assertThat(changed).as("the rejected call wrote %s", written).isEqualTo(-1);
    }

    /** The message is protobuf-java's, and nothing was written before or after it. */
    private void assertWritten(final AllTypes expected) {
        final int length = assertWrittenIgnoringScratch(expected);
        assertUntouchedOutside(buffer, OFFSET, OFFSET + length, "around the message");
    }

    private int assertWrittenIgnoringScratch(final AllTypes expected) {
        final byte[] written = bytes(buffer, OFFSET, encoder.encodedLength());
        assertThat(written)
                .as("bytes written, as hex: %s", HostileBytes.hex(written))
                .isEqualTo(expected.toByteArray());
        assertUntouchedOutside(buffer, OFFSET, buffer.capacity(), "before the message");
        return written.length;
    }

    private static void assertUntouchedOutside(
            final MutableDirectBuffer target, final int start, final int end, final String what) {
        final byte[] all = bytes(target, 0, target.capacity());
        for (int i = 0; i < all.length; i++) {
            if ((i < start || i >= end) && all[i] != SENTINEL) {
                throw new AssertionError(
                        what + ": byte " + i + " outside [" + start + ", " + end + ") was written: " + all[i]);
            }
        }
    }

    private static byte[] bytes(final MutableDirectBuffer source, final int offset, final int length) {
        final byte[] out = new byte[length];
        source.getBytes(offset, out);
        return out;
    }

    private static void fillDirect(final ByteBuffer direct, final byte value) {
        new UnsafeBuffer(direct).setMemory(0, direct.capacity(), value);
    }
}

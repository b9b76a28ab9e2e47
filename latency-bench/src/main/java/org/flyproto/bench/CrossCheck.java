package org.flyproto.bench;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.flyproto.bench.codec.ClaimCodec;
import org.flyproto.bench.codec.ExpectedReads;
import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.RecordingSink;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.codec.flyproto.FlyprotoCodec;
import org.flyproto.bench.codec.protobuf.ProtobufJavaCodec;
import org.flyproto.bench.fixture.Fixture;

/**
 * The check every benchmark runs before timing anything, and the unit test runs in the normal build:
 *
 * <ul>
 *   <li>each protobuf library's encoding of the fixture parses in protobuf-java to the message protobuf-java builds
 *       from the same data; flyproto's is moreover byte for byte protobuf-java's (fields written in field-number
 *       order give canonical bytes);
 *   <li>the same of what each protobuf library writes into a claim ({@link ClaimCodec#encodeIntoClaim()}); flyproto's
 *       {@code size()} is moreover protobuf-java's {@code getSerializedSize()}, and the bytes its
 *       {@code encodeAndCopy()} copies into the claim are the canonical ones too;
 *   <li>each library's decode of the canonical bytes (SBE: of its own bytes) reads exactly the values of the data, in
 *       order, strings included; flyproto's validating and trusted decode both.
 * </ul>
 */
public final class CrossCheck {
    private CrossCheck() {}

    /**
     * What the check found out besides passing: each library's encoded size.
     *
     * @param fixture the fixture.
     * @param sizes encoded size in bytes per library that has a codec for the fixture.
     */
    public record Sizes(Fixture fixture, Map<Library, Integer> sizes) {}

    /**
     * Runs the check on one fixture.
     *
     * @param fixture the fixture.
     * @return the encoded sizes.
     * @throws IllegalStateException naming the library and what differs, if the check fails.
     */
    public static Sizes verify(final Fixture fixture) {
        final ProtobufJavaCodec<?> reference = ProtobufJavaCodec.of(fixture);
        final Message expected = reference.build();
        final byte[] canonical = expected.toByteArray();
        final RecordingSink expectedReads = new RecordingSink();
        ExpectedReads.of(fixture, expectedReads);

        final Map<Library, Integer> sizes = new EnumMap<>(Library.class);
        for (final Library library : Library.values()) {
            if (!library.supports(fixture)) {
                continue;
            }
            final MessageCodec codec = library.codec(fixture);
            final int length = codec.encode();
            sizes.put(library, length);
            final byte[] bytes = Arrays.copyOf(codec.output(), length);
            if (library.isProtobuf()) {
                final Message parsed = parse(reference, bytes, library, fixture);
                check(parsed.equals(expected), library, fixture, "encoding parses to a different message");
                if (library == Library.FLYPROTO) {
                    check(Arrays.equals(bytes, canonical), library, fixture, "encoding is not protobuf-java's bytes");
                }
            }
            if (codec instanceof ClaimCodec claiming) {
                checkClaim(claiming, reference, expected, canonical, library, fixture);
            }
            checkReads(expectedReads.values(), codec::decode, library, fixture, "decode");
            if (codec instanceof FlyprotoCodec<?, ?> flyproto) {
                checkReads(expectedReads.values(), flyproto::decodeTrusted, library, fixture, "trusted decode");
            }
            if (codec instanceof ProtobufJavaCodec<?> protobuf) {
                final int prebuiltLength = protobuf.encodePrebuilt();
                check(
                        Arrays.equals(Arrays.copyOf(codec.output(), prebuiltLength), canonical),
                        library,
                        fixture,
                        "prebuilt encoding differs");
            }
        }
        return new Sizes(fixture, sizes);
    }

    private static void checkClaim(
            final ClaimCodec codec,
            final ProtobufJavaCodec<?> reference,
            final Message expected,
            final byte[] canonical,
            final Library library,
            final Fixture fixture) {
        final int length = codec.encodeIntoClaim();
        final byte[] claimed = codec.claim().bytes(length);
        check(
                parse(reference, claimed, library, fixture).equals(expected),
                library,
                fixture,
                "claim parses to a different message");
        if (codec instanceof FlyprotoCodec<?, ?> flyproto) {
            check(Arrays.equals(claimed, canonical), library, fixture, "claim is not protobuf-java's bytes");
            check(
                    flyproto.size() == expected.getSerializedSize(),
                    library,
                    fixture,
                    "size() " + flyproto.size() + " is not protobuf-java's getSerializedSize() "
                            + expected.getSerializedSize());
            final int copied = flyproto.encodeAndCopy();
            check(
                    Arrays.equals(codec.claim().bytes(copied), canonical),
                    library,
                    fixture,
                    "encode and copy puts other bytes than protobuf-java's into the claim");
        }
    }

    private static Message parse(
            final ProtobufJavaCodec<?> reference, final byte[] bytes, final Library library, final Fixture fixture) {
        try {
            return reference.parse(bytes, bytes.length);
        } catch (final InvalidProtocolBufferException ex) {
            throw new IllegalStateException(
                    library.label() + " encoding of " + fixture.label() + " does not parse: " + ex.getMessage(), ex);
        }
    }

    private static void checkReads(
            final List<Object> expected,
            final java.util.function.Consumer<Sink> decode,
            final Library library,
            final Fixture fixture,
            final String what) {
        final RecordingSink actual = new RecordingSink();
        decode.accept(actual);
        if (!actual.values().equals(expected)) {
            int index = 0;
            while (index < Math.min(expected.size(), actual.values().size())
                    && expected.get(index).equals(actual.values().get(index))) {
                index++;
            }
            throw new IllegalStateException(library.label() + " " + what + " of " + fixture.label()
                    + " reads different values: first difference at read #" + index + " of " + expected.size()
                    + " (expected " + (index < expected.size() ? expected.get(index) : "no more")
                    + ", read "
                    + (index < actual.values().size() ? actual.values().get(index) : "no more") + ")");
        }
    }

    private static void check(
            final boolean condition, final Library library, final Fixture fixture, final String problem) {
        if (!condition) {
            throw new IllegalStateException(library.label() + " " + fixture.label() + ": " + problem);
        }
    }
}

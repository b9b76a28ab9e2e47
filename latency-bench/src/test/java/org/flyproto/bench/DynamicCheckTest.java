package org.flyproto.bench;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;

import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The check {@code DynamicBenchmark} runs before timing, on every fixture, and that it catches a wrong codec. */
class DynamicCheckTest {
    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldEncodeTheGeneratedBytesAndReadTheGeneratedValuesWithBothDynamicCodecs(final Fixture fixture) {
        assertThatNoException().isThrownBy(() -> DynamicCheck.verify(fixture));
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldRejectAFlyprotoDynamicEncodingWithOneByteChanged(final Fixture fixture) {
        final MessageCodec tampered = new Tampered(DynamicLibrary.FLYPROTO_DYNAMIC.codec(fixture), true, false);

        assertThatIllegalStateException()
                .isThrownBy(
                        () -> DynamicCheck.verify(fixture, tampered, DynamicLibrary.PROTOBUF_DYNAMIC.codec(fixture)))
                .withMessageContaining("flyproto-dynamic")
                .withMessageContaining("encoding");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldRejectAFlyprotoDynamicDecodeReadingOneValueWrong(final Fixture fixture) {
        final MessageCodec tampered = new Tampered(DynamicLibrary.FLYPROTO_DYNAMIC.codec(fixture), false, true);

        assertThatIllegalStateException()
                .isThrownBy(
                        () -> DynamicCheck.verify(fixture, tampered, DynamicLibrary.PROTOBUF_DYNAMIC.codec(fixture)))
                .withMessageContaining("flyproto-dynamic decode")
                .withMessageContaining("first difference at read #0");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldRejectADynamicMessageDecodeReadingOneValueWrong(final Fixture fixture) {
        final MessageCodec tampered = new Tampered(DynamicLibrary.PROTOBUF_DYNAMIC.codec(fixture), false, true);

        assertThatIllegalStateException()
                .isThrownBy(
                        () -> DynamicCheck.verify(fixture, DynamicLibrary.FLYPROTO_DYNAMIC.codec(fixture), tampered))
                .withMessageContaining("protobuf-dynamic decode");
    }

    /** A codec that changes the last byte it encodes, or the first value it reads. */
    private static final class Tampered implements MessageCodec {
        private final MessageCodec codec;
        private final boolean encoding;
        private final boolean reading;

        Tampered(final MessageCodec codec, final boolean encoding, final boolean reading) {
            this.codec = codec;
            this.encoding = encoding;
            this.reading = reading;
        }

        @Override
        public int encode() {
            final int length = codec.encode();
            if (encoding) {
                codec.output()[length - 1] ^= 1;
            }
            return length;
        }

        @Override
        public byte[] output() {
            return codec.output();
        }

        @Override
        public void input(final byte[] bytes, final int length) {
            codec.input(bytes, length);
        }

        @Override
        public void decode(final Sink sink) {
            codec.decode(reading ? new FirstValueChanged(sink) : sink);
        }
    }

    /** Passes every value on, the first one changed. */
    private static final class FirstValueChanged implements Sink {
        private final Sink sink;
        private boolean first = true;

        FirstValueChanged(final Sink sink) {
            this.sink = sink;
        }

        private boolean first() {
            final boolean was = first;
            first = false;
            return was;
        }

        @Override
        public void longValue(final long value) {
            sink.longValue(first() ? value + 1 : value);
        }

        @Override
        public void doubleValue(final double value) {
            sink.doubleValue(first() ? value + 1 : value);
        }

        @Override
        public void boolValue(final boolean value) {
            sink.boolValue(first() != value);
        }

        @Override
        public void text(final CharSequence text) {
            sink.text(first() ? text + "!" : text);
        }

        @Override
        public void bytes(final int length, final byte middle) {
            sink.bytes(length, first() ? (byte) (middle + 1) : middle);
        }

        @Override
        public void count(final int count) {
            sink.count(first() ? count + 1 : count);
        }
    }
}

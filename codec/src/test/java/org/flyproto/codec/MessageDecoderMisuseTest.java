package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.junit.jupiter.api.Test;

/**
 * A decoder used before its first wrap raises {@link IllegalStateException} naming its message type, never a
 * {@link NullPointerException}: it reads a sentinel buffer whose every method throws.
 */
class MessageDecoderMisuseTest {
    private static final String NOT_WRAPPED = "test.Message decoder not wrapped: call wrap(buffer, offset, length)";

    private final TestDecoder decoder = new TestDecoder();

    @Test
    void shouldSayNotWrappedWhenAStringIsReadBeforeWrap() {
        assertNotWrapped(decoder::textAsString);
        assertViewNotWrapped(decoder::text);
    }

    @Test
    void shouldSayNotWrappedWhenBytesAreReadBeforeWrap() {
        assertViewNotWrapped(decoder::data);
    }

    @Test
    void shouldSayWhichRootIsNotWrappedWhenANestedMessageIsReadBeforeWrap() {
        final TestDecoder child = decoder.child();
        assertThat(child.a()).isZero();
        assertNotWrapped(child::textAsString);
        assertViewNotWrapped(child::text);
    }

    @Test
    void shouldSayNotWrappedWhenTheBufferIsAskedForBeforeWrap() {
        assertNotWrapped(decoder::encodedBuffer);
        assertThat(decoder.encodedLength()).isZero();
    }

    @Test
    void shouldReadNormallyOnceWrapped() {
        final byte[] bytes = {0x08, 0x05, 0x12, 0x02, 'h', 'i', 0x22, 0x04, 0x12, 0x02, 'y', 'o'};
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        decoder.wrap(buffer, 0, bytes.length);
        assertThat(decoder.a()).isEqualTo(5);
        assertThat(decoder.textAsString()).isEqualTo("hi");
        assertThat(decoder.text().toString()).isEqualTo("hi");
        assertThat(decoder.child().textAsString()).isEqualTo("yo");
        assertThat(decoder.encodedBuffer()).isSameAs(buffer);
    }

    @Test
    void shouldThrowFromEveryMethodOfTheSentinelBufferButToString() throws Exception {
        final NotWrappedBuffer sentinel = new NotWrappedBuffer(decoder);
        int checked = 0;
        for (final Method method : DirectBuffer.class.getMethods()) {
            if (Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            final Object[] arguments = new Object[method.getParameterCount()];
            final Class<?>[] types = method.getParameterTypes();
            for (int i = 0; i < arguments.length; i++) {
                arguments[i] = defaultValue(types[i]);
            }
            final Throwable thrown = catchThrowable(() -> {
                try {
                    method.invoke(sentinel, arguments);
                } catch (final InvocationTargetException e) {
                    throw e.getCause();
                }
            });
            assertThat(thrown)
                    .as("%s", method)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith(NOT_WRAPPED);
            checked++;
        }
        assertThat(checked).as("methods checked").isGreaterThan(40);
        assertThat(sentinel.toString()).contains(TestDecoder.class.getName());
    }

    private static Object defaultValue(final Class<?> type) {
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        return null;
    }

    private static void assertNotWrapped(final ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(IllegalStateException.class).hasMessageStartingWith(NOT_WRAPPED);
    }

    /**
     * With Agrona's bounds checks the accessor throws; without them (no check at all when a view is wrapped) it
     * returns an empty view over the sentinel, whose first read of the buffer throws.
     */
    private static void assertViewNotWrapped(final Supplier<Object> accessor) {
        if (DirectBuffer.SHOULD_BOUNDS_CHECK) {
            assertNotWrapped(accessor::get);
            return;
        }
        final Object view = accessor.get();
        final DirectBuffer buffer = view instanceof Utf8View utf8 ? utf8.buffer() : ((BytesView) view).buffer();
        assertThat(view instanceof Utf8View utf8 ? utf8.byteLength() : ((BytesView) view).length())
                .isZero();
        assertNotWrapped(() -> buffer.getByte(0));
    }
}

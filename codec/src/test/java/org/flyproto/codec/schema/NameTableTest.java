package org.flyproto.codec.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link NameTable}: every name found by its chars and by its UTF-8 bytes in heap and direct buffers at any offset,
 * and nothing found for a name that differs in one byte anywhere, is one byte shorter or longer.
 */
class NameTableTest {
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";

    @Test
    void shouldFindEveryNameOfEveryLengthAndNothingElse() {
        final SplittableRandom random = new SplittableRandom(41);
        final LinkedHashSet<String> unique = new LinkedHashSet<>();
        unique.add("");
        unique.add("é");
        unique.add("naïve_名前");
        for (int length = 1; length <= 40; length++) {
            for (int n = 0; n < 6; n++) {
                unique.add(randomName(random, length));
            }
        }
        final List<String> names = new ArrayList<>(unique);
        final int[] values = new int[names.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = 3 * i + 1;
        }
        final NameTable table = new NameTable(names.toArray(new String[0]), values);
        final MutableDirectBuffer heap = new UnsafeBuffer(new byte[256]);
        final MutableDirectBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(256));

        for (int i = 0; i < names.size(); i++) {
            final String name = names.get(i);
            final byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            assertThat(table.find("<" + name + ">", 1, 1 + name.length()))
                    .as(name)
                    .isEqualTo(values[i]);
            for (final MutableDirectBuffer buffer : List.of(heap, direct)) {
                final int offset = random.nextInt(256 - bytes.length - 1);
                buffer.putBytes(offset, bytes);
                assertThat(table.find(buffer, offset, bytes.length)).as(name).isEqualTo(values[i]);
                for (int at = 0; at < bytes.length; at++) {
                    buffer.putByte(offset + at, (byte) (bytes[at] ^ 0x01));
                    final String changed = new String(bytes, StandardCharsets.ISO_8859_1) + " at " + at;
                    final int found = table.find(buffer, offset, bytes.length);
                    if (found != -1) {
                        // Only another name of the table may be found: one whose bytes these now are.
                        final byte[] now = new byte[bytes.length];
                        buffer.getBytes(offset, now);
                        assertThat(names.indexOf(new String(now, StandardCharsets.UTF_8)))
                                .as(changed)
                                .isNotNegative();
                    }
                    buffer.putByte(offset + at, bytes[at]);
                }
                if (bytes.length > 0 && !unique.contains(name.substring(0, name.length() - 1))) {
                    assertThat(table.find(buffer, offset, bytes.length - 1))
                            .as(name)
                            .isEqualTo(-1);
                }
                buffer.putByte(offset + bytes.length, (byte) 'x');
                if (!unique.contains(name + "x")) {
                    assertThat(table.find(buffer, offset, bytes.length + 1))
                            .as(name)
                            .isEqualTo(-1);
                }
            }
        }
    }

    @Test
    void shouldKeepTheFirstValueOfANameGivenTwice() {
        final NameTable table = new NameTable(new String[] {"price", "price_exponent", "price"}, new int[] {7, 8, 9});
        final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[32]);
        buffer.putStringWithoutLengthAscii(3, "price");

        assertThat(table.find(buffer, 3, 5)).isEqualTo(7);
        assertThat(table.find("price", 0, 5)).isEqualTo(7);
    }

    private static String randomName(final SplittableRandom random, final int length) {
        final StringBuilder name = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            name.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return name.toString();
    }
}

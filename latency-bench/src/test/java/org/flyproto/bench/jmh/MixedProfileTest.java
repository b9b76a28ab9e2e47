package org.flyproto.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.RecordingSink;
import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MixedProfileTest {
    private static List<String> sorted(final RecordingSink sink) {
        return sink.values().stream().map(String::valueOf).sorted().toList();
    }

    @ParameterizedTest
    @EnumSource(
            value = Library.class,
            names = {"FLYPROTO", "PROTOBUF_JAVA", "QUICKBUF", "LIGHTPROTO"})
    void shouldDecodeEveryFixtureUpTo64KbOncePerRoundWithTheLibraryTimed(final Library library) {
        final RecordingSink expected = new RecordingSink();
        int fixtures = 0;
        for (final Fixture fixture : Fixture.values()) {
            if (library.supports(fixture) && fixture.bufferCapacity() <= 64 * 1024) {
                final MessageCodec codec = library.codec(fixture);
                for (int round = 0; round < (library == Library.FLYPROTO ? 4 : 2); round++) {
                    codec.decode(expected); // flyproto: validating and trusted read the same values
                }
                fixtures++;
            }
        }
        assertThat(fixtures).isGreaterThanOrEqualTo(5);

        final RecordingSink warmed = new RecordingSink();
        MixedProfile.run(library, warmed, 2);

        assertThat(sorted(warmed)).isEqualTo(sorted(expected));
    }
}

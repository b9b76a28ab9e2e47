package org.flyproto.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The check the benchmarks run before timing, run here on every fixture in the normal build. */
class CrossCheckTest {
    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldEncodeAndReadTheSameContentWithEveryLibrary(final Fixture fixture) {
        final CrossCheck.Sizes sizes = CrossCheck.verify(fixture);

        assertThat(sizes.sizes())
                .containsKeys(Library.FLYPROTO, Library.PROTOBUF_JAVA, Library.QUICKBUF, Library.LIGHTPROTO);
        assertThat(sizes.sizes().containsKey(Library.SBE)).isEqualTo(fixture == Fixture.ORDER);
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldHaveTheNominalSizeWithinAFifth(final Fixture fixture) {
        final int size = Library.canonicalBytes(fixture).length;

        assertThat(size).isBetween(fixture.nominalSize() * 4 / 5, fixture.nominalSize() * 6 / 5);
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldBuildTheSameContentEveryTime(final Fixture fixture) {
        assertThat(Library.canonicalBytes(fixture)).isEqualTo(Library.canonicalBytes(fixture));
    }
}

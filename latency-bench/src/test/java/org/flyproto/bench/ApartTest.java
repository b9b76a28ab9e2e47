package org.flyproto.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.api.Test;

/** The checks the benchmarks run before timing, run in classes of their own. */
class ApartTest {
    @Test
    void shouldRunTheCrossCheckAndTheDynamicCheckApart() {
        Apart.crossCheck(Fixture.BOOK_10);
        Apart.dynamicCheck(Fixture.ORDER);
    }

    @Test
    void shouldRunTheCheckInOtherClassesAndPassOnWhatItThrows() {
        assertThatThrownBy(() -> Apart.run(Failing.class, Fixture.TELEMETRY))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("TELEMETRY, checked in loader apart by classes of loader apart");
    }

    @Test
    void shouldNotLoadTheCheckedClassesIntoTheCallersLoader() {
        Apart.run(Loaded.class, Fixture.ORDER);

        assertThat(Loaded.loader).isNull();
    }

    /** A check that fails, saying where it ran. */
    public static final class Failing {
        private Failing() {}

        /**
         * @param fixture the fixture.
         */
        public static void verify(final Fixture fixture) {
            throw new IllegalStateException(fixture + ", checked in loader "
                    + Failing.class.getClassLoader().getName() + " by classes of loader "
                    + fixture.getClass().getClassLoader().getName());
        }
    }

    /** A check that records its loader in its own static field: the caller's copy of the class stays untouched. */
    public static final class Loaded {
        static ClassLoader loader;

        private Loaded() {}

        /**
         * @param fixture the fixture.
         */
        public static void verify(final Fixture fixture) {
            loader = Loaded.class.getClassLoader();
        }
    }
}

package org.flyproto.bench.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BenchPropertiesTest {
    private static final List<String> NAMES = List.of("rate", "warmup.seconds", "seconds", "output.dir", "library");

    @AfterEach
    void clearProperties() {
        for (final String name : NAMES) {
            System.clearProperty(BenchProperties.PREFIX + name);
        }
    }

    @Test
    void shouldGiveEachHarnessItsOwnDefaultsThroughTheSameProperties() {
        assertThat(LatencyConfig.fromSystemProperties())
                .extracting(LatencyConfig::rate, LatencyConfig::warmupSeconds, LatencyConfig::seconds)
                .containsExactly(50_000L, 5, 20);
        assertThat(LatencyConfig.fromSystemProperties().contenders()).containsExactly(Contender.values());
        assertThat(PingPongConfig.fromSystemProperties())
                .extracting(PingPongConfig::rate, PingPongConfig::warmupSeconds, PingPongConfig::outputDir)
                .containsExactly(20_000L, 10, Path.of("target/pingpong"));
        assertThat(PingPongConfig.fromSystemProperties().libraries())
                .containsExactly(PingPongLibrary.FLYPROTO, PingPongLibrary.PROTOBUF_JAVA);
    }

    @Test
    void shouldReadTheSharedPropertiesTheSameWayForBoth() {
        System.setProperty(BenchProperties.PREFIX + "rate", " 1234 ");
        System.setProperty(BenchProperties.PREFIX + "seconds", "7");
        System.setProperty(BenchProperties.PREFIX + "output.dir", "/tmp/x");

        assertThat(LatencyConfig.fromSystemProperties())
                .extracting(LatencyConfig::rate, LatencyConfig::seconds, LatencyConfig::outputDir)
                .containsExactly(1234L, 7, Path.of("/tmp/x"));
        assertThat(PingPongConfig.fromSystemProperties())
                .extracting(PingPongConfig::rate, PingPongConfig::seconds, PingPongConfig::outputDir)
                .containsExactly(1234L, 7, Path.of("/tmp/x"));
    }

    @Test
    void shouldRejectANonPositiveRate() {
        System.setProperty(BenchProperties.PREFIX + "rate", "0");

        assertThatThrownBy(LatencyConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(PingPongConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class);
    }
}

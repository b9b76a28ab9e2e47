package org.flyproto.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.flyproto.bench.Library;

/** The JMH measurements of a run, with the lookups the tables and charts need. */
final class Results {
    private static final String FLYPROTO = Library.FLYPROTO.label();

    private final List<Measurement> measurements;

    Results(final List<Measurement> measurements) {
        this.measurements = List.copyOf(measurements);
    }

    List<Measurement> all() {
        return measurements;
    }

    /**
     * @return whether any benchmark ran with Agrona's bounds checks in that mode.
     */
    boolean hasBoundsChecks(final String mode) {
        return measurements.stream().anyMatch(m -> m.boundsChecks().equals(mode));
    }

    /**
     * @return the fixtures measured, in order of first appearance.
     */
    List<String> fixtures(final List<String> order) {
        final List<String> fixtures = new ArrayList<>();
        for (final String fixture : order) {
            if (measurements.stream().anyMatch(m -> m.fixture().equals(fixture))) {
                fixtures.add(fixture);
            }
        }
        return fixtures;
    }

    Optional<Measurement> find(
            final String library, final String operation, final String fixture, final String boundsChecks) {
        return measurements.stream()
                .filter(m -> m.library().equals(library)
                        && m.operation().equals(operation)
                        && m.fixture().equals(fixture)
                        && m.appliesTo(boundsChecks))
                .findFirst();
    }

    /**
     * @return throughput of flyproto ÷ throughput of the peer, NaN if either is missing.
     */
    double ratio(final Comparison comparison, final String fixture, final String boundsChecks) {
        final Optional<Measurement> flyproto = find(FLYPROTO, comparison.operation(), fixture, boundsChecks);
        final Optional<Measurement> peer = find(comparison.peer(), comparison.peerOperation(), fixture, boundsChecks);
        if (flyproto.isEmpty() || peer.isEmpty()) {
            return Double.NaN;
        }
        return flyproto.get().opsPerSecond() / peer.get().opsPerSecond();
    }

    /**
     * @return flyproto's bytes allocated per operation, NaN if not measured.
     */
    double flyprotoBytesPerOp(final String operation, final String fixture, final String boundsChecks) {
        return find(FLYPROTO, operation, fixture, boundsChecks)
                .map(Measurement::bytesPerOp)
                .orElse(Double.NaN);
    }
}

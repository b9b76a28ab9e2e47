package org.flyproto.bench.codec.flyproto;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LabelData;
import org.flyproto.bench.fixture.TelemetryData;
import org.flyproto.bench.proto.flyproto.LabelDecoder;
import org.flyproto.bench.proto.flyproto.TelemetryDecoder;
import org.flyproto.bench.proto.flyproto.TelemetryEncoder;
import org.flyproto.codec.FieldWriter;

/** flyproto's codec of {@code Telemetry}. */
final class FlyprotoTelemetryCodec extends FlyprotoCodec<TelemetryEncoder, TelemetryData> {
    /** Every field of the telemetry fixture: {@link #write}. */
    private static final FieldWriter<TelemetryEncoder, TelemetryData> FIELDS = FlyprotoTelemetryCodec::write;

    private final TelemetryDecoder decoder = new TelemetryDecoder();
    private long[] timestamps = new long[0];
    private double[] values = new double[0];

    FlyprotoTelemetryCodec(final TelemetryData data, final int capacity) {
        super(capacity, new TelemetryEncoder(), FIELDS, data);
    }

    /** The one setter chain of the telemetry fixture, behind encode, size and claim. */
    private static void write(final TelemetryEncoder encoder, final TelemetryData telemetry) {
        encoder.metric(telemetry.metric());
        for (final LabelData label : telemetry.labels()) {
            encoder.addLabels().key(label.key()).value(label.value());
            encoder.endLabels();
        }
        encoder.unit(telemetry.unit())
                .timestamps(telemetry.timestamps())
                .values(telemetry.values())
                .sourceId(telemetry.sourceId());
    }

    @Override
    public TelemetryDecoder decoder() {
        return decoder;
    }

    @Override
    public void decode(final Sink sink) {
        read(decoder.wrap(inBuffer, 0, inLength), sink);
    }

    @Override
    public void decodeTrusted(final Sink sink) {
        read(decoder.wrapTrusted(inBuffer, 0, inLength), sink);
    }

    /**
     * Reads the packed runs as a user wanting all the values does: in bulk into arrays of its own (reused, grown to
     * the longest run seen), then each value.
     */
    private void read(final TelemetryDecoder telemetry, final Sink sink) {
        sink.text(telemetry.metric());
        for (final LabelDecoder label = telemetry.labels(); label.next(); ) {
            sink.text(label.key());
            sink.text(label.value());
        }
        sink.count(telemetry.labelsCount());
        sink.text(telemetry.unit());
        final int timestampCount = telemetry.timestampsCount();
        if (timestamps.length < timestampCount) {
            timestamps = new long[timestampCount];
        }
        final int timestampsRead = telemetry.timestamps().next(timestamps, 0, timestampCount);
        for (int i = 0; i < timestampsRead; i++) {
            sink.longValue(timestamps[i]);
        }
        sink.count(timestampCount);
        final int valueCount = telemetry.valuesCount();
        if (values.length < valueCount) {
            values = new double[valueCount];
        }
        final int valuesRead = telemetry.values().next(values, 0, valueCount);
        for (int i = 0; i < valuesRead; i++) {
            sink.doubleValue(values[i]);
        }
        sink.count(valueCount);
        sink.longValue(telemetry.sourceId());
    }
}

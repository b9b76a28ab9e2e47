package org.flyproto.bench.codec.flyproto;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LabelData;
import org.flyproto.bench.fixture.TelemetryData;
import org.flyproto.bench.proto.flyproto.LabelDecoder;
import org.flyproto.bench.proto.flyproto.TelemetryDecoder;
import org.flyproto.bench.proto.flyproto.TelemetryEncoder;
import org.flyproto.codec.DoubleCursor;
import org.flyproto.codec.LongCursor;

/** flyproto's codec of {@code Telemetry}. */
final class FlyprotoTelemetryCodec extends FlyprotoCodec {
    private final TelemetryData data;
    private final TelemetryEncoder encoder = new TelemetryEncoder();
    private final TelemetryDecoder decoder = new TelemetryDecoder();

    FlyprotoTelemetryCodec(final TelemetryData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    public int encode() {
        final TelemetryData telemetry = data;
        final TelemetryEncoder encoder = this.encoder.wrap(outBuffer, 0).metric(telemetry.metric());
        for (final LabelData label : telemetry.labels()) {
            encoder.addLabels().key(label.key()).value(label.value());
            encoder.endLabels();
        }
        return encoder.unit(telemetry.unit())
                .timestamps(telemetry.timestamps())
                .values(telemetry.values())
                .sourceId(telemetry.sourceId())
                .encodedLength();
    }

    @Override
    public void decode(final Sink sink) {
        read(decoder.wrap(inBuffer, 0, inLength), sink);
    }

    @Override
    public void decodeTrusted(final Sink sink) {
        read(decoder.wrapTrusted(inBuffer, 0, inLength), sink);
    }

    private static void read(final TelemetryDecoder telemetry, final Sink sink) {
        sink.text(telemetry.metric());
        for (final LabelDecoder label = telemetry.labels(); label.next(); ) {
            sink.text(label.key());
            sink.text(label.value());
        }
        sink.count(telemetry.labelsCount());
        sink.text(telemetry.unit());
        for (final LongCursor timestamps = telemetry.timestamps(); timestamps.next(); ) {
            sink.longValue(timestamps.value());
        }
        sink.count(telemetry.timestampsCount());
        for (final DoubleCursor values = telemetry.values(); values.next(); ) {
            sink.doubleValue(values.value());
        }
        sink.count(telemetry.valuesCount());
        sink.longValue(telemetry.sourceId());
    }
}

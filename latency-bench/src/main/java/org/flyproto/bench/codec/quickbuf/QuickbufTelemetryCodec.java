package org.flyproto.bench.codec.quickbuf;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LabelData;
import org.flyproto.bench.fixture.TelemetryData;
import org.flyproto.bench.proto.quickbuf.TelemetryProtos.Label;
import org.flyproto.bench.proto.quickbuf.TelemetryProtos.Telemetry;
import us.hebi.quickbuf.RepeatedDouble;
import us.hebi.quickbuf.RepeatedLong;
import us.hebi.quickbuf.RepeatedMessage;

/** QuickBuffers' codec of {@code Telemetry}. */
final class QuickbufTelemetryCodec extends QuickbufCodec<Telemetry> {
    private final TelemetryData data;

    QuickbufTelemetryCodec(final TelemetryData data, final int capacity) {
        super(capacity, Telemetry.newInstance(), Telemetry.newInstance());
        this.data = data;
    }

    @Override
    protected void fill(final Telemetry message) {
        final TelemetryData telemetry = data;
        message.setMetric(telemetry.metric());
        final RepeatedMessage<Label> labels = message.getMutableLabels();
        for (final LabelData label : telemetry.labels()) {
            labels.next().setKey(label.key()).setValue(label.value());
        }
        message.setUnit(telemetry.unit())
                .addAllTimestamps(telemetry.timestamps())
                .addAllValues(telemetry.values())
                .setSourceId(telemetry.sourceId());
    }

    @Override
    protected void read(final Telemetry telemetry, final Sink sink) {
        text(telemetry.getMetricBytes(), sink);
        final RepeatedMessage<Label> labels = telemetry.getLabels();
        for (int i = 0, count = labels.length(); i < count; i++) {
            final Label label = labels.get(i);
            text(label.getKeyBytes(), sink);
            text(label.getValueBytes(), sink);
        }
        sink.count(labels.length());
        text(telemetry.getUnitBytes(), sink);
        final RepeatedLong timestamps = telemetry.getTimestamps();
        for (int i = 0, count = timestamps.length(); i < count; i++) {
            sink.longValue(timestamps.get(i));
        }
        sink.count(timestamps.length());
        final RepeatedDouble values = telemetry.getValues();
        for (int i = 0, count = values.length(); i < count; i++) {
            sink.doubleValue(values.get(i));
        }
        sink.count(values.length());
        sink.longValue(telemetry.getSourceId());
    }
}

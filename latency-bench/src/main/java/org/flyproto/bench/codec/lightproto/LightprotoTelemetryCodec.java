package org.flyproto.bench.codec.lightproto;

import io.netty.buffer.ByteBuf;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LabelData;
import org.flyproto.bench.fixture.TelemetryData;
import org.flyproto.bench.proto.LpTelemetry.Label;
import org.flyproto.bench.proto.LpTelemetry.Telemetry;

/** LightProto's codec of {@code Telemetry}. */
final class LightprotoTelemetryCodec extends LightprotoCodec {
    private final TelemetryData data;
    private final Telemetry encoded = new Telemetry();
    private final Telemetry decoded = new Telemetry();

    LightprotoTelemetryCodec(final TelemetryData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    protected void fill() {
        final TelemetryData telemetry = data;
        final Telemetry message = encoded.clear().setMetric(telemetry.metric());
        for (final LabelData label : telemetry.labels()) {
            message.addLabel().setKey(label.key()).setValue(label.value());
        }
        message.setUnit(telemetry.unit());
        for (final long timestamp : telemetry.timestamps()) {
            message.addTimestamp(timestamp);
        }
        for (final double value : telemetry.values()) {
            message.addValue(value);
        }
        message.setSourceId(telemetry.sourceId());
    }

    @Override
    protected int serializedSize() {
        return encoded.getSerializedSize();
    }

    @Override
    protected int writeTo(final ByteBuf buffer) {
        return encoded.writeTo(buffer);
    }

    @Override
    protected void read(final ByteBuf buffer, final int length, final Sink sink) {
        final Telemetry telemetry = decoded;
        telemetry.parseFrom(buffer, length);
        sink.text(telemetry.getMetric());
        final int labels = telemetry.getLabelsCount();
        for (int i = 0; i < labels; i++) {
            final Label label = telemetry.getLabelAt(i);
            sink.text(label.getKey());
            sink.text(label.getValue());
        }
        sink.count(labels);
        sink.text(telemetry.getUnit());
        final int timestamps = telemetry.getTimestampsCount();
        for (int i = 0; i < timestamps; i++) {
            sink.longValue(telemetry.getTimestampAt(i));
        }
        sink.count(timestamps);
        final int values = telemetry.getValuesCount();
        for (int i = 0; i < values; i++) {
            sink.doubleValue(telemetry.getValueAt(i));
        }
        sink.count(values);
        sink.longValue(telemetry.getSourceId());
    }
}

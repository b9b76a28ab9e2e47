package org.flyproto.bench.codec.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.LabelData;
import org.flyproto.bench.fixture.TelemetryData;
import org.flyproto.bench.proto.TelemetryProtos.Label;
import org.flyproto.bench.proto.TelemetryProtos.Telemetry;

/** protobuf-java's codec of {@code Telemetry}. */
final class ProtobufTelemetryCodec extends ProtobufJavaCodec<Telemetry> {
    private final TelemetryData data;

    ProtobufTelemetryCodec(final TelemetryData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    public Telemetry build() {
        final TelemetryData telemetry = data;
        final Telemetry.Builder builder = Telemetry.newBuilder().setMetric(telemetry.metric());
        for (final LabelData label : telemetry.labels()) {
            builder.addLabels(Label.newBuilder().setKey(label.key()).setValue(label.value()));
        }
        builder.setUnit(telemetry.unit());
        for (final long timestamp : telemetry.timestamps()) {
            builder.addTimestamps(timestamp);
        }
        for (final double value : telemetry.values()) {
            builder.addValues(value);
        }
        return builder.setSourceId(telemetry.sourceId()).build();
    }

    @Override
    public Telemetry parse(final byte[] bytes, final int length) throws InvalidProtocolBufferException {
        return Telemetry.parser().parseFrom(bytes, 0, length);
    }

    @Override
    protected void read(final Telemetry telemetry, final Sink sink) {
        sink.text(telemetry.getMetric());
        for (int i = 0, count = telemetry.getLabelsCount(); i < count; i++) {
            final Label label = telemetry.getLabels(i);
            sink.text(label.getKey());
            sink.text(label.getValue());
        }
        sink.count(telemetry.getLabelsCount());
        sink.text(telemetry.getUnit());
        for (int i = 0, count = telemetry.getTimestampsCount(); i < count; i++) {
            sink.longValue(telemetry.getTimestamps(i));
        }
        sink.count(telemetry.getTimestampsCount());
        for (int i = 0, count = telemetry.getValuesCount(); i < count; i++) {
            sink.doubleValue(telemetry.getValues(i));
        }
        sink.count(telemetry.getValuesCount());
        sink.longValue(telemetry.getSourceId());
    }
}

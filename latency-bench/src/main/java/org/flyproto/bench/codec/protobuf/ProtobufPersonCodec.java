package org.flyproto.bench.codec.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.AddressData;
import org.flyproto.bench.fixture.PersonData;
import org.flyproto.bench.proto.PersonProtos.Address;
import org.flyproto.bench.proto.PersonProtos.Person;

/** protobuf-java's codec of {@code Person}. */
final class ProtobufPersonCodec extends ProtobufJavaCodec<Person> {
    private final PersonData data;

    ProtobufPersonCodec(final PersonData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    public Person build() {
        final PersonData person = data;
        final Person.Builder builder =
                Person.newBuilder().setName(person.name()).setId(person.id()).setEmail(person.email());
        final AddressData address = person.address();
        if (address != null) {
            builder.setAddress(Address.newBuilder()
                    .setStreet(address.street())
                    .setCity(address.city())
                    .setPostcode(address.postcode())
                    .setCountry(address.country()));
        }
        for (final String email : person.emails()) {
            builder.addEmails(email);
        }
        for (final int number : person.luckyNumbers()) {
            builder.addLuckyNumbers(number);
        }
        return builder.build();
    }

    @Override
    public Person parse(final byte[] bytes, final int length) throws InvalidProtocolBufferException {
        return Person.parser().parseFrom(bytes, 0, length);
    }

    @Override
    protected void read(final Person person, final Sink sink) {
        sink.text(person.getName());
        sink.longValue(person.getId());
        sink.text(person.getEmail());
        final boolean hasAddress = person.hasAddress();
        sink.boolValue(hasAddress);
        if (hasAddress) {
            final Address address = person.getAddress();
            sink.text(address.getStreet());
            sink.text(address.getCity());
            sink.text(address.getPostcode());
            sink.text(address.getCountry());
        }
        for (int i = 0, count = person.getEmailsCount(); i < count; i++) {
            sink.text(person.getEmails(i));
        }
        sink.count(person.getEmailsCount());
        for (int i = 0, count = person.getLuckyNumbersCount(); i < count; i++) {
            sink.longValue(person.getLuckyNumbers(i));
        }
        sink.count(person.getLuckyNumbersCount());
    }
}

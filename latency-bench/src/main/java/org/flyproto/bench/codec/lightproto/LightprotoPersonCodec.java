package org.flyproto.bench.codec.lightproto;

import io.netty.buffer.ByteBuf;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.AddressData;
import org.flyproto.bench.fixture.PersonData;
import org.flyproto.bench.proto.LpPerson.Address;
import org.flyproto.bench.proto.LpPerson.Person;

/** LightProto's codec of {@code Person}. */
final class LightprotoPersonCodec extends LightprotoCodec {
    private final PersonData data;
    private final Person encoded = new Person();
    private final Person decoded = new Person();

    LightprotoPersonCodec(final PersonData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    protected void fill() {
        final PersonData person = data;
        final Person message = encoded.clear().setName(person.name()).setId(person.id());
        if (!person.email().isEmpty()) {
            message.setEmail(person.email());
        }
        final AddressData address = person.address();
        if (address != null) {
            message.setAddress()
                    .setStreet(address.street())
                    .setCity(address.city())
                    .setPostcode(address.postcode())
                    .setCountry(address.country());
        }
        for (final String email : person.emails()) {
            message.addEmail(email);
        }
        for (final int number : person.luckyNumbers()) {
            message.addLuckyNumber(number);
        }
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
        final Person person = decoded;
        person.parseFrom(buffer, length);
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
        final int emails = person.getEmailsCount();
        for (int i = 0; i < emails; i++) {
            sink.text(person.getEmailAt(i));
        }
        sink.count(emails);
        final int numbers = person.getLuckyNumbersCount();
        for (int i = 0; i < numbers; i++) {
            sink.longValue(person.getLuckyNumberAt(i));
        }
        sink.count(numbers);
    }
}

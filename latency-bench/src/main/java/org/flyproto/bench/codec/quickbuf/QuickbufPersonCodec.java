package org.flyproto.bench.codec.quickbuf;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.AddressData;
import org.flyproto.bench.fixture.PersonData;
import org.flyproto.bench.proto.quickbuf.PersonProtos.Address;
import org.flyproto.bench.proto.quickbuf.PersonProtos.Person;
import us.hebi.quickbuf.RepeatedInt;
import us.hebi.quickbuf.RepeatedString;

/** QuickBuffers' codec of {@code Person}. */
final class QuickbufPersonCodec extends QuickbufCodec<Person> {
    private final PersonData data;

    QuickbufPersonCodec(final PersonData data, final int capacity) {
        super(capacity, Person.newInstance(), Person.newInstance());
        this.data = data;
    }

    @Override
    protected void fill(final Person message) {
        final PersonData person = data;
        message.setName(person.name()).setId(person.id());
        if (!person.email().isEmpty()) {
            message.setEmail(person.email());
        }
        final AddressData address = person.address();
        if (address != null) {
            message.getMutableAddress()
                    .setStreet(address.street())
                    .setCity(address.city())
                    .setPostcode(address.postcode())
                    .setCountry(address.country());
        }
        for (final String email : person.emails()) {
            message.addEmails(email);
        }
        message.addAllLuckyNumbers(person.luckyNumbers());
    }

    @Override
    protected void read(final Person person, final Sink sink) {
        text(person.getNameBytes(), sink);
        sink.longValue(person.getId());
        text(person.getEmailBytes(), sink);
        final boolean hasAddress = person.hasAddress();
        sink.boolValue(hasAddress);
        if (hasAddress) {
            final Address address = person.getAddress();
            text(address.getStreetBytes(), sink);
            text(address.getCityBytes(), sink);
            text(address.getPostcodeBytes(), sink);
            text(address.getCountryBytes(), sink);
        }
        final RepeatedString emails = person.getEmails();
        for (int i = 0, count = emails.length(); i < count; i++) {
            sink.text(emails.get(i));
        }
        sink.count(emails.length());
        final RepeatedInt numbers = person.getLuckyNumbers();
        for (int i = 0, count = numbers.length(); i < count; i++) {
            sink.longValue(numbers.get(i));
        }
        sink.count(numbers.length());
    }
}

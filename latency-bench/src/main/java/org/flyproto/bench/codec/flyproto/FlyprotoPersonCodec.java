package org.flyproto.bench.codec.flyproto;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.AddressData;
import org.flyproto.bench.fixture.PersonData;
import org.flyproto.bench.proto.flyproto.AddressDecoder;
import org.flyproto.bench.proto.flyproto.PersonDecoder;
import org.flyproto.bench.proto.flyproto.PersonEncoder;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.IntCursor;
import org.flyproto.codec.StringCursor;

/** flyproto's codec of {@code Person}. */
final class FlyprotoPersonCodec extends FlyprotoCodec<PersonEncoder, PersonData> {
    /** Every field of the person fixture: {@link #write}. */
    private static final FieldWriter<PersonEncoder, PersonData> FIELDS = FlyprotoPersonCodec::write;

    private final PersonDecoder decoder = new PersonDecoder();

    FlyprotoPersonCodec(final PersonData data, final int capacity) {
        super(capacity, new PersonEncoder(), FIELDS, data);
    }

    /** The one setter chain of the person fixtures, behind encode, size and claim. */
    private static void write(final PersonEncoder encoder, final PersonData person) {
        encoder.name(person.name()).id(person.id()).email(person.email());
        final AddressData address = person.address();
        if (address != null) {
            encoder.beginAddress()
                    .street(address.street())
                    .city(address.city())
                    .postcode(address.postcode())
                    .country(address.country());
            encoder.endAddress();
        }
        for (final String email : person.emails()) {
            encoder.addEmails(email);
        }
        encoder.luckyNumbers(person.luckyNumbers());
    }

    @Override
    public PersonDecoder decoder() {
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

    private static void read(final PersonDecoder person, final Sink sink) {
        sink.text(person.name());
        sink.longValue(person.id());
        sink.text(person.email());
        final boolean hasAddress = person.hasAddress();
        sink.boolValue(hasAddress);
        if (hasAddress) {
            final AddressDecoder address = person.address();
            sink.text(address.street());
            sink.text(address.city());
            sink.text(address.postcode());
            sink.text(address.country());
        }
        for (final StringCursor emails = person.emails(); emails.next(); ) {
            sink.text(emails.value());
        }
        sink.count(person.emailsCount());
        for (final IntCursor numbers = person.luckyNumbers(); numbers.next(); ) {
            sink.longValue(numbers.value());
        }
        sink.count(person.luckyNumbersCount());
    }
}

package org.flyproto.tools;

import java.io.IOException;
import org.agrona.ExpandableArrayBuffer;

/** The whole input as one message, as {@code protoc --decode} reads it. */
final class SingleMessageSource implements MessageSource {
    private final ByteInput input;
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(4096);
    private boolean done;

    SingleMessageSource(final ByteInput input) {
        this.input = input;
    }

    @Override
    public boolean next(final Handler handler) throws IOException {
        if (done) {
            return false;
        }
        done = true;
        final int length = input.readAll(buffer);
        handler.onMessage(buffer, 0, length, 0, 0);
        return true;
    }
}

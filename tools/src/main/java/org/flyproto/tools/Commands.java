package org.flyproto.tools;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.JsonPrintException;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.TextParseException;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.wkt.LoadedSchemas;

/**
 * The work of each command, once the options are parsed and the descriptor set is loaded. One decoder, one encoder,
 * one set of buffers and printers serve every message of a run.
 */
final class Commands {
    /** How many messages pass between looks at the clock (progress) and at the output (closed by a reader). */
    private static final int CHECK_EVERY = 1024;

    private final Options options;
    private final LoadedSchemas schemas;
    private final OutputStream out;
    private final PrintStream rawOut;
    private final PrintStream err;
    private final long progressIntervalNanos;

    /**
     * @param options               the parsed command line.
     * @param schemas               the loaded descriptor set.
     * @param out                   standard output, buffered.
     * @param rawOut                standard output itself, to see whether its reader has gone.
     * @param err                   standard error, for progress.
     * @param progressIntervalNanos how often {@code dump} reports progress, or a negative number for never.
     */
    Commands(
            final Options options,
            final LoadedSchemas schemas,
            final OutputStream out,
            final PrintStream rawOut,
            final PrintStream err,
            final long progressIntervalNanos) {
        this.options = options;
        this.schemas = schemas;
        this.out = out;
        this.rawOut = rawOut;
        this.err = err;
        this.progressIntervalNanos = options.quiet ? -1 : progressIntervalNanos;
    }

    /** {@code list-types}: the message types' full names, sorted, one a line. */
    void listTypes() throws IOException {
        final StringBuilder names = new StringBuilder();
        for (final String name : schemas.messageNames()) {
            names.append(name).append('\n');
        }
        out.write(names.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** {@code decode} and {@code dump}: every message of the input printed in the chosen format. */
    void decode(final InputStream in) throws IOException {
        final boolean stream = options.delimited || options.queue != null;
        try (MessageSource source = source(in)) {
            final Decoding decoding = new Decoding(
                    schema(), new MessageOutput(options.format, stream, new Formats(schemas, options), out), stream);
            while (decoding.printed < options.count && source.next(decoding)) {
                if (decoding.seen % CHECK_EVERY == 0 && decoding.check()) {
                    break;
                }
            }
            decoding.done();
        }
    }

    /** {@code encode}: text format or JSON (JSON lines with {@code --delimited}) to binary. */
    void encode(final InputStream in) throws IOException {
        final MessageSchema schema = schema();
        final Formats formats = new Formats(schemas, options);
        final MessageOutput output = new MessageOutput(Options.Format.BINARY, options.delimited, formats, out);
        final ByteInput input = new ByteInput(open(in));
        final ExpandableArrayBuffer text = new ExpandableArrayBuffer(4096);
        final ExpandableArrayBuffer encoded = new ExpandableArrayBuffer(4096);
        final DynamicEncoder encoder = new DynamicEncoder();
        if (!options.delimited) {
            final int length = input.readAll(text);
            encoder.wrap(schema, encoded, 0);
            parse(formats, text, length, encoder, 0, BadDataException.SINGLE);
            output.writeBinary(encoded, 0, encoder.encodedLength(), false);
            return;
        }
        long ordinal = 0;
        while (true) {
            final long base = input.position();
            final int length = input.readLine(text);
            if (length < 0) {
                break;
            }
            if (isBlank(text, length)) {
                continue;
            }
            encoder.wrap(schema, encoded, 0);
            parse(formats, text, length, encoder, base, ordinal++);
            output.writeBinary(encoded, 0, encoder.encodedLength(), true);
        }
    }

    private void parse(
            final Formats formats,
            final DirectBuffer text,
            final int length,
            final DynamicEncoder encoder,
            final long base,
            final long ordinal) {
        try {
            if (options.format == Options.Format.JSON) {
                formats.parseJson(text, 0, length, encoder);
            } else {
                formats.parseText(text, 0, length, encoder);
            }
        } catch (final ProtoDecodeException e) {
            throw new BadDataException(e.reason(), "offset " + (base + e.offset()), ordinal);
        } catch (final TextParseException e) {
            throw new BadDataException(e.reason(), "line " + e.line() + ", column " + e.column(), ordinal);
        }
    }

    private static boolean isBlank(final DirectBuffer text, final int length) {
        for (int i = 0; i < length; i++) {
            final byte b = text.getByte(i);
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private MessageSchema schema() {
        final String name = options.type.startsWith(".") ? options.type.substring(1) : options.type;
        if (!schemas.messageNames().contains(name)) {
            throw new UsageException(
                    "unknown type " + options.type + " (list-types shows the "
                            + schemas.messageNames().size() + " message types of " + options.descriptorSet + ")",
                    options.command);
        }
        return schemas.message(name);
    }

    private MessageSource source(final InputStream in) {
        if (options.queue != null) {
            return new QueueSource(options.queue);
        }
        final ByteInput input = new ByteInput(open(in));
        return options.delimited ? new DelimitedSource(input) : new SingleMessageSource(input);
    }

    private InputStream open(final InputStream in) {
        if (options.file == null) {
            return in;
        }
        return openFile(options.file, options.command);
    }

    static InputStream openFile(final Path file, final Options.Command command) {
        if (Files.isDirectory(file)) {
            throw new UsageException("cannot read " + file + ": a directory", command);
        }
        try {
            return Files.newInputStream(file);
        } catch (final IOException e) {
            throw new UsageException("cannot read " + file + ": " + reason(e), command);
        }
    }

    static String reason(final IOException e) {
        return e instanceof NoSuchFileException
                ? "no such file"
                : e instanceof AccessDeniedException
                        ? "permission denied"
                        : e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** Validates and prints each message; counts, skips up to {@code --from}, reports progress. */
    private final class Decoding implements MessageSource.Handler {
        private final MessageSchema schema;
        private final MessageOutput output;
        private final boolean stream;
        private final DynamicDecoder decoder = new DynamicDecoder();
        private final long started = System.nanoTime();
        private long lastReport = started;
        private boolean reported;
        long seen;
        long printed;

        Decoding(final MessageSchema schema, final MessageOutput output, final boolean stream) {
            this.schema = schema;
            this.output = output;
            this.stream = stream;
        }

        @Override
        public void onMessage(
                final DirectBuffer buffer, final int offset, final int length, final long ordinal, final long base)
                throws IOException {
            seen++;
            if (ordinal < options.from) {
                return;
            }
            final long where = stream ? ordinal : BadDataException.SINGLE;
            try {
                decoder.wrap(schema, buffer, offset, length);
            } catch (final ProtoDecodeException e) {
                throw new BadDataException(e.reason(), "offset " + (base + e.offset() - offset), where);
            }
            try {
                output.write(decoder, buffer, offset, length, ordinal);
            } catch (final JsonPrintException e) {
                throw new BadDataException(e.getMessage(), null, where);
            }
            printed++;
        }

        /** @return true if standard output's reader has gone (e.g. {@code | head}): stop quietly. */
        boolean check() throws IOException {
            if (progressIntervalNanos >= 0) {
                final long now = System.nanoTime();
                if (now - lastReport >= progressIntervalNanos) {
                    lastReport = now;
                    reported = true;
                    err.println(options.command.word + ": " + seen + " messages read, " + printed + " printed");
                }
            }
            out.flush();
            return rawOut.checkError();
        }

        void done() {
            if (reported) {
                err.println(options.command.word + ": done, " + seen + " messages read, " + printed + " printed");
            }
        }
    }
}

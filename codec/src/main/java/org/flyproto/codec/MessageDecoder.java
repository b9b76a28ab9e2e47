package org.flyproto.codec;

import org.agrona.DirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Checked;
import org.flyproto.buffers.Generation;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Utf8View;
import org.flyproto.buffers.WireType;

/**
 * Base class of generated message decoders.
 *
 * <p><b>How a decoder finds its fields.</b> {@code wrap} scans the message once, front to back: for each tag the
 * generated {@link #scanFields()} either decodes the scalar value into a field of the decoder (last occurrence wins, as
 * in protobuf), records the offset and length of a string, bytes or message field, records every element of a repeated
 * message field ({@link Occurrences}: counted, and iterated without another walk) or the first occurrence of a repeated
 * scalar, string or bytes field and its element count (its cursor walks from there), or skips an unknown field.
 * Accessors then return the stored values; strings and bytes are views over the buffer; nested messages are decoded by
 * a child decoder wrapped on access.
 *
 * <p><b>Validating and trusted.</b> A validating wrap checks every tag, wire type, length, varint and the nesting depth
 * of the whole tree at wrap time (nested messages and packed runs included), and checks UTF-8 when a string is read.
 * A trusted wrap skips UTF-8 validation and the eager walk of nested messages; it still checks every length and varint
 * it reads, so it never reads outside the wrapped region whatever the bytes say.
 *
 * <p><b>Reuse.</b> A decoder is a flyweight, and so is everything it hands out: an accessor returns the same object
 * every time (the same child decoder, cursor, {@code Utf8View} or {@code BytesView}), pointed again at what was asked
 * for. Wrapping a decoder again, or wrapping its parent again, invalidates what it returned before. In practice:
 *
 * <ul>
 *   <li><b>Nested loops over one repeated field share one decoder.</b> The inner {@code order.fills()} returns the
 *       decoder the outer loop is iterating and restarts it: with 3 fills, the outer body runs once and the inner one
 *       3 times, not 3 and 9 times. Run the inner loop on a second decoder of the parent, wrapped on the same bytes
 *       ({@code other.wrap(order.encodedBuffer(), order.encodedOffset(), order.encodedLength())}), or copy what the
 *       inner loop needs from the outer element first.
 *   <li><b>A kept view or nested decoder shows what it was last pointed at.</b> It is valid until its decoder moves
 *       on: {@link #next()}, another wrap of it or of a parent, or the same accessor called again (for the next
 *       element, say), after which it may show other bytes; views collected in a loop are one object, showing the
 *       last element. Copy out what must outlive it ({@code toString()}, {@code xAsString()}, {@code getBytes},
 *       scalar values), or keep an element in a decoder of its own
 *       ({@code kept.wrap(fill.encodedBuffer(), fill.encodedOffset(), fill.encodedLength())}).
 *   <li><b>Nothing is copied out of the buffer.</b> Views and decoders are valid only while the buffer's bytes are:
 *       in an Aeron {@code FragmentHandler}, until the handler returns.
 * </ul>
 *
 * <p>Not thread-safe.
 */
public abstract class MessageDecoder extends WireReader {
    /** Absolute index of the first byte of the message. */
    protected int offset;
    /** True when UTF-8 validation is skipped (trusted decode). */
    protected boolean trusted;
    /** True when this scan must also validate nested messages and packed runs (validating wrap). */
    protected boolean deep;

    /** When this decoder iterates a repeated field: the decoder holding the field, and the field's elements. */
    private MessageDecoder iterParent;

    private Occurrences iterElements;
    /** Index in {@link #iterElements} of the element {@link #next()} wraps. */
    private int iterIndex;

    /** The regions of this message's content when it is the merge of several occurrences; reused. */
    private Regions merged;

    private boolean isMerged;

    /** The decoder text and JSON printing read through, and the text printer: created on first use. */
    private MessageDecoder textTwin;

    private TextPrinter textPrinter;

    /** Checked mode only: how often this decoder moved, and under which parent. */
    final Generation generation = new Generation();

    /** Checked mode only: true once {@link #next()} returned false, until the field is iterated again. */
    private boolean iterEnded;

    /**
     * Subclasses only. Until the first wrap the decoder reads a sentinel buffer that throws
     * {@link IllegalStateException} naming the message type: string, bytes and message accessors of a decoder used
     * before {@code wrap} fail with that rather than a {@link NullPointerException}, at no cost to the reads of a
     * wrapped decoder. (Scalar accessors read fields, not the buffer: before a wrap they return zero values. With
     * Agrona's bounds checks disabled, a view accessor returns an empty view over the sentinel: it reads as
     * empty, and whatever touches its buffer throws.)
     */
    protected MessageDecoder() {
        buffer = new NotWrappedBuffer(this);
    }

    /**
     * Wraps a root message: checks the region against the buffer, then scans.
     *
     * @param buffer  the buffer.
     * @param offset  index of the first byte of the message.
     * @param length  length of the message in bytes.
     * @param trusted true to skip UTF-8 validation and the eager validation of nested messages.
     * @throws IllegalArgumentException if the region is not inside the buffer: it is the caller's argument, not bad
     *     bytes.
     * @throws ProtoDecodeException     if the bytes are not a valid message.
     */
    protected final void wrapRoot(
            final DirectBuffer buffer, final int offset, final int length, final boolean trusted) {
        RegionArgument.check(offset, length, buffer.capacity());
        iterElements = null;
        if (Checked.ENABLED) {
            generation.advanceUnder(null);
        }
        attachRegion(buffer, offset, length);
        wrapAt(offset, length, 0, trusted, !trusted);
    }

    /**
     * Wraps the message packed in an {@code Any} that {@code holder} reads, for printing it: as a nested message of
     * the holder (one level deeper, under the holder's depth limit, trusted if the holder is, validated if not), so
     * that Any inside Any cannot nest deeper than messages can.
     */
    final void wrapPacked(final DirectBuffer buffer, final int offset, final int length, final MessageDecoder holder) {
        RegionArgument.check(offset, length, buffer.capacity());
        iterElements = null;
        if (Checked.ENABLED) {
            generation.advanceUnder(null);
        }
        maxDepth = holder.maxDepth;
        attachRegion(buffer, offset, length);
        wrapAt(offset, length, holder.depth + 1, holder.trusted, !holder.trusted);
    }

    /**
     * Wraps a root message preceded by its varint length, as protobuf-java's {@code writeDelimitedTo} writes it.
     * The message then ends at {@code encodedOffset() + encodedLength()}, where the next one of the stream starts.
     *
     * @param buffer  the buffer.
     * @param offset  index of the length prefix.
     * @param length  bytes available from {@code offset}: the prefix and the message must lie within them.
     * @param trusted true to skip UTF-8 validation and the eager validation of nested messages.
     * @throws IllegalArgumentException if the region is not inside the buffer.
     * @throws ProtoDecodeException     if the length prefix is malformed or runs past the region, or the message is
     *     not valid.
     */
    protected final void wrapDelimitedRoot(
            final DirectBuffer buffer, final int offset, final int length, final boolean trusted) {
        RegionArgument.check(offset, length, buffer.capacity());
        attachRegion(buffer, offset, length);
        pos = offset;
        limit = offset + length;
        // readLength keeps the message inside the checked region: no second region check.
        final int messageLength = readLength();
        iterElements = null;
        if (Checked.ENABLED) {
            generation.advanceUnder(null);
        }
        wrapAt(pos, messageLength, 0, trusted, !trusted);
    }

    private void wrapAt(
            final int offset, final int length, final int depth, final boolean trusted, final boolean deep) {
        if (depth > maxDepth) {
            throw new ProtoDecodeException("nesting deeper than " + maxDepth, offset);
        }
        region(offset, length, depth, trusted, deep);
        resetFields();
        scanFields();
    }

    /** Points this decoder at one region, to be scanned or mirrored. */
    private void region(
            final int offset, final int length, final int depth, final boolean trusted, final boolean deep) {
        this.offset = offset;
        this.pos = offset;
        this.limit = offset + length;
        this.depth = depth;
        this.trusted = trusted;
        this.deep = deep;
        this.isMerged = false;
        this.walk = null;
    }

    /**
     * Clears the fields (absent ones pointing at the end of the last region), then scans each of the {@link #merged}
     * regions in turn.
     */
    private void scanMerged() {
        final Regions regions = merged;
        offset = regions.start(0);
        limit = regions.end(regions.count() - 1);
        resetFields();
        for (int i = 0; i < regions.count(); i++) {
            pos = regions.start(i);
            limit = regions.end(i);
            scanFields();
        }
    }

    /** Points {@code reader} at {@code position} of this message's content, to walk it with {@code walkTag()}. */
    final void walkContent(final WireReader reader, final int position) {
        reader.walkFrom(isMerged ? merged : null, limit, position);
    }

    /**
     * Wraps {@code child} on a singular message field of {@code parent} that occurs several times: by protobuf's rules
     * the value is the merge of the occurrences, which reads as the concatenation of their contents, so the child
     * scans each occurrence in turn (scalars: last wins; repeated fields: concatenated; nested messages: merged
     * again). Cost: one pass over the parent from the first occurrence, then the scan of each occurrence.
     *
     * @param child  the child decoder.
     * @param parent the decoder of the enclosing message.
     * @param first  index of the tag of the first occurrence to merge.
     * @param tag    the field's tag (wire type LEN, or START_GROUP for a group or delimited message).
     * @param <D>    the child's type.
     * @return the child.
     */
    protected static <D extends MessageDecoder> D openMerged(
            final D child, final MessageDecoder parent, final int first, final int tag) {
        child.mergeOccurrences(parent, first, tag);
        return child;
    }

    void mergeOccurrences(final MessageDecoder parent, final int first, final int tag) {
        iterElements = null;
        if (Checked.ENABLED) {
            generation.advanceUnder(parent.generation);
        }
        maxDepth = parent.maxDepth;
        attach(parent);
        depth = parent.depth;
        if (merged == null) {
            merged = new Regions();
        }
        final Regions regions = merged;
        regions.clear();
        parent.walkContent(this, first);
        for (int fieldTag; (fieldTag = walkTag()) != 0; ) {
            if (fieldTag == tag) {
                if ((fieldTag & 7) == WireType.START_GROUP) {
                    final int start = pos;
                    regions.add(start, skipGroupContent(fieldTag >>> 3));
                } else {
                    final int length = readLength();
                    regions.add(pos, pos + length);
                    pos += length;
                }
            } else {
                skipField(fieldTag);
            }
        }
        if (parent.depth + 1 > maxDepth) {
            throw new ProtoDecodeException("nesting deeper than " + maxDepth, regions.start(0));
        }
        depth = parent.depth + 1;
        trusted = parent.trusted;
        // A validating parent validated each occurrence on its own, but not the strings that a later occurrence
        // replaces (an occurrence's last value of a string is checked when read, and here it may not be the last):
        // scanning the occurrences as a validating scan checks them, as protobuf-java does.
        deep = !parent.trusted;
        walk = null;
        scanMerged();
        deep = false;
        isMerged = true;
    }

    /**
     * Wraps {@code child} on a nested message of {@code parent} for reading, without validating it again (a validating
     * parent validated it at its own wrap; a trusted one does not validate).
     *
     * @param child  the child decoder.
     * @param parent the decoder of the enclosing message.
     * @param offset index of the nested message's first byte, inside the parent's region.
     * @param length its length (0 for an absent field: every accessor then returns its default).
     * @param <D>    the child's type.
     * @return the child.
     */
    protected static <D extends MessageDecoder> D openChild(
            final D child, final MessageDecoder parent, final int offset, final int length) {
        child.wrapChildOf(parent, offset, length, false);
        return child;
    }

    /**
     * Validates a nested message of {@code parent}, and everything below it, using {@code child} as scratch: called by
     * a validating scan for each occurrence of a message field.
     *
     * @param child  a decoder of the nested message's type.
     * @param parent the decoder of the enclosing message.
     * @param offset index of the nested message's first byte, inside the parent's region.
     * @param length its length.
     */
    protected static void validateChild(
            final MessageDecoder child, final MessageDecoder parent, final int offset, final int length) {
        child.wrapChildOf(parent, offset, length, true);
    }

    /**
     * Validates an element of a repeated field of a leaf type (not a map) as {@link #validateChild} does, its scan kept
     * for the iteration to take over ({@link Occurrences#validateKept}).
     *
     * @param iterator the decoder the field is iterated with.
     * @param parent   the decoder of the enclosing message.
     * @param elements the field's elements, the element about to be added.
     * @param offset   index of the element's first byte, inside the parent's region.
     * @param length   its length.
     * @return false if its scan is not kept: the caller validates it otherwise.
     */
    protected static boolean validateKept(
            final MessageDecoder iterator,
            final MessageDecoder parent,
            final Occurrences elements,
            final int offset,
            final int length) {
        return elements.validateKept(iterator, parent, offset, length);
    }

    void wrapChildOf(final MessageDecoder parent, final int offset, final int length, final boolean deep) {
        iterElements = null;
        if (Checked.ENABLED && !deep) {
            // Handed out. Validation uses the decoder as scratch: one kept from before stays stale, as it is.
            generation.advanceUnder(parent.generation);
        }
        maxDepth = parent.maxDepth;
        attach(parent);
        wrapAt(offset, length, parent.depth + 1, parent.trusted, deep);
    }

    /**
     * Positions {@code child} before the first element of a repeated message field (or map) of {@code parent}; each
     * {@link #next()} then wraps the next element.
     *
     * @param child    the child decoder.
     * @param parent   the decoder of the enclosing message.
     * @param elements the field's elements, as the parent's scan recorded them.
     * @param <D>      the child's type.
     * @return the child.
     */
    protected static <D extends MessageDecoder> D iterate(
            final D child, final MessageDecoder parent, final Occurrences elements) {
        child.iterateIn(parent, elements);
        return child;
    }

    void iterateIn(final MessageDecoder parent, final Occurrences elements) {
        if (Checked.ENABLED) {
            generation.advanceUnder(parent.generation);
            iterEnded = false;
        }
        maxDepth = parent.maxDepth;
        attach(parent);
        depth = parent.depth + 1;
        trusted = parent.trusted;
        deep = false;
        iterParent = parent;
        iterElements = elements;
        iterIndex = 0;
        walk = null;
        isMerged = false;
        offset = parent.limit;
        pos = offset;
        limit = offset;
        resetFields();
    }

    /**
     * Wraps {@code child} on one element of a repeated message field (or map) of {@code parent}, for reading: a lookup
     * that leaves an iteration of the field alone.
     *
     * @param child    the child decoder, not the one iterating the field.
     * @param parent   the decoder of the enclosing message.
     * @param elements the field's elements, as the parent's scan recorded them.
     * @param index    the element's index, below {@code elements.count()}.
     * @param <D>      the child's type.
     * @return the child.
     */
    protected static <D extends MessageDecoder> D openElement(
            final D child, final MessageDecoder parent, final Occurrences elements, final int index) {
        child.wrapChildOf(parent, elements.start(index), elements.length(index), false);
        return child;
    }

    /**
     * Moves to the next element of the repeated field this decoder iterates over, and wraps it.
     *
     * @return true if there is one; false at the end, or if this decoder was not obtained from a repeated field.
     */
    public final boolean next() {
        final Occurrences elements = iterElements;
        if (elements == null) {
            return false;
        }
        if (Checked.ENABLED) {
            checkNext();
        }
        final int index = iterIndex;
        if (index >= elements.count()) {
            if (Checked.ENABLED) {
                iterEnded = true;
            }
            return false;
        }
        iterIndex = index + 1;
        // The parent's memory, as its elements describe it (the parent may have been wrapped again since).
        final MessageDecoder parent = iterParent;
        attach(parent);
        if (Checked.ENABLED) {
            generation.advance();
        }
        final MessageDecoder kept = elements.keptScan(index);
        if (kept == null) {
            wrapAt(elements.start(index), elements.length(index), parent.depth + 1, parent.trusted, false);
        } else {
            // Validated by a scan that was kept: taken over, not scanned again.
            region(elements.start(index), elements.length(index), parent.depth + 1, parent.trusted, false);
            mirrorFields(kept);
            pos = limit;
        }
        return true;
    }

    /**
     * Sets the maximum nesting depth for messages below this root (default {@value #DEFAULT_MAX_DEPTH}). Takes effect
     * at the next wrap.
     *
     * @param maxDepth the limit, at least 0.
     */
    public final void maxDepth(final int maxDepth) {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth < 0: " + maxDepth);
        }
        this.maxDepth = maxDepth;
    }

    /**
     * @return the buffer this decoder reads.
     * @throws IllegalStateException if it was never wrapped.
     */
    public final DirectBuffer encodedBuffer() {
        final DirectBuffer b = buffer;
        if (b instanceof NotWrappedBuffer notWrapped) {
            throw notWrapped.notWrapped();
        }
        return b;
    }

    /**
     * @return index of the first byte of the message.
     */
    public final int encodedOffset() {
        return offset;
    }

    /**
     * @return the encoded length of the message in bytes.
     */
    public final int encodedLength() {
        return limit - offset;
    }

    /** {@link #tagKind(int)}: a tag this schema does not have; its fields are unknown fields. */
    protected static final int UNKNOWN_TAG = 0;
    /** {@link #tagKind(int)}: a tag the scan stores. */
    protected static final int KNOWN_TAG = 1;
    /** {@link #tagKind(int)}: a closed enum field's unpacked tag: numbers the enum does not declare are unknown fields. */
    protected static final int CLOSED_ENUM_TAG = 2;
    /** {@link #tagKind(int)}: a closed enum field's packed tag. */
    protected static final int CLOSED_ENUM_PACKED_TAG = 3;
    /** {@link #tagKind(int)}: a map field whose values are a closed enum: an entry with an undeclared value is unknown. */
    protected static final int CLOSED_ENUM_MAP_TAG = 4;

    /**
     * Appends, in wire order, every field of this message that protobuf keeps as an unknown field, as it came: fields
     * of numbers the schema does not know, known numbers with an unexpected wire type, and numbers a closed enum does
     * not declare (an element of a packed run is written as an unpacked varint field, as protobuf-java does).
     *
     * @param cursor where to write them (the innermost open message of an encoder).
     */
    public final void copyUnknownFieldsTo(final WriteCursor cursor) {
        UnknownFieldCopy.copy(this, cursor);
    }

    /**
     * Appends this message in protobuf's text format, exactly as protobuf-java's
     * {@code TextFormat.printer().printToString(message)} prints the same message: one {@code name: value} line per
     * value, nested messages and groups as indented {@code name {} ... {@code }} blocks, fields in field-number order
     * (extensions among them, as {@code [full.name]}), map entries sorted by key, enums by name (an undeclared number
     * of an open enum as the number), strings and bytes quoted with protobuf-java's escapes, then the unknown fields
     * by number.
     *
     * <p>No allocation in steady state when {@code out} has the capacity (the first call creates a printer and a
     * second decoder of this type, reused afterwards). Printing never disturbs this decoder: it wraps that second
     * decoder on the same bytes and reads through it, so iterations, views and nested decoders handed out before
     * stay as they were. A decoder that was never wrapped prints nothing (it reads as the empty message). With a
     * validating wrap, a string that is not valid UTF-8 throws {@link ProtoDecodeException}, as reading it does
     * (what was printed before it stays in {@code out}). In checked mode a decoder whose parent moved on throws
     * {@link IllegalStateException}, as its accessors do.
     *
     * @param out where to append.
     * @return {@code out}.
     */
    public final StringBuilder appendTo(final StringBuilder out) {
        if (buffer instanceof NotWrappedBuffer) {
            return out;
        }
        TextPrinter printer = textPrinter;
        if (printer == null) {
            printer = new TextPrinter();
            textPrinter = printer;
        }
        printer.print(printingTwin(), out);
        return out;
    }

    /**
     * The decoder printing reads through, so as not to disturb this one: a second decoder of this type (created on
     * first use, then reused), wrapped on what this one reads.
     *
     * @return the twin, mirroring this decoder.
     * @throws IllegalStateException if this decoder was never wrapped, or (checked mode) its parent moved on.
     */
    final MessageDecoder printingTwin() {
        if (buffer instanceof NotWrappedBuffer notWrapped) {
            throw notWrapped.notWrapped();
        }
        checkCurrent();
        MessageDecoder twin = textTwin;
        if (twin == null) {
            twin = newPrintingDecoder();
            textTwin = twin;
        }
        twin.mirror(this);
        return twin;
    }

    /**
     * Appends this message in protobuf's text format, as {@link #appendTo(StringBuilder)} does, to any
     * {@code Appendable} (through a reused StringBuilder unless it is one).
     *
     * @param out where to append.
     * @return {@code out}.
     * @throws java.io.UncheckedIOException if {@code out} throws an IOException.
     */
    public final Appendable appendTo(final Appendable out) {
        if (out instanceof StringBuilder builder) {
            return appendTo(builder);
        }
        if (textPrinter == null) {
            textPrinter = new TextPrinter();
        }
        final StringBuilder text = appendTo(textPrinter.scratch());
        try {
            out.append(text);
        } catch (final java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /**
     * @return this message in protobuf's text format, as {@link #appendTo(StringBuilder)} prints it (allocates the
     *     String).
     */
    @Override
    public final String toString() {
        return appendTo(new StringBuilder()).toString();
    }

    /**
     * Prints the known fields of this message, in field-number order, for {@link #appendTo(StringBuilder)}; generated.
     *
     * @param printer the printer.
     */
    protected abstract void appendFieldsTo(TextPrinter printer);

    /**
     * @return a new decoder of this type, which {@link #appendTo(StringBuilder)} and {@link JsonPrinter} read through
     *     so as not to disturb this one, and which keeps an element's scan ({@link #validateKept}); generated.
     */
    protected abstract MessageDecoder newPrintingDecoder();

    /**
     * Prints this message's JSON, for {@link JsonPrinter}; generated. For most types: the members of the object the
     * writer has opened, one per present field, in field-number order. For the well-known types with a special JSON
     * form ({@link #jsonValueForm()}): that whole value.
     *
     * @param writer the writer.
     */
    protected abstract void appendJsonTo(JsonWriter writer);

    /**
     * @return true if {@link #appendJsonTo} prints a whole JSON value (the special forms of Timestamp, Duration, the
     *     wrappers, Struct, Value, ListValue, FieldMask and Any), false if it prints the members of an object;
     *     generated for the former.
     */
    protected boolean jsonValueForm() {
        return false;
    }

    /** Reads what {@code source} reads, as a decoder of its own: the same region, or the same merged regions. */
    final void mirror(final MessageDecoder source) {
        iterElements = null;
        if (Checked.ENABLED) {
            generation.advanceUnder(null);
        }
        maxDepth = source.maxDepth;
        attach(source);
        if (!source.isMerged) {
            region(source.offset, source.limit - source.offset, source.depth, source.trusted, false);
            mirrorFields(source);
            pos = limit;
            return;
        }
        if (merged == null) {
            merged = new Regions();
        }
        merged.copy(source.merged);
        depth = source.depth;
        trusted = source.trusted;
        deep = false;
        walk = null;
        isMerged = false;
        scanMerged();
        isMerged = true;
    }

    /**
     * Takes over what {@code source}'s scan recorded, as if this decoder had scanned the same region itself (its region
     * is already {@code source}'s, {@code pos} at its start): generated decoders copy their fields, instead of a second
     * scan; this default scans.
     *
     * @param source a decoder of this decoder's type, wrapped on one region.
     */
    protected void mirrorFields(final MessageDecoder source) {
        resetFields();
        scanFields();
    }

    /**
     * How the scan treats a tag, for {@link #copyUnknownFieldsTo}.
     *
     * @param tag a tag read from the wire.
     * @return {@link #UNKNOWN_TAG}, {@link #KNOWN_TAG}, {@link #CLOSED_ENUM_TAG} or {@link #CLOSED_ENUM_PACKED_TAG}.
     */
    protected abstract int tagKind(int tag);

    /**
     * Whether the entry at {@code [start, start + length)} of the map field with {@code tag}, whose values are a closed
     * enum, has a declared value; generated decoders with such maps override it.
     *
     * @param tag    the map field's tag.
     * @param start  index of the entry's first byte.
     * @param length the entry's length.
     * @return false if protobuf keeps the entry as an unknown field.
     */
    protected boolean declaresEntry(final int tag, final int start, final int length) {
        return true;
    }

    /**
     * False for a map entry whose value is a number its closed enum does not declare: protobuf keeps such an entry as
     * an unknown field, so map iteration and lookup skip it. True for every other message.
     *
     * @return whether this message counts as an element of the repeated field it was read from.
     */
    public boolean acceptedAsElement() {
        return true;
    }

    /**
     * Whether the closed enum of the field with {@code tag} declares {@code number}; generated decoders with closed
     * enum fields override it.
     *
     * @param tag    the field's tag (unpacked or packed).
     * @param number a number read for it.
     * @return true if the number is a value of the field's enum.
     */
    protected boolean declaresNumber(final int tag, final int number) {
        return true;
    }

    /**
     * Wraps an encoded message and validates it, as the generated {@code wrap} of each message type does.
     *
     * @param buffer the buffer holding the message.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return this decoder.
     */
    public abstract MessageDecoder wrap(DirectBuffer buffer, int offset, int length);

    /**
     * @return the protobuf full name of the message type this decoder reads, e.g. {@code market.Order}.
     */
    public abstract String messageFullName();

    /** Clears every field to its absent state. Called before each scan. */
    protected abstract void resetFields();

    /** Scans {@code [pos, limit)} field by field, storing what the accessors need. */
    protected abstract void scanFields();

    private void checkNext() {
        iterParent.checkMemory();
        if (iterEnded) {
            throw new IllegalStateException("flyproto checked mode: next() on a " + messageFullName()
                    + " decoder whose iteration already ended: was its field iterated again meanwhile (nested loops"
                    + " over one repeated field share one decoder), or next() called again after it returned false?"
                    + " Iterate an inner loop with another decoder (wrap it on the"
                    + " element), or copy what you need first");
        }
        checkCurrent();
    }

    /**
     * Checked mode only ({@link Checked}): throws if a decoder above this one moved on (was wrapped again, or moved to
     * another element) since it handed this one out, so that what this decoder reads is not what the caller thinks.
     * Generated accessors call it first; when the checked mode is off it is empty and the JIT removes it.
     *
     * @throws IllegalStateException if this decoder was handed out by a decoder that has moved on since.
     */
    protected final void checkCurrent() {
        if (Checked.ENABLED) {
            if (!generation.isChainCurrent()) {
                throw stale();
            }
            checkMemory();
        }
    }

    /** Out of line, so that {@link #checkCurrent()} stays small enough to inline everywhere. */
    private IllegalStateException stale() {
        return new IllegalStateException("flyproto checked mode: this " + messageFullName()
                + " decoder was handed out by a decoder that has moved on since (wrapped again, or next() to another"
                + " element): it no longer reads what it was handed out for; copy out what must outlive its parent's"
                + " position");
    }

    /**
     * Wraps {@code view} on bytes of this message without validating them (a bytes field, or a string field whose
     * schema does not validate UTF-8).
     *
     * @param view   the view to wrap.
     * @param offset index of the first byte.
     * @param length the number of bytes.
     * @return the view.
     */
    protected final Utf8View wrapView(final Utf8View view, final int offset, final int length) {
        view.wrap(buffer, offset, length);
        if (Checked.ENABLED) {
            view.own(generation);
        }
        return view;
    }

    /**
     * Wraps {@code view} on bytes of this message.
     *
     * @param view   the view to wrap.
     * @param offset index of the first byte.
     * @param length the number of bytes.
     * @return the view.
     */
    protected final BytesView wrapView(final BytesView view, final int offset, final int length) {
        view.wrap(buffer, offset, length);
        if (Checked.ENABLED) {
            view.own(generation);
        }
        return view;
    }

    /**
     * Wraps {@code view} on a string's bytes, validating UTF-8 unless trusted.
     *
     * @param view   the view to wrap.
     * @param offset index of the string's first byte.
     * @param length its length in bytes.
     * @return the view.
     */
    protected final Utf8View utf8(final Utf8View view, final int offset, final int length) {
        wrapUtf8(view, offset, length, !trusted);
        if (Checked.ENABLED) {
            view.own(generation);
        }
        return view;
    }

    /**
     * Allocates a String from a string's bytes, validating UTF-8 unless trusted.
     *
     * @param offset index of the string's first byte.
     * @param length its length in bytes.
     * @return the string.
     */
    protected final String utf8AsString(final int offset, final int length) {
        if (!trusted) {
            checkUtf8(offset, length);
        }
        return Utf8.toString(buffer, offset, length);
    }
}

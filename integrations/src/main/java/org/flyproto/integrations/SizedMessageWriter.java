package org.flyproto.integrations;

/**
 * A {@link MessageWriter} that knows the exact encoded length of its message before writing it, which a transport's
 * claim (Aeron's {@code Publication.tryClaim}, an Agrona ring buffer's {@code tryClaim}) needs up front because the
 * claimed length is the length delivered.
 *
 * <p>flyproto's encoders write in one pass and learn the length at the end; {@link #encodedLength()} is computed from
 * the values to write (see {@link OrderEntry#encodedLength()} for how), and the publishers check it against what the
 * encoder wrote, aborting the claim on any difference.
 */
public interface SizedMessageWriter extends MessageWriter {
    /**
     * @return the exact number of bytes {@link #write} will write.
     */
    int encodedLength();
}

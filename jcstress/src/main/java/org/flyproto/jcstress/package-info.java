/**
 * jcstress tests of the publication patterns flyproto's flyweights are used in: a message encoded in place into a
 * claimed Agrona ring-buffer record (nested length prefixes backpatched while the record is claimed), then committed
 * or aborted, and decoded by a consumer thread.
 *
 * <p>Each test's outcomes say what the consumer saw: nothing yet, the record intact, or a decode failure or a value
 * other than the one written; the last kind is forbidden. Run with {@code java -jar jcstress/target/jcstress.jar}
 * (see {@code docs/concurrency.md}).
 */
package org.flyproto.jcstress;

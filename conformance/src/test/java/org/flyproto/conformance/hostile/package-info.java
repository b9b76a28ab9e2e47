/**
 * The checked-in hostile-input corpus (one file per malformed or edge-case input, under
 * {@code src/test/resources/corpus/}) and the test that decodes every file of it. See {@code docs/conformance-fuzz.md}.
 */
package org.flyproto.conformance.hostile;

/**
 * Coverage-guided fuzzing of the generated decoders of the all-types schemas with Jazzer: what any input must and must
 * not do, checked on every input, in regression mode against checked-in seeds and in fuzzing mode against whatever
 * the fuzzer makes of them. See {@code docs/conformance-fuzz.md}.
 */
package org.flyproto.conformance.fuzz;

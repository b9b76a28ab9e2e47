/**
 * Conformance of flyproto's flyweights with protobuf: the differential tests against protobuf-java, the hostile-input
 * tests and the allocation gate live in this module's tests, over flyweights generated at build time from the test
 * schemas in {@code src/test/protobuf}.
 */
package org.flyproto.conformance;

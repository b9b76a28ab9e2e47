/** Runnable examples of flyproto flyweights generated from the bundled {@code market.proto}. */
package org.flyproto.examples;

/**
 * SBE's codec of the order fixture, over the codecs SBE generates from {@code src/main/sbe/order.xml}
 * ({@code org.flyproto.bench.sbe}): the fixed-layout lower bound. Its bytes are SBE's, not protobuf; the cross-library
 * check compares the values it reads back. Strings are read with SBE's cheapest accessor, a copy into a reused array.
 */
package org.flyproto.bench.codec.sbe;

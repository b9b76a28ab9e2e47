/**
 * Java emission: one emitter per concern (enums, decoder classes, decoder fields, encoder classes, encoder fields),
 * written with JavaPoet from the {@link org.flyproto.gen.model model} only.
 */
package org.flyproto.gen.java;

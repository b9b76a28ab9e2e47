package org.flyproto.gen.model;

import java.util.List;

/**
 * An enum type.
 *
 * @param type    where its generated class lives.
 * @param values  its values in declaration order; aliases (a number already used) have {@code aliasOf} set.
 * @param javadoc its comment, or empty.
 * @param closed  true for a closed enum (proto2, editions {@code enum_type = CLOSED}).
 */
public record EnumModel(TypeRef type, List<Value> values, String javadoc, boolean closed) {
    /**
     * One value.
     *
     * @param name    the constant's name.
     * @param number  its number.
     * @param aliasOf the name of the first value with the same number, or null.
     * @param javadoc its comment, or empty.
     */
    public record Value(String name, int number, String aliasOf, String javadoc) {}
}

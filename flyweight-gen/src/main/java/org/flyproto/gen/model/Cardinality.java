package org.flyproto.gen.model;

/** How many values a field holds and how its presence is known: one axis of a field's shape. */
public enum Cardinality {
    /** Singular with implicit presence (proto3 without {@code optional}): absent and default read the same. */
    IMPLICIT,
    /** Singular with explicit presence ({@code hasX()}), outside a oneof. */
    OPTIONAL,
    /** A member of a (real) oneof: present when it is the oneof's case. */
    ONEOF,
    /** Repeated, not a map. */
    REPEATED,
    /** A map: on the wire a repeated message of the entry type. */
    MAP
}

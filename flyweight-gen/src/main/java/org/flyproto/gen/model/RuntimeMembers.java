package org.flyproto.gen.model;

import java.util.Map;
import java.util.Set;

/**
 * The members generated flyweights inherit from the runtime ({@code MessageDecoder} and its base {@code WireReader},
 * {@code MessageEncoder}, {@code java.lang.Object}), by name and number of parameters: a generated member with the
 * same name and as many parameters would override or clash with one of them. A test checks this list against the
 * runtime classes by reflection, so it cannot go stale.
 */
public final class RuntimeMembers {
    /** Methods of every decoder, by name, with the parameter counts they are declared with. */
    static final Map<String, Set<Integer>> DECODER_METHODS = Map.ofEntries(
            Map.entry("acceptedAsElement", Set.of(0)),
            Map.entry("appendFieldsTo", Set.of(1)),
            Map.entry("appendJsonTo", Set.of(1)),
            Map.entry("appendTo", Set.of(1)),
            Map.entry("checkPackedFixed", Set.of(2)),
            Map.entry("checkPackedVarints", Set.of(1)),
            Map.entry("checkCurrent", Set.of(0)),
            Map.entry("checkUtf8", Set.of(2)),
            Map.entry("copyUnknownFieldsTo", Set.of(1)),
            Map.entry("countPackedVarints", Set.of(1)),
            Map.entry("declaresEntry", Set.of(3)),
            Map.entry("declaresNumber", Set.of(2)),
            Map.entry("encodedBuffer", Set.of(0)),
            Map.entry("encodedLength", Set.of(0)),
            Map.entry("encodedOffset", Set.of(0)),
            Map.entry("iterate", Set.of(3)),
            Map.entry("jsonValueForm", Set.of(0)),
            Map.entry("maxDepth", Set.of(1)),
            Map.entry("messageFullName", Set.of(0)),
            Map.entry("mirrorFields", Set.of(1)),
            Map.entry("newPrintingDecoder", Set.of(0)),
            Map.entry("next", Set.of(0)),
            Map.entry("nextTag", Set.of(0)),
            Map.entry("openChild", Set.of(4)),
            Map.entry("openElement", Set.of(4)),
            Map.entry("openMerged", Set.of(4)),
            Map.entry("readBool", Set.of(0)),
            Map.entry("readFixed32", Set.of(0)),
            Map.entry("readFixed64", Set.of(0)),
            Map.entry("readLength", Set.of(0)),
            Map.entry("readTag", Set.of(0)),
            Map.entry("readVarint32", Set.of(0)),
            Map.entry("readVarint64", Set.of(0)),
            Map.entry("resetFields", Set.of(0)),
            Map.entry("scanFields", Set.of(0)),
            Map.entry("skipField", Set.of(1)),
            Map.entry("skipGroupContent", Set.of(1)),
            Map.entry("tagKind", Set.of(1)),
            Map.entry("toString", Set.of(0)),
            Map.entry("utf8", Set.of(3)),
            Map.entry("utf8AsString", Set.of(2)),
            Map.entry("validateChild", Set.of(4)),
            Map.entry("validateKept", Set.of(5)),
            Map.entry("validateLeaf", Set.of(3)),
            Map.entry("wrap", Set.of(3)),
            Map.entry("wrapDelimitedRoot", Set.of(4)),
            Map.entry("wrapRoot", Set.of(4)),
            Map.entry("wrapUtf8", Set.of(4)),
            Map.entry("wrapView", Set.of(3)));

    /** Methods of every encoder, by name, with the parameter counts they are declared with. */
    static final Map<String, Set<Integer>> ENCODER_METHODS = Map.ofEntries(
            Map.entry("beginChild", Set.of(2)),
            Map.entry("beginPackedRun", Set.of(1)),
            Map.entry("encodedBuffer", Set.of(0)),
            Map.entry("encodedLength", Set.of(0)),
            Map.entry("end", Set.of(0)),
            Map.entry("endChild", Set.of(2)),
            Map.entry("endNested", Set.of(2)),
            Map.entry("fieldName", Set.of(1)),
            Map.entry("endDelimited", Set.of(0)),
            Map.entry("endPackedRun", Set.of(1)),
            Map.entry("messageFullName", Set.of(0)),
            Map.entry("onBegin", Set.of(0)),
            Map.entry("packedRun", Set.of(1)),
            Map.entry("schema", Set.of(0)),
            Map.entry("wrap", Set.of(3)),
            Map.entry("wrapDelimitedRoot", Set.of(2)),
            Map.entry("wrapForSize", Set.of(0)),
            Map.entry("wrapRoot", Set.of(2, 3)),
            Map.entry("writeCursor", Set.of(0, 1)));

    /** Methods of {@code java.lang.Object}, which every flyweight has. */
    static final Map<String, Set<Integer>> OBJECT_METHODS = Map.of(
            "clone", Set.of(0),
            "equals", Set.of(1),
            "finalize", Set.of(0),
            "getClass", Set.of(0),
            "hashCode", Set.of(0),
            "notify", Set.of(0),
            "notifyAll", Set.of(0),
            "toString", Set.of(0),
            "wait", Set.of(0, 1, 2));

    /** Fields (instance and static) every decoder inherits. */
    static final Set<String> DECODER_FIELDS = Set.of(
            "buffer",
            "pos",
            "limit",
            "depth",
            "maxDepth",
            "offset",
            "trusted",
            "deep",
            "DEFAULT_MAX_DEPTH",
            "UNKNOWN_TAG",
            "KNOWN_TAG",
            "CLOSED_ENUM_TAG",
            "CLOSED_ENUM_PACKED_TAG",
            "CLOSED_ENUM_MAP_TAG");

    /** Fields (instance and static) every encoder inherits. */
    static final Set<String> ENCODER_FIELDS = Set.of("cursor", "depth");

    /** Java keywords and literals (and the contextual names the generator avoids), which no identifier may be. */
    static final Set<String> JAVA_KEYWORDS = Set.of(
            "abstract",
            "assert",
            "boolean",
            "break",
            "byte",
            "case",
            "catch",
            "char",
            "class",
            "const",
            "continue",
            "default",
            "do",
            "double",
            "else",
            "enum",
            "extends",
            "final",
            "finally",
            "float",
            "for",
            "goto",
            "if",
            "implements",
            "import",
            "instanceof",
            "int",
            "interface",
            "long",
            "native",
            "new",
            "package",
            "private",
            "protected",
            "public",
            "return",
            "short",
            "static",
            "strictfp",
            "super",
            "switch",
            "synchronized",
            "this",
            "throw",
            "throws",
            "transient",
            "try",
            "void",
            "volatile",
            "while",
            "true",
            "false",
            "null",
            "var",
            "yield",
            "record",
            "sealed",
            "permits",
            "_");

    private RuntimeMembers() {}
}

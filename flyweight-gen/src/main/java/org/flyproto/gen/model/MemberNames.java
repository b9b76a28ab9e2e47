package org.flyproto.gen.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.flyproto.gen.GeneratorException;

/**
 * Names every member of a message's flyweights, so that none clashes with another, with the runtime or with Java:
 *
 * <ol>
 *   <li>A field's stem is its lowerCamel name ({@link Naming#fieldStem}).
 *   <li>If the stem is a Java keyword, or a member derived from the field has the name and parameter count of a
 *       member the flyweights have anyway (inherited from the runtime or {@code Object}, or generated for every
 *       message such as {@code wrapTrusted}, {@code copy}, {@code isInitialized}), the field's stems get a trailing
 *       {@code _}: {@code class_()}, {@code copy_(v)}.
 *   <li>If a member derived from one field has the name (and, for methods, the parameter count) of a member derived
 *       from another field, both fields get their field number appended to their stems, as protobuf-java does with
 *       its conflicting names: {@code optional string token = 1; bool has_token = 2;} gives {@code token1()},
 *       {@code hasToken1()} and {@code hasToken2()}. A field clashing with a oneof's {@code xCase()} is numbered alone.
 *   <li>If anything still clashes, generation stops with an error naming both elements.
 * </ol>
 *
 * <p>Methods of one name with different parameter counts are overloads and do not clash: a field {@code end} has the
 * setter {@code end(v)} beside the encoder's own {@code end()}.
 */
final class MemberNames {
    /** Where a member lives: methods and fields of the decoder and of the encoder are four separate namespaces. */
    private enum Space {
        DECODER_METHOD,
        ENCODER_METHOD,
        DECODER_FIELD,
        ENCODER_FIELD
    }

    /** A member of a generated class: its name, and its parameter count for methods (-1 for fields). */
    private record Member(Space space, String name, int arity) {}

    /** Members generated for every message besides its fields' (and the runtime's), by parameter count. */
    private static final Map<String, Set<Integer>> DECODER_GENERATED = Map.of(
            "wrapTrusted", Set.of(3),
            "wrapDelimited", Set.of(3),
            "wrapDelimitedTrusted", Set.of(3),
            "isInitialized", Set.of(0));

    private static final Map<String, Set<Integer>> ENCODER_GENERATED = Map.of(
            "wrap", Set.of(2, 3),
            "wrapDelimited", Set.of(2),
            "isInitialized", Set.of(0),
            "copyFields", Set.of(3),
            "copyUnknownFields", Set.of(1),
            "copy", Set.of(1));

    /** Members only {@code google.protobuf.Any}'s flyweights have, besides its fields'. */
    private static final Map<String, Set<Integer>> ANY_DECODER = Map.of("is", Set.of(1), "unpack", Set.of(1));

    private static final Map<String, Set<Integer>> ANY_ENCODER = Map.of("beginValue", Set.of(1), "endValue", Set.of(0));

    private static final String ANY = "google.protobuf.Any";

    private static final Set<String> DECODER_GENERATED_FIELDS = Set.of("undeclaredValue");
    private static final Set<String> ENCODER_GENERATED_FIELDS = Set.of("nestedUninitialized", "packed");

    private MemberNames() {}

    /**
     * @param messageName the message's full name, for errors.
     * @param fields      its fields, with the stems of rule 1.
     * @param oneofs      its oneofs.
     * @return the fields with their final names.
     * @throws GeneratorException if names still clash after the rules.
     */
    static List<FieldModel> resolve(
            final String messageName, final List<FieldModel> fields, final List<OneofModel> oneofs)
            throws GeneratorException {
        final List<FieldModel> result = new ArrayList<>(fields.size());
        for (final FieldModel field : fields) {
            result.add(clashesWithRuntime(field, ANY.equals(messageName)) ? renamed(field, "_", "_") : field);
        }
        final boolean[] numbered = new boolean[result.size()];
        final Map<Member, Integer> owners = new LinkedHashMap<>();
        for (final OneofModel oneof : oneofs) {
            for (final Member member : members(oneof)) {
                owners.put(member, -1);
            }
        }
        for (int i = 0; i < result.size(); i++) {
            for (final Member member : members(result.get(i))) {
                final Integer other = owners.putIfAbsent(member, i);
                if (other != null && other != i) {
                    numbered[i] = true;
                    if (other >= 0) {
                        numbered[other] = true;
                    }
                }
            }
        }
        for (int i = 0; i < result.size(); i++) {
            if (numbered[i]) {
                final FieldModel field = result.get(i);
                result.set(i, renamed(field, String.valueOf(field.number()), "_" + field.number()));
            }
        }
        check(messageName, result, oneofs);
        return List.copyOf(result);
    }

    private static FieldModel renamed(final FieldModel field, final String stemSuffix, final String constantSuffix) {
        final FieldNames names = field.names();
        return field.withNames(new FieldNames(names.stem() + stemSuffix, names.constantStem() + constantSuffix));
    }

    private static boolean clashesWithRuntime(final FieldModel field, final boolean any) {
        if (RuntimeMembers.JAVA_KEYWORDS.contains(field.names().stem())) {
            return true;
        }
        for (final Member member : members(field)) {
            final boolean clash = switch (member.space()) {
                case DECODER_METHOD ->
                    declared(member, RuntimeMembers.DECODER_METHODS)
                            || declared(member, RuntimeMembers.OBJECT_METHODS)
                            || declared(member, DECODER_GENERATED);
                case ENCODER_METHOD ->
                    declared(member, RuntimeMembers.ENCODER_METHODS)
                            || declared(member, RuntimeMembers.OBJECT_METHODS)
                            || declared(member, ENCODER_GENERATED);
                case DECODER_FIELD ->
                    RuntimeMembers.DECODER_FIELDS.contains(member.name())
                            || DECODER_GENERATED_FIELDS.contains(member.name())
                            || isIndexed(member.name(), "presence");
                case ENCODER_FIELD ->
                    RuntimeMembers.ENCODER_FIELDS.contains(member.name())
                            || ENCODER_GENERATED_FIELDS.contains(member.name())
                            || isIndexed(member.name(), "required");
            };
            if (clash) {
                return true;
            }
        }
        return false;
    }

    private static boolean declared(final Member member, final Map<String, Set<Integer>> methods) {
        final Set<Integer> arities = methods.get(member.name());
        return arities != null && arities.contains(member.arity());
    }

    /** {@code presence0}, {@code required12}: the words of presence and required bits. */
    private static boolean isIndexed(final String name, final String prefix) {
        return name.length() > prefix.length()
                && name.startsWith(prefix)
                && name.substring(prefix.length()).chars().allMatch(Character::isDigit);
    }

    private static void check(final String messageName, final List<FieldModel> fields, final List<OneofModel> oneofs)
            throws GeneratorException {
        final Map<Member, String> owners = new LinkedHashMap<>();
        for (final OneofModel oneof : oneofs) {
            for (final Member member : members(oneof)) {
                owners.put(member, "oneof " + oneof.protoName());
            }
        }
        final Set<String> problems = new TreeSet<>();
        for (final FieldModel field : fields) {
            final String owner = "field " + field.protoName() + " = " + field.number();
            for (final Member member : members(field)) {
                final String other = owners.putIfAbsent(member, owner);
                if (other != null && !other.equals(owner)) {
                    problems.add(other + " and " + owner + " both need " + describe(member));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new GeneratorException(
                    "message " + messageName + ": generated names clash: " + String.join("; ", problems));
        }
    }

    private static String describe(final Member member) {
        return switch (member.space()) {
            case DECODER_METHOD -> "the decoder method " + member.name() + " with " + member.arity() + " parameters";
            case ENCODER_METHOD -> "the encoder method " + member.name() + " with " + member.arity() + " parameters";
            case DECODER_FIELD -> "the decoder field " + member.name();
            case ENCODER_FIELD -> "the encoder field " + member.name();
        };
    }

    private static List<Member> members(final OneofModel oneof) {
        final String name = oneof.caseAccessor();
        return List.of(
                new Member(Space.DECODER_METHOD, name, 0),
                new Member(Space.DECODER_FIELD, name, -1),
                new Member(Space.DECODER_METHOD, oneof.replacedCheck(), 0));
    }

    /** Every member generated for a field: must list at least what the emitters declare for its shape. */
    private static List<Member> members(final FieldModel field) {
        final FieldNames n = field.names();
        final List<Member> out = new ArrayList<>();
        for (final Space space : new Space[] {Space.DECODER_FIELD, Space.ENCODER_FIELD}) {
            out.add(new Member(space, n.numberConstant(), -1));
            out.add(new Member(space, n.tagConstant(), -1));
            if (field.isPackable()) {
                out.add(new Member(space, n.packedTagConstant(), -1));
            }
        }
        if (field.leafShape() != null) {
            field(out, Space.DECODER_FIELD, n.shapeConstant());
        }
        decoderMembers(field, n, out);
        encoderMembers(field, n, out);
        return out;
    }

    private static void decoderMembers(final FieldModel field, final FieldNames n, final List<Member> out) {
        switch (field.cardinality()) {
            case REPEATED, MAP -> {
                method(out, Space.DECODER_METHOD, n.accessor(), 0);
                method(out, Space.DECODER_METHOD, n.count(), 0);
                if (field.cardinality() == Cardinality.MAP) {
                    method(out, Space.DECODER_METHOD, n.find(), 1);
                }
                switch (field.valueKind()) {
                    case MESSAGE -> {
                        field(out, Space.DECODER_FIELD, n.elementsField());
                        field(out, Space.DECODER_FIELD, n.decoderField());
                        field(out, Space.DECODER_FIELD, n.foundField());
                    }
                    case SCALAR, ENUM, STRING, BYTES -> {
                        field(out, Space.DECODER_FIELD, n.firstField());
                        field(out, Space.DECODER_FIELD, n.countField());
                        field(out, Space.DECODER_FIELD, n.cursorField());
                    }
                }
            }
            case IMPLICIT, OPTIONAL, ONEOF -> {
                if (field.cardinality() != Cardinality.IMPLICIT) {
                    method(out, Space.DECODER_METHOD, n.has(), 0);
                }
                method(out, Space.DECODER_METHOD, n.accessor(), 0);
                switch (field.valueKind()) {
                    case STRING, BYTES -> {
                        if (field.valueKind() == ValueKind.STRING) {
                            method(out, Space.DECODER_METHOD, n.asString(), 0);
                        }
                        field(out, Space.DECODER_FIELD, n.offsetField());
                        field(out, Space.DECODER_FIELD, n.lengthField());
                        field(out, Space.DECODER_FIELD, n.viewField());
                        if (field.defaultValue() != null) {
                            field(out, Space.DECODER_FIELD, n.defaultConstant());
                            field(out, Space.DECODER_FIELD, n.defaultStringConstant());
                        }
                    }
                    case MESSAGE -> {
                        field(out, Space.DECODER_FIELD, n.offsetField());
                        field(out, Space.DECODER_FIELD, n.lengthField());
                        field(out, Space.DECODER_FIELD, n.firstField());
                        field(out, Space.DECODER_FIELD, n.countField());
                        field(out, Space.DECODER_FIELD, n.decoderField());
                    }
                    case ENUM -> {
                        method(out, Space.DECODER_METHOD, n.raw(), 0);
                        field(out, Space.DECODER_FIELD, n.valueField());
                    }
                    case SCALAR -> field(out, Space.DECODER_FIELD, n.valueField());
                }
            }
        }
    }

    private static void encoderMembers(final FieldModel field, final FieldNames n, final List<Member> out) {
        final boolean many = field.cardinality() == Cardinality.REPEATED || field.cardinality() == Cardinality.MAP;
        switch (field.valueKind()) {
            case MESSAGE -> {
                method(out, Space.ENCODER_METHOD, many ? n.add() : n.begin(), 0);
                method(out, Space.ENCODER_METHOD, n.end(), 0);
                method(out, Space.ENCODER_METHOD, n.put(), 2);
                field(out, Space.ENCODER_FIELD, n.encoderField());
            }
            case STRING, BYTES -> {
                method(out, Space.ENCODER_METHOD, many ? n.add() : n.accessor(), 1);
                method(out, Space.ENCODER_METHOD, many ? n.add() : n.accessor(), 3);
            }
            case SCALAR, ENUM -> {
                final boolean isEnum = field.valueKind() == ValueKind.ENUM;
                if (!many) {
                    method(out, Space.ENCODER_METHOD, n.accessor(), 1);
                    if (isEnum) {
                        method(out, Space.ENCODER_METHOD, n.raw(), 1);
                    }
                } else {
                    method(out, Space.ENCODER_METHOD, n.add(), 1);
                    if (isEnum) {
                        method(out, Space.ENCODER_METHOD, n.addRaw(), 1);
                    }
                    if (field.packed()) {
                        method(out, Space.ENCODER_METHOD, isEnum ? n.raw() : n.accessor(), 1);
                        method(out, Space.ENCODER_METHOD, isEnum ? n.raw() : n.accessor(), 3);
                        method(out, Space.ENCODER_METHOD, n.begin(), 0);
                        method(out, Space.ENCODER_METHOD, n.end(), 0);
                    }
                }
            }
        }
    }

    private static void method(final List<Member> out, final Space space, final String name, final int arity) {
        out.add(new Member(space, name, arity));
    }

    private static void field(final List<Member> out, final Space space, final String name) {
        out.add(new Member(space, name, -1));
    }
}

package org.flyproto.gen.model;

import java.util.List;

/**
 * A oneof (not the synthetic ones of proto3 {@code optional}).
 *
 * @param protoName    its name in the .proto file.
 * @param javaName     lowerCamel: the decoder's accessor is {@code javaName + "Case()"}.
 * @param notSetName   the case enum's constant for "none set", e.g. {@code TIF_NOT_SET}.
 * @param caseType     the generated case enum.
 * @param members      its members' constant names (upper-cased field names) and numbers, in declaration order.
 */
public record OneofModel(String protoName, String javaName, String notSetName, TypeRef caseType, List<Member> members) {
    /**
     * @return the decoder's accessor of the case, and the field holding it: {@code xCase}.
     */
    public String caseAccessor() {
        return javaName + "Case";
    }

    /**
     * @return the decoder's private check of the string member a new occurrence replaces: {@code checkReplacedX}.
     */
    public String replacedCheck() {
        return "checkReplaced" + Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1);
    }

    /**
     * One member.
     *
     * @param constantName the case enum's constant.
     * @param number       the member's field number.
     */
    public record Member(String constantName, int number) {}
}

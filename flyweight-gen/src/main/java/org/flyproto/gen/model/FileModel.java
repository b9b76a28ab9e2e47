package org.flyproto.gen.model;

import java.util.List;

/**
 * One .proto file to generate.
 *
 * @param protoPath   its path as protoc names it.
 * @param javaPackage the Java package of its generated classes.
 * @param messages    its messages, nested ones included, in declaration order (depth first).
 * @param enums       its enums, nested ones included.
 */
public record FileModel(String protoPath, String javaPackage, List<MessageModel> messages, List<EnumModel> enums) {}

package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the generator emits for a schema, and what it refuses. */
class FlyweightGeneratorTest {
    private static final String ORDER = """
            syntax = "proto3";
            package market;
            option java_package = "com.acme.market";

            // Which side of the book.
            enum Side { SIDE_UNSPECIFIED = 0; BUY = 1; SELL = 2; }

            // An order.
            // Comments with */ and @tags and <html> & must not break javadoc.
            message Order {
              // The id.
              uint64 order_id = 1;
              string symbol = 2;
              Side side = 3;
              repeated Fill fills = 6;
              repeated int32 flags = 7;
              optional uint64 client_ts = 11;
              message Leg { int32 ratio = 1; }
              Leg leg = 12;
            }
            message Fill { sint64 price = 1; uint32 qty = 2; }
            message OrderLeg { bool clash = 1; }
            """;

    @TempDir
    Path dir;

    @Test
    void shouldGenerateEncoderDecoderAndEnumInADistinctPackage() throws Exception {
        final Map<String, String> files = generate(ORDER, GeneratorOptions.defaults());

        assertThat(files)
                .containsKeys(
                        "com/acme/market/flyproto/Side.java",
                        "com/acme/market/flyproto/OrderEncoder.java",
                        "com/acme/market/flyproto/OrderDecoder.java",
                        "com/acme/market/flyproto/FillEncoder.java",
                        "com/acme/market/flyproto/FillDecoder.java");
        final String decoder = files.get("com/acme/market/flyproto/OrderDecoder.java");
        assertThat(decoder)
                .contains("package com.acme.market.flyproto;")
                .contains("public final class OrderDecoder extends MessageDecoder")
                .contains("public static final int ORDER_ID_FIELD_NUMBER = 1;")
                .contains("public long orderId()")
                .contains("public Utf8View symbol()")
                .contains("public String symbolAsString()")
                .contains("public Side side()")
                .contains("public int sideRaw()")
                .contains("public FillDecoder fills()")
                .contains("public IntCursor flags()")
                .contains("public boolean hasClientTs()")
                .doesNotContain("hasOrderId");
        final String encoder = files.get("com/acme/market/flyproto/OrderEncoder.java");
        assertThat(encoder)
                .contains("public FillEncoder addFills()")
                .contains("public OrderEncoder endFills()")
                .contains("public OrderEncoder flags(final int[] values, final int offset, final int count)")
                .contains("public OrderEncoder beginFlags()")
                .contains("public OrderEncoder symbol(final CharSequence value)");
    }

    @Test
    void shouldCarryProtoCommentsAsSafeJavadoc() throws Exception {
        final Map<String, String> files = generate(ORDER, GeneratorOptions.defaults());
        final String decoder = files.get("com/acme/market/flyproto/OrderDecoder.java");

        assertThat(decoder).contains("An order.").contains("The id.");
        assertThat(files.get("com/acme/market/flyproto/Side.java")).contains("Which side of the book.");
        // The comment's "*/" and "@" must not end the javadoc or start a tag; HTML is escaped.
        assertThat(decoder).contains("&#42;&#47; and &#64;tags and &lt;html&gt; &amp;");
    }

    /**
     * One field of every cardinality and value kind, plus groups, required fields, defaults, closed enums and
     * extensions; each element preceded by a {@code #} line, where {@link Comment} puts its comment.
     */
    private static final String EVERY_SHAPE = """
            syntax = "proto2";
            #
            enum Side {
              option allow_alias = true;
              #
              SIDE_UNSPECIFIED = 0;
              #
              BUY = 1;
              #
              LONG = 1;
            }
            #
            message Child {
              #
              required int32 x = 1;
            }
            #
            message M {
              #
              optional int32 optional_scalar = 1;
              #
              optional Side optional_enum = 2;
              #
              optional string optional_string = 3 [default = "x"];
              #
              optional bytes optional_bytes = 4 [default = "y"];
              #
              optional Child optional_message = 5;
              #
              oneof choice {
                #
                int32 oneof_scalar = 11;
                #
                Side oneof_enum = 12;
                #
                string oneof_string = 13;
                #
                bytes oneof_bytes = 14;
                #
                Child oneof_message = 15;
              }
              #
              repeated int32 packed_scalar = 16 [packed = true];
              #
              repeated Side packed_enum = 17 [packed = true];
              #
              repeated int32 unpacked_scalar = 18;
              #
              repeated Side unpacked_enum = 19;
              #
              repeated string repeated_string = 20;
              #
              repeated bytes repeated_bytes = 21;
              #
              repeated Child repeated_message = 22;
              #
              map<string, int32> map_scalar = 23;
              #
              map<int32, Side> map_enum = 24;
              #
              map<string, string> map_string = 25;
              #
              map<int64, bytes> map_bytes = 26;
              #
              map<string, Child> map_message = 27;
              #
              required int32 required_scalar = 28;
              #
              optional group G = 29 {
                #
                optional int32 y = 30;
              }
              #
              repeated group RG = 31 {
                optional int32 z = 32;
              }
              extensions 100 to 200;
            }
            #
            extend M {
              #
              optional int32 ext = 100;
              #
              repeated string ext_list = 101;
            }
            """;

    /** The same shapes with implicit presence and open enums. */
    private static final String EVERY_SHAPE_PROTO3 = """
            syntax = "proto3";
            #
            enum Open {
              #
              OPEN_UNSPECIFIED = 0;
            }
            #
            message M3 {
              #
              int32 implicit_scalar = 1;
              #
              Open implicit_enum = 2;
              #
              string implicit_string = 3;
              #
              bytes implicit_bytes = 4;
              #
              M3 implicit_message = 5;
              #
              optional int32 optional_scalar = 6;
              #
              repeated Open packed_enum = 7;
              #
              map<string, Open> map_enum = 8;
            }
            """;

    /** Javadoc made of a first sentence, then paragraphs each opened by {@code <p>}, then block tags. */
    @Test
    void shouldWriteWellFormedJavadocWithAndWithoutProtoComments() throws Exception {
        final Map<String, String> files = new TreeMap<>();
        for (final Comment comment : Comment.values()) {
            for (final String schema : List.of(EVERY_SHAPE, EVERY_SHAPE_PROTO3)) {
                generate(comment.apply(schema), GeneratorOptions.defaults())
                        .forEach((path, content) -> files.put(comment + ": " + path, content));
            }
        }
        assertThat(files).hasSizeGreaterThan(40);
        final Pattern javadoc = Pattern.compile("/\\*\\*(.*?)\\*/", Pattern.DOTALL);
        final Pattern malformed = Pattern.compile(
                // Opens with a paragraph tag; a paragraph tag with no paragraph (before another, a block tag or the
                // end); a paragraph after the first not opened by <p>.
                "\\A\\s*<p>|<p>\\s*(<p>|@|\\z)|\\n[ \\t]*\\n[ \\t]*(?!<p>|@|\\s)");
        final List<String> bad = new ArrayList<>();
        for (final Map.Entry<String, String> file : files.entrySet()) {
            final Matcher block = javadoc.matcher(file.getValue());
            while (block.find()) {
                final String text = block.group(1).replaceAll("(?m)^[ \\t]*\\* ?", "");
                if (malformed.matcher(text).find()) {
                    bad.add(file.getKey() + ":\n" + block.group());
                }
            }
        }
        assertThat(bad).isEmpty();
    }

    /** How the elements of a schema are commented. */
    private enum Comment {
        NONE(),
        LINE("One line about it."),
        PARAGRAPHS("A first paragraph", "on two lines.", "", "A second paragraph.");

        private final List<String> lines;

        Comment(final String... lines) {
            this.lines = List.of(lines);
        }

        /** Replaces each {@code #} line of the schema by this comment, indented as the line. */
        String apply(final String schema) {
            final StringBuilder out = new StringBuilder();
            for (final String line : schema.split("\n", -1)) {
                if (!line.strip().equals("#")) {
                    out.append(line).append('\n');
                    continue;
                }
                final String indent = line.substring(0, line.indexOf('#'));
                for (final String text : lines) {
                    out.append(indent)
                            .append("//")
                            .append(text.isEmpty() ? "" : " " + text)
                            .append('\n');
                }
            }
            return out.toString();
        }
    }

    @Test
    void shouldFlattenNestedTypesAndAvoidCollisions() throws Exception {
        final Map<String, String> files = generate(ORDER, GeneratorOptions.defaults());

        // Order.Leg would flatten to OrderLeg, which a top-level message already is.
        assertThat(files)
                .containsKeys(
                        "com/acme/market/flyproto/Order_LegDecoder.java",
                        "com/acme/market/flyproto/OrderLegDecoder.java");
        assertThat(files.get("com/acme/market/flyproto/OrderDecoder.java")).contains("public Order_LegDecoder leg()");
    }

    @Test
    void shouldKeepGeneratedLinesWithin120Columns() throws Exception {
        final Map<String, String> files = new TreeMap<>(generate(ORDER, GeneratorOptions.defaults()));
        files.putAll(generate(Comment.PARAGRAPHS.apply(EVERY_SHAPE), GeneratorOptions.defaults()));
        for (final Map.Entry<String, String> file : files.entrySet()) {
            assertThat(file.getValue().lines().filter(line -> line.length() > 120))
                    .as(file.getKey())
                    .isEmpty();
        }
    }

    @Test
    void shouldBeDeterministic() throws Exception {
        assertThat(generate(ORDER, GeneratorOptions.defaults()))
                .isEqualTo(generate(ORDER, GeneratorOptions.defaults()));
    }

    @Test
    void shouldHonourPackageOptions() throws Exception {
        assertThat(generate(ORDER, GeneratorOptions.parse("package=x.y"))).containsKey("x/y/OrderDecoder.java");
        assertThat(generate(ORDER, GeneratorOptions.parse("package_suffix=.fly")))
                .containsKey("com/acme/market/fly/OrderDecoder.java");
        assertThat(generate(ORDER, GeneratorOptions.parse("package_suffix=")))
                .containsKey("com/acme/market/OrderDecoder.java");
    }

    @Test
    void shouldRenameFieldsThatClashWithJavaOrTheBaseClasses() throws Exception {
        final Map<String, String> files = generate("""
                syntax = "proto3";
                message M {
                  int32 class = 1; string encoded_buffer = 2; bool next = 3; int64 encoded_offset = 4;
                  bool is_initialized = 5;
                }
                """, GeneratorOptions.defaults());
        assertThat(files.get("flyproto/MDecoder.java"))
                .contains("public int class_()")
                .contains("public Utf8View encodedBuffer_()")
                .contains("public boolean next_()")
                .contains("public long encodedOffset_()")
                .contains("public boolean isInitialized_()");
    }

    @Test
    void shouldGiveOrdinaryFieldNamesTheirPlainAccessors() throws Exception {
        final Map<String, String> files = generate("""
                syntax = "proto3";
                message M {
                  string buffer = 1; int64 offset = 2; int32 depth = 3; int32 limit = 4; int32 length = 5;
                  int64 position = 6; uint32 count = 7; bool reset = 8; bool scan = 9; int32 cursor = 10;
                  int32 pos = 11; bool trusted = 12; bool deep = 13; int32 size = 14;
                }
                """, GeneratorOptions.defaults());
        final String decoder = files.get("flyproto/MDecoder.java");
        final String encoder = files.get("flyproto/MEncoder.java");
        for (final String name : new String[] {
            "offset",
            "depth",
            "limit",
            "length",
            "position",
            "count",
            "reset",
            "scan",
            "cursor",
            "pos",
            "trusted",
            "deep",
            "size"
        }) {
            assertThat(decoder).contains(" " + name + "() {");
            assertThat(encoder).contains(" " + name + "(final ");
        }
        assertThat(decoder).contains("public Utf8View buffer() {");
    }

    @Test
    void shouldSplitTheScanOfLargeMessagesBelowTheJitSizeLimit() throws Exception {
        final StringBuilder proto = new StringBuilder("syntax = \"proto3\";\nmessage Big {\n");
        for (int i = 1; i <= 200; i++) {
            proto.append("  repeated string f")
                    .append(i)
                    .append(" = ")
                    .append(i)
                    .append(";\n");
        }
        final String decoder = generate(proto.append("}\n").toString(), GeneratorOptions.defaults())
                .get("flyproto/BigDecoder.java");
        assertThat(decoder)
                .contains("scanFields1(tag, tagStart);")
                .contains("private void scanFields4(final int tag, final int tagStart)")
                .doesNotContain("scanFields5(");
        // Each field's case lands in exactly one scan method (and once in tagKind()).
        assertThat(decoder.split("case TAG_F200 -> \\{", -1)).hasSize(2);
    }

    @Test
    void shouldGenerateExtensionsAsFieldsOfTheirExtendee() throws Exception {
        final Map<String, String> files = generate("""
                syntax = "proto2";
                message M { optional int32 a = 1; extensions 10 to 20; }
                extend M { optional string note = 10; repeated int64 a = 11; }
                message Holder { extend M { optional Holder holder = 12; } optional int32 x = 1; }
                """, GeneratorOptions.defaults());
        assertThat(files.get("flyproto/MDecoder.java"))
                .contains("public Utf8View note()")
                .contains("public boolean hasNote()")
                .contains("Extension note, declared in schema.proto.")
                // An extension named like a field of the extendee gets a suffix.
                .contains("public LongCursor aExt()")
                .contains("public HolderDecoder holder()");
        assertThat(files.get("flyproto/MEncoder.java")).contains("public MEncoder note(final CharSequence value)");
    }

    @Test
    void shouldNumberBothFieldsWhoseDerivedNamesClash() throws Exception {
        final Map<String, String> files = generate("""
                syntax = "proto2";
                message M {
                  optional string token = 1; optional bool has_token = 2;
                  optional string name = 3; optional string name_as_string = 4;
                  repeated int32 x = 5; optional int32 add_x = 6;
                  optional int32 plain = 7;
                }
                """, GeneratorOptions.defaults());
        assertThat(files.get("flyproto/MDecoder.java"))
                .contains("public Utf8View token1()", "public boolean hasToken1()", "public boolean hasToken2()")
                .contains("public Utf8View name3()", "public String name3AsString()", "public Utf8View nameAsString4()")
                .contains("public IntCursor x5()", "public int addX6()", "public int plain()")
                .contains("public static final int TOKEN_1_FIELD_NUMBER = 1;")
                .doesNotContain("hasToken()");
        assertThat(files.get("flyproto/MEncoder.java"))
                .contains("public MEncoder addX5(final int value)", "public MEncoder addX6(final int value)");
    }

    @Test
    void shouldRefuseNamesThatStillClashAfterNumbering() throws Exception {
        final GeneratorException e = org.junit.jupiter.api.Assertions.assertThrows(
                GeneratorException.class, () -> generate("""
                        syntax = "proto2";
                        message M { optional int32 b = 1; optional int32 has_b = 2; optional int32 has_b1 = 3; }
                        """, GeneratorOptions.defaults()));
        assertThat(e.getMessage()).contains("message M", "field b = 1", "field has_b1 = 3", "hasB1");
    }

    @Test
    void shouldNameDelimitedFieldsAsProtobufJavaDoes() throws Exception {
        final Map<String, String> files = generate("""
                edition = "2023";
                message PayLoad { int32 a = 1; }
                message M {
                  PayLoad payload = 1 [features.message_encoding = DELIMITED];
                  message Inner { int32 b = 1; }
                  Inner inner = 2 [features.message_encoding = DELIMITED];
                }
                """, GeneratorOptions.defaults());
        // Not group-like (its type is declared elsewhere): the field's name. Group-like: the type's name.
        assertThat(files.get("flyproto/MDecoder.java"))
                .contains("public PayLoadDecoder payload()")
                .contains("public MInnerDecoder inner()")
                .doesNotContain("payLoad()");
    }

    @Test
    void shouldGiveFilesUnderGoogleProtobufThatAreNotWellKnownTheirOwnPackage() throws Exception {
        final String proto = """
                syntax = "proto3";
                package protobuf_unittest;
                option java_package = "com.google.protobuf.test";
                enum E { E_ZERO = 0; }
                message M { E e = 1; }
                """;
        assertThat(generate("google/protobuf/unittest_x.proto", proto, GeneratorOptions.defaults()))
                .containsKeys(
                        "com/google/protobuf/test/flyproto/MDecoder.java", "com/google/protobuf/test/flyproto/E.java");
        assertThat(generate("google/protobuf/unittest_x.proto", proto, GeneratorOptions.parse("package=x.y")))
                .containsKey("x/y/MDecoder.java");
    }

    @Test
    void shouldNameBothElementsWhenTwoFilesFlattenToOneClass() throws Exception {
        Files.writeString(dir.resolve("a.proto"), "syntax = \"proto3\"; package p; message FooBar { int32 x = 1; }");
        Files.writeString(
                dir.resolve("b.proto"), "syntax = \"proto3\"; package p; message Foo { message Bar { int32 y = 1; } }");
        final List<FileDescriptor> files = DescriptorSets.of(
                        ToolRun.descriptorSet(dir, "a.proto", "b.proto").getFileList())
                .build(List.of("a.proto", "b.proto"));
        final GeneratorException e = org.junit.jupiter.api.Assertions.assertThrows(
                GeneratorException.class, () -> FlyweightGenerator.generate(files, GeneratorOptions.defaults()));
        assertThat(e.getMessage())
                .contains("message p.FooBar (a.proto)", "message p.Foo.Bar (b.proto)", "FooBarDecoder");
    }

    @Test
    void shouldJoinNestedTypesWithUnderscoreWhenTheyWouldClashWithACaseEnum() throws Exception {
        final Map<String, String> files = generate("""
                syntax = "proto3";
                message Outer { enum InnerCase { ZERO = 0; } InnerCase state = 3; oneof inner { int32 i = 1; string j = 2; } }
                """, GeneratorOptions.defaults());
        assertThat(files).containsKeys("flyproto/OuterInnerCase.java", "flyproto/Outer_InnerCase.java");
    }

    private Map<String, String> generate(final String proto, final GeneratorOptions options) throws Exception {
        return generate("schema.proto", proto, options);
    }

    private Map<String, String> generate(final String path, final String proto, final GeneratorOptions options)
            throws Exception {
        Files.createDirectories(dir.resolve(path).getParent());
        Files.writeString(dir.resolve(path), proto);
        final List<FileDescriptor> files = DescriptorSets.of(
                        ToolRun.descriptorSet(dir, path).getFileList())
                .build(List.of(path));
        return FlyweightGenerator.generate(files, options).stream()
                .collect(Collectors.toMap(GeneratedFile::path, GeneratedFile::content));
    }
}

package com.bigtimedeals.engine.json;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;

/**
 * A request body as plain Java objects, read with Jackson's streaming parser: objects become
 * {@code LinkedHashMap<String, Object>} (member order kept), arrays {@code ArrayList<Object>}, strings
 * {@code String}, numbers {@link JsonNumber}, booleans {@code Boolean}. A member whose value is {@code null} is left
 * out, as the service treats it as absent; a {@code null} array element is kept as {@code null}.
 *
 * <p>The request layer checks this tree against each operation's shapes, which is how it can give the service's
 * own serialization messages ("NUMBER_VALUE cannot be converted to String", ...) rather than a parser's.
 */
public final class JsonTree {
    /**
     * Levels of JSON a body may nest: 5,000 nested maps in an item (10,000 levels) still get the service's nesting
     * message; a body deeper than this is not JSON the service reads (a SerializationException).
     */
    public static final int MAX_DEPTH = 20_000;
    /**
     * Levels built as Java objects; a container deeper down becomes {@link Deeper} with its contents skipped, so
     * that nothing that walks the tree recurses deeper than this, whatever the body. The deepest member a valid
     * request can have is a value nested 32 levels (two JSON levels each) under a BatchWriteItem's item, at level
     * 73: a value deeper than that is refused for its nesting by {@code AttributeValues} before its {@code Deeper}
     * part is reached.
     */
    public static final int TREE_DEPTH = 100;

    /**
     * Jackson's default escaping on output, which stored items' attribute names rely on: they are written as
     * pre-escaped {@code SerializedString}s (ItemCodec), which an escaping option set here would not reach.
     * {@code ItemCodecProperties} compares them byte for byte with names written as Strings.
     */
    public static final JsonFactory FACTORY = JsonFactory.builder()
            // Item values may hold numbers of 38 digits and strings of 400 KB; keep Jackson's limits out of the way,
            // but for nesting: Jackson keeps a context per open level, so depth is what bounds its memory.
            .streamReadConstraints(StreamReadConstraints.builder().maxNumberLength(100_000)
                    .maxStringLength(64 * 1024 * 1024).maxNestingDepth(MAX_DEPTH).maxNameLength(1 << 20).build())
            .build();

    /** What stands in the tree for an object or array nested past {@link #TREE_DEPTH}. */
    public enum Deeper {
        OBJECT, ARRAY
    }

    /** A JSON number as written, so that integers and decimals can be told apart as the service does. */
    public record JsonNumber(String text, boolean integral) {
        public double doubleValue() {
            return Double.parseDouble(text);
        }
    }

    /** The body was not JSON at all. */
    public static final class MalformedJson extends Exception {
        public MalformedJson(String message) {
            super(message, null, false, false);
        }
    }

    private JsonTree() {
    }

    public static Object parse(byte[] body) throws MalformedJson {
        try (JsonParser parser = FACTORY.createParser(body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new MalformedJson("empty body");
            }
            Object value = read(parser, first, 1);
            if (parser.nextToken() != null) {
                throw new MalformedJson("trailing content");
            }
            return value;
        } catch (IOException e) {
            throw new MalformedJson(e.getMessage());
        }
    }

    private static Object read(JsonParser parser, JsonToken token, int depth) throws IOException {
        switch (token) {
            case START_OBJECT: {
                if (depth > TREE_DEPTH) {
                    parser.skipChildren();
                    return Deeper.OBJECT;
                }
                Map<String, Object> map = new LinkedHashMap<>();
                JsonToken t;
                while ((t = parser.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = text(parser.currentName());
                    Object value = read(parser, parser.nextToken(), depth + 1);
                    if (value == null) {
                        map.remove(name);
                    } else {
                        map.put(name, value);
                    }
                }
                if (t != JsonToken.END_OBJECT) {
                    throw new IOException("unterminated object");
                }
                return map;
            }
            case START_ARRAY: {
                if (depth > TREE_DEPTH) {
                    parser.skipChildren();
                    return Deeper.ARRAY;
                }
                List<Object> list = new ArrayList<>();
                JsonToken t;
                while ((t = parser.nextToken()) != JsonToken.END_ARRAY) {
                    if (t == null) {
                        throw new IOException("unterminated array");
                    }
                    list.add(read(parser, t, depth + 1));
                }
                return list;
            }
            case VALUE_STRING:
                return text(parser.getText());
            case VALUE_NUMBER_INT:
                return new JsonNumber(parser.getText(), true);
            case VALUE_NUMBER_FLOAT:
                return new JsonNumber(parser.getText(), false);
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IOException("unexpected token " + token);
        }
    }

    /**
     * A string as the body gave it, unless it is not text: a lone UTF-16 surrogate ({@code "\ud800"} escaped, or its
     * bytes encoded as if it were a character) has no UTF-8 form to store, compare or hash, and is refused like a body
     * that is not UTF-8 (the service's bare SerializationException).
     */
    private static String text(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    throw new IOException("a lone surrogate in a string");
                }
            }
        }
        return s;
    }
}

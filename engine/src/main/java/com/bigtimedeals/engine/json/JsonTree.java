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
     * Jackson's default escaping on output, which stored items' attribute names rely on: they are written as
     * pre-escaped {@code SerializedString}s (ItemCodec), which an escaping option set here would not reach.
     * {@code ItemCodecProperties} compares them byte for byte with names written as Strings.
     */
    public static final JsonFactory FACTORY = JsonFactory.builder()
            // Item values may hold numbers of 38 digits and strings of 400 KB; keep Jackson's limits out of the way.
            .streamReadConstraints(StreamReadConstraints.builder().maxNumberLength(100_000)
                    .maxStringLength(64 * 1024 * 1024).maxNestingDepth(10_000).maxNameLength(1 << 20).build())
            .build();

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
            Object value = read(parser, first);
            if (parser.nextToken() != null) {
                throw new MalformedJson("trailing content");
            }
            return value;
        } catch (IOException e) {
            throw new MalformedJson(e.getMessage());
        }
    }

    private static Object read(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                JsonToken t;
                while ((t = parser.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    Object value = read(parser, parser.nextToken());
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
                List<Object> list = new ArrayList<>();
                JsonToken t;
                while ((t = parser.nextToken()) != JsonToken.END_ARRAY) {
                    if (t == null) {
                        throw new IOException("unterminated array");
                    }
                    list.add(read(parser, t));
                }
                return list;
            }
            case VALUE_STRING:
                return parser.getText();
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
}

package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.InvalidFields;
import com.bigtimedeals.topology.BodyField;
import com.bigtimedeals.topology.RequestBody;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * {@link JsonBody} reads bodies with jackson-core's streaming parser (cold start: no ObjectMapper). Until then it read
 * them with jackson-databind's tree, kept here as the oracle ({@link #databind}, the code of main before the change):
 * every body below, hand-picked edge cases and random ones, must be refused with the same message or read to the same
 * values, number types and scales included (a price's decimals are checked on the BigDecimal).
 */
class JsonBodyReadingTest {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    static {
        MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(32).maxNumberLength(40).maxStringLength(16_384).build());
    }

    private static final String[] EDGES = {
        "{}", "[]", "null", "1", "\"x\"", "{} ", " {}\n", "\t{}\r\n", "{}}", "{} x", "{} {}", "{},", "{\"a\":1}{\"a\":2}",
        "{\"a\":1,\"a\":2}", "{\"a\":{\"b\":1,\"b\":2}}", "{\"a\":[{\"b\":1,\"b\":1}]}", "{\"a\":1,\"A\":2}",
        "{\"a\":19.900}", "{\"a\":1.0}", "{\"a\":1e400}", "{\"a\":-1e400}", "{\"a\":0.0}", "{\"a\":-0}", "{\"a\":-0.0}",
        "{\"a\":1E2}", "{\"a\":100.00}", "{\"a\":0e5}", "{\"a\":1.5e-3}", "{\"a\":2147483647}", "{\"a\":2147483648}",
        "{\"a\":-2147483648}", "{\"a\":-2147483649}", "{\"a\":9223372036854775807}", "{\"a\":9223372036854775808}",
        "{\"a\":99999999999999999999999999999999999999}", "{\"a\":999999999999999999999999999999999999999999}",
        "{\"a\":1e-2147483647}", "{\"a\":1e2147483647}", "{\"a\":0.1e-2147483648}", "{\"a\":1e-2147483648}",
        "{\"a\":1e99999999999}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":+1}", "{\"a\":-}", "{\"a\":NaN}",
        "{\"a\":Infinity}", "{\"a\":0x10}", "{\"a\":1e}", "{\"a\":true}", "{\"a\":false}", "{\"a\":null}", "{\"a\":nul}",
        "{\"a\":True}", "{'a':1}", "{a:1}", "{\"a\":1,}", "{\"a\":[1,]}", "{\"a\":[,1]}", "{\"a\"}", "{\"a\":}", "{",
        "{\"a\":\"\\ud800\"}", "{\"\\udc00\":1}", "{\"a\":{\"\\ud800\":1}}", "{\"a\":[\"\\udfff\"]}",
        "{\"a\":\"\\ud83d\\ude00\"}", "{\"a\":\"\\u0000\"}", "{\"a\":\"\u0001\"}", "{\"a\":\"\\x\"}", "{\"a\":\"\\/\"}",
        "{\"a\":\"\t\"}", "{\"a\":\"\n\"}", "\uFEFF{}", "\u00A0{}", "{}\u00A0", "{}\u0000", "\u0000{}", "{}\u2028",
        "/* c */{}", "{}// c", "# c\n{}", "{\"a\":1}\u001a", "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
        "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
        "{\"a\":\"" + "x".repeat(16_384) + "\"}", "{\"a\":\"" + "x".repeat(16_385) + "\"}",
        "{\"" + "k".repeat(20_000) + "\":1}", "{\"a\":1" + "0".repeat(39) + "}", "{\"a\":1" + "0".repeat(40) + "}",
        "{\"a\":1." + "5".repeat(38) + "}", "{\"a\":1." + "5".repeat(39) + "}", "{\"a\":1e" + "1".repeat(38) + "}",
        "{\"title\":\"x\",\"price\":19.99,\"tags\":[\"a\",1,null,true,{\"b\":[]}],\"n\":{\"m\":{}}}",
    };

    /** Databind threw a number no BigDecimal holds out of the request (a 500); it is now a value no field accepts. */
    private static final String OUT_OF_RANGE_WAS_500 = "databind: NumberFormatException";

    @Test
    void everyEdgeCaseReadsAsDatabindReadIt() {
        for (String body : EDGES) {
            same(body);
        }
    }

    @Test
    void randomBodiesReadAsDatabindReadThem() {
        Random random = new Random(43);
        for (int i = 0; i < 20_000; i++) {
            same(i % 2 == 0 ? mutated(validBody(random, 0), random) : validBody(random, 0));
        }
    }

    private static void same(String body) {
        Object before = databind(body);
        Object now = streamed(body);
        if (before == OUT_OF_RANGE_WAS_500) {
            assertEquals(true, now.toString().contains("<out of range>") || now.toString().startsWith("refused: "),
                    () -> "body " + abbreviated(body) + " read as " + now);
        } else {
            assertEquals(before, now, () -> "body " + abbreviated(body));
        }
    }

    /** A price beyond any BigDecimal is the price's 400, not the 500 it was. */
    @Test
    void aNumberNoDecimalHoldsIsTheFieldsRefusal() {
        RequestBody declared = RequestBody.of("Probe", BodyField.of("price", BodyField.Kind.PRICE),
                BodyField.positiveInteger("count", 10));
        for (String body : new String[] {"{\"price\":1e99999999999}", "{\"price\":0.1e-2147483648}"}) {
            InvalidFields e = assertThrows(InvalidFields.class, () -> JsonBody.parse(body, false, declared));
            assertEquals(List.of(new InvalidFields.FieldError("price", "price must be a finite number")), e.errors(), body);
        }
        InvalidFields e = assertThrows(InvalidFields.class,
                () -> JsonBody.parse("{\"price\":1,\"count\":1e99999999999}", false, declared));
        assertEquals(List.of(new InvalidFields.FieldError("count", "count must be an integer from 1 to 10")), e.errors());
    }

    private static String abbreviated(String body) {
        return body.length() > 200 ? body.substring(0, 200) + "…" : body;
    }

    /** What {@link JsonBody} reads: its members, or its refusal's message. */
    private static Object streamed(String body) {
        try {
            return plain(JsonBody.parse(body, false).members());
        } catch (DomainException e) {
            return "refused: " + e.getMessage();
        }
    }

    private static Object plain(Object v) {
        if (JsonBody.isNull(v)) {
            return "<null>";
        }
        if (JsonBody.isOutOfRange(v)) {
            return "<out of range>";
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put((String) k, plain(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(x -> out.add(plain(x)));
            return out;
        }
        return v;
    }

    /** The reading as it was: databind's tree and the same refusals (JsonBody before it read with jackson-core alone). */
    private static Object databind(String text) {
        if (text == null || text.isBlank()) {
            return "refused: a JSON object body is required";
        }
        JsonNode parsed;
        try {
            parsed = MAPPER.reader().readTree(text);
        } catch (NumberFormatException e) {
            return OUT_OF_RANGE_WAS_500;
        } catch (StreamReadException e) {
            String why = e.getOriginalMessage();
            return "refused: " + (why != null && why.startsWith("Duplicate field")
                    ? "the body names a key twice: " + why.substring("Duplicate field ".length())
                    : "the body is not valid JSON");
        } catch (JacksonException e) {
            return "refused: the body is not valid JSON";
        }
        if (parsed == null || !parsed.isObject()) {
            return "refused: the body must be a JSON object";
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = parsed.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!ContractRules.isWellFormed(field.getKey())) {
                return "refused: the body names a key that is not valid Unicode text: it holds a lone surrogate";
            }
            if (!wellFormed(field.getValue())) {
                return "refused: " + field.getKey() + " is not valid Unicode text: it holds a lone surrogate";
            }
        }
        return plain(parsed);
    }

    private static boolean wellFormed(JsonNode v) {
        if (v.isTextual()) {
            return ContractRules.isWellFormed(v.textValue());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!ContractRules.isWellFormed(field.getKey()) || !wellFormed(field.getValue())) {
                return false;
            }
        }
        if (v.isArray()) {
            for (JsonNode item : v) {
                if (!wellFormed(item)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Databind's tree as the same plain values, each number as the node type held it. */
    private static Object plain(JsonNode n) {
        if (n.isObject()) {
            Map<String, Object> out = new LinkedHashMap<>();
            n.fields().forEachRemaining(f -> out.put(f.getKey(), plain(f.getValue())));
            return out;
        }
        if (n.isArray()) {
            List<Object> out = new ArrayList<>();
            n.forEach(x -> out.add(plain(x)));
            return out;
        }
        if (n.isNull()) {
            return "<null>";
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isInt()) {
            return n.intValue();
        }
        if (n.isLong()) {
            return n.longValue();
        }
        if (n.isBigInteger()) {
            return n.bigIntegerValue();
        }
        if (n.isBigDecimal()) {
            return n.decimalValue();
        }
        throw new AssertionError("a node of type " + n.getNodeType() + " from " + n);
    }

    private static final String[] NUMBERS = {"0", "-0", "1", "-1", "19.99", "19.900", "1.0", "1e2", "1E-2", "0.0", "-0.0",
        "2147483648", "-2147483649", "9223372036854775808", "1e400", "123456789012345678901234567890", "0.000", "5e0"};
    private static final String[] STRINGS = {"", "x", "\\ud800", "\\udc00x", "\\ud83d\\ude00", "\\u00e9", "\\n", "\\\"",
        "\\\\", "é", "\u200b", "a b"};

    private static String validBody(Random r, int depth) {
        StringBuilder b = new StringBuilder("{");
        int n = r.nextInt(depth == 0 ? 5 : 3);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append('"').append(r.nextInt(4) == 0 ? STRINGS[r.nextInt(STRINGS.length)] : "k" + r.nextInt(6)).append("\":");
            b.append(value(r, depth + 1));
        }
        return b.append('}').toString();
    }

    private static String value(Random r, int depth) {
        int pick = r.nextInt(depth > 3 ? 5 : 7);
        return switch (pick) {
            case 0 -> NUMBERS[r.nextInt(NUMBERS.length)];
            case 1 -> "\"" + STRINGS[r.nextInt(STRINGS.length)] + "\"";
            case 2 -> r.nextBoolean() ? "true" : "false";
            case 3 -> "null";
            case 4 -> "\"v" + r.nextInt(100) + "\"";
            case 5 -> validBody(r, depth);
            default -> {
                StringBuilder b = new StringBuilder("[");
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    b.append(i > 0 ? "," : "").append(value(r, depth + 1));
                }
                yield b.append(']').toString();
            }
        };
    }

    private static final String NOISE = "{}[]\":,0123456789.eE+-tfnrul\\ \t\n'x";

    /** One to three edits: a character deleted, inserted or replaced. */
    private static String mutated(String body, Random r) {
        StringBuilder b = new StringBuilder(body);
        for (int edits = 1 + r.nextInt(3); edits > 0; edits--) {
            int at = r.nextInt(b.length() + 1);
            char c = NOISE.charAt(r.nextInt(NOISE.length()));
            switch (r.nextInt(3)) {
                case 0 -> {
                    if (at < b.length()) {
                        b.deleteCharAt(at);
                    }
                }
                case 1 -> b.insert(at, c);
                default -> {
                    if (at < b.length()) {
                        b.setCharAt(at, c);
                    }
                }
            }
        }
        return b.toString();
    }

    @Test
    void numbersKeepTheirTypesAndScales() {
        Map<String, Object> m = JsonBody.parse("{\"i\":7,\"l\":2147483648,\"b\":9223372036854775808,\"d\":19.900,\"z\":0.0}",
                false).members();
        assertEquals(7, m.get("i"));
        assertEquals(2147483648L, m.get("l"));
        assertEquals(new BigInteger("9223372036854775808"), m.get("b"));
        assertEquals(new BigDecimal("19.9"), m.get("d"));
        assertEquals(BigDecimal.ZERO, m.get("z"));
    }
}

package com.bigtimedeals.api;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A response body: a JSON object written by hand instead of with jackson-databind, whose ~560 classes the
 * first request would otherwise load (about +0.2 on the cold-start ratio, docs/performance.md). Fields keep
 * the order they were put in, and putting a name again replaces its value in place, as Jackson's ObjectNode
 * did; the text is byte for byte what Jackson wrote (JsonObjectTest holds it to that). To add a field to
 * an answer, put it in the shape's function in {@link Json}.
 */
final class JsonObject {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** Values are String, Long, Boolean, BigDecimal, JsonObject, List of JsonObject, or null. */
    private final Map<String, Object> fields = new LinkedHashMap<>();
    /** The next moment this answer would change by itself (a deal in it expires), or null. */
    private Instant changesAt;

    /**
     * Notes that this object reads differently from {@code moment} on (a deal's expiry); objects put into others pass
     * the earliest such moment up, so an answer knows how long a cache may keep it ({@code Cache-Control}).
     */
    JsonObject changesAt(Instant moment) {
        if (moment != null && (changesAt == null || moment.isBefore(changesAt))) {
            changesAt = moment;
        }
        return this;
    }

    /** The earliest moment anything in this object changes by itself, or null. */
    Instant changesAt() {
        return changesAt;
    }

    /** A string, or JSON null when {@code value} is null. */
    JsonObject put(String name, String value) {
        fields.put(name, value);
        return this;
    }

    JsonObject put(String name, long value) {
        fields.put(name, value);
        return this;
    }

    /** An integer, or JSON null when {@code value} is null. */
    JsonObject put(String name, Integer value) {
        fields.put(name, value == null ? null : value.longValue());
        return this;
    }

    JsonObject put(String name, boolean value) {
        fields.put(name, value);
        return this;
    }

    /** A number written in plain notation (never 1E+3), as prices are. */
    JsonObject put(String name, BigDecimal value) {
        fields.put(name, value);
        return this;
    }

    /** An instant in the contract's one form: UTC, whole seconds ({@link WireTime}). */
    JsonObject put(String name, Instant value) {
        fields.put(name, value == null ? null : WireTime.format(value));
        return this;
    }

    JsonObject put(String name, JsonObject value) {
        fields.put(name, value);
        return value == null ? this : changesAt(value.changesAt);
    }

    /** An array of objects. */
    JsonObject put(String name, List<JsonObject> values) {
        fields.put(name, List.copyOf(values));
        values.forEach(v -> changesAt(v.changesAt));
        return this;
    }

    /** Optional fields are left out when absent rather than written as null. */
    JsonObject putIfPresent(String name, String value) {
        if (value != null) {
            fields.put(name, value);
        }
        return this;
    }

    /** An optional number (a price limit), left out when absent. */
    JsonObject putIfPresent(String name, BigDecimal value) {
        if (value != null) {
            fields.put(name, value);
        }
        return this;
    }

    /** The compact JSON text (no whitespace), as API Gateway returns it. */
    String toJson() {
        StringBuilder out = new StringBuilder(64 + fields.size() * 24);
        write(out);
        return out.toString();
    }

    @Override
    public String toString() {
        return toJson();
    }

    private void write(StringBuilder out) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, Object> field : fields.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            string(out, field.getKey());
            out.append(':');
            value(out, field.getValue());
        }
        out.append('}');
    }

    private static void value(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            string(out, s);
        } else if (value instanceof BigDecimal d) {
            out.append(d.toPlainString());
        } else if (value instanceof JsonObject o) {
            o.write(out);
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                ((JsonObject) list.get(i)).write(out);
            }
            out.append(']');
        } else {
            out.append(value); // Long, Boolean
        }
    }

    /**
     * Jackson's default escaping: quote and backslash; \b \t \n \f \r; every other control character as
     * a six-character u00XX escape; everything else (non-ASCII included) as itself, since the body is UTF-8.
     */
    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}

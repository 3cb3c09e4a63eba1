package com.bigtimedeals.engine.api;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.bigtimedeals.engine.json.JsonTree.JsonNumber;
import com.bigtimedeals.engine.json.JsonTree;

/**
 * Checks a parsed request against its {@link Shape}s the way the service's request layer does: a serialization
 * pass that converts JSON into the member types (answering the service's {@code SerializationException}
 * messages), then a constraint pass that reports up to ten failures at once.
 *
 * <p>After {@link #check}, structures and maps are {@code Map<String, Object>}, lists {@code List<Object>},
 * integers {@code Long}, blobs {@code byte[]}, and AttributeValues still maps (their own rules are checked by
 * {@link AttributeValues}, after the constraint pass, as the service does).
 */
public final class ShapeChecker {
    private static final int MAX_ERRORS = 10;

    private ShapeChecker() {
    }

    /** Converts and validates a request body; throws {@link ApiException} as the service would answer. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> check(Object body, Shape request) {
        if (!(body instanceof Map)) {
            throw ApiException.serialization("Start of list found where not expected");
        }
        Map<String, Object> converted = (Map<String, Object>) convert(body, request);
        for (Map.Entry<String, Shape> f : request.fields.entrySet()) {
            Object value = converted.get(f.getKey());
            if (f.getValue().required && value == null) {
                throw ApiException.validation("The parameter '" + f.getKey() + "' is required but was not present in the request");
            }
        }
        List<String> errors = new ArrayList<>();
        for (Map.Entry<String, Shape> f : request.fields.entrySet()) {
            constraints(null, f.getKey(), converted.get(f.getKey()), f.getValue(), errors);
        }
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors.size() + " validation error" + (errors.size() > 1 ? "s" : "")
                    + " detected: " + String.join("; ", errors));
        }
        return converted;
    }

    // ---- serialization pass ----

    @SuppressWarnings("unchecked")
    static Object convert(Object value, Shape shape) {
        if (value == null) {
            return null;
        }
        if (value instanceof JsonTree.Deeper deeper) {
            return deeper(deeper, shape);
        }
        switch (shape.kind) {
            case BOOLEAN:
                return bool(value);
            case INTEGER:
            case LONG:
                return integral(value, shape);
            case STRING:
                return string(value);
            case BLOB:
                return blob(value);
            case LIST:
            case PARAMETERIZED_LIST:
                return list(value, shape);
            case MAP:
            case PARAMETERIZED_MAP:
                return map(value, shape);
            case VALUE_STRUCT:
            case FIELD_STRUCT:
                return struct(value, shape, shape.kind == Shape.Kind.VALUE_STRUCT, shape.typeName);
            case ATTRIBUTE_VALUE:
            case ATTRIBUTE_FIELD:
                return attributeValue(value, shape.kind == Shape.Kind.ATTRIBUTE_VALUE);
            default:
                throw new IllegalStateException(shape.kind.name());
        }
    }

    private static Boolean bool(Object value) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof JsonNumber n) {
            throw ApiException.serialization(numberKind(n) + " cannot be converted to Boolean");
        }
        if (value instanceof String s) {
            String upper = s.toUpperCase(Locale.ROOT);
            if (upper.equals("TRUE") || upper.equals("1") || upper.equals("YES")) {
                return Boolean.TRUE;
            }
            if (upper.equals("FALSE") || upper.equals("0") || upper.equals("NO")) {
                return Boolean.FALSE;
            }
            throw ApiException.serialization("Unexpected token received from parser");
        }
        throw structural(value, "class java.lang.Boolean");
    }

    private static Long integral(Object value, Shape shape) {
        String type = shape.kind == Shape.Kind.INTEGER ? "Integer" : "Long";
        if (value instanceof JsonNumber n) {
            // A fraction is dropped (1.9 is 1); a number the member's type cannot hold (Limit: 1e20) is refused.
            double d = Math.floor(n.doubleValue());
            boolean fits = shape.kind == Shape.Kind.INTEGER ? d >= Integer.MIN_VALUE && d <= Integer.MAX_VALUE
                    : d >= Long.MIN_VALUE && d < 0x1p63;
            if (!fits) {
                throw ApiException.serialization(numberKind(n) + " cannot be converted to " + type);
            }
            return (long) d;
        }
        if (value instanceof Boolean b) {
            throw ApiException.serialization((b ? "TRUE_VALUE" : "FALSE_VALUE") + " cannot be converted to " + type);
        }
        if (value instanceof String) {
            throw ApiException.serialization("STRING_VALUE cannot be converted to " + type);
        }
        throw structural(value, "class java.lang." + type);
    }

    private static String string(Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Boolean b) {
            throw ApiException.serialization((b ? "TRUE_VALUE" : "FALSE_VALUE") + " cannot be converted to String");
        }
        if (value instanceof JsonNumber n) {
            throw ApiException.serialization(numberKind(n) + " cannot be converted to String");
        }
        throw structural(value, "class java.lang.String");
    }

    private static Object blob(Object value) {
        if (value instanceof String s) {
            return base64(s);
        }
        if (value instanceof Boolean || value instanceof JsonNumber) {
            throw ApiException.serialization("only base-64-encoded strings are convertible to bytes");
        }
        throw structural(value, "class java.nio.ByteBuffer");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value, Shape shape) {
        if (!(value instanceof List)) {
            if (value instanceof Map) {
                throw ApiException.serialization("Start of structure or map found where not expected");
            }
            throw ApiException.serialization(shape.kind == Shape.Kind.LIST ? "Unexpected field type" : CAST_MESSAGE);
        }
        List<Object> in = (List<Object>) value;
        List<Object> out = new ArrayList<>(in.size());
        for (Object element : in) {
            out.add(convert(element, shape.element));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value, Shape shape) {
        if (!(value instanceof Map)) {
            if (value instanceof List) {
                String valueType = shape.kind == Shape.Kind.PARAMETERIZED_MAP || shape.typeName == null
                        ? "com.amazonaws.dynamodb.v20120810.AttributeValue"
                        : shape.typeName.contains(".") ? shape.typeName
                        : "com.amazonaws.dynamodb.v20120810." + shape.typeName;
                throw ApiException.serialization("Unrecognized collection type java.util.Map<java.lang.String, " + valueType + ">");
            }
            throw ApiException.serialization(shape.kind == Shape.Kind.MAP ? "Unexpected field type" : CAST_MESSAGE);
        }
        Map<String, Object> in = (Map<String, Object>) value;
        Map<String, Object> out = new LinkedHashMap<>(in.size() * 2);
        for (Map.Entry<String, Object> e : in.entrySet()) {
            out.put(e.getKey(), convert(e.getValue(), shape.element));
        }
        return out;
    }

    /**
     * A container nested past what the parser builds: only a value nested past the service's 32 levels can lie that
     * deep in a request, and it is refused for its nesting once its upper levels are read (AttributeValues), so it
     * passes where a container may stand; a scalar member gets the message it would get for any container.
     */
    private static Object deeper(JsonTree.Deeper deeper, Shape shape) {
        return switch (shape.kind) {
            case LIST, PARAMETERIZED_LIST, MAP, PARAMETERIZED_MAP, VALUE_STRUCT, FIELD_STRUCT, ATTRIBUTE_VALUE, ATTRIBUTE_FIELD -> deeper;
            default -> throw deeper == JsonTree.Deeper.ARRAY ? ApiException.serialization("Unrecognized collection type")
                    : ApiException.serialization("Start of structure or map found where not expected");
        };
    }

    private static final String CAST_MESSAGE = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')";

    @SuppressWarnings("unchecked")
    private static Map<String, Object> struct(Object value, Shape shape, boolean valueStruct, String typeName) {
        if (!(value instanceof Map)) {
            if (value instanceof List) {
                throw ApiException.serialization("Unrecognized collection type class com.amazonaws.dynamodb.v20120810." + typeName);
            }
            throw ApiException.serialization(valueStruct ? "Unexpected value type in payload" : "Unexpected field type");
        }
        Map<String, Object> in = (Map<String, Object>) value;
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : in.entrySet()) {
            Shape field = shape.fields.get(e.getKey());
            if (field != null && e.getValue() != null) {
                out.put(e.getKey(), convert(e.getValue(), field));
            }
        }
        return out;
    }

    private static final Shape ATTRIBUTE_STRUCT = Shape.valueStruct("AttributeValue")
            .field("S", Shape.string())
            .field("B", Shape.blob())
            .field("N", Shape.string())
            .field("BOOL", Shape.bool())
            .field("NULL", Shape.bool())
            .field("BS", Shape.list(Shape.blob()))
            .field("NS", Shape.list(Shape.string()))
            .field("SS", Shape.list(Shape.string()))
            .field("L", Shape.list(Shape.attributeValue()))
            .field("M", Shape.map("AttributeValue", Shape.attributeValue()));

    /** An AttributeValue keeps JSON member order: the service reports the first bad type in that order. */
    private static Map<String, Object> attributeValue(Object value, boolean valueStruct) {
        return struct(value, ATTRIBUTE_STRUCT, valueStruct, "AttributeValue");
    }

    private static ApiException structural(Object value, String collectionType) {
        if (value instanceof List) {
            return ApiException.serialization("Unrecognized collection type " + collectionType);
        }
        return ApiException.serialization("Start of structure or map found where not expected");
    }

    private static String numberKind(JsonNumber n) {
        return n.integral() ? "NUMBER_VALUE" : "DECIMAL_VALUE";
    }

    private static byte[] base64(String text) {
        if (text.length() % 4 != 0) {
            throw ApiException.serialization("Base64 encoded length is expected a multiple of 4 bytes but found: " + text.length());
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw ApiException.serialization("Invalid last non-pad Base64 character dectected");
        }
        if (!Base64.getEncoder().encodeToString(bytes).equals(text)) {
            throw ApiException.serialization("Invalid last non-pad Base64 character dectected");
        }
        return bytes;
    }

    // ---- constraint pass ----

    @SuppressWarnings("unchecked")
    private static void constraints(String parent, String name, Object value, Shape shape, List<String> errors) {
        if (errors.size() >= MAX_ERRORS) {
            return;
        }
        if (shape.notNull && value == null) {
            fail(errors, parent, name, null, shape, "Member must not be null");
        }
        if (value == null || value instanceof JsonTree.Deeper) {
            return;
        }
        if (shape.min != null && value instanceof Long l && l < shape.min) {
            bound(errors, parent, name, value, shape, "Member must have value greater than or equal to " + shape.min);
        }
        if (shape.max != null && value instanceof Long l && l > shape.max) {
            bound(errors, parent, name, value, shape, "Member must have value less than or equal to " + shape.max);
        }
        if (shape.tableName && value instanceof String s && (s.startsWith("arn:") || s.isEmpty())) {
            if (s.length() > 1024) {
                bound(errors, parent, name, value, shape, "Member must have length less than or equal to 1024");
            } else if (s.isEmpty()) {
                bound(errors, parent, name, value, shape, "Member must have length greater than or equal to 1");
            }
            return;
        }
        if (shape.enumValues != null && !shape.enumValues.contains(value)) {
            fail(errors, parent, name, value, shape, "Member must satisfy enum value set: [" + String.join(", ", shape.enumValues) + "]");
        }
        // A table name of an item or table operation is held to its length before its pattern; other members to
        // their pattern first (see Shape.tableNameMember).
        if (!shape.tableName) {
            pattern(parent, name, value, shape, errors);
        }
        int length = length(value);
        if (shape.minLength != null && length < shape.minLength) {
            bound(errors, parent, name, value, shape, "Member must have length greater than or equal to " + shape.minLength);
        }
        if (shape.maxLength != null && length > shape.maxLength) {
            bound(errors, parent, name, value, shape, "Member must have length less than or equal to " + shape.maxLength);
        }
        if (shape.tableName) {
            pattern(parent, name, value, shape, errors);
        }
        if (shape.keyConstraints != null && value instanceof Map) {
            for (String key : ((Map<String, Object>) value).keySet()) {
                if (!satisfies(key, shape.keyConstraints)) {
                    fail(errors, parent, name, value, shape, "Map keys must satisfy constraint: [" + describe(shape.keyConstraints, true) + "]");
                }
            }
        }
        if (shape.valueConstraints != null && value instanceof Map) {
            for (Object v : ((Map<String, Object>) value).values()) {
                if (!satisfies(v, shape.valueConstraints)) {
                    fail(errors, parent, name, value, shape, "Map value must satisfy constraint: [" + describe(shape.valueConstraints, false) + "]");
                }
            }
        }
        // A member's path is spelled only where members are below it: a scalar's (most of a request's values, each
        // attribute value's S or N) is read only by a failure's message, which spells it itself.
        switch (shape.kind) {
            case LIST:
            case PARAMETERIZED_LIST: {
                String path = path(parent, name);
                List<Object> list = (List<Object>) value;
                for (int i = 0; i < list.size(); i++) {
                    if (list.get(i) == null && shape.element != null) {
                        fail(errors, path + "." + (i + 1), "member", null, shape.element, "Member must not be null");
                        continue;
                    }
                    constraints(path + "." + (i + 1), "member", list.get(i), shape.element, errors);
                }
                break;
            }
            case MAP:
            case PARAMETERIZED_MAP: {
                String path = path(parent, name);
                for (Map.Entry<String, Object> e : ((Map<String, Object>) value).entrySet()) {
                    constraints(path + "." + e.getKey(), "member", e.getValue(), shape.element, errors);
                }
                break;
            }
            case VALUE_STRUCT:
            case FIELD_STRUCT: {
                String path = path(parent, name);
                Map<String, Object> struct = (Map<String, Object>) value;
                for (Map.Entry<String, Shape> f : shape.fields.entrySet()) {
                    constraints(path, f.getKey(), struct.get(f.getKey()), f.getValue(), errors);
                }
                break;
            }
            default:
                break;
        }
    }

    private static void pattern(String parent, String name, Object value, Shape shape, List<String> errors) {
        if (shape.pattern != null && value instanceof String s && !shape.pattern.matcher(s).matches()) {
            fail(errors, parent, name, value, shape, "Member must satisfy regular expression pattern: " + shape.patternText);
        }
    }

    private static boolean satisfies(Object value, Shape c) {
        if (c.tableName && value instanceof String s && s.startsWith("arn:")) {
            return s.length() <= 1024;
        }
        int length = length(value);
        if (c.minLength != null && length < c.minLength) {
            return false;
        }
        if (c.maxLength != null && length > c.maxLength) {
            return false;
        }
        return c.pattern == null || !(value instanceof String s) || c.pattern.matcher(s).matches();
    }

    private static String describe(Shape c, boolean withPattern) {
        List<String> parts = new ArrayList<>();
        if (c.maxLength != null) {
            parts.add("Member must have length less than or equal to " + c.maxLength);
        }
        if (c.minLength != null) {
            parts.add("Member must have length greater than or equal to " + c.minLength);
        }
        if (withPattern && c.patternText != null) {
            parts.add("Member must satisfy regular expression pattern: " + c.patternText);
        }
        return String.join(", ", parts);
    }

    @SuppressWarnings("unchecked")
    private static int length(Object value) {
        if (value instanceof String s) {
            return s.length();
        }
        if (value instanceof List<?> l) {
            return l.size();
        }
        if (value instanceof Map<?, ?> m) {
            return m.size();
        }
        if (value instanceof byte[] b) {
            return b.length;
        }
        return 0;
    }

    /**
     * A length or value bound the member breaks: in the service's newer wording, which names the member by its request
     * path and echoes no value, where the shape asks for it ({@link Shape#genericMessage()}); else as {@link #fail}.
     */
    private static void bound(List<String> errors, String parent, String name, Object value, Shape shape, String constraint) {
        if (shape.generic && errors.size() < MAX_ERRORS) {
            errors.add(atPath(requestPath(parent, name), constraint));
            return;
        }
        fail(errors, parent, name, value, shape, constraint);
    }

    /**
     * A list longer than {@code max}, refused on its own after the constraint pass (where the service checks it later
     * than the request's shapes: TransactItems, a table's Keys in BatchGetItem), worded as that pass words a bound.
     */
    public static ApiException tooLong(String path, int max) {
        return ApiException.validation("1 validation error detected: "
                + atPath(path, "Member must have length less than or equal to " + max));
    }

    /** The service's newer wording of a broken constraint: the member by its request path, no value echoed. */
    private static String atPath(String path, String constraint) {
        return "Value at '" + path + "' failed to satisfy constraint: " + constraint;
    }

    private static void fail(List<String> errors, String parent, String name, Object value, Shape shape, String constraint) {
        if (errors.size() >= MAX_ERRORS) {
            return;
        }
        String shown = value == null ? "null" : "'" + (shape.jsonEcho ? json(value) : display(value, shape)) + "'";
        errors.add("Value " + shown + " at '" + (parent == null ? "" : parent + ".") + lowerFirst(name)
                + "' failed to satisfy constraint: " + constraint);
    }

    /** The member as compact JSON, its binary values in base64. */
    static String json(Object value) {
        StringBuilder sb = new StringBuilder();
        json(value, sb);
        return sb.toString();
    }

    private static void json(Object value, StringBuilder sb) {
        if (value instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                jsonString(String.valueOf(e.getKey()), sb);
                sb.append(':');
                json(e.getValue(), sb);
            }
            sb.append('}');
        } else if (value instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                json(l.get(i), sb);
            }
            sb.append(']');
        } else if (value instanceof String s) {
            jsonString(s, sb);
        } else if (value instanceof byte[] b) {
            jsonString(Base64.getEncoder().encodeToString(b), sb);
        } else if (value instanceof JsonNumber n) {
            sb.append(n.text());
        } else {
            sb.append(value);
        }
    }

    private static void jsonString(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }

    /** A member's path as the request names it ({@code RequestItems.t.member.Keys}). */
    static String requestPath(String parent, String name) {
        if (parent == null) {
            return name;
        }
        return Character.toUpperCase(parent.charAt(0)) + parent.substring(1) + "." + name;
    }

    /**
     * How the service prints a value in a constraint message: lists in brackets, structures as their Java class
     * prints them ({@code KeySchemaElement(attributeName=id, keyType=HASH)}), scalars as they are.
     */
    @SuppressWarnings("unchecked")
    static String display(Object value, Shape shape) {
        if (value == null) {
            return "null";
        }
        if (value instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            for (Object o : list) {
                parts.add(display(o, shape == null ? null : shape.element));
            }
            return "[" + String.join(", ", parts) + "]";
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> m = (Map<String, Object>) map;
            List<String> parts = new ArrayList<>();
            if (shape != null && (shape.kind == Shape.Kind.VALUE_STRUCT || shape.kind == Shape.Kind.FIELD_STRUCT)
                    && shape.typeName != null) {
                for (Map.Entry<String, Shape> f : shape.fields.entrySet()) {
                    parts.add(lowerFirst(f.getKey()) + "=" + display(m.get(f.getKey()), f.getValue()));
                }
                return shape.typeName + "(" + String.join(", ", parts) + ")";
            }
            for (Map.Entry<String, Object> e : m.entrySet()) {
                parts.add(e.getKey() + "=" + display(e.getValue(), shape == null ? null : shape.element));
            }
            return "{" + String.join(", ", parts) + "}";
        }
        if (value instanceof byte[] b) {
            return "java.nio.HeapByteBuffer[pos=0 lim=" + b.length + " cap=" + b.length + "]";
        }
        return String.valueOf(value);
    }

    /** A member's path as constraint messages name it: its parent's, a dot, its name lower-cased first. */
    private static String path(String parent, String name) {
        return (parent == null ? "" : parent + ".") + lowerFirst(name);
    }

    public static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}

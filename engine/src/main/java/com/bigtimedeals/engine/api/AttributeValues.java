package com.bigtimedeals.engine.api;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.NumberFormatError;
import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Value;

/**
 * Turns the AttributeValues of a shape-checked request into {@link Value}s, refusing what the service refuses with
 * its messages: no type or several types, NULL other than true, empty or duplicated sets, numbers out of range.
 * The service checks the members of one value in the order they were sent and reports the first problem.
 */
public final class AttributeValues {
    private AttributeValues() {
    }

    /** Thrown with the service's message; callers add the context the service adds (a prefix, a key name). */
    public static final class Invalid extends RuntimeException {
        public Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** The longest attribute name the service accepts, in UTF-8 bytes (64 KB itself is refused). */
    public static final int MAX_NAME_BYTES = 65535;
    /** Lists and maps nest at most this deep. */
    public static final int MAX_DEPTH = 32;

    @SuppressWarnings("unchecked")
    public static Map<String, Value> item(Map<String, Object> raw) {
        Map<String, Value> item = new LinkedHashMap<>(raw.size() * 2);
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            checkName(e.getKey());
            item.put(e.getKey(), value((Map<String, Object>) e.getValue()));
        }
        return item;
    }

    /** Attribute names may be neither empty nor longer than 65,535 bytes. */
    public static void checkName(String name) {
        if (name.isEmpty()) {
            throw new Invalid("One or more parameter values were invalid: Empty attribute name");
        }
        if (name.length() > MAX_NAME_BYTES / 3 && name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new Invalid("One or more parameter values were invalid: An attribute name exceeds the maximum length of 65535 bytes");
        }
    }

    public static Value value(Map<String, Object> raw) {
        return value(raw, 0);
    }

    @SuppressWarnings("unchecked")
    private static Value value(Map<String, Object> raw, int depth) {
        if (raw == null) {
            throw new Invalid("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
        if (raw.isEmpty()) {
            throw new Invalid("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
        Value result = null;
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            Object v = e.getValue();
            Value converted;
            switch (e.getKey()) {
                case "S":
                    converted = new Value.S((String) v);
                    break;
                case "N":
                    converted = new Value.N(number((String) v));
                    break;
                case "B":
                    converted = new Value.B((byte[]) v);
                    break;
                case "BOOL":
                    converted = ((Boolean) v) ? Value.Bool.TRUE : Value.Bool.FALSE;
                    break;
                case "NULL":
                    if (!((Boolean) v)) {
                        throw new Invalid("One or more parameter values were invalid: Null attribute value types must have the value of true");
                    }
                    converted = Value.Null.INSTANCE;
                    break;
                case "SS": {
                    List<Object> list = (List<Object>) v;
                    if (list.isEmpty()) {
                        throw new Invalid("One or more parameter values were invalid: An string set  may not be empty");
                    }
                    Set<String> set = new LinkedHashSet<>();
                    for (Object o : list) {
                        if (o == null) {
                            throw new Invalid("One or more parameter values were invalid: An string set  may not be empty");
                        }
                        set.add((String) o);
                    }
                    if (set.size() != list.size()) {
                        throw new Invalid("One or more parameter values were invalid: Input collection " + display(list) + " contains duplicates.");
                    }
                    converted = new Value.SS(set);
                    break;
                }
                case "NS": {
                    List<Object> list = (List<Object>) v;
                    if (list.isEmpty()) {
                        throw new Invalid("One or more parameter values were invalid: An number set  may not be empty");
                    }
                    Set<BigDecimal> set = new LinkedHashSet<>();
                    for (Object o : list) {
                        set.add(number((String) o));
                    }
                    if (set.size() != list.size()) {
                        throw new Invalid("Input collection contains duplicates");
                    }
                    converted = new Value.NS(set);
                    break;
                }
                case "BS": {
                    List<Object> list = (List<Object>) v;
                    if (list.isEmpty()) {
                        throw new Invalid("One or more parameter values were invalid: Binary sets should not be empty");
                    }
                    Set<Value.B> set = new LinkedHashSet<>();
                    for (Object o : list) {
                        set.add(new Value.B((byte[]) o));
                    }
                    if (set.size() != list.size()) {
                        throw new Invalid("One or more parameter values were invalid: Input collection " + display(list) + "of type BS contains duplicates.");
                    }
                    converted = new Value.BS(set);
                    break;
                }
                case "L": {
                    nested(depth);
                    List<Object> list = (List<Object>) v;
                    List<Value> values = new ArrayList<>(list.size());
                    for (Object o : list) {
                        values.add(value((Map<String, Object>) o, depth + 1));
                    }
                    converted = new Value.L(values);
                    break;
                }
                case "M": {
                    nested(depth);
                    Map<String, Object> map = (Map<String, Object>) v;
                    Map<String, Value> values = new LinkedHashMap<>(map.size() * 2);
                    for (Map.Entry<String, Object> m : map.entrySet()) {
                        values.put(m.getKey(), value((Map<String, Object>) m.getValue(), depth + 1));
                    }
                    converted = new Value.M(values);
                    break;
                }
                default:
                    continue;
            }
            if (result == null) {
                result = converted;
            }
        }
        if (raw.size() > 1) {
            throw new Invalid("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
        }
        return result;
    }

    private static void nested(int depth) {
        if (depth >= MAX_DEPTH) {
            throw new Invalid("One or more parameter values were invalid: Nesting Levels have exceeded supported limits: an attribute value is nested more than 32 levels deep");
        }
    }

    private static BigDecimal number(String text) {
        if (text == null || text.isEmpty()) {
            throw new Invalid("The parameter cannot be converted to a numeric value");
        }
        try {
            return Numbers.parse(text);
        } catch (NumberFormatError e) {
            throw new Invalid(e.getMessage());
        }
    }

    private static String display(List<Object> list) {
        List<String> parts = new ArrayList<>(list.size());
        for (Object o : list) {
            parts.add(o instanceof byte[] b ? Base64.getEncoder().encodeToString(b) : String.valueOf(o));
        }
        return "[" + String.join(", ", parts) + "]";
    }
}

package com.bigtimedeals.engine.api;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.ItemSize;
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
        /** What the message is about, which decides whether some callers add their context to it. */
        public enum About {
            /** The value's make-up: no type, several types, a false NULL, an empty string or binary set, nesting. */
            VALUE,
            /** A number's text, or a set's members: duplicates, or an empty number set. */
            NUMBER_OR_SET_MEMBERS
        }

        private final About about;

        public Invalid(String message) {
            this(message, About.VALUE);
        }

        Invalid(String message, About about) {
            super(message, null, false, false);
            this.about = about;
        }

        public About about() {
            return about;
        }
    }

    /**
     * How many levels an item's values may span, the attribute itself being level 1: a value of 31 single-member maps
     * (or lists) around a scalar, the scalar at level 32, is the deepest the service stores, and 32 of them are refused
     * (captured against the service by paritysuite/dynamodb-conformance, tests/tier3/limits/nestingDepth.test.ts).
     * The same limit holds for ExpressionAttributeValues and PartiQL parameters.
     */
    public static final int MAX_LEVELS = 32;
    /** The service's message for a value nested past {@link #MAX_LEVELS}, the same wherever it is found. */
    public static final String NESTING_EXCEEDED =
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";

    @SuppressWarnings("unchecked")
    public static Map<String, Value> item(Map<String, Object> raw) {
        Map<String, Value> item = new LinkedHashMap<>(raw.size() * 2);
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            checkName(e.getKey());
            item.put(e.getKey(), value((Map<String, Object>) e.getValue()));
        }
        return item;
    }

    /**
     * The nesting rule every stored item keeps, checked on an item built by the engine (the item an update produces:
     * {@code SET a.b = :v} can nest deeper than any value of the request), with the same message as a value read from a
     * request ({@link #item}): values nested at most {@link #MAX_LEVELS} levels. The names an update writes are
     * checked where it is parsed, and the others were checked when they were stored.
     */
    public static void checkLevels(Map<String, Value> item) {
        for (Value v : item.values()) {
            check(v, 1, false);
        }
    }

    /**
     * The rules {@link #item} holds a request's item to, in its order, for an item a PartiQL statement built from its
     * literals: every name (a map's keys at any depth too) and the nesting.
     */
    public static void checkItem(Map<String, Value> item) {
        for (Map.Entry<String, Value> e : item.entrySet()) {
            checkName(e.getKey());
            check(e.getValue(), 1, true);
        }
    }

    /** Refuses a list or map at {@code level} whose members would lie past {@link #MAX_LEVELS} (or, if asked, a map key too long). */
    private static void check(Value v, int level, boolean names) {
        if (v instanceof Value.M m) {
            nested(level);
            for (Map.Entry<String, Value> member : m.values().entrySet()) {
                if (names) {
                    checkNameSize(member.getKey());
                }
                check(member.getValue(), level + 1, names);
            }
        } else if (v instanceof Value.L l) {
            nested(level);
            for (Value member : l.values()) {
                check(member, level + 1, names);
            }
        }
    }

    /**
     * Attribute names may be neither empty nor longer than 65,535 bytes. A name too long is refused in the service's own
     * words whatever carries it, so it is thrown as the answer itself: no caller's context is added to it.
     */
    public static void checkName(String name) {
        if (name.isEmpty()) {
            throw new Invalid("One or more parameter values were invalid: Empty attribute name");
        }
        checkNameSize(name);
    }

    /** Refuses a name over 65,535 bytes: a top-level name, a map's key at any depth, an expression attribute name. */
    public static void checkNameSize(String name) {
        if (ItemSize.nameTooLarge(name)) {
            throw ApiException.validation(ItemSize.NAME_TOO_LARGE);
        }
    }

    public static Value value(Map<String, Object> raw) {
        return value(raw, 1);
    }

    /** {@code level}: where the value sits, an attribute's own value being at level 1. */
    @SuppressWarnings("unchecked")
    private static Value value(Map<String, Object> raw, int level) {
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
                case "SS":
                    converted = stringSet((List<Object>) v);
                    break;
                case "NS":
                    converted = numberSet((List<Object>) v);
                    break;
                case "BS":
                    converted = binarySet((List<Object>) v);
                    break;
                case "L": {
                    nested(level);
                    List<Object> list = (List<Object>) v;
                    List<Value> values = new ArrayList<>(list.size());
                    for (Object o : list) {
                        values.add(value((Map<String, Object>) o, level + 1));
                    }
                    converted = new Value.L(values);
                    break;
                }
                case "M": {
                    nested(level);
                    Map<String, Object> map = (Map<String, Object>) v;
                    Map<String, Value> values = new LinkedHashMap<>(map.size() * 2);
                    for (Map.Entry<String, Object> m : map.entrySet()) {
                        checkNameSize(m.getKey());
                        values.put(m.getKey(), value((Map<String, Object>) m.getValue(), level + 1));
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

    private static Value.SS stringSet(List<Object> list) {
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
            throw new Invalid("One or more parameter values were invalid: Input collection " + display(list) + " contains duplicates.", Invalid.About.NUMBER_OR_SET_MEMBERS);
        }
        return new Value.SS(set);
    }

    private static Value.NS numberSet(List<Object> list) {
        if (list.isEmpty()) {
            throw new Invalid("One or more parameter values were invalid: An number set  may not be empty", Invalid.About.NUMBER_OR_SET_MEMBERS);
        }
        Set<BigDecimal> set = new LinkedHashSet<>();
        for (Object o : list) {
            set.add(number((String) o));
        }
        if (set.size() != list.size()) {
            throw new Invalid("Input collection contains duplicates", Invalid.About.NUMBER_OR_SET_MEMBERS);
        }
        return new Value.NS(set);
    }

    private static Value.BS binarySet(List<Object> list) {
        if (list.isEmpty()) {
            throw new Invalid("One or more parameter values were invalid: Binary sets should not be empty");
        }
        Set<Value.B> set = new LinkedHashSet<>();
        for (Object o : list) {
            set.add(new Value.B((byte[]) o));
        }
        if (set.size() != list.size()) {
            throw new Invalid("One or more parameter values were invalid: Input collection " + display(list) + "of type BS contains duplicates.", Invalid.About.NUMBER_OR_SET_MEMBERS);
        }
        return new Value.BS(set);
    }

    /** A list or map at {@code level}: its members, even if it has none, would be one level further down. */
    private static void nested(int level) {
        if (level >= MAX_LEVELS) {
            throw new Invalid(NESTING_EXCEEDED);
        }
    }

    private static BigDecimal number(String text) {
        if (text == null || text.isEmpty()) {
            throw new Invalid("The parameter cannot be converted to a numeric value", Invalid.About.NUMBER_OR_SET_MEMBERS);
        }
        try {
            return Numbers.parse(text);
        } catch (NumberFormatError e) {
            throw new Invalid(e.getMessage(), Invalid.About.NUMBER_OR_SET_MEMBERS);
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

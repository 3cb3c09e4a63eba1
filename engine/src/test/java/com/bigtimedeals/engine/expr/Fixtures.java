package com.bigtimedeals.engine.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.function.Executable;

import com.bigtimedeals.engine.value.Value;

/** Short ways to write values, items and expected failures in the expression tests. */
final class Fixtures {
    private Fixtures() {
    }

    static Value s(String v) {
        return new Value.S(v);
    }

    static Value n(String v) {
        return Value.N.parse(v);
    }

    static Value b(String utf8) {
        return new Value.B(utf8.getBytes(StandardCharsets.UTF_8));
    }

    static Value bool(boolean v) {
        return new Value.Bool(v);
    }

    static Value nul() {
        return Value.Null.INSTANCE;
    }

    static Value ss(String... members) {
        return new Value.SS(new LinkedHashSet<>(List.of(members)));
    }

    static Value ns(String... members) {
        LinkedHashSet<BigDecimal> set = new LinkedHashSet<>();
        for (String m : members) {
            set.add(new BigDecimal(m));
        }
        return new Value.NS(set);
    }

    static Value bs(String... utf8Members) {
        LinkedHashSet<Value.B> set = new LinkedHashSet<>();
        for (String m : utf8Members) {
            set.add((Value.B) b(m));
        }
        return new Value.BS(set);
    }

    static Value l(Value... elements) {
        return new Value.L(List.of(elements));
    }

    /** A map value from alternating names and values. */
    static Value m(Object... namesAndValues) {
        return new Value.M(map(namesAndValues));
    }

    /** An item from alternating attribute names and values. */
    static Map<String, Value> item(Object... namesAndValues) {
        return map(namesAndValues);
    }

    static Map<String, Value> map(Object... namesAndValues) {
        Map<String, Value> out = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            out.put((String) namesAndValues[i], (Value) namesAndValues[i + 1]);
        }
        return out;
    }

    /** ExpressionAttributeNames from alternating placeholders and names. */
    static Map<String, String> names(String... pairs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put(pairs[i], pairs[i + 1]);
        }
        return out;
    }

    /** ExpressionAttributeValues from alternating placeholders and values. */
    static Map<String, Value> values(Object... pairs) {
        return map(pairs);
    }

    static ExpressionContext context() {
        return new ExpressionContext(null, null);
    }

    static ExpressionContext context(Map<String, String> names, Map<String, Value> values) {
        return new ExpressionContext(names, values);
    }

    static void fails(String message, Executable action) {
        ExpressionException e = assertThrows(ExpressionException.class, action);
        assertEquals(message, e.getMessage());
    }

    /** A filter over the given names and values, parsed as a FilterExpression. */
    static Condition filter(String text, Map<String, String> names, Map<String, Value> values) {
        return context(names, values).condition(ExpressionContext.Kind.FilterExpression, text);
    }

    static List<Value> list(Value... values) {
        return new ArrayList<>(List.of(values));
    }
}

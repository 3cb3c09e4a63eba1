package com.bigtimedeals.engine.ops;

import java.util.List;
import java.util.Map;

/** Typed reads from a request that passed its shape check. */
final class Req {
    private Req() {
    }

    static String string(Map<String, Object> m, String name) {
        return (String) m.get(name);
    }

    static String string(Map<String, Object> m, String name, String otherwise) {
        Object v = m.get(name);
        return v == null ? otherwise : (String) v;
    }

    static Long number(Map<String, Object> m, String name) {
        return (Long) m.get(name);
    }

    static boolean flag(Map<String, Object> m, String name) {
        return Boolean.TRUE.equals(m.get(name));
    }

    static Boolean bool(Map<String, Object> m, String name) {
        return (Boolean) m.get(name);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Map<String, Object> m, String name) {
        return (Map<String, Object>) m.get(name);
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> m, String name) {
        return (List<Object>) m.get(name);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<String> strings(Map<String, Object> m, String name) {
        return (List<String>) m.get(name);
    }

    /** A member the shape holds to a map of strings (ExpressionAttributeNames). */
    @SuppressWarnings("unchecked")
    static Map<String, String> stringMap(Map<String, Object> m, String name) {
        return (Map<String, String>) m.get(name);
    }

    static boolean has(Map<String, Object> m, String name) {
        return m.get(name) != null;
    }
}

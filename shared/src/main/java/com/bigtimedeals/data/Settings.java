package com.bigtimedeals.data;

/**
 * Configuration by name: the environment, as Lambda sets it, else a system property of the same name, as the
 * local stack sets it for the handlers it loads into one JVM.
 */
public final class Settings {
    private Settings() {
    }

    public static String get(String name) {
        String v = System.getenv(name);
        if (v == null || v.isBlank()) {
            v = System.getProperty(name);
        }
        return v == null || v.isBlank() ? null : v.trim();
    }

    public static int number(String name, int fallback) {
        String v = get(name);
        return v == null ? fallback : Integer.parseInt(v);
    }
}

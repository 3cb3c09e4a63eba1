package com.bigtimedeals.platform;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Where one process's settings come from: a function's environment as Lambda sets it, the local stack's (its
 * environment, else a system property of the same name, which is how it hands the handlers it loads into one JVM
 * their environment), or a fixed map (tests, the benchmark). Built once where a process starts and read into a
 * typed configuration there; nothing below the process's entry point reads the environment itself.
 */
public final class Settings {
    private final UnaryOperator<String> source;
    private final boolean local;

    private Settings(UnaryOperator<String> source, boolean local) {
        this.source = source;
        this.local = local;
    }

    /** This process's environment, else its system properties. */
    public static Settings fromProcess() {
        return new Settings(name -> {
            String v = System.getenv(name);
            return v == null || v.isBlank() ? System.getProperty(name) : v;
        }, false);
    }

    /** Exactly these values, every other setting at its default. */
    public static Settings of(Map<String, String> values) {
        return new Settings(values::get, false);
    }

    /** Every setting at its default. */
    public static Settings defaults() {
        return of(Map.of());
    }

    /** These values with one more setting named (a test's, or the benchmark's): the rest as they were. */
    public Settings with(Setting setting, Object value) {
        String name = setting.name();
        String given = String.valueOf(value);
        UnaryOperator<String> before = source;
        return new Settings(n -> n.equals(name) ? given : before.apply(n), local);
    }

    /** The same values, with the local stack's defaults ({@link Setting#localDefault()}) where none is given. */
    public Settings forLocalStack() {
        return new Settings(source, true);
    }

    /** A variable by name (TABLE_NAME, AWS_REGION, ...), trimmed; null when unset or blank. */
    public String get(String name) {
        String v = source.apply(name);
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** The setting's value, else its default (null if there is none); a number is checked against its range. */
    public String value(Setting setting) {
        return setting.resolve(get(setting.name()), local ? setting.localDefault() : setting.defaultValue());
    }

    /** The setting's value as a whole number within its range. */
    public int number(Setting setting) {
        return setting.number(value(setting));
    }

    /** The setting's value as a number, or null when neither given nor defaulted. */
    public Integer optionalNumber(Setting setting) {
        String v = value(setting);
        return v == null ? null : setting.number(v);
    }

    /** The setting's value as a comma-separated list. */
    public List<String> list(Setting setting) {
        return setting.list(value(setting));
    }
}

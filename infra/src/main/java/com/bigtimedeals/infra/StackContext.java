package com.bigtimedeals.infra;

import java.util.LinkedHashMap;
import java.util.Map;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;

import software.constructs.Construct;

/**
 * The settings the CDK app deploys with: each {@link Setting} read once from {@code cdk.json} context (or
 * {@code cdk -c key=value}) by its context key, falling back to the setting's own default, and checked the same way
 * a function checks it.
 */
final class StackContext {
    private final Construct scope;

    StackContext(Construct scope) {
        this.scope = scope;
    }

    /** The context's override of a setting, or null: the setting's own default applies. */
    String given(Setting setting) {
        Object v = scope.getNode().tryGetContext(setting.contextKey());
        return v == null ? null : v.toString();
    }

    /** Every setting as the context gives it, by the names functions read them by. */
    Settings settings() {
        Map<String, String> values = new LinkedHashMap<>();
        for (Setting s : Setting.values()) {
            String v = given(s);
            if (v != null) {
                values.put(s.name(), v);
            }
        }
        return Settings.of(values);
    }

    /** What every function is given: each {@link Setting.Where#FUNCTIONS} setting, explicitly, so the template shows what runs. */
    Map<String, String> functionSettings() {
        Settings settings = settings();
        Map<String, String> env = new LinkedHashMap<>();
        for (Setting s : Setting.values()) {
            if (s.where() == Setting.Where.FUNCTIONS) {
                env.put(s.name(), settings.value(s));
            }
        }
        return env;
    }
}

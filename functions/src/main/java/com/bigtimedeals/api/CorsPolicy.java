package com.bigtimedeals.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which browser origins may call the API, and what a preflight allows: the CDK stack configures the HTTP API's
 * CORS from this, and the local gateway answers preflights with it, so both behave the same. The origins are
 * the setting {@link #SETTING} (cdk.json context for the stack; the environment variable or system property of
 * the same name for the local stack), else {@link #DEFAULT_ORIGINS}.
 */
public record CorsPolicy(List<String> origins) {
    /** The one name of the setting, comma-separated origins. */
    public static final String SETTING = "corsOrigins";
    /** The contract's default: the CMS web app served by a local development server on any port. */
    public static final String DEFAULT_ORIGINS = "http://localhost:*,http://127.0.0.1:*";
    /** Lower-case, as API Gateway answers them. */
    public static final List<String> ALLOWED_HEADERS = List.of("authorization", "content-type");
    public static final List<String> ALLOWED_METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
    public static final int MAX_AGE_SECONDS = 3600;

    public CorsPolicy {
        origins = List.copyOf(origins);
    }

    /** From a setting's value; null or blank gives {@link #DEFAULT_ORIGINS}. */
    public static CorsPolicy of(String setting) {
        String value = setting == null || setting.isBlank() ? DEFAULT_ORIGINS : setting;
        List<String> origins = new ArrayList<>();
        for (String o : value.split(",")) {
            if (!o.isBlank()) {
                origins.add(o.trim());
            }
        }
        return new CorsPolicy(origins);
    }

    /**
     * As API Gateway matches {@code allowOrigins}: {@code *} is any origin, a value ending in {@code *} is any origin
     * starting with what comes before it ({@code http://localhost:*}), anything else must be equal (ignoring case).
     */
    public boolean allows(String origin) {
        if (origin == null || origin.isBlank()) {
            return false;
        }
        String o = origin.toLowerCase(Locale.ROOT);
        for (String allowed : origins) {
            String a = allowed.toLowerCase(Locale.ROOT);
            if (a.endsWith("*") ? o.startsWith(a.substring(0, a.length() - 1)) : a.equals(o)) {
                return true;
            }
        }
        return false;
    }
}

package com.bigtimedeals.topology;

import java.util.List;
import java.util.Locale;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;

/**
 * Which browser origins may call the API, and what a preflight allows: the CDK stack configures the HTTP API's
 * CORS from this, and the local gateway answers preflights with it, so both behave the same. The origins are
 * the setting {@link Setting#CORS_ORIGINS}, from the settings each reads.
 */
public record CorsPolicy(List<String> origins) {
    /** Lower-case, as API Gateway answers them; the last two let a browser retry safely and revalidate. */
    public static final List<String> ALLOWED_HEADERS = List.of("authorization", "content-type", "idempotency-key",
            "if-none-match");
    /** Answer headers a browser's script may read (beyond the CORS-safelisted ones). */
    public static final List<String> EXPOSED_HEADERS = List.of("etag", "x-request-id", "idempotent-replayed", "retry-after",
            "www-authenticate");
    public static final List<String> ALLOWED_METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
    public static final int MAX_AGE_SECONDS = 3600;

    public CorsPolicy {
        origins = List.copyOf(origins);
    }

    /** The origins {@link Setting#CORS_ORIGINS} names in {@code settings}, or its default. */
    public static CorsPolicy of(Settings settings) {
        return new CorsPolicy(settings.list(Setting.CORS_ORIGINS));
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

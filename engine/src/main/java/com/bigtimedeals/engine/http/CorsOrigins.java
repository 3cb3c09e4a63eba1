package com.bigtimedeals.engine.http;

import java.util.List;
import java.util.Locale;

/**
 * The browser origins allowed to call the engine. The engine checks no signatures, so answering CORS for any origin
 * (as the service does, where the signature stands guard) would let every page a developer opens read and delete
 * the tables on 127.0.0.1; by default no origin is allowed and no CORS header is ever sent. {@code *} allows any.
 */
final class CorsOrigins {
    static final CorsOrigins NONE = new CorsOrigins(List.of());

    private final List<String> origins;
    private final boolean any;

    CorsOrigins(List<String> origins) {
        this.origins = origins.stream().map(o -> o.trim().toLowerCase(Locale.ROOT)).filter(o -> !o.isEmpty()).toList();
        this.any = this.origins.contains("*");
    }

    boolean isEmpty() {
        return origins.isEmpty();
    }

    /** The Access-Control-Allow-Origin to answer {@code origin} with, or null to send no CORS header. */
    String allow(String origin) {
        if (origin == null || origins.isEmpty()) {
            return null;
        }
        if (any) {
            return "*";
        }
        String o = origin.trim().toLowerCase(Locale.ROOT);
        while (o.endsWith("/")) {
            o = o.substring(0, o.length() - 1);
        }
        return origins.contains(o) ? origin.trim() : null;
    }

    /**
     * The CORS headers for a request from {@code origin}, or null: the allowed origin (with {@code Vary: Origin} when
     * it is echoed), the headers a page may read, and on a preflight what it asked for and how long to keep it.
     */
    String headers(String origin, boolean preflight, String requestMethod, String requestHeaders) {
        String allowed = allow(origin);
        if (allowed == null) {
            return null;
        }
        StringBuilder h = new StringBuilder("Access-Control-Allow-Origin: ").append(allowed).append("\r\n");
        if (!allowed.equals("*")) {
            h.append("Vary: Origin\r\n");
        }
        h.append("Access-Control-Expose-Headers: x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date,x-amz-crc32\r\n");
        if (preflight) {
            h.append("Access-Control-Max-Age: 172800\r\n");
            if (requestMethod != null && safe(requestMethod)) {
                h.append("Access-Control-Allow-Methods: ").append(requestMethod).append("\r\n");
            }
            if (requestHeaders != null && safe(requestHeaders)) {
                h.append("Access-Control-Allow-Headers: ").append(requestHeaders).append("\r\n");
            }
        }
        return h.toString();
    }

    /** Echoed header values stay printable ASCII (no header injection). */
    private static boolean safe(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }
}

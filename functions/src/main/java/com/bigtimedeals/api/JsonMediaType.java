package com.bigtimedeals.api;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The contract's 415 rule, checked on every request before anything reads the body. A class of its own, apart
 * from {@link JsonBody}: initialising that one builds jackson-core's parser factory, which a GET must never pay for
 * at cold start (docs/cold-start.md).
 */
final class JsonMediaType {
    /** {@code application/json}, with parameters such as {@code charset=utf-8} allowed. */
    private static final Pattern JSON = Pattern.compile("^application/json\\s*(;.*)?$");

    private JsonMediaType() {
    }

    /**
     * Any request that carries a body must say it is JSON: 415 otherwise, before anything reads it. Header names
     * arrive lower-cased in payload format 2.0.
     */
    static void require(String body, Map<String, String> headers) {
        if (body == null || body.isEmpty()) {
            return;
        }
        String type = headers == null ? null : headers.get("content-type");
        if (type == null || !JSON.matcher(type.trim().toLowerCase(Locale.ROOT)).matches()) {
            throw new HttpFailure(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "the body must be JSON, sent with Content-Type: application/json");
        }
    }
}

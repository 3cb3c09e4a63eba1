package com.bigtimedeals.topology;

import java.util.Base64;

/**
 * The HTTP conventions every route shares (../shared/design/api.md, what mobile clients expect), written once for the
 * functions, the local gateway and the OpenAPI document: header names, how long a public answer may be cached, the
 * entity tags, the 401 challenge as API Gateway's JWT authorizer writes it, and the idempotency key's form.
 */
public final class HttpConventions {
    /** Every answer carries the request's id: API Gateway's own ({@code requestContext.requestId}), also in error bodies. */
    public static final String REQUEST_ID = "X-Request-Id";
    /** API Gateway adds the same id to every answer it gives, its own included, under this name. */
    public static final String GATEWAY_REQUEST_ID = "apigw-requestid";
    /** Any POST may carry one: the same caller, key and request within 24 hours get the first answer again. */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    /** Set on an answer that replays the first answer to an idempotency key. */
    public static final String IDEMPOTENT_REPLAYED = "Idempotent-Replayed";
    /** The most characters of an idempotency key. */
    public static final int IDEMPOTENCY_KEY_MAX = 255;
    /**
     * How long a public answer may be kept ({@code Cache-Control: public, max-age}), at most the contract's 60 s. Half
     * of that: a change (a correction, a takedown, a featured list) reaches every cached client within 30 s of the
     * stream delay, and a busy client still asks at most twice a minute per page.
     */
    public static final int PUBLIC_MAX_AGE_SECONDS = 30;
    /** {@code Retry-After} on 503 (DynamoDB throttled): throttling clears within a second or two. */
    public static final int RETRY_AFTER_SECONDS = 1;

    private HttpConventions() {
    }

    /** A weak entity tag from a digest of the answer's text: the same for the gzipped and the plain answer. */
    public static String entityTag(byte[] digest) {
        return "W/\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 22) + "\"";
    }

    /** Whether {@code If-None-Match} names {@code tag} (weak comparison, as a GET's conditional request uses) or is *. */
    public static boolean matches(String ifNoneMatch, String tag) {
        if (ifNoneMatch == null) {
            return false;
        }
        String opaque = opaque(tag);
        for (String candidate : ifNoneMatch.split(",")) {
            String c = candidate.trim();
            if (c.equals("*") || opaque(c).equals(opaque)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    /** An idempotency key: 1 to 255 printable ASCII characters. */
    public static boolean isIdempotencyKey(String key) {
        return key != null && !key.isEmpty() && key.length() <= IDEMPOTENCY_KEY_MAX
                && key.chars().allMatch(c -> c >= 0x20 && c <= 0x7E);
    }

    /** Why a token was refused, as API Gateway's JWT authorizer says it in {@code WWW-Authenticate}. */
    public enum TokenProblem {
        /** No {@code Authorization} header: the challenge names the scheme only (RFC 6750, section 3.1). */
        MISSING(null),
        EXPIRED("the token has expired"),
        NOT_YET_VALID("the token is not valid yet"),
        MALFORMED("the token is not a valid JWT"),
        /** A token of another issuer: the other user pool's (an editor's token on a user route, or the reverse). */
        WRONG_ISSUER("the token does not have a valid issuer"),
        WRONG_AUDIENCE("the token does not have a valid audience"),
        NO_USERNAME("the token names no user");

        private final String description;

        TokenProblem(String description) {
            this.description = description;
        }

        /** The {@code WWW-Authenticate} value, in the form API Gateway's JWT authorizer writes. */
        public String challenge() {
            return description == null ? "Bearer"
                    : "Bearer scope=\"\" error=\"invalid_token\" error_description=\"" + description + "\"";
        }

        /** The 401's message: why, in words. */
        public String message() {
            return description == null ? "Unauthorized: send a bearer token" : "Unauthorized: " + description;
        }
    }
}

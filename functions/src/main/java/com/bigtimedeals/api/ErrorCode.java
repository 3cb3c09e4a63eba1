package com.bigtimedeals.api;

import com.bigtimedeals.platform.DomainException;

/**
 * The {@code code} values an error body carries today, so that a client can switch on them; the OpenAPI document
 * lists them as known values of an open string (a code added later must not break a client that reads the body). API Gateway's own answers (429, a missing route) carry no code.
 */
public enum ErrorCode {
    /** 400: the request breaks a rule of the contract; {@code field} names the part, when there is one. */
    INVALID,
    /** 401 */
    UNAUTHORIZED,
    /** 403 */
    FORBIDDEN,
    /** 404 */
    NOT_FOUND,
    /** 409 */
    CONFLICT,
    /** 409: the first request with this {@code Idempotency-Key} is still running; retry after {@code Retry-After}. */
    IDEMPOTENCY_KEY_IN_USE,
    /** 409 for a new deal whose link a live deal has: the body's {@code dealId} names that deal. */
    DUPLICATE("duplicate"),
    /** 412: a correction's If-Match names a version the deal is no longer at; the body's {@code current} is the deal now. */
    STALE("stale"),
    /** 413 */
    TOO_LARGE,
    /** 415 */
    UNSUPPORTED_MEDIA_TYPE,
    /** 422: this {@code Idempotency-Key} was first used with a different request (method, path or body). */
    IDEMPOTENCY_KEY_REUSED,
    /** 500: never with exception text; {@code requestId} finds the log line. */
    INTERNAL,
    /** 503: DynamoDB throttled the request, or concurrent changes to one counter outlasted their retries; retry with backoff. */
    UNAVAILABLE;

    private final String wire;

    ErrorCode() {
        this.wire = name();
    }

    /** A code whose value the contract spells itself. */
    ErrorCode(String wire) {
        this.wire = wire;
    }

    /** The value of the body's {@code code}. */
    public String wire() {
        return wire;
    }

    static ErrorCode of(DomainException e) {
        if (e instanceof com.bigtimedeals.deals.DuplicateDeal) {
            return DUPLICATE;
        }
        return switch (e.kind()) {
            case INVALID -> INVALID;
            case NOT_FOUND -> NOT_FOUND;
            case CONFLICT -> CONFLICT;
            case FORBIDDEN -> FORBIDDEN;
            case UNAVAILABLE -> UNAVAILABLE;
            case STALE -> STALE;
        };
    }
}

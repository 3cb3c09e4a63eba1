package com.bigtimedeals.api;

import com.bigtimedeals.domain.DomainException;

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

    static ErrorCode of(DomainException.Kind kind) {
        return switch (kind) {
            case INVALID -> INVALID;
            case NOT_FOUND -> NOT_FOUND;
            case CONFLICT -> CONFLICT;
            case UNAVAILABLE -> UNAVAILABLE;
        };
    }
}

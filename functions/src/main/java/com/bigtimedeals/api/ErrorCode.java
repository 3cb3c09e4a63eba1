package com.bigtimedeals.api;

import com.bigtimedeals.domain.DomainException;

/**
 * The fixed set of {@code code} values an error body carries, so that a generated client can switch on them; the
 * OpenAPI document lists exactly these. API Gateway's own answers (429, a missing route) carry no code.
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
    /** 413 */
    TOO_LARGE,
    /** 415 */
    UNSUPPORTED_MEDIA_TYPE,
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

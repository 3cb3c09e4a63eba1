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
    /** 409 for a new deal whose link a live deal has: the body's {@code dealId} names that deal. */
    DUPLICATE("duplicate"),
    /** 413 */
    TOO_LARGE,
    /** 415 */
    UNSUPPORTED_MEDIA_TYPE,
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
        if (e instanceof com.bigtimedeals.domain.DuplicateDeal) {
            return DUPLICATE;
        }
        return switch (e.kind()) {
            case INVALID -> INVALID;
            case NOT_FOUND -> NOT_FOUND;
            case CONFLICT -> CONFLICT;
            case FORBIDDEN -> FORBIDDEN;
            case UNAVAILABLE -> UNAVAILABLE;
        };
    }
}

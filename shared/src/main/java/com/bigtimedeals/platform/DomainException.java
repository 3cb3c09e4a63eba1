package com.bigtimedeals.platform;

/**
 * A domain outcome that is not success: the boundary maps each kind to a status code. Conditional-check
 * failures and transaction cancellations from DynamoDB become these, never raw SDK exceptions.
 */
public class DomainException extends RuntimeException {
    public enum Kind { NOT_FOUND, CONFLICT, INVALID, FORBIDDEN, UNAVAILABLE, STALE }

    private final Kind kind;
    private final String field;

    public DomainException(Kind kind, String message, String field) {
        super(message, null, false, false);
        this.kind = kind;
        this.field = field;
    }

    public static DomainException notFound(String message) {
        return new DomainException(Kind.NOT_FOUND, message, null);
    }

    /** The caller may not do this (someone else's comment; posting without a profile). */
    public static DomainException forbidden(String message) {
        return new DomainException(Kind.FORBIDDEN, message, null);
    }

    public static DomainException conflict(String message) {
        return new DomainException(Kind.CONFLICT, message, null);
    }

    /** Transient overload (e.g. contention on one counter that outlasted its retries): the client may retry. */
    public static DomainException unavailable(String message) {
        return new DomainException(Kind.UNAVAILABLE, message, null);
    }

    public static DomainException invalid(String field, String message) {
        return new DomainException(Kind.INVALID, message, field);
    }

    public Kind kind() {
        return kind;
    }

    public String field() {
        return field;
    }
}

package com.bigtimedeals.engine.expr;

/**
 * An expression or legacy parameter the service refuses, at parse time or while it is applied, with the service's
 * own message (for example {@code Invalid UpdateExpression: Syntax error; token: "=", near: "SET ="}); the request
 * layer answers it as a {@code ValidationException}.
 *
 * <p>{@link #isRequestValidation()} tells the checks made on the request alone (syntax, names and values, operand
 * types, legacy parameter shapes, mixed or unused parameters) from those made against the table or the stored item
 * (key attributes, the key schema, a missing attribute or a wrong type met while updating). Measured against the
 * service in 2026: in some regions (us-east-1, eu-west-2) PutItem, UpdateItem and DeleteItem answer the former as
 * {@code 1 validation error detected: <message>} ({@link #enveloped()}), while GetItem, Query, Scan and
 * TransactWriteItems, and other regions, answer the bare message; the latter are never enveloped ({@code Cannot
 * update attribute a. This attribute is part of the key} is bare everywhere). Which the request layer sends is
 * its choice; {@link #getMessage()} is always the bare message.
 */
public class ExpressionException extends RuntimeException {
    private static final String ENVELOPE = "1 validation error detected: ";
    private final boolean requestValidation;

    /** A check made on the request alone. */
    public ExpressionException(String message) {
        this(message, true);
    }

    /**
     * @param requestValidation true for a check made on the request alone, false for one made against the table or
     *        the item, or whose message already carries the service's envelope
     */
    public ExpressionException(String message, boolean requestValidation) {
        super(message, null, false, false);
        this.requestValidation = requestValidation;
    }

    /** Whether the service checks this on the request alone (see the class comment). */
    public boolean isRequestValidation() {
        return requestValidation;
    }

    /**
     * The message as the service sends it where it envelopes request validation: {@code 1 validation error
     * detected: } and the message; the bare message when this is not a request validation.
     */
    public String enveloped() {
        return requestValidation ? ENVELOPE + getMessage() : getMessage();
    }
}

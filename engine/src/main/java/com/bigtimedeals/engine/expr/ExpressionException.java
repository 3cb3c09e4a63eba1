package com.bigtimedeals.engine.expr;

/**
 * An expression the service refuses, at parse time or while it is applied, with the service's own message (for
 * example {@code Invalid UpdateExpression: Syntax error; token: "=", near: "SET ="}); the request layer answers it
 * as a {@code ValidationException}.
 */
public class ExpressionException extends RuntimeException {
    public ExpressionException(String message) {
        super(message, null, false, false);
    }
}

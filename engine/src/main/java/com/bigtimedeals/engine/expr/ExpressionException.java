package com.bigtimedeals.engine.expr;

/**
 * An expression or legacy parameter the service refuses, at parse time or while it is applied, with the service's
 * own message (for example {@code Invalid UpdateExpression: Syntax error; token: "=", near: "SET ="}); the request
 * layer answers it as a {@code ValidationException} with that message as it is.
 *
 * <p>These are the service's semantic checks, which it sends bare: only a constraint violation on a request
 * member (length, pattern, enum, range, a required member; {@code Value 'LIKE' at '...' failed to satisfy
 * constraint: ...}) carries the {@code N validation error(s) detected: } prefix, and such a message here
 * carries it in its text (mhart/dynalite's validations/index.js: checkValidations prefixes only the shape
 * checks and returns the custom checks' messages as they are).
 */
public class ExpressionException extends RuntimeException {
    public ExpressionException(String message) {
        super(message, null, false, false);
    }
}

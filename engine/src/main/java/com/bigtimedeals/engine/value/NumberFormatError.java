package com.bigtimedeals.engine.value;

/**
 * A number the service would refuse, with the message the service gives; the request layer turns it into a
 * {@code ValidationException}.
 */
public final class NumberFormatError extends RuntimeException {
    public NumberFormatError(String message) {
        super(message, null, false, false);
    }
}

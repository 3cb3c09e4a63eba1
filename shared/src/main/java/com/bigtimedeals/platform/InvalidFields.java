package com.bigtimedeals.platform;

import java.util.List;

/**
 * A request body with more than one field at fault, or one: every invalid field with its own reason, so a form can
 * mark them all at once. The first is the exception's own field and message (what a client reading only those sees).
 */
public final class InvalidFields extends DomainException {
    /** One field at fault and why, worded for the person who filled it in. */
    public record FieldError(String field, String message) {
    }

    private final List<FieldError> errors;

    public InvalidFields(List<FieldError> errors) {
        super(Kind.INVALID, errors.get(0).message(), errors.get(0).field());
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}

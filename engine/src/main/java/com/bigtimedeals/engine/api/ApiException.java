package com.bigtimedeals.engine.api;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * An error answered as the service answers it: HTTP status, the {@code __type} the SDKs map to an exception class,
 * and the message. Subclasses add members (the old item on a failed condition, cancellation reasons).
 */
public class ApiException extends RuntimeException {
    public static final String DYNAMODB = "com.amazonaws.dynamodb.v20120810#";
    public static final String VALIDATION = "com.amazon.coral.validate#ValidationException";
    public static final String SERIALIZATION = "com.amazon.coral.service#SerializationException";

    private final String type;
    private final int status;

    public ApiException(String type, String message) {
        this(type, message, 400);
    }

    public ApiException(String type, String message, int status) {
        super(message, null, false, false);
        this.type = type;
        this.status = status;
    }

    public String type() {
        return type;
    }

    public int status() {
        return status;
    }

    /** The short name after the {@code #}, as the SDKs report it. */
    public String shortType() {
        int hash = type.indexOf('#');
        return hash < 0 ? type : type.substring(hash + 1);
    }

    /** The member the message goes in: most errors use {@code message}; a few of the service's use {@code Message}. */
    protected String messageMember() {
        return "message";
    }

    public void write(JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeStringField("__type", type);
        if (getMessage() != null) {
            out.writeStringField(messageMember(), getMessage());
        }
        writeExtra(out);
        out.writeEndObject();
    }

    protected void writeExtra(JsonGenerator out) throws IOException {
    }

    public static ApiException validation(String message) {
        return new ApiException(VALIDATION, message);
    }

    /** The body did not fit the operation's shapes; the service names this member {@code Message}. */
    public static ApiException serialization(String message) {
        return new ApiException(SERIALIZATION, message) {
            @Override
            protected String messageMember() {
                return "Message";
            }
        };
    }

    public static ApiException resourceNotFound(String message) {
        return new ApiException(DYNAMODB + "ResourceNotFoundException", message);
    }

    public static ApiException resourceInUse(String message) {
        return new ApiException(DYNAMODB + "ResourceInUseException", message);
    }

    public static ApiException limitExceeded(String message) {
        return new ApiException(DYNAMODB + "LimitExceededException", message);
    }

    public static ApiException internal(String message) {
        return new ApiException(DYNAMODB + "InternalServerError", message, 500);
    }
}

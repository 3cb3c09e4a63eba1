package com.bigtimedeals.engine.expr;

import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * The expressions of one request, over that request's ExpressionAttributeNames and ExpressionAttributeValues.
 * Parse every expression the request carries through one context, then call {@link #requireAllUsed()}: the
 * service refuses names or values that no expression of the request uses. Every method throws
 * {@link ExpressionException} with the service's message for an invalid expression.
 */
public final class ExpressionContext {
    /** Which parameter an expression came from: the service names it in its messages. */
    public enum Kind {
        ConditionExpression, FilterExpression, KeyConditionExpression, UpdateExpression, ProjectionExpression
    }

    private final Map<String, String> names;
    private final Map<String, Value> values;

    /** Either map may be null (the parameter was absent) or empty (present but empty: refused by the service). */
    public ExpressionContext(Map<String, String> names, Map<String, Value> values) {
        this.names = names;
        this.values = values;
    }

    /** A ConditionExpression or a FilterExpression ({@code kind} says which, for the messages). */
    public Condition condition(Kind kind, String text) {
        throw new UnsupportedOperationException("not yet");
    }

    public KeyCondition keyCondition(String text, KeySchema schema) {
        throw new UnsupportedOperationException("not yet");
    }

    /** {@code keyAttributes}: the table's key attribute names, which an update may not touch. */
    public Update update(String text, Set<String> keyAttributes) {
        throw new UnsupportedOperationException("not yet");
    }

    public Projection projection(String text) {
        throw new UnsupportedOperationException("not yet");
    }

    /** After every expression of the request was parsed: refuses unused names or values, as the service does. */
    public void requireAllUsed() {
        throw new UnsupportedOperationException("not yet");
    }
}

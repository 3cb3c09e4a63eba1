package com.bigtimedeals.engine.expr;

import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * The legacy conditional parameters (Expected, QueryFilter, ScanFilter, KeyConditions, AttributeUpdates,
 * AttributesToGet), turned into the same objects the expressions give. Mixing them with expression parameters
 * in one request is refused by the request layer ({@link #mixedParameters}).
 */
public final class Legacy {
    private Legacy() {
    }

    /** One entry of QueryFilter, ScanFilter or KeyConditions. */
    public record LegacyCondition(String comparisonOperator, List<Value> attributeValueList) {
    }

    /** One entry of Expected: {@code exists} and {@code value}, or {@code comparisonOperator} with its list. */
    public record ExpectedAttribute(Value value, Boolean exists, String comparisonOperator, List<Value> attributeValueList) {
    }

    /** One entry of AttributeUpdates; {@code action} is PUT (the default), ADD or DELETE. */
    public record AttributeUpdate(Value value, String action) {
    }

    /** {@code conditionalOperator}: AND (the default when null) or OR. */
    public static Condition expected(Map<String, ExpectedAttribute> expected, String conditionalOperator) {
        throw new UnsupportedOperationException("not yet");
    }

    /** QueryFilter or ScanFilter ({@code parameter} names which, for messages). */
    public static Condition filter(String parameter, Map<String, LegacyCondition> conditions, String conditionalOperator) {
        throw new UnsupportedOperationException("not yet");
    }

    public static KeyCondition keyConditions(Map<String, LegacyCondition> conditions, KeySchema schema) {
        throw new UnsupportedOperationException("not yet");
    }

    public static Update attributeUpdates(Map<String, AttributeUpdate> updates, Set<String> keyAttributes) {
        throw new UnsupportedOperationException("not yet");
    }

    public static Projection attributesToGet(List<String> names) {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * The service's message for a request that mixes both kinds, e.g. {@code Can not use both expression and
     * non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression
     * parameters: {ProjectionExpression}}.
     */
    public static String mixedParameters(List<String> nonExpression, List<String> expression) {
        throw new UnsupportedOperationException("not yet");
    }
}

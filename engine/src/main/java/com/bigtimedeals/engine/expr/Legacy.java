package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

import com.bigtimedeals.engine.value.Value;

/**
 * The legacy conditional parameters (Expected, QueryFilter, ScanFilter, KeyConditions, AttributeUpdates,
 * AttributesToGet), turned into the same objects the expressions give. Mixing them with expression parameters
 * in one request is refused by the request layer ({@link #mixedParameters}, or {@link #checkParameters}).
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

    /**
     * The service's check on ConditionalOperator, made after {@link #checkParameters} and before the conditions
     * themselves are looked at (a Query with ConditionalOperator and no conditions fails here before it fails for
     * its missing key conditions): the operator needs Expected, QueryFilter or ScanFilter with two or more elements.
     *
     * @param conditionalOperator the request's ConditionalOperator; nothing is checked when it is null
     * @param conditions the request's Expected, QueryFilter or ScanFilter, null when it carries none
     */
    public static void checkConditionalOperator(String conditionalOperator, Map<String, ?> conditions) {
        if (conditionalOperator == null) {
            return;
        }
        if (conditions == null || conditions.isEmpty()) {
            throw new ExpressionException("ConditionalOperator cannot be used without Filter or Expected");
        }
        if (conditions.size() == 1) {
            throw new ExpressionException(
                    "ConditionalOperator can only be used when Filter or Expected has two or more elements");
        }
    }

    /**
     * {@code conditionalOperator}: AND (the default when null) or OR; checked first by
     * {@link #checkConditionalOperator}.
     */
    public static Condition expected(Map<String, ExpectedAttribute> expected, String conditionalOperator) {
        checkConditionalOperator(conditionalOperator, expected);
        List<LegacyConditions.Test> conditions = new ArrayList<>();
        for (Map.Entry<String, ExpectedAttribute> e : expected.entrySet()) {
            conditions.add(expectation(e.getKey(), e.getValue()));
        }
        return LegacyConditions.combine(conditions, conditionalOperator);
    }

    /** Checks one Expected entry as the service does and returns its condition. */
    private static LegacyConditions.Test expectation(String attribute, ExpectedAttribute e) {
        String invalid = LegacyConditions.INVALID;
        if (e.attributeValueList() != null && e.value() != null) {
            throw new ExpressionException(invalid + "Value and AttributeValueList cannot be used together for Attribute: "
                    + attribute);
        }
        String operator = e.comparisonOperator();
        if (operator != null) {
            LegacyConditions.checkOperator("Expected", attribute, operator);
            if (e.exists() != null) {
                throw new ExpressionException(invalid + "Exists and ComparisonOperator cannot be used together for "
                        + "Attribute: " + attribute);
            }
            if (!operator.equals("NULL") && !operator.equals("NOT_NULL") && e.attributeValueList() == null
                    && e.value() == null) {
                throw new ExpressionException(invalid + "Value or AttributeValueList must be used with "
                        + "ComparisonOperator: " + operator + " for Attribute: " + attribute);
            }
            List<Value> operands = e.attributeValueList() != null ? e.attributeValueList()
                    : e.value() != null ? List.of(e.value()) : List.of();
            LegacyConditions.checkOperands(operator, operands);
            return new LegacyConditions.Test(attribute, operator, List.copyOf(operands));
        }
        if (e.attributeValueList() != null) {
            throw new ExpressionException(invalid + "AttributeValueList can only be used with a ComparisonOperator for "
                    + "Attribute: " + attribute);
        }
        boolean exists = e.exists() == null || e.exists();
        if (exists && e.value() == null) {
            throw new ExpressionException(invalid + "Value must be provided when Exists is "
                    + (e.exists() == null ? "null" : "true") + " for Attribute: " + attribute);
        }
        if (!exists && e.value() != null) {
            throw new ExpressionException(invalid + "Value cannot be used when Exists is false for Attribute: " + attribute);
        }
        return exists ? new LegacyConditions.Test(attribute, "EQ", List.of(e.value()))
                : new LegacyConditions.Test(attribute, "NULL", List.of());
    }

    /**
     * QueryFilter or ScanFilter ({@code parameter} names which, for messages); {@code conditionalOperator} is checked
     * first by {@link #checkConditionalOperator}.
     */
    public static Condition filter(String parameter, Map<String, LegacyCondition> conditions, String conditionalOperator) {
        checkConditionalOperator(conditionalOperator, conditions);
        List<LegacyConditions.Test> tests = new ArrayList<>();
        for (Map.Entry<String, LegacyCondition> e : conditions.entrySet()) {
            LegacyCondition c = e.getValue();
            List<Value> operands = operands(c);
            LegacyConditions.checkFilterCondition(parameter, e.getKey(), c.comparisonOperator(), operands);
            tests.add(new LegacyConditions.Test(e.getKey(), c.comparisonOperator(), operands));
        }
        return LegacyConditions.combine(tests, conditionalOperator);
    }

    private static List<Value> operands(LegacyCondition c) {
        return c.attributeValueList() == null ? List.of() : List.copyOf(c.attributeValueList());
    }

    /**
     * The checks on KeyConditions the service makes before it looks at the table: each condition as in a filter, and
     * one or two conditions.
     */
    public static void checkKeyConditions(Map<String, LegacyCondition> conditions) {
        for (Map.Entry<String, LegacyCondition> e : conditions.entrySet()) {
            LegacyConditions.checkFilterCondition("KeyConditions", e.getKey(), e.getValue().comparisonOperator(),
                    operands(e.getValue()));
        }
        if (conditions.size() != 1 && conditions.size() != 2) {
            throw new ExpressionException("Conditions can be of length 1 or 2 only");
        }
    }

    public static KeyCondition keyConditions(Map<String, LegacyCondition> conditions, KeySchema schema) {
        checkKeyConditions(conditions);
        String[] keys = schema.hasSortKey() ? new String[] {schema.partitionKey(), schema.sortKey()}
                : new String[] {schema.partitionKey()};
        for (int i = 0; i < keys.length; i++) {
            boolean partition = i == 0;
            if (partition && keys.length == 1 && conditions.size() > 1) {
                throw new ExpressionException("Query key condition not supported");
            }
            LegacyCondition c = conditions.get(keys[i]);
            if (c == null) {
                if (partition || conditions.size() > 1) {
                    throw new ExpressionException("Query condition missed key schema element: " + keys[i]);
                }
                continue;
            }
            String operator = c.comparisonOperator();
            if (List.of("NULL", "NOT_NULL", "NE", "CONTAINS", "NOT_CONTAINS", "IN").contains(operator)) {
                throw new ExpressionException("Attempted conditional constraint is not an indexable operation");
            }
            Value.Type type = partition ? schema.partitionType() : schema.sortType();
            for (Value operand : operands(c)) {
                if (operand.type() != type) {
                    throw new ExpressionException(LegacyConditions.INVALID
                            + "Condition parameter type does not match schema type");
                }
            }
            if (partition && !operator.equals("EQ")) {
                throw new ExpressionException("Query key condition not supported");
            }
        }
        Map<String, KeyConditions.KeyPart> parts = new LinkedHashMap<>();
        for (String key : keys) {
            LegacyCondition c = conditions.get(key);
            if (c != null) {
                parts.put(key, new KeyConditions.KeyPart(key, SortKeyCondition.Op.valueOf(c.comparisonOperator()),
                        operands(c)));
            }
        }
        return KeyConditions.ofParts(parts).against(schema);
    }

    /** The checks on AttributeUpdates the service makes on the request alone. */
    public static void checkAttributeUpdates(Map<String, AttributeUpdate> updates) {
        LegacyUpdates.check(updates);
    }

    /**
     * AttributeUpdates as an {@link Update}: checked on the request alone, then against the key attributes, which
     * it may not touch.
     */
    public static Update attributeUpdates(Map<String, AttributeUpdate> updates, Set<String> keyAttributes) {
        LegacyUpdates.check(updates);
        LegacyUpdates update = new LegacyUpdates(updates);
        update.checkKeyAttributes(keyAttributes);
        return update;
    }

    /** AttributesToGet as a {@link Projection} of top-level attributes; a name given twice is refused. */
    public static Projection attributesToGet(List<String> names) {
        Set<String> seen = new HashSet<>();
        List<DocumentPath> paths = new ArrayList<>(names.size());
        for (String name : names) {
            if (!seen.add(name)) {
                throw new ExpressionException(LegacyConditions.INVALID + "Duplicate value in attribute name: " + name);
            }
            paths.add(DocumentPath.of(name));
        }
        return new PathProjection(paths);
    }

    /**
     * The service's message for a request that mixes both kinds, e.g. {@code Can not use both expression and
     * non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression
     * parameters: {ProjectionExpression}}.
     */
    public static String mixedParameters(List<String> nonExpression, List<String> expression) {
        return "Can not use both expression and non-expression parameters in the same request: Non-expression "
                + "parameters: " + braces(nonExpression) + " Expression parameters: " + braces(expression);
    }

    private static String braces(List<String> names) {
        StringJoiner out = new StringJoiner(", ", "{", "}");
        names.forEach(out::add);
        return out.toString();
    }

    /**
     * The service's first checks on which expression parameters a request carries, in its order: expression and
     * non-expression parameters mixed (KeyConditions may go with a FilterExpression when there is no
     * KeyConditionExpression); ExpressionAttributeNames without any expression; ExpressionAttributeValues without
     * any expression that could use a value.
     *
     * @param expressionParameters the operation's expression parameters in the service's order: GetItem and
     *        BatchGetItem {@code ProjectionExpression}; PutItem and DeleteItem {@code ConditionExpression};
     *        UpdateItem {@code UpdateExpression, ConditionExpression}; Query {@code ProjectionExpression,
     *        FilterExpression, KeyConditionExpression}; Scan {@code ProjectionExpression, FilterExpression}
     * @param nonExpressionParameters likewise: GetItem and BatchGetItem {@code AttributesToGet}; PutItem and
     *        DeleteItem {@code Expected, ConditionalOperator}; UpdateItem {@code AttributeUpdates, Expected,
     *        ConditionalOperator}; Query {@code AttributesToGet,
     *        QueryFilter, ConditionalOperator, KeyConditions}; Scan {@code AttributesToGet, ScanFilter,
     *        ConditionalOperator}
     * @param present the parameters the request carries, ExpressionAttributeNames and ExpressionAttributeValues included
     */
    public static void checkParameters(List<String> expressionParameters, List<String> nonExpressionParameters,
            Set<String> present) {
        List<String> expressions = new ArrayList<>();
        for (String p : expressionParameters) {
            if (present.contains(p)) {
                expressions.add(p);
            }
        }
        if (!expressions.isEmpty()) {
            List<String> legacy = new ArrayList<>();
            for (String p : nonExpressionParameters) {
                boolean keyConditionsWithFilterOnly = p.equals("KeyConditions")
                        && !present.contains("KeyConditionExpression");
                if (present.contains(p) && !keyConditionsWithFilterOnly) {
                    legacy.add(p);
                }
            }
            if (!legacy.isEmpty()) {
                throw new ExpressionException(mixedParameters(legacy, expressions));
            }
        }
        if (present.contains("ExpressionAttributeNames") && expressions.isEmpty()) {
            throw new ExpressionException("ExpressionAttributeNames can only be specified when using expressions");
        }
        List<String> valueExpressions = new ArrayList<>(expressionParameters);
        valueExpressions.remove("ProjectionExpression");
        if (!valueExpressions.isEmpty() && present.contains("ExpressionAttributeValues")
                && valueExpressions.stream().noneMatch(present::contains)) {
            throw new ExpressionException("ExpressionAttributeValues can only be specified when using expressions: "
                    + String.join(" and ", valueExpressions) + (valueExpressions.size() > 1 ? " are" : " is") + " null");
        }
    }
}

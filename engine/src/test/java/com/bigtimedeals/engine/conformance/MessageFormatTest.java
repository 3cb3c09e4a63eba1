package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The service's rule for the {@code N validation error(s) detected: } prefix: it goes on constraint violations of the
 * request's members (length, pattern, enum, range, a member that must not be null) and never on the semantic checks
 * that follow, which are sent bare (mhart/dynalite's validations/index.js, checkValidations: the shape checks are
 * joined under the prefix, the custom checks' messages returned as they are; issue 37's cases from the service).
 */
class MessageFormatTest extends ConformanceSupport {
    private static final String INVALID = "One or more parameter values were invalid: ";

    @Test
    void batchGetWithNoTablesIsRefusedWithTheServicesOwnSentence() {
        assertError("ValidationException", "The requestItems parameter is required for BatchGetItem",
                () -> db.batchGetItem(b -> b.requestItems(Map.of())));
    }

    @Test
    void anItemsBadValuesAreRefusedBare() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", INVALID + "An string set  may not be empty",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", AttributeValue.fromSs(List.of())))));
        assertError("ValidationException", INVALID + "An number set  may not be empty",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", AttributeValue.fromNs(List.of())))));
        assertError("ValidationException", INVALID + "Input collection [x, x] contains duplicates.",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", AttributeValue.fromSs(List.of("x", "x"))))));
        assertError("ValidationException", "Input collection contains duplicates",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", AttributeValue.fromNs(List.of("1", "1"))))));
        assertError("ValidationException", INVALID + "Null attribute value types must have the value of true",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", AttributeValue.fromNul(false)))));
    }

    @Test
    void aPutsParameterMixesAreRefusedBare() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "Can not use both expression and non-expression parameters in the same "
                + "request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a")).conditionExpression("attribute_exists(pk)")
                        .expected(Map.of("pk", ExpectedAttributeValue.builder().exists(false).build()))));
        assertError("ValidationException",
                "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a")).expressionAttributeValues(Map.of(":v", s("x")))));
        assertError("ValidationException", "ExpressionAttributeNames can only be specified when using expressions",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a")).expressionAttributeNames(Map.of("#n", "x"))));
    }

    @Test
    void anUpdatesExpressionProblemsAreRefusedBare() {
        String t = table(ScalarAttributeType.S, null);
        Map<String, AttributeValue> key = item("pk", "a");
        assertError("ValidationException", "Invalid UpdateExpression: Syntax error; token: \"=\", near: \"SET =\"",
                () -> db.updateItem(b -> b.tableName(t).key(key).updateExpression("SET =")));
        assertError("ValidationException", "Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}",
                () -> db.updateItem(b -> b.tableName(t).key(key).updateExpression("SET v = :v")
                        .expressionAttributeNames(Map.of("#n", "x")).expressionAttributeValues(Map.of(":v", s("1")))));
        assertError("ValidationException", "Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}",
                () -> db.updateItem(b -> b.tableName(t).key(key).updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", s("1"), ":w", s("2")))));
        assertError("ValidationException",
                "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :v",
                () -> db.updateItem(b -> b.tableName(t).key(key).updateExpression("SET v = :v")));
        assertError("ValidationException", "Can not use both expression and non-expression parameters in the same "
                + "request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}",
                () -> db.updateItem(b -> b.tableName(t).key(key).updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", s("1")))
                        .attributeUpdates(Map.of("w", AttributeValueUpdate.builder().action("DELETE").build()))));
        assertError("ValidationException", "Invalid UpdateExpression: The expression can not be empty;",
                () -> db.updateItem(b -> b.tableName(t).key(key).updateExpression("")));
        assertError("ValidationException",
                "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :v",
                () -> db.deleteItem(b -> b.tableName(t).key(key).conditionExpression("v = :v")));
    }

    @Test
    void constraintViolationsKeepThePrefix() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "1 validation error detected: Value 'hi' at 'returnValues' failed to "
                + "satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a")).returnValues("hi")));
    }

    @Test
    void anImproperlyNamedTableIsRefusedOnItemOperations() {
        assertError("ValidationException", "2 validation errors detected: Value 'x!' at 'tableName' failed to satisfy "
                + "constraint: Member must have length greater than or equal to 3; Value 'x!' at 'tableName' failed to "
                + "satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                () -> db.updateItem(b -> b.tableName("x!").key(item("pk", "a")).updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", s("1")))));
        assertError("ValidationException", "1 validation error detected: Value 'abc;' at 'tableName' failed to satisfy "
                + "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                () -> db.getItem(b -> b.tableName("abc;").key(item("pk", "a"))));
        assertError("ValidationException", "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy "
                + "constraint: Member must have length greater than or equal to 3",
                () -> db.deleteItem(b -> b.tableName("ab").key(item("pk", "a"))));
        String longName = repeat('a', 256);
        assertError("ValidationException", "1 validation error detected: Value '" + longName + "' at 'tableName' failed "
                + "to satisfy constraint: Member must have length less than or equal to 255",
                () -> db.putItem(b -> b.tableName(longName).item(item("pk", "a"))));
    }

    /**
     * The service parses and checks every expression before it reads the starting key's values (issue 37: a Scan with a
     * bad ExclusiveStartKey and a bad FilterExpression reports the filter); a legacy ScanFilter comes before both.
     */
    @Test
    void expressionsAndALegacyFilterAreCheckedBeforeTheStartingKey() {
        String t = table(ScalarAttributeType.S, null);
        Map<String, AttributeValue> badStart = Map.of("pk", AttributeValue.fromSs(List.of()));
        assertError("ValidationException", INVALID + "ComparisonOperator BEGINS_WITH is not valid for SS AttributeValue type",
                () -> db.scan(b -> b.tableName(t).exclusiveStartKey(badStart).scanFilter(Map.of("v",
                        software.amazon.awssdk.services.dynamodb.model.Condition.builder().comparisonOperator("BEGINS_WITH")
                                .attributeValueList(AttributeValue.fromSs(List.of("a"))).build()))));
        String filterError = assertError("ValidationException", null,
                () -> db.scan(b -> b.tableName(t).exclusiveStartKey(badStart).filterExpression("v = "))).awsErrorDetails().errorMessage();
        assertTrue(filterError.startsWith("Invalid FilterExpression: Syntax error"), filterError);
        String projectionError = assertError("ValidationException", null,
                () -> db.scan(b -> b.tableName(t).exclusiveStartKey(badStart).projectionExpression("a,"))).awsErrorDetails().errorMessage();
        assertTrue(projectionError.startsWith("Invalid ProjectionExpression: Syntax error"), projectionError);
        assertError("ValidationException", "Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}",
                () -> db.scan(b -> b.tableName(t).exclusiveStartKey(badStart).filterExpression("v = :v")
                        .expressionAttributeValues(Map.of(":v", s("a"), ":u", s("b")))));
        String queryFilter = assertError("ValidationException", null,
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = :k").expressionAttributeValues(Map.of(":k", s("a")))
                        .exclusiveStartKey(badStart).filterExpression("v = "))).awsErrorDetails().errorMessage();
        assertTrue(queryFilter.startsWith("Invalid FilterExpression: Syntax error"), queryFilter);
        String keyCondition = assertError("ValidationException", null,
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = ").exclusiveStartKey(badStart)))
                .awsErrorDetails().errorMessage();
        assertTrue(keyCondition.startsWith("Invalid KeyConditionExpression: Syntax error"), keyCondition);
        // With the expressions sound, the starting key's own error is what is left to report.
        assertError("ValidationException", "The provided starting key is invalid: " + INVALID + "An string set  may not be empty",
                () -> db.scan(b -> b.tableName(t).exclusiveStartKey(badStart).filterExpression("v = :v")
                        .expressionAttributeValues(Map.of(":v", s("a")))));
        assertError("ValidationException", "The provided starting key is invalid: " + INVALID + "An string set  may not be empty",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = :k").expressionAttributeValues(Map.of(":k", s("a")))
                        .exclusiveStartKey(badStart)));
    }
}

package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The limits every stored item keeps, whichever write makes it (PutItem, BatchWriteItem, TransactWriteItems,
 * UpdateItem with an expression or legacy AttributeUpdates, PartiQL): attribute names of 1 to 65,535 bytes
 * (Developer Guide, "Service quotas"), and values nested at most 32 levels, the attribute itself being level 1: 31
 * single-member maps or lists around a scalar are stored, 32 are refused, also in ExpressionAttributeValues
 * (captured against the service by paritysuite/dynamodb-conformance, tests/tier3/limits/nestingDepth.test.ts).
 */
class ItemLimitsTest extends ConformanceSupport {
    private static final String NEST =
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
    /** Measured against the service (ExtendDB issue 365, 2026-09-16), prefix and all. */
    private static final String TOO_LONG =
            "1 validation error detected: Attribute name is too large, must be less than 65536 bytes";
    private static final String EMPTY = "One or more parameter values were invalid: Empty attribute name";
    private static final String LONGEST = repeat('n', 65535);
    private static final String TOO_LONG_NAME = repeat('n', 65536);

    /** A scalar inside {@code wraps} single-member maps: {@code wraps = 1} is {@code {M: {n: {S: leaf}}}}. */
    private static AttributeValue maps(int wraps) {
        AttributeValue v = s("leaf");
        for (int i = 0; i < wraps; i++) {
            v = AttributeValue.fromM(Map.of("n", v));
        }
        return v;
    }

    private static AttributeValue lists(int wraps) {
        AttributeValue v = s("leaf");
        for (int i = 0; i < wraps; i++) {
            v = AttributeValue.fromL(List.of(v));
        }
        return v;
    }

    private static int depthOf(AttributeValue v) {
        int depth = 0;
        while (v.hasM() || v.hasL()) {
            v = v.hasM() ? v.m().get("n") : v.l().get(0);
            depth++;
        }
        return depth;
    }

    private Map<String, AttributeValue> get(String table, String pk) {
        return db.getItem(b -> b.tableName(table).key(item("pk", pk)).consistentRead(true)).item();
    }

    /**
     * The whole request refused as too deep. The wording around the message varies by operation and region (the
     * envelope of PutItem and UpdateItem; ExpressionAttributeValues' naming of the value's key), so only the
     * message itself is asserted.
     */
    private static void tooDeep(Executable request) {
        DynamoDbException e = assertThrows(DynamoDbException.class, request);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        assertTrue(e.awsErrorDetails().errorMessage().contains(NEST), e.awsErrorDetails().errorMessage());
    }

    private static String message(Executable request) {
        DynamoDbException e = assertThrows(DynamoDbException.class, request);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        return e.awsErrorDetails().errorMessage();
    }

    @Test
    void putItemStoresThirtyOneLevelsOfMapsOrListsAndRefusesThirtyTwo() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "maps", "data", maps(31))));
        db.putItem(b -> b.tableName(t).item(item("pk", "lists", "data", lists(31))));
        assertEquals(31, depthOf(get(t, "maps").get("data")));
        assertEquals(31, depthOf(get(t, "lists").get("data")));
        tooDeep(() -> db.putItem(b -> b.tableName(t).item(item("pk", "deep", "data", maps(32)))));
        tooDeep(() -> db.putItem(b -> b.tableName(t).item(item("pk", "deep", "data", lists(32)))));
        AttributeValue mixed = AttributeValue.fromL(List.of(AttributeValue.fromM(Map.of("n", lists(30)))));
        tooDeep(() -> db.putItem(b -> b.tableName(t).item(item("pk", "deep", "data", mixed))));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "deep"))).hasItem());
    }

    @Test
    void batchAndTransactionPutsKeepTheSameLimit() {
        String t = table(ScalarAttributeType.S, null);
        db.batchWriteItem(b -> b.requestItems(Map.of(t, List.of(WriteRequest.builder()
                .putRequest(PutRequest.builder().item(item("pk", "batch", "data", maps(31))).build()).build()))));
        db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                .put(p -> p.tableName(t).item(item("pk", "transaction", "data", maps(31)))).build()));
        assertEquals(31, depthOf(get(t, "batch").get("data")));
        assertEquals(31, depthOf(get(t, "transaction").get("data")));
        assertError("ValidationException", NEST, () -> db.batchWriteItem(b -> b.requestItems(Map.of(t, List.of(WriteRequest.builder()
                .putRequest(PutRequest.builder().item(item("pk", "deep", "data", maps(32))).build()).build())))));
        // A Put too deep is refused for the whole request, before the transaction runs.
        assertError("ValidationException", NEST, () -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                .put(p -> p.tableName(t).item(item("pk", "deep", "data", maps(32)))).build())));
    }

    @Test
    void expressionAttributeValuesKeepTheSameLimit() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "marker", "x")));
        // 31 levels are accepted, so the condition is evaluated (and fails: the item has no data).
        assertError("ConditionalCheckFailedException", null, () -> db.updateItem(b -> b.tableName(t).key(item("pk", "a"))
                .updateExpression("SET touched = :t").conditionExpression("#d = :deep")
                .expressionAttributeNames(Map.of("#d", "data"))
                .expressionAttributeValues(Map.of(":t", s("y"), ":deep", maps(31)))));
        tooDeep(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a"))
                .updateExpression("SET touched = :t").conditionExpression("#d = :deep")
                .expressionAttributeNames(Map.of("#d", "data"))
                .expressionAttributeValues(Map.of(":t", s("y"), ":deep", maps(32)))));
    }

    @Test
    void updateItemRefusesAnItemItWouldNestPastTheLimit() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "x", AttributeValue.fromM(Map.of()))));
        // x is level 1, x.a level 2: thirty wraps put the leaf at level 32.
        db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET x.a = :v")
                .expressionAttributeValues(Map.of(":v", maps(30))));
        assertEquals(30, depthOf(get(t, "a").get("x").m().get("a")));
        // :v itself is within the limit; the item it would make is not, and PutItem would refuse that item.
        assertError("ValidationException", NEST, () -> db.updateItem(b -> b.tableName(t).key(item("pk", "a"))
                .updateExpression("SET x.b = :v").expressionAttributeValues(Map.of(":v", maps(31)))));
        assertError("ValidationException", NEST, () -> db.updateItem(b -> b.tableName(t).key(item("pk", "a"))
                .updateExpression("SET x.a.n = :v").expressionAttributeValues(Map.of(":v", lists(30)))));
        assertFalse(get(t, "a").get("x").m().containsKey("b"));
        // Legacy AttributeUpdates replace whole attributes, so only their values can be too deep.
        tooDeep(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a")).attributeUpdates(Map.of("y",
                AttributeValueUpdate.builder().action(AttributeAction.PUT).value(maps(32)).build()))));
    }

    @Test
    void aTransactionUpdateThatWouldNestTooDeepIsCancelled() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "x", AttributeValue.fromM(Map.of()))));
        TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
                () -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().update(u -> u.tableName(t)
                        .key(item("pk", "a")).updateExpression("SET x.b = :v")
                        .expressionAttributeValues(Map.of(":v", maps(31)))).build())));
        assertEquals("ValidationError", e.cancellationReasons().get(0).code());
        assertEquals(NEST, e.cancellationReasons().get(0).message());
        assertEquals(Map.of(), get(t, "a").get("x").m());
    }

    @Test
    void aPartiqlUpdateThatWouldNestTooDeepIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "m", AttributeValue.fromM(Map.of()))));
        String update = "UPDATE \"" + t + "\" SET m.deep = ? WHERE pk = 'a'";
        assertError("ValidationException", NEST, () -> db.executeStatement(b -> b.statement(update).parameters(maps(31))));
        db.executeStatement(b -> b.statement(update).parameters(maps(30)));
        assertEquals(30, depthOf(get(t, "a").get("m").m().get("deep")));
        // A parameter too deep in itself is refused before anything runs.
        assertError("ValidationException", NEST, () -> db.executeStatement(b -> b
                .statement("UPDATE \"" + t + "\" SET other = ? WHERE pk = 'a'").parameters(maps(32))));
    }

    @Test
    void updateItemRefusesTheAttributeNamesPutItemRefusesWithItsMessages() {
        String t = table(ScalarAttributeType.S, null);
        String putLong = message(() -> db.putItem(b -> b.tableName(t).item(item("pk", "a", TOO_LONG_NAME, 1))));
        String putEmpty = message(() -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "", 1))));
        assertTrue(putLong.endsWith(TOO_LONG), putLong);
        assertTrue(putEmpty.endsWith(EMPTY), putEmpty);
        assertEquals(putLong, message(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a"))
                .updateExpression("SET #n = :v").expressionAttributeNames(Map.of("#n", TOO_LONG_NAME))
                .expressionAttributeValues(Map.of(":v", n(1))))));
        assertEquals(putLong, message(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a")).attributeUpdates(Map.of(TOO_LONG_NAME,
                AttributeValueUpdate.builder().action(AttributeAction.PUT).value(n(2)).build())))));
        assertEquals(putEmpty, message(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a")).attributeUpdates(Map.of("",
                AttributeValueUpdate.builder().action(AttributeAction.PUT).value(n(2)).build())))));
        assertEquals(putEmpty, message(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a")).attributeUpdates(Map.of("",
                AttributeValueUpdate.builder().action(AttributeAction.DELETE).build())))));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).hasItem());
        // 65,535 bytes is the longest name, through either parameter.
        db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET #n = :v")
                .expressionAttributeNames(Map.of("#n", LONGEST)).expressionAttributeValues(Map.of(":v", n(1))));
        db.updateItem(b -> b.tableName(t).key(item("pk", "b")).attributeUpdates(Map.of(LONGEST,
                AttributeValueUpdate.builder().action(AttributeAction.PUT).value(n(2)).build())));
        assertEquals(n(1), get(t, "a").get(LONGEST));
        assertEquals(n(2), get(t, "b").get(LONGEST));
    }

    /**
     * Non-key names over 65,535 bytes are refused wherever a request names them, read or write, top level or as a map's
     * key at any depth (alternator's test_limits.py and ExtendDB issue 365, both against the service).
     */
    @Test
    void namesOverTheLimitAreRefusedWhereverARequestNamesThem() {
        String t = table(ScalarAttributeType.S, null);
        AttributeValue nestedTooLong = AttributeValue.fromM(Map.of("inner", AttributeValue.fromM(Map.of(TOO_LONG_NAME, n(1)))));
        assertEquals(TOO_LONG, message(() -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "doc", nestedTooLong)))));
        assertEquals(TOO_LONG, message(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a"))
                .updateExpression("SET doc = :v").expressionAttributeValues(Map.of(":v", nestedTooLong)))));
        assertEquals(TOO_LONG, message(() -> db.getItem(b -> b.tableName(t).key(item("pk", "a"))
                .projectionExpression("#n").expressionAttributeNames(Map.of("#n", TOO_LONG_NAME)))));
        assertEquals(TOO_LONG, message(() -> db.getItem(b -> b.tableName(t).key(item("pk", "a")).attributesToGet(TOO_LONG_NAME))));
        assertEquals(TOO_LONG, message(() -> db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET a = :v")
                .conditionExpression("#n = :v").expressionAttributeNames(Map.of("#n", TOO_LONG_NAME))
                .expressionAttributeValues(Map.of(":v", n(1))))));
        assertEquals(TOO_LONG, message(() -> db.scan(b -> b.tableName(t).filterExpression("#n = :v")
                .expressionAttributeNames(Map.of("#n", TOO_LONG_NAME)).expressionAttributeValues(Map.of(":v", n(1))))));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).hasItem());
        // The longest name is usable the same ways, nested too.
        AttributeValue nested = AttributeValue.fromM(Map.of(LONGEST, n(1)));
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "doc", nested, LONGEST, 2)));
        assertEquals(n(2), db.getItem(b -> b.tableName(t).key(item("pk", "a")).projectionExpression("#n")
                .expressionAttributeNames(Map.of("#n", LONGEST))).item().get(LONGEST));
        assertEquals(nested, db.getItem(b -> b.tableName(t).key(item("pk", "a")).attributesToGet("doc")).item().get("doc"));
    }

    /** Key attribute names (table and index keys) are 1 to 255 bytes, as the request's members are constrained. */
    @Test
    void keyAttributeNamesAreAtMost255Bytes() {
        String longest = repeat('k', 255);
        String name = "keys" + System.nanoTime();
        db.createTable(b -> b.tableName(name).billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(d -> d.attributeName(longest).attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName(longest).keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH)));
        db.putItem(b -> b.tableName(name).item(item(longest, "a")));
        assertEquals(item(longest, "a"), db.getItem(b -> b.tableName(name).key(item(longest, "a"))).item());
        String tooLong = repeat('k', 256);
        String refused = message(() -> db.createTable(b -> b.tableName(name + "x")
                .billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(d -> d.attributeName(tooLong).attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName(tooLong).keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))));
        assertTrue(refused.startsWith("2 validation errors detected: ") && refused.contains("Member must have length less than or equal to 255"),
                refused);
        String empty = message(() -> db.createTable(b -> b.tableName(name + "y")
                .billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(d -> d.attributeName("").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("").keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))));
        assertTrue(empty.contains("Member must have length greater than or equal to 1"), empty);
    }

    @Test
    void aPartiqlUpdateRefusesAnEmptyAttributeNameAsAnInsertDoes() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a")));
        String insert = message(() -> db.executeStatement(b -> b.statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'b', '': 1}")));
        assertTrue(insert.endsWith(EMPTY), insert);
        String update = message(() -> db.executeStatement(b -> b.statement("UPDATE \"" + t + "\" SET \"\" = 1 WHERE pk = 'a'")));
        assertTrue(update.endsWith(EMPTY), update);
        assertEquals(item("pk", "a"), get(t, "a"));
    }

    @Test
    void aTransactionUpdateRefusesThoseNamesAsATransactionPutDoes() {
        String t = table(ScalarAttributeType.S, null);
        String put = message(() -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                .put(p -> p.tableName(t).item(item("pk", "a", TOO_LONG_NAME, 1))).build())));
        assertTrue(put.endsWith(TOO_LONG), put);
        assertEquals(put, message(() -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                .update(u -> u.tableName(t).key(item("pk", "a")).updateExpression("SET #n = :v")
                        .expressionAttributeNames(Map.of("#n", TOO_LONG_NAME))
                        .expressionAttributeValues(Map.of(":v", n(1)))).build()))));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).hasItem());
    }
}

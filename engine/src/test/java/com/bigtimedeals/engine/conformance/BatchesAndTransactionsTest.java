package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** BatchGetItem, BatchWriteItem, TransactWriteItems and TransactGetItems, as documented. */
class BatchesAndTransactionsTest extends ConformanceSupport {
    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }

    @Test
    void batchWriteThenBatchGetAcrossTables() {
        String a = table(ScalarAttributeType.S, null);
        String b2 = table(ScalarAttributeType.S, null);
        db.batchWriteItem(b -> b.requestItems(Map.of(a, List.of(put(item("pk", "1")), put(item("pk", "2"))),
                b2, List.of(put(item("pk", "3"))))));
        BatchGetItemResponse r = db.batchGetItem(b -> b.requestItems(Map.of(
                a, KeysAndAttributes.builder().keys(item("pk", "1"), item("pk", "2"), item("pk", "missing")).build(),
                b2, KeysAndAttributes.builder().keys(item("pk", "3")).build())));
        assertEquals(2, r.responses().get(a).size());
        assertEquals(1, r.responses().get(b2).size());
        assertTrue(r.unprocessedKeys().isEmpty());
    }

    @Test
    void batchesTakeTableArnsAsRequestItemKeysAndAnswerUnderThem() {
        String t = table(ScalarAttributeType.S, null);
        String arn = db.describeTable(b -> b.tableName(t)).table().tableArn();
        db.batchWriteItem(b -> b.requestItems(Map.of(arn, List.of(put(item("pk", "1", "v", "x"))))));
        BatchGetItemResponse r = db.batchGetItem(b -> b.requestItems(Map.of(arn, KeysAndAttributes.builder().keys(item("pk", "1")).build())));
        assertEquals(Map.of(arn, List.of(item("pk", "1", "v", "x"))), r.responses());
    }

    @Test
    void batchGetAnswersWhatPassesSixteenMegabytesAsUnprocessedKeys() {
        String t = table(ScalarAttributeType.S, null);
        String big = repeat('x', 400_000);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "k" + k, "v", big)));
            keys.add(item("pk", "k" + k));
        }
        BatchGetItemResponse r = db.batchGetItem(b -> b.requestItems(Map.of(t, KeysAndAttributes.builder().keys(keys).build())));
        int got = r.responses().get(t).size();
        int left = r.unprocessedKeys().get(t).keys().size();
        assertEquals(45, got + left);
        assertTrue(left > 0 && got >= 40, got + " read, " + left + " left");
    }

    @Test
    void batchWriteOfMoreThan25RequestsIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            writes.add(put(item("pk", "k" + i)));
        }
        assertError("ValidationException", null, () -> db.batchWriteItem(b -> b.requestItems(Map.of(t, writes))));
    }

    @Test
    void batchWriteWithTwoRequestsForOneItemIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "Provided list of item keys contains duplicates",
                () -> db.batchWriteItem(b -> b.requestItems(Map.of(t, List.of(put(item("pk", "a")), put(item("pk", "a", "v", 1)))))));
    }

    @Test
    void batchGetOfMoreThan100KeysIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            keys.add(item("pk", "k" + i));
        }
        assertError("ValidationException", null, () -> db.batchGetItem(b -> b.requestItems(Map.of(t,
                KeysAndAttributes.builder().keys(keys).build()))));
    }

    @Test
    void batchGetWithDuplicateKeysIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "Provided list of item keys contains duplicates",
                () -> db.batchGetItem(b -> b.requestItems(Map.of(t, KeysAndAttributes.builder()
                        .keys(item("pk", "a"), item("pk", "a")).build()))));
    }

    @Test
    void transactionWritesAllOrNothing() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "guard", "v", 1)));
        TransactionCanceledException e = assertThrows(TransactionCanceledException.class, () -> db.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "new"))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(t).key(item("pk", "guard"))
                        .conditionExpression("v = :two").expressionAttributeValues(Map.of(":two", n(2)))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build())));
        List<CancellationReason> reasons = e.cancellationReasons();
        assertEquals("None", reasons.get(0).code());
        assertEquals("ConditionalCheckFailed", reasons.get(1).code());
        assertEquals("The conditional request failed", reasons.get(1).message());
        assertEquals(item("pk", "guard", "v", 1), reasons.get(1).item());
        assertEquals("Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",
                e.awsErrorDetails().errorMessage());
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "new"))).hasItem());
    }

    @Test
    void transactionAppliesEveryAction() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "counter", "n", 1)));
        db.putItem(b -> b.tableName(t).item(item("pk", "gone")));
        db.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "new"))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(t).key(item("pk", "counter")).updateExpression("SET n = n + :one")
                        .expressionAttributeValues(Map.of(":one", n(1)))).build(),
                TransactWriteItem.builder().delete(d -> d.tableName(t).key(item("pk", "gone"))).build()));
        assertTrue(db.getItem(b -> b.tableName(t).key(item("pk", "new"))).hasItem());
        assertEquals("2", db.getItem(b -> b.tableName(t).key(item("pk", "counter"))).item().get("n").n());
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "gone"))).hasItem());
    }

    @Test
    void twoActionsOnOneItemAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "Transaction request cannot include multiple operations on one item",
                () -> db.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "a"))).build(),
                        TransactWriteItem.builder().delete(d -> d.tableName(t).key(item("pk", "a"))).build())));
    }

    @Test
    void aRepeatedClientRequestTokenAnswersWithoutWritingAgain() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "counter", "n", 0)));
        for (int i = 0; i < 3; i++) {
            db.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(
                    TransactWriteItem.builder().update(u -> u.tableName(t).key(item("pk", "counter")).updateExpression("SET n = n + :one")
                            .expressionAttributeValues(Map.of(":one", n(1)))).build()));
        }
        assertEquals("1", db.getItem(b -> b.tableName(t).key(item("pk", "counter"))).item().get("n").n());
    }

    @Test
    void aClientRequestTokenReusedWithOtherParametersIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        db.transactWriteItems(b -> b.clientRequestToken("token-2").transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "a"))).build()));
        assertError("IdempotentParameterMismatchException", null, () -> db.transactWriteItems(b -> b.clientRequestToken("token-2")
                .transactItems(TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "b"))).build())));
    }

    @Test
    void transactGetReadsEveryItemInOrder() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        var r = db.transactGetItems(b -> b.transactItems(
                TransactGetItem.builder().get(g -> g.tableName(t).key(item("pk", "missing"))).build(),
                TransactGetItem.builder().get(g -> g.tableName(t).key(item("pk", "a"))).build()));
        assertFalse(r.responses().get(0).hasItem());
        assertEquals(item("pk", "a", "v", 1), r.responses().get(1).item());
    }

    @Test
    void moreThan100TransactionActionsAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        List<TransactWriteItem> items = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            int k = i;
            items.add(TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "k" + k))).build());
        }
        DynamoDbException e = assertThrows(DynamoDbException.class, () -> db.transactWriteItems(b -> b.transactItems(items)));
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        assertTrue(e.awsErrorDetails().errorMessage().matches(
                "(?s)^1 validation error detected: Value '\\[TransactWriteItem\\(.+\\]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100$"),
                e.awsErrorDetails().errorMessage());
    }

    /** As for writes: the request's shape holds TransactItems to 100, before any action is decoded. */
    @Test
    void moreThan100TransactionReadsAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        List<TransactGetItem> items = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            int k = i;
            items.add(TransactGetItem.builder().get(g -> g.tableName(t).key(item("pk", "k" + k))).build());
        }
        DynamoDbException e = assertThrows(DynamoDbException.class, () -> db.transactGetItems(b -> b.transactItems(items)));
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        assertTrue(e.awsErrorDetails().errorMessage().matches(
                "(?s)^1 validation error detected: Value '.+' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100$"),
                e.awsErrorDetails().errorMessage());
    }
}

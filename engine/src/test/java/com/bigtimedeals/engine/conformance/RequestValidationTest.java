package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Request checks whose wording or placement the service settled recently (captured against it in 2026): where a
 * transaction reports a bad key (as the action's cancellation reason, or for the whole request), the batch
 * messages, table names and table ARNs, and resources of another account.
 */
class RequestValidationTest extends ConformanceSupport {
    private static final String SCHEMA = "The provided key element does not match the schema";

    private static List<String> codes(TransactionCanceledException e) {
        return e.cancellationReasons().stream().map(CancellationReason::code).toList();
    }

    private void cancelledFor(String message, TransactWriteItem... items) {
        TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
                () -> db.transactWriteItems(b -> b.transactItems(items)));
        assertEquals(List.of("ValidationError"), codes(e));
        assertEquals(message, e.cancellationReasons().get(0).message());
        assertEquals("Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError]",
                e.awsErrorDetails().errorMessage());
    }

    /** A table keyed pk/sk with indexes gsi1 (lsi1sk) and lsi1 (lsi1sk), as the captured cases use. */
    private String indexed() {
        return table(ScalarAttributeType.S, ScalarAttributeType.S, b -> b
                .attributeDefinitions(def("pk"), def("sk"), def("lsi1sk"))
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("lsi1")
                        .keySchema(key("pk", KeyType.HASH), key("lsi1sk", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build())
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("gsi1")
                        .keySchema(key("lsi1sk", KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build()));
    }

    private static AttributeDefinition def(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    @Test
    void transactionCancelsAnActionWhoseKeyDoesNotFitTheSchema() {
        String t = table(ScalarAttributeType.S, null);
        cancelledFor("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
                TransactWriteItem.builder().put(p -> p.tableName(t).item(Map.of("pk", n(5)))).build());
        cancelledFor(SCHEMA, TransactWriteItem.builder().delete(d -> d.tableName(t).key(Map.of("pk", n(5)))).build());
        cancelledFor(SCHEMA, TransactWriteItem.builder().update(u -> u.tableName(t).key(Map.of("pk", n(5)))
                .updateExpression("SET a = :v").expressionAttributeValues(Map.of(":v", s("x")))).build());
        cancelledFor(SCHEMA, TransactWriteItem.builder().conditionCheck(c -> c.tableName(t).key(Map.of("pk", n(5)))
                .conditionExpression("attribute_not_exists(pk)")).build());
        TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
                () -> db.transactGetItems(b -> b.transactItems(TransactGetItem.builder().get(g -> g.tableName(t).key(Map.of())).build())));
        assertEquals(List.of("ValidationError"), codes(e));
    }

    /** A member under a list is named by its 1-based index, then {@code member}, as the service names it. */
    @Test
    void aConstraintMessageNamesAListMemberByItsIndex() {
        String t = table(ScalarAttributeType.S, null);
        software.amazon.awssdk.services.dynamodb.model.DynamoDbException e = assertThrows(
                software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class,
                () -> db.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().put(p -> p.tableName(t).item(Map.of("pk", s("a")))).build(),
                        TransactWriteItem.builder().put(p -> p.tableName(t).item(Map.of("pk", s("b")))
                                .returnValuesOnConditionCheckFailure("BOGUS")).build())));
        org.junit.jupiter.api.Assertions.assertTrue(e.awsErrorDetails().errorMessage().startsWith("1 validation error detected: "
                + "Value 'BOGUS' at 'transactItems.2.member.put.returnValuesOnConditionCheckFailure' failed to satisfy constraint: "
                + "Member must satisfy enum value set: ["), e.awsErrorDetails().errorMessage());
    }

    @Test
    void transactionRefusesEmptyKeyValuesForTheWholeRequest() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException",
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
                () -> db.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().put(p -> p.tableName(t).item(Map.of("pk", n(1)))).build(),
                        TransactWriteItem.builder().delete(d -> d.tableName(t).key(Map.of("pk", s("")))).build())));
    }

    @Test
    void transactionIndexKeyErrorsNameTheFirstIndexByName() {
        String t = indexed();
        cancelledFor("One or more parameter values were invalid: Type mismatch for Index Key lsi1sk Expected: S Actual: N IndexName: gsi1",
                TransactWriteItem.builder().put(p -> p.tableName(t).item(Map.of("pk", s("a"), "sk", s("a"), "lsi1sk", n(5)))).build());
        assertError("ValidationException",
                "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi1, IndexKey: lsi1sk",
                () -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                        .put(p -> p.tableName(t).item(Map.of("pk", s("a"), "sk", s("a"), "lsi1sk", s("")))).build())));
        assertError("ValidationException",
                "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value.",
                () -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                        .update(u -> u.tableName(t).key(Map.of("pk", s("a"), "sk", s("a"))).updateExpression("SET lsi1sk = :v")
                                .expressionAttributeValues(Map.of(":v", s("")))).build())));
        assertError("ValidationException",
                "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value.",
                () -> db.updateItem(u -> u.tableName(t).key(Map.of("pk", s("a"), "sk", s("a"))).updateExpression("SET lsi1sk = :v")
                        .expressionAttributeValues(Map.of(":v", s("")))));
    }

    @Test
    void transactionOfMoreThanFourMegabytesIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        String big = repeat('x', 350_000);
        List<TransactWriteItem> items = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            int k = i;
            items.add(TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "k" + k, "v", big))).build());
        }
        // Each item: "pk" and "k<i>" (2 + 2 or 3 bytes), "v" and its value (1 + 350,000 bytes): 10 × 350,005 + 2 × 350,006.
        assertError("ValidationException", "Transaction payload size cannot exceed 4MB. Payload Size: 4200062",
                () -> db.transactWriteItems(b -> b.transactItems(items)));
        db.transactWriteItems(b -> b.transactItems(items.subList(0, 10)));
    }

    /** The 4 MB counts what each action carries: an Update's or a condition's values as a Put's item. */
    @Test
    void transactionPayloadCountsTheValuesOfUpdatesAndConditionsLikePutItems() {
        String t = table(ScalarAttributeType.S, null);
        AttributeValue big = s(repeat('x', 350_000));
        List<TransactWriteItem> updates = new ArrayList<>();
        List<TransactWriteItem> checks = new ArrayList<>();
        List<TransactWriteItem> deletes = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Map<String, AttributeValue> key = item("pk", "k" + i);
            updates.add(TransactWriteItem.builder().update(u -> u.tableName(t).key(key).updateExpression("SET v = :v")
                    .expressionAttributeValues(Map.of(":v", big))).build());
            checks.add(TransactWriteItem.builder().conditionCheck(c -> c.tableName(t).key(key).conditionExpression("v <> :v")
                    .expressionAttributeValues(Map.of(":v", big))).build());
            deletes.add(TransactWriteItem.builder().delete(d -> d.tableName(t).key(key).conditionExpression("v <> :v")
                    .expressionAttributeValues(Map.of(":v", big))).build());
        }
        // Each action: "pk" and "k<i>" (2 + 2 or 3 bytes) and a 350,000-byte value: 10 × 350,004 + 2 × 350,005.
        for (List<TransactWriteItem> actions : List.of(updates, checks, deletes)) {
            assertError("ValidationException", "Transaction payload size cannot exceed 4MB. Payload Size: 4200050",
                    () -> db.transactWriteItems(b -> b.transactItems(actions)));
        }
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "k0"))).hasItem());
        db.transactWriteItems(b -> b.transactItems(updates.subList(0, 10)));
        assertEquals(big, db.getItem(b -> b.tableName(t).key(item("pk", "k9")).consistentRead(true)).item().get("v"));
    }

    /**
     * API_TransactGetItems: "DynamoDB rejects the entire TransactGetItems request if ... The aggregate size of the
     * items in the transaction exceeded 4 MB." The service's wording of that refusal is not known: only its type is
     * asserted.
     */
    @Test
    void transactGetOfMoreThanFourMegabytesIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        String big = repeat('x', 390_000);
        List<TransactGetItem> gets = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            String k = "k" + i;
            db.putItem(b -> b.tableName(t).item(item("pk", k, "v", big)));
            gets.add(TransactGetItem.builder().get(g -> g.tableName(t).key(item("pk", k))).build());
        }
        // 10 × 390,005 + 390,006 bytes: 4,290,056, past 4,194,304; ten of them, 3,900,050, are read.
        assertError("ValidationException", null, () -> db.transactGetItems(b -> b.transactItems(gets)));
        assertEquals(10, db.transactGetItems(b -> b.transactItems(gets.subList(0, 10))).responses().stream()
                .filter(r -> r.hasItem()).count());
    }

    @Test
    void batchWriteWordsAMissingOrMistypedKeyAsASchemaMismatch() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", SCHEMA, () -> db.batchWriteItem(b -> b.requestItems(Map.of(t,
                List.of(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of("other", s("x"))).build()).build())))));
        assertError("ValidationException", SCHEMA, () -> db.batchWriteItem(b -> b.requestItems(Map.of(t,
                List.of(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of("pk", n(5))).build()).build())))));
        assertError("ValidationException", SCHEMA, () -> db.batchWriteItem(b -> b.requestItems(Map.of(t,
                List.of(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(Map.of("other", s("x"))).build()).build())))));
        assertError("ValidationException", "The requestItems parameter is required for BatchWriteItem",
                () -> db.batchWriteItem(b -> b.requestItems(Map.of())));
    }

    @Test
    void batchGetNamesItsMembersByTheirRequestPath() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "The requestItems parameter is required for BatchGetItem",
                () -> db.batchGetItem(b -> b.requestItems(Map.of())));
        assertError("ValidationException",
                "1 validation error detected: Value at 'RequestItems." + t + ".member.Keys' failed to satisfy constraint: Member must have length greater than or equal to 1",
                () -> db.batchGetItem(b -> b.requestItems(Map.of(t, KeysAndAttributes.builder().keys(List.of()).build()))));
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            keys.add(item("pk", "k" + i));
        }
        assertError("ValidationException",
                "1 validation error detected: Value at 'RequestItems." + t + ".member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100",
                () -> db.batchGetItem(b -> b.requestItems(Map.of(t, KeysAndAttributes.builder().keys(keys).build()))));
        assertError("ValidationException",
                "1 validation error detected: Value '{\"bad!name\":{\"Keys\":[{\"pk\":{\"S\":\"a\"}}]}}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]",
                () -> db.batchGetItem(b -> b.requestItems(Map.of("bad!name", KeysAndAttributes.builder().keys(item("pk", "a")).build()))));
    }

    @Test
    void itemOperationsTakeNamesOfThreeCharactersUpAndTableArns() {
        assertError("ValidationException",
                "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1",
                () -> db.putItem(b -> b.tableName("").item(item("pk", "a"))));
        assertError("ValidationException",
                "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
                () -> db.putItem(b -> b.tableName("ab").item(item("pk", "a"))));
        assertThrows(ResourceNotFoundException.class, () -> db.putItem(b -> b.tableName("abc").item(item("pk", "a"))));
        String t = table(ScalarAttributeType.S, null);
        String arn = db.describeTable(b -> b.tableName(t)).table().tableArn();
        db.putItem(b -> b.tableName(arn).item(item("pk", "a", "v", "1")));
        assertEquals(s("1"), db.getItem(b -> b.tableName(t).key(item("pk", "a"))).item().get("v"));
        assertEquals(t, db.describeTable(b -> b.tableName(arn)).table().tableName());
        assertThrows(ResourceNotFoundException.class,
                () -> db.getItem(b -> b.tableName(arn.replace(":table/", ":table/x")).key(item("pk", "a"))));
    }

    @Test
    void aResourceOfAnotherAccountIsRefusedAsAccessDenied() {
        String t = table(ScalarAttributeType.S, null);
        String arn = db.describeTable(b -> b.tableName(t)).table().tableArn();
        String[] parts = arn.split(":");
        String foreign = arn.replace(":" + parts[4] + ":", ":" + (parts[4].equals("000000000000") ? "111111111111" : "000000000000") + ":");
        var e = assertThrows(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class,
                () -> db.listTagsOfResource(b -> b.resourceArn(foreign)));
        assertEquals("AccessDeniedException", e.awsErrorDetails().errorCode());
    }

    @Test
    void emptyBinaryKeysAreRefusedInBatches() {
        String t = table(ScalarAttributeType.B, null);
        assertError("ValidationException",
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: pk",
                () -> db.batchGetItem(b -> b.requestItems(Map.of(t, KeysAndAttributes.builder()
                        .keys(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[0])))).build()))));
    }
}

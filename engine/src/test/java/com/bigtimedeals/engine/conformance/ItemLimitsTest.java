package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The limits every stored item keeps, whichever write makes it (PutItem, BatchWriteItem, TransactWriteItems,
 * UpdateItem with an expression or legacy AttributeUpdates, PartiQL): attribute names of 1 to 65,535 bytes
 * (Developer Guide, "Service quotas"), refused with PutItem's messages wherever a write names them.
 */
class ItemLimitsTest extends ConformanceSupport {
    private static final String TOO_LONG =
            "One or more parameter values were invalid: An attribute name exceeds the maximum length of 65535 bytes";
    private static final String EMPTY = "One or more parameter values were invalid: Empty attribute name";
    private static final String LONGEST = repeat('n', 65535);
    private static final String TOO_LONG_NAME = repeat('n', 65536);

    private Map<String, AttributeValue> get(String table, String pk) {
        return db.getItem(b -> b.tableName(table).key(item("pk", pk)).consistentRead(true)).item();
    }

    private static String message(Executable request) {
        DynamoDbException e = assertThrows(DynamoDbException.class, request);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        return e.awsErrorDetails().errorMessage();
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

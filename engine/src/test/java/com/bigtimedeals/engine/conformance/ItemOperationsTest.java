package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** PutItem, GetItem, UpdateItem and DeleteItem: keys, limits, conditions and ReturnValues, as documented. */
class ItemOperationsTest extends ConformanceSupport {
    private Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
        return db.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
    }

    @Test
    void putThenGetReturnsTheItem() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        Map<String, AttributeValue> item = item("pk", "a", "sk", n(1), "v", "x", "l", AttributeValue.fromL(java.util.List.of(n(1), s("y"))));
        db.putItem(b -> b.tableName(t).item(item));
        assertEquals(item, get(t, item("pk", "a", "sk", n(1))));
    }

    @Test
    void getOfAMissingItemAnswersNoItem() {
        String t = table(ScalarAttributeType.S, null);
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "nobody"))).hasItem());
    }

    @Test
    void conditionOnAMissingItemSeesNoAttributes() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a")).conditionExpression("attribute_not_exists(pk)"));
        assertError("ConditionalCheckFailedException", "The conditional request failed",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "b")).conditionExpression("attribute_exists(pk)")));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "b"))).hasItem());
    }

    @Test
    void failedConditionAnswersTheOldItemWhenAsked() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        ConditionalCheckFailedException e = org.junit.jupiter.api.Assertions.assertThrows(ConditionalCheckFailedException.class,
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 2)).conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
        assertEquals(item("pk", "a", "v", 1), e.item());
        assertEquals(item("pk", "a", "v", 1), get(t, item("pk", "a")));
    }

    @Test
    void failedConditionWithoutReturnValuesCarriesNoItem() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        ConditionalCheckFailedException e = org.junit.jupiter.api.Assertions.assertThrows(ConditionalCheckFailedException.class,
                () -> db.deleteItem(b -> b.tableName(t).key(item("pk", "a")).conditionExpression("v = :two")
                        .expressionAttributeValues(Map.of(":two", n(2)))));
        assertFalse(e.hasItem());
    }

    @Test
    void putAnswersTheReplacedItemWithAllOld() {
        String t = table(ScalarAttributeType.S, null);
        assertFalse(db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)).returnValues(ReturnValue.ALL_OLD)).hasAttributes());
        assertEquals(item("pk", "a", "v", 1),
                db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 2)).returnValues(ReturnValue.ALL_OLD)).attributes());
    }

    @Test
    void putRefusesReturnValuesOtherThanAllOldOrNone() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "ReturnValues can only be ALL_OLD or NONE",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a")).returnValues(ReturnValue.ALL_NEW)));
    }

    @Test
    void updateAnswersEachReturnValuesKind() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "x", 1, "y", "keep")));
        Map<String, AttributeValue> one = Map.of(":one", n(1));
        UpdateItemResponse allOld = db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET x = x + :one")
                .expressionAttributeValues(one).returnValues(ReturnValue.ALL_OLD));
        assertEquals(item("pk", "a", "x", 1, "y", "keep"), allOld.attributes());
        UpdateItemResponse updatedOld = db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET x = x + :one")
                .expressionAttributeValues(one).returnValues(ReturnValue.UPDATED_OLD));
        assertEquals(item("x", 2), updatedOld.attributes());
        UpdateItemResponse allNew = db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET x = x + :one")
                .expressionAttributeValues(one).returnValues(ReturnValue.ALL_NEW));
        assertEquals(item("pk", "a", "x", 4, "y", "keep"), allNew.attributes());
        UpdateItemResponse updatedNew = db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET x = x + :one")
                .expressionAttributeValues(one).returnValues(ReturnValue.UPDATED_NEW));
        assertEquals(item("x", 5), updatedNew.attributes());
        assertFalse(db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET x = x + :one")
                .expressionAttributeValues(one)).hasAttributes());
    }

    @Test
    void updateOfAMissingItemCreatesItWithItsKey() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S);
        db.updateItem(b -> b.tableName(t).key(item("pk", "a", "sk", "b")).updateExpression("SET v = :v")
                .expressionAttributeValues(Map.of(":v", s("x"))));
        assertEquals(item("pk", "a", "sk", "b", "v", "x"), get(t, item("pk", "a", "sk", "b")));
    }

    @Test
    void updateThatOnlyRemovesCreatesNoItem() {
        String t = table(ScalarAttributeType.S, null);
        UpdateItemResponse r = db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("REMOVE v")
                .returnValues(ReturnValue.ALL_NEW));
        assertFalse(r.hasAttributes());
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).hasItem());
    }

    @Test
    void updateRefusesTouchingAKeyAttribute() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", null, () -> db.updateItem(b -> b.tableName(t).key(item("pk", "a"))
                .updateExpression("SET pk = :v").expressionAttributeValues(Map.of(":v", s("b")))));
    }

    @Test
    void deleteOfAMissingItemSucceeds() {
        String t = table(ScalarAttributeType.S, null);
        assertFalse(db.deleteItem(b -> b.tableName(t).key(item("pk", "a")).returnValues(ReturnValue.ALL_OLD)).hasAttributes());
    }

    @Test
    void keyOfTheWrongTypeDoesNotMatchTheSchema() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "The provided key element does not match the schema",
                () -> db.getItem(b -> b.tableName(t).key(item("pk", n(1)))));
    }

    @Test
    void keyWithAnExtraAttributeDoesNotMatchTheSchema() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "The provided key element does not match the schema",
                () -> db.deleteItem(b -> b.tableName(t).key(item("pk", "a", "other", "b"))));
    }

    @Test
    void itemWithoutItsSortKeyIsRefused() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S);
        assertError("ValidationException", "One or more parameter values were invalid: Missing the key sk in the item",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a"))));
    }

    @Test
    void itemWithAKeyOfTheWrongTypeIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", n(3)))));
    }

    @Test
    void emptyStringKeysAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException",
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", ""))));
    }

    @Test
    void emptyStringsAndBinariesAreAllowedOutsideKeys() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "e", "", "b", b())));
        assertEquals(item("pk", "a", "e", "", "b", b()), get(t, item("pk", "a")));
    }

    @Test
    void partitionKeysOver2048BytesAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", repeat('x', 2048))));
        assertError("ValidationException",
                "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", repeat('x', 2049)))));
    }

    @Test
    void sortKeysOver1024BytesAreRefused() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", repeat('x', 1024))));
        assertError("ValidationException",
                "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", repeat('x', 1025)))));
    }

    @Test
    void itemsOver400KbAreRefusedAndItemsOfExactly400KbAccepted() {
        String t = table(ScalarAttributeType.S, null);
        // pk (2) + "a" (1) + v (1) + value = 409,600 bytes
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", repeat('x', 409600 - 4))));
        assertError("ValidationException", "Item size has exceeded the maximum allowed size",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", repeat('x', 409600 - 3)))));
    }

    @Test
    void emptySetsAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException",
                "One or more parameter values were invalid: An string set  may not be empty",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "ss", AttributeValue.fromSs(java.util.List.of())))));
    }

    @Test
    void anEmptySetAmongAnUpdatesValuesIsRefusedNamingItsKey() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a")));
        assertError("ValidationException",
                "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :e",
                () -> db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("ADD ss :e")
                        .expressionAttributeValues(Map.of(":e", AttributeValue.fromSs(java.util.List.of())))));
        assertEquals(item("pk", "a"), get(t, item("pk", "a")));
        assertError("ValidationException",
                "ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: x for key :e",
                () -> db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("ADD n :e")
                        .expressionAttributeValues(Map.of(":e", AttributeValue.fromN("x")))));
    }

    @Test
    void duplicateSetMembersAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException",
                "One or more parameter values were invalid: Input collection [x, x] contains duplicates.",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "ss", AttributeValue.fromSs(java.util.List.of("x", "x"))))));
    }

    @Test
    void numbersComeBackNormalised() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "n", n("001.500"), "e", n("1E+3"))));
        Map<String, AttributeValue> got = get(t, item("pk", "a"));
        assertEquals("1.5", got.get("n").n());
        assertEquals("1000", got.get("e").n());
    }

    @Test
    void unusedExpressionNamesAreRefusedAsTheServiceWordsIt() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException",
                "Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a")).conditionExpression("attribute_not_exists(pk)")
                        .expressionAttributeNames(Map.of("#n", "v"))));
        assertError("ValidationException",
                "Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}",
                () -> db.getItem(b -> b.tableName(t).key(item("pk", "a")).projectionExpression("pk")
                        .expressionAttributeNames(Map.of("#n", "v"))));
    }

    @Test
    void itemOperationsOnAMissingTableSayOnlyNotFound() {
        assertError("ResourceNotFoundException", "Requested resource not found",
                () -> db.putItem(b -> b.tableName("no_such_table").item(item("pk", "a"))));
    }

    @Test
    void projectionAnswersOnlyTheNamedAttributes() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "x", 1, "y", 2, "m", AttributeValue.fromM(item("in", 3, "out", 4)))));
        assertEquals(item("y", 2, "m", AttributeValue.fromM(item("in", 3))),
                db.getItem(b -> b.tableName(t).key(item("pk", "a")).projectionExpression("y, m.#i")
                        .expressionAttributeNames(Map.of("#i", "in"))).item());
    }

    @Test
    void aWriteThatChangesNothingStillSucceeds() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        assertTrue(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).hasItem());
    }
}

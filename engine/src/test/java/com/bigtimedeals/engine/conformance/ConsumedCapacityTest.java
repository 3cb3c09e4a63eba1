package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Capacity by the documented rules: 4 KB read units (halved for eventually consistent reads), 1 KB write units on
 * the larger of the old and new item, one unit at least, index writes counted, transactions twice. DynamoDB Local
 * reports transactions differently; these are what the service bills.
 */
class ConsumedCapacityTest extends ConformanceSupport {
    /** An item of {@code bytes} bytes: pk (2) + key value (1) + "v" (1) + the rest. */
    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sized(String key, int bytes) {
        return item("pk", key, "v", repeat('x', bytes - 4));
    }

    private String tableWithIndex() {
        return table(ScalarAttributeType.S, null, b -> b
                .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("g").attributeType(ScalarAttributeType.S).build())
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
                        .keySchema(KeySchemaElement.builder().attributeName("g").keyType(KeyType.HASH).build())
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
    }

    @Test
    void readsCostAUnitPer4KbAndHalfWhenEventuallyConsistent() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(sized("a", 5000)));
        assertEquals(2.0, db.getItem(b -> b.tableName(t).key(item("pk", "a")).consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
        assertEquals(1.0, db.getItem(b -> b.tableName(t).key(item("pk", "a"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
    }

    @Test
    void readingAMissingItemStillCostsTheMinimum() {
        String t = table(ScalarAttributeType.S, null);
        ConsumedCapacity c = db.getItem(b -> b.tableName(t).key(item("pk", "a"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
        assertEquals(0.5, c.capacityUnits());
        assertEquals(t, c.tableName());
    }

    @Test
    void writesCostAUnitPerKbOfTheLargerOfTheOldAndNewItem() {
        String t = table(ScalarAttributeType.S, null);
        assertEquals(2.0, db.putItem(b -> b.tableName(t).item(sized("a", 1500))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
        assertEquals(2.0, db.putItem(b -> b.tableName(t).item(sized("a", 100))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
        assertEquals(1.0, db.deleteItem(b -> b.tableName(t).key(item("pk", "a"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
    }

    @Test
    void everyIndexWriteIsCountedAndBrokenDownWithIndexes() {
        String t = tableWithIndex();
        ConsumedCapacity c = db.putItem(b -> b.tableName(t).item(item("pk", "a", "g", "x"))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        assertEquals(2.0, c.capacityUnits());
        assertEquals(1.0, c.table().capacityUnits());
        assertEquals(1.0, c.globalSecondaryIndexes().get("byG").capacityUnits());
    }

    @Test
    void changingAnIndexKeyCostsTwoIndexWrites() {
        String t = tableWithIndex();
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "g", "x")));
        ConsumedCapacity c = db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET g = :y")
                .expressionAttributeValues(Map.of(":y", s("y"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        assertEquals(2.0, c.globalSecondaryIndexes().get("byG").capacityUnits());
        assertEquals(3.0, c.capacityUnits());
    }

    @Test
    void aWriteNotInAnyIndexCostsNoIndexUnits() {
        String t = tableWithIndex();
        ConsumedCapacity c = db.putItem(b -> b.tableName(t).item(item("pk", "a"))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        assertEquals(1.0, c.capacityUnits());
    }

    @Test
    void queriesCostTheSumOfWhatTheyRead() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        for (int i = 0; i < 3; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "p", "sk", n(k), "v", repeat('x', 2000))));
        }
        ConsumedCapacity c = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("p"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
        assertEquals(1.0, c.capacityUnits());
    }

    @Test
    void transactionalWritesCostTwice() {
        String t = table(ScalarAttributeType.S, null);
        var r = db.transactWriteItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(t).item(sized("a", 1500))).build(),
                TransactWriteItem.builder().put(p -> p.tableName(t).item(sized("b", 500))).build()));
        assertEquals(1, r.consumedCapacity().size());
        assertEquals(6.0, r.consumedCapacity().get(0).capacityUnits());
        assertEquals(6.0, r.consumedCapacity().get(0).writeCapacityUnits());
    }

    /**
     * API_TransactWriteItems, ClientRequestToken: the first call returns the write units it consumed; "subsequent
     * TransactWriteItems calls with the same client token return the number of read capacity units consumed in
     * reading the item" (counted here as strongly consistent reads of the items as they are), and only when asked.
     */
    @Test
    void aRepeatedClientRequestTokenReportsReadUnitsOnlyWhenAsked() {
        String t = table(ScalarAttributeType.S, null);
        String other = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(sized("a", 5000)));
        String token = "replay-" + t;
        java.util.function.Function<ReturnConsumedCapacity, software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse> call =
                mode -> db.transactWriteItems(b -> b.clientRequestToken(token).returnConsumedCapacity(mode).transactItems(
                        TransactWriteItem.builder().put(p -> p.tableName(t).item(sized("b", 9000))).build(),
                        TransactWriteItem.builder().conditionCheck(c -> c.tableName(t).key(item("pk", "a"))
                                .conditionExpression("attribute_exists(pk)")).build(),
                        TransactWriteItem.builder().delete(d -> d.tableName(other).key(item("pk", "gone"))).build()));
        var first = call.apply(ReturnConsumedCapacity.TOTAL);
        ConsumedCapacity written = first.consumedCapacity().get(0);
        // Put of 9 KB twice (18) and the check of a 5 KB item twice (10).
        assertEquals(28.0, written.capacityUnits());
        assertEquals(28.0, written.writeCapacityUnits());
        assertEquals(null, written.readCapacityUnits());
        // Replays write nothing: b keeps what was written since, and is read at its size now.
        db.putItem(b -> b.tableName(t).item(item("pk", "b", "v", "changed")));

        var none = call.apply(ReturnConsumedCapacity.NONE);
        assertEquals(false, none.hasConsumedCapacity());
        var absent = call.apply(null);
        assertEquals(false, absent.hasConsumedCapacity());

        var total = call.apply(ReturnConsumedCapacity.TOTAL);
        assertEquals(2, total.consumedCapacity().size());
        ConsumedCapacity read = total.consumedCapacity().get(0);
        // b (now 11 bytes: 1 unit) and a (5,000 bytes: 2 units), read strongly consistent.
        assertEquals(t, read.tableName());
        assertEquals(3.0, read.capacityUnits());
        assertEquals(3.0, read.readCapacityUnits());
        assertEquals(null, read.writeCapacityUnits());
        assertEquals(other, total.consumedCapacity().get(1).tableName());
        assertEquals(1.0, total.consumedCapacity().get(1).readCapacityUnits());

        var indexes = call.apply(ReturnConsumedCapacity.INDEXES);
        assertEquals(3.0, indexes.consumedCapacity().get(0).table().readCapacityUnits());
        assertEquals(item("pk", "b", "v", "changed"), db.getItem(b -> b.tableName(t).key(item("pk", "b")).consistentRead(true)).item());
    }

    @Test
    void transactionalReadsCostTwice() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(sized("a", 5000)));
        var r = db.transactGetItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).transactItems(
                TransactGetItem.builder().get(g -> g.tableName(t).key(item("pk", "a"))).build()));
        assertEquals(4.0, r.consumedCapacity().get(0).capacityUnits());
        assertEquals(4.0, r.consumedCapacity().get(0).readCapacityUnits());
    }
}

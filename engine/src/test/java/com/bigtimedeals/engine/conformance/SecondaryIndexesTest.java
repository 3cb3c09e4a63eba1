package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Global and local secondary indexes: sparse, projected, kept up to date, paged exactly once. */
class SecondaryIndexesTest extends ConformanceSupport {
    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition def(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    /** A table (pk, sk) with a GSI "byG" on (g, h) of the given projection. */
    private String tableWithIndex(ProjectionType projection, List<String> nonKey) {
        return table(ScalarAttributeType.S, ScalarAttributeType.S, b -> b
                .attributeDefinitions(def("pk"), def("sk"), def("g"), def("h"))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
                        .keySchema(key("g", KeyType.HASH), key("h", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(projection).nonKeyAttributes(nonKey).build()).build()));
    }

    private QueryResponse byG(String table, String g) {
        return db.query(b -> b.tableName(table).indexName("byG").keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", s(g))));
    }

    /** Items sharing an index key come in the service's order of their table keys (dynalite's captures). */
    @Test
    void itemsSharingAGlobalIndexKeyComeInTheServicesOrder() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S, b -> b
                .attributeDefinitions(def("pk"), def("sk"), def("c"))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byC").keySchema(key("c", KeyType.HASH))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
        String[][] keys = {{"a", "a"}, {"b", "b"}, {"c", "e"}, {"c", "d"}, {"d", "a"}, {"e", "a"}};
        for (String[] k : keys) {
            db.putItem(b -> b.tableName(t).item(item("pk", k[0], "sk", k[1], "c", "x")));
        }
        db.putItem(b -> b.tableName(t).item(item("pk", "c", "sk", "c", "c", "c")));
        QueryResponse r = db.query(b -> b.tableName(t).indexName("byC").keyConditionExpression("c = :c")
                .expressionAttributeValues(Map.of(":c", s("x"))).limit(4));
        List<String> order = new ArrayList<>();
        for (Map<String, AttributeValue> it : r.items()) {
            order.add(it.get("pk").s() + it.get("sk").s());
        }
        assertEquals(List.of("bb", "aa", "ce", "ea"), order);
        assertEquals(item("pk", "e", "sk", "a", "c", "x"), r.lastEvaluatedKey());
    }

    @Test
    void globalIndexesAreSparse() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "g", "x", "h", "1")));
        db.putItem(b -> b.tableName(t).item(item("pk", "b", "sk", "1", "g", "x")));
        db.putItem(b -> b.tableName(t).item(item("pk", "c", "sk", "1")));
        assertEquals(1, byG(t, "x").count());
        assertEquals(1, db.scan(b -> b.tableName(t).indexName("byG")).count());
    }

    @Test
    void keysOnlyIndexesHoldTableAndIndexKeys() {
        String t = tableWithIndex(ProjectionType.KEYS_ONLY, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "g", "x", "h", "1", "other", "v")));
        assertEquals(List.of(item("pk", "a", "sk", "1", "g", "x", "h", "1")), byG(t, "x").items());
    }

    @Test
    void includeIndexesAddTheNamedAttributes() {
        String t = tableWithIndex(ProjectionType.INCLUDE, List.of("kept"));
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "g", "x", "h", "1", "kept", "k", "dropped", "d")));
        assertEquals(List.of(item("pk", "a", "sk", "1", "g", "x", "h", "1", "kept", "k")), byG(t, "x").items());
    }

    @Test
    void globalIndexesFollowUpdatesAndDeletes() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "g", "x", "h", "1")));
        db.updateItem(b -> b.tableName(t).key(item("pk", "a", "sk", "1")).updateExpression("SET g = :y")
                .expressionAttributeValues(Map.of(":y", s("y"))));
        assertEquals(0, byG(t, "x").count());
        assertEquals(1, byG(t, "y").count());
        db.deleteItem(b -> b.tableName(t).key(item("pk", "a", "sk", "1")));
        assertEquals(0, byG(t, "y").count());
    }

    @Test
    void indexPagesCarryIndexAndTableKeys() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "g", "x", "h", "1")));
        db.putItem(b -> b.tableName(t).item(item("pk", "b", "sk", "1", "g", "x", "h", "2")));
        QueryResponse r = db.query(b -> b.tableName(t).indexName("byG").keyConditionExpression("g = :g").limit(1)
                .expressionAttributeValues(Map.of(":g", s("x"))));
        assertEquals(item("pk", "a", "sk", "1", "g", "x", "h", "1"), r.lastEvaluatedKey());
    }

    @Test
    void itemsSharingAnIndexKeyPageExactlyOnceInTableKeyOrder() {
        String t = tableWithIndex(ProjectionType.KEYS_ONLY, null);
        for (int i = 0; i < 12; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "p" + (k % 3), "sk", "s" + k, "g", "same", "h", "same")));
        }
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = db.query(b -> b.tableName(t).indexName("byG").keyConditionExpression("g = :g").limit(5)
                    .expressionAttributeValues(Map.of(":g", s("same"))).exclusiveStartKey(from));
            all.addAll(page.items());
            start = page.lastEvaluatedKey().isEmpty() ? null : page.lastEvaluatedKey();
        } while (start != null);
        assertEquals(12, all.size());
        Set<String> distinct = new HashSet<>();
        all.forEach(i -> distinct.add(i.get("pk").s() + "/" + i.get("sk").s()));
        assertEquals(12, distinct.size());
    }

    @Test
    void stronglyConsistentReadsOfAGlobalIndexAreRefused() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        assertError("ValidationException", "Consistent reads are not supported on global secondary indexes",
                () -> db.query(b -> b.tableName(t).indexName("byG").consistentRead(true).keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("x")))));
    }

    @Test
    void unknownIndexesAreNamedInTheError() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        assertError("ValidationException", "The table does not have the specified index: nope",
                () -> db.query(b -> b.tableName(t).indexName("nope").keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("x")))));
    }

    @Test
    void allAttributesOfAPartiallyProjectedGlobalIndexIsRefused() {
        String t = tableWithIndex(ProjectionType.KEYS_ONLY, null);
        assertError("ValidationException",
                "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index byG because its projection type is not ALL",
                () -> db.query(b -> b.tableName(t).indexName("byG").select(Select.ALL_ATTRIBUTES).keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("x")))));
    }

    @Test
    void indexKeysOfTheWrongTypeAreRefused() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        assertError("ValidationException",
                "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: byG",
                () -> db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "g", n(1)))));
    }

    @Test
    void localIndexesOrderAPartitionByAnotherAttribute() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S, b -> b
                .attributeDefinitions(def("pk"), def("sk"), def("l"))
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("byL")
                        .keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build()));
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "l", "z", "v", "one")));
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "2", "l", "y", "v", "two")));
        QueryResponse r = db.query(b -> b.tableName(t).indexName("byL").keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("a"))));
        assertEquals(List.of("2", "1"), r.items().stream().map(i -> i.get("sk").s()).toList());
        assertFalse(r.items().get(0).containsKey("v"));
        QueryResponse all = db.query(b -> b.tableName(t).indexName("byL").select(Select.ALL_ATTRIBUTES).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("a"))));
        assertTrue(all.items().get(0).containsKey("v"), "a local index fetches what it does not project");
    }

    @Test
    void writesToATableWithLocalIndexesReportItemCollectionMetrics() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S, b -> b
                .attributeDefinitions(def("pk"), def("sk"), def("l"))
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("byL")
                        .keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
        var metrics = db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "l", "x"))
                .returnItemCollectionMetrics(software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics.SIZE))
                .itemCollectionMetrics();
        assertEquals(item("pk", "a"), metrics.itemCollectionKey());
        assertEquals(2, metrics.sizeEstimateRangeGB().size());
    }

    @Test
    void aTransactionReportsItemCollectionMetricsAndARepeatOfItTheSame() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S, b -> b
                .attributeDefinitions(def("pk"), def("sk"), def("l"))
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("byL")
                        .keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
        java.util.function.Supplier<Map<String, List<software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics>>> call =
                () -> db.transactWriteItems(b -> b.clientRequestToken("metrics-" + t)
                        .returnItemCollectionMetrics(software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics.SIZE)
                        .transactItems(software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder()
                                .put(p -> p.tableName(t).item(item("pk", "a", "sk", "1", "l", "x"))).build())).itemCollectionMetrics();
        var first = call.get();
        assertEquals(item("pk", "a"), first.get(t).get(0).itemCollectionKey());
        assertEquals(first, call.get());
    }

    @Test
    void aGlobalIndexDeletedByUpdateTableIsGone() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        db.updateTable(b -> b.tableName(t).globalSecondaryIndexUpdates(u -> u.delete(d -> d.indexName("byG"))));
        assertFalse(db.describeTable(b -> b.tableName(t)).table().hasGlobalSecondaryIndexes());
        assertError("ValidationException", "The table does not have the specified index: byG",
                () -> db.scan(b -> b.tableName(t).indexName("byG")));
    }

    @Test
    void describeTableCountsIndexItems() {
        String t = tableWithIndex(ProjectionType.ALL, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", "1", "g", "x", "h", "1")));
        db.putItem(b -> b.tableName(t).item(item("pk", "b", "sk", "1")));
        assertEquals(1L, db.describeTable(b -> b.tableName(t)).table().globalSecondaryIndexes().get(0).itemCount());
    }
}

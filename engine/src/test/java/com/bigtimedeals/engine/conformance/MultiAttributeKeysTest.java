package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.EngineSettings;
import com.bigtimedeals.engine.sdk.InProcessHttpClient;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Global secondary indexes with multi-attribute keys (Developer Guide, "Multi-attribute keys pattern", 2025): up to
 * four HASH and four RANGE attributes, each of its own type, kept in key schema order; an item lacking any of them is
 * not in the index; a Query names every partition attribute with {@code =}, then sort attributes left to right,
 * {@code =} on all but the last, which may use any key condition operator.
 */
class MultiAttributeKeysTest extends ConformanceSupport {
    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition def(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    /** Matches keyed by tournament and region, sorted by round, then score. */
    private static CreateTableRequest matches(String name) {
        return CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(def("id", ScalarAttributeType.S), def("tournament", ScalarAttributeType.S),
                        def("region", ScalarAttributeType.S), def("round", ScalarAttributeType.S),
                        def("score", ScalarAttributeType.N))
                .keySchema(key("id", KeyType.HASH))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byRound")
                        .keySchema(key("tournament", KeyType.HASH), key("region", KeyType.HASH),
                                key("round", KeyType.RANGE), key("score", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build())
                .build();
    }

    private static void match(DynamoDbClient client, String table, String id, String region, String round, Integer score) {
        Map<String, AttributeValue> item = item("id", id, "tournament", "WINTER", "region", region, "round", round);
        if (score != null) {
            item.put("score", n(score));
        }
        client.putItem(b -> b.tableName(table).item(item));
    }

    private static List<String> ids(QueryResponse r) {
        List<String> out = new ArrayList<>();
        for (Map<String, AttributeValue> it : r.items()) {
            out.add(it.get("id").s());
        }
        return out;
    }

    private QueryResponse query(String table, String condition, Object... values) {
        return query(db, table, condition, values);
    }

    private static QueryResponse query(DynamoDbClient client, String table, String condition, Object... values) {
        Map<String, String> names = new java.util.HashMap<>();
        for (String name : List.of("region", "round")) {
            if (condition.contains("#" + name)) {
                names.put("#" + name, name);
            }
        }
        return client.query(QueryRequest.builder().tableName(table).indexName("byRound").keyConditionExpression(condition)
                .expressionAttributeNames(names).expressionAttributeValues(item(values)).build());
    }

    private String matchesTable() {
        String t = uniqueName();
        create(matches(t));
        match(db, t, "m1", "NA", "SEMI", 10);
        match(db, t, "m2", "NA", "SEMI", 30);
        match(db, t, "m3", "NA", "FINAL", 20);
        match(db, t, "m4", "EU", "SEMI", 5);
        match(db, t, "m5", "NA", "SEMI", null);
        return t;
    }

    @Test
    void theIndexIsDescribedWithEveryKeyAttributeInOrder() {
        String t = matchesTable();
        var index = db.describeTable(b -> b.tableName(t)).table().globalSecondaryIndexes().get(0);
        assertEquals(List.of(key("tournament", KeyType.HASH), key("region", KeyType.HASH), key("round", KeyType.RANGE),
                key("score", KeyType.RANGE)), index.keySchema());
        assertEquals(4, index.itemCount());
    }

    @Test
    void aQueryNamesThePartitionAttributesThenSortAttributesLeftToRight() {
        String t = matchesTable();
        String partition = "tournament = :t AND #region = :r";
        assertEquals(List.of("m3", "m1", "m2"), ids(query(t, partition, ":t", "WINTER", ":r", "NA")));
        assertEquals(List.of("m1", "m2"), ids(query(t, partition + " AND #round = :round", ":t", "WINTER", ":r", "NA",
                ":round", "SEMI")));
        assertEquals(List.of("m2"), ids(query(t, partition + " AND #round = :round AND score > :s", ":t", "WINTER",
                ":r", "NA", ":round", "SEMI", ":s", n(15))));
        assertEquals(List.of("m1", "m2"), ids(query(t, partition + " AND begins_with(#round, :p)", ":t", "WINTER",
                ":r", "NA", ":p", "SE")));
        assertEquals(List.of("m3"), ids(query(t, partition + " AND #round < :round", ":t", "WINTER", ":r", "NA",
                ":round", "SEMI")));
        assertEquals(List.of("m4"), ids(query(t, partition, ":t", "WINTER", ":r", "EU")));
    }

    @Test
    void aQueryThatSkipsAKeyAttributeOrRangesBeforeTheLastIsRefused() {
        String t = matchesTable();
        assertError("ValidationException", "Query condition missed key schema element: region",
                () -> db.query(b -> b.tableName(t).indexName("byRound").keyConditionExpression("tournament = :t")
                        .expressionAttributeValues(item(":t", "WINTER"))));
        assertError("ValidationException", "Query condition missed key schema element: round",
                () -> query(t, "tournament = :t AND #region = :r AND score > :s", ":t", "WINTER", ":r", "NA", ":s", n(1)));
        assertError("ValidationException", "Query key condition not supported",
                () -> query(t, "tournament = :t AND #region = :r AND #round > :round AND score > :s", ":t", "WINTER",
                        ":r", "NA", ":round", "A", ":s", n(1)));
        assertError("ValidationException", "Query key condition not supported",
                () -> query(t, "tournament = :t AND #region > :r", ":t", "WINTER", ":r", "NA"));
    }

    @Test
    void pagesCarryEveryKeyAttributeAndResumeExactlyOnce() {
        String t = matchesTable();
        List<String> seen = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = db.query(b -> b.tableName(t).indexName("byRound").limit(1)
                    .keyConditionExpression("tournament = :t AND #region = :r")
                    .expressionAttributeNames(Map.of("#region", "region"))
                    .expressionAttributeValues(item(":t", "WINTER", ":r", "NA")).exclusiveStartKey(from));
            seen.addAll(ids(page));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            if (start != null) {
                assertEquals(5, start.size(), () -> "the table key and the index's four attributes");
            }
        } while (start != null);
        assertEquals(List.of("m3", "m1", "m2"), seen);
    }

    @Test
    void writesMoveItemsInAndOutOfTheIndex() {
        String t = matchesTable();
        db.updateItem(b -> b.tableName(t).key(item("id", "m5")).updateExpression("SET score = :s")
                .expressionAttributeValues(item(":s", n(40))));
        db.deleteItem(b -> b.tableName(t).key(item("id", "m1")));
        db.updateItem(b -> b.tableName(t).key(item("id", "m2")).updateExpression("SET #region = :r")
                .expressionAttributeNames(Map.of("#region", "region")).expressionAttributeValues(item(":r", "EU")));
        assertEquals(List.of("m3", "m5"), ids(query(t, "tournament = :t AND #region = :r", ":t", "WINTER", ":r", "NA")));
        assertEquals(List.of("m4", "m2"), ids(query(t, "tournament = :t AND #region = :r", ":t", "WINTER", ":r", "EU")));
        assertError("ValidationException",
                "One or more parameter values were invalid: Type mismatch for Index Key score Expected: N Actual: S IndexName: byRound",
                () -> db.putItem(b -> b.tableName(t).item(item("id", "m9", "score", "high"))));
    }

    @Test
    void aKeySchemaOfMoreThanFourOfAKindOrOutOfOrderIsRefused() {
        List<AttributeDefinition> defs = new ArrayList<>(List.of(def("id", ScalarAttributeType.S)));
        List<KeySchemaElement> five = new ArrayList<>();
        for (String a : List.of("a", "b", "c", "d", "e")) {
            defs.add(def(a, ScalarAttributeType.S));
            five.add(key(a, KeyType.HASH));
        }
        assertError("ValidationException", "Invalid KeySchema: The number of HASH key elements exceeds the limit of 4",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(defs).keySchema(key("id", KeyType.HASH))
                        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("gsi").keySchema(five)
                                .projection(p -> p.projectionType(ProjectionType.ALL)).build())));
        assertError("ValidationException", "Invalid KeySchema: HASH key elements must come before RANGE key elements",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(defs.subList(0, 4)).keySchema(key("id", KeyType.HASH))
                        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("gsi")
                                .keySchema(key("a", KeyType.HASH), key("b", KeyType.RANGE), key("c", KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.ALL)).build())));
    }

    @Test
    void anIndexAddedByUpdateTableIsBackFilledAndSurvivesARestart(@TempDir Path data) {
        Assumptions.assumeFalse(Endpoint.external(), "restarts the engine it runs");
        EngineSettings settings = EngineSettings.defaults().dataDirectory(data);
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient client = client(engine);
            client.createTable(matches("matches"));
            match(client, "matches", "m1", "NA", "SEMI", 10);
            match(client, "matches", "m2", "NA", "FINAL", 20);
            client.updateTable(b -> b.tableName("matches")
                    .attributeDefinitions(def("region", ScalarAttributeType.S), def("tournament", ScalarAttributeType.S))
                    .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("byRegion")
                            .keySchema(key("region", KeyType.HASH), key("tournament", KeyType.HASH))
                            .projection(p -> p.projectionType(ProjectionType.ALL)))));
        }
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient client = client(engine);
            assertEquals(List.of("m2", "m1"), ids(query(client, "matches", "tournament = :t AND #region = :r",
                    ":t", "WINTER", ":r", "NA")));
            var byRegion = client.describeTable(b -> b.tableName("matches")).table().globalSecondaryIndexes().stream()
                    .filter(i -> i.indexName().equals("byRegion")).findFirst().orElseThrow();
            assertEquals(List.of(key("region", KeyType.HASH), key("tournament", KeyType.HASH)), byRegion.keySchema());
            assertEquals(2, client.query(b -> b.tableName("matches").indexName("byRegion")
                    .keyConditionExpression("#region = :r AND tournament = :t")
                    .expressionAttributeNames(Map.of("#region", "region"))
                    .expressionAttributeValues(item(":t", "WINTER", ":r", "NA"))).count());
        }
    }

    private static DynamoDbClient client(Engine engine) {
        return DynamoDbClient.builder().httpClient(new InProcessHttpClient(engine))
                .endpointOverride(URI.create("http://127.0.0.1:1")).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b"))).build();
    }
}

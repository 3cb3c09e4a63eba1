package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsStatus;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** CreateTable, DescribeTable, ListTables, UpdateTable, DeleteTable and the TTL settings, as documented. */
class TableOperationsTest extends ConformanceSupport {
    private static AttributeDefinition def(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    @Test
    void createTableAnswersCreatingAndDescribeTableThenShowsActive() {
        String name = uniqueName();
        CreateTableResponse created = db.createTable(b -> b.tableName(name)
                .attributeDefinitions(def("pk", ScalarAttributeType.S)).keySchema(key("pk", KeyType.HASH))
                .billingMode(BillingMode.PAY_PER_REQUEST));
        try {
            assertEquals(TableStatus.CREATING, created.tableDescription().tableStatus());
            db.waiter().waitUntilTableExists(b -> b.tableName(name));
            TableDescription d = db.describeTable(b -> b.tableName(name)).table();
            assertEquals(TableStatus.ACTIVE, d.tableStatus());
            assertEquals(name, d.tableName());
            assertTrue(d.tableArn().endsWith(":table/" + name));
            assertNotNull(d.tableId());
            assertEquals(0L, d.itemCount());
            assertEquals(0L, d.tableSizeBytes());
            assertEquals(BillingMode.PAY_PER_REQUEST, d.billingModeSummary().billingMode());
            assertEquals(0L, d.provisionedThroughput().readCapacityUnits());
        } finally {
            db.deleteTable(b -> b.tableName(name));
        }
    }

    @Test
    void createTableOfAnExistingNameIsRefusedAsResourceInUse() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ResourceInUseException", "Table already exists: " + t, () -> db.createTable(b -> b.tableName(t)
                .attributeDefinitions(def("pk", ScalarAttributeType.S)).keySchema(key("pk", KeyType.HASH))
                .billingMode(BillingMode.PAY_PER_REQUEST)));
    }

    @Test
    void createTableRefusesAttributeDefinitionsTheKeysDoNotUse() {
        assertError("ValidationException",
                "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
                () -> db.createTable(b -> b.tableName(uniqueName())
                        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("other", ScalarAttributeType.S))
                        .keySchema(key("pk", KeyType.HASH)).billingMode(BillingMode.PAY_PER_REQUEST)));
    }

    @Test
    void createTableRefusesKeyAttributesWithoutDefinitions() {
        assertError("ValidationException",
                "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [pk, sk], AttributeDefinitions: [pk, x]",
                () -> db.createTable(b -> b.tableName(uniqueName())
                        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("x", ScalarAttributeType.S))
                        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE)).billingMode(BillingMode.PAY_PER_REQUEST)));
    }

    @Test
    void createTableRefusesARangeKeyFirst() {
        assertError("ValidationException", "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
                () -> db.createTable(b -> b.tableName(uniqueName())
                        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("sk", ScalarAttributeType.S))
                        .keySchema(key("pk", KeyType.RANGE), key("sk", KeyType.HASH)).billingMode(BillingMode.PAY_PER_REQUEST)));
    }

    @Test
    void createTableRequiresThroughputWhenProvisioned() {
        assertError("ValidationException",
                "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
                () -> db.createTable(b -> b.tableName(uniqueName())
                        .attributeDefinitions(def("pk", ScalarAttributeType.S)).keySchema(key("pk", KeyType.HASH))));
    }

    @Test
    void createTableRefusesShortNamesBeforeAnyOtherCheck() {
        assertError("ValidationException",
                "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
                () -> db.createTable(b -> b.tableName("ab")
                        .attributeDefinitions(def("pk", ScalarAttributeType.S)).keySchema(key("pk", KeyType.HASH))
                        .billingMode(BillingMode.PAY_PER_REQUEST)));
    }

    @Test
    void createTableReportsEveryConstraintFailureAtOnce() {
        assertError("ValidationException",
                "1 validation error detected: Value 'a;b' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                () -> db.createTable(b -> b.tableName("a;b")
                        .attributeDefinitions(def("pk", ScalarAttributeType.S)).keySchema(key("pk", KeyType.HASH))
                        .billingMode(BillingMode.PAY_PER_REQUEST)));
    }

    @Test
    void createTableWithAGlobalIndexDescribesItActive() {
        String name = uniqueName();
        create(CreateTableRequest.builder().tableName(name)
                .attributeDefinitions(def("pk", ScalarAttributeType.S), def("g", ScalarAttributeType.N))
                .keySchema(key("pk", KeyType.HASH)).billingMode(BillingMode.PAY_PER_REQUEST)
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG").keySchema(key("g", KeyType.HASH))
                        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build())
                .build());
        var gsi = db.describeTable(b -> b.tableName(name)).table().globalSecondaryIndexes().get(0);
        assertEquals("byG", gsi.indexName());
        assertEquals("ACTIVE", gsi.indexStatusAsString());
        assertTrue(gsi.indexArn().endsWith(":table/" + name + "/index/byG"));
    }

    @Test
    void describeTableOfAMissingTableNamesIt() {
        assertError("ResourceNotFoundException", "Requested resource not found: Table: nosuchtable not found",
                () -> db.describeTable(b -> b.tableName("nosuchtable")));
    }

    @Test
    void describeTableCountsItemsAndBytes() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", "xyz")));
        TableDescription d = db.describeTable(b -> b.tableName(t)).table();
        assertEquals(1L, d.itemCount());
        assertEquals(7L, d.tableSizeBytes());
    }

    @Test
    void listTablesPagesWithLastEvaluatedTableName() {
        String a = table(ScalarAttributeType.S, null);
        String b2 = table(ScalarAttributeType.S, null);
        List<String> all = new java.util.ArrayList<>();
        String start = null;
        do {
            String from = start;
            ListTablesResponse page = db.listTables(b -> b.limit(1).exclusiveStartTableName(from));
            assertTrue(page.tableNames().size() <= 1);
            all.addAll(page.tableNames());
            start = page.lastEvaluatedTableName();
        } while (start != null);
        assertTrue(all.contains(a) && all.contains(b2));
        List<String> sorted = new java.util.ArrayList<>(all);
        java.util.Collections.sort(sorted);
        assertEquals(sorted, all);
    }

    @Test
    void deleteTableAnswersDeletingAndTheTableIsGone() {
        String t = table(ScalarAttributeType.S, null);
        assertEquals(TableStatus.DELETING, db.deleteTable(b -> b.tableName(t)).tableDescription().tableStatus());
        forget(t);
        assertError("ResourceNotFoundException", "Requested resource not found: Table: " + t + " not found",
                () -> db.describeTable(b -> b.tableName(t)));
    }

    @Test
    void deleteTableIsRefusedUnderDeletionProtection() {
        String t = table(ScalarAttributeType.S, null, b -> b.deletionProtectionEnabled(true));
        assertError("ValidationException", null, () -> db.deleteTable(b -> b.tableName(t)));
        db.updateTable(b -> b.tableName(t).deletionProtectionEnabled(false));
    }

    @Test
    void updateTableEnablesAStreamWithANewLabel() {
        String t = table(ScalarAttributeType.S, null);
        TableDescription d = db.updateTable(b -> b.tableName(t).streamSpecification(s -> s.streamEnabled(true)
                .streamViewType(StreamViewType.NEW_IMAGE))).tableDescription();
        assertNotNull(d.latestStreamArn());
        assertTrue(d.latestStreamArn().startsWith(d.tableArn() + "/stream/"));
        assertEquals(d.latestStreamLabel(), d.latestStreamArn().substring(d.latestStreamArn().lastIndexOf('/') + 1));
        assertTrue(d.streamSpecification().streamEnabled());
    }

    @Test
    void updateTableRefusesEnablingAStreamTwice() {
        String t = table(ScalarAttributeType.S, null, b -> b.streamSpecification(s -> s.streamEnabled(true)
                .streamViewType(StreamViewType.KEYS_ONLY)));
        assertError("ValidationException", "Table already has an enabled stream: TableName: " + t,
                () -> db.updateTable(b -> b.tableName(t).streamSpecification(s -> s.streamEnabled(true)
                        .streamViewType(StreamViewType.NEW_IMAGE))));
    }

    @Test
    void updateTableWithNothingToChangeIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException",
                "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required",
                () -> db.updateTable(b -> b.tableName(t)));
    }

    @Test
    void updateTableCreatesAGlobalIndexFilledWithExistingItems() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "g", "x")));
        db.putItem(b -> b.tableName(t).item(item("pk", "b")));
        var answered = db.updateTable(b -> b.tableName(t).attributeDefinitions(def("g", ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("byG").keySchema(key("g", KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))))).tableDescription().globalSecondaryIndexes().get(0);
        // The answer describes the index as the update left it, before the back-fill made it ACTIVE.
        assertEquals(IndexStatus.CREATING, answered.indexStatus());
        assertEquals(false, answered.backfilling());
        var described = db.describeTable(b -> b.tableName(t)).table().globalSecondaryIndexes().get(0);
        assertEquals(IndexStatus.ACTIVE, described.indexStatus());
        assertEquals(1L, described.itemCount());
        var items = db.query(b -> b.tableName(t).indexName("byG").keyConditionExpression("g = :g")
                .expressionAttributeValues(java.util.Map.of(":g", s("x")))).items();
        assertEquals(List.of(item("pk", "a", "g", "x")), items);
    }

    @Test
    void timeToLiveIsDescribedAsSetAndRefusedTwice() {
        String t = table(ScalarAttributeType.S, null);
        assertEquals(TimeToLiveStatus.DISABLED, db.describeTimeToLive(b -> b.tableName(t)).timeToLiveDescription().timeToLiveStatus());
        db.updateTimeToLive(b -> b.tableName(t).timeToLiveSpecification(s -> s.attributeName("exp").enabled(true)));
        var d = db.describeTimeToLive(b -> b.tableName(t)).timeToLiveDescription();
        assertEquals(TimeToLiveStatus.ENABLED, d.timeToLiveStatus());
        assertEquals("exp", d.attributeName());
        assertError("ValidationException", "TimeToLive is already enabled",
                () -> db.updateTimeToLive(b -> b.tableName(t).timeToLiveSpecification(s -> s.attributeName("exp").enabled(true))));
    }

    /**
     * API_DescribeContinuousBackups: "Continuous backups are ENABLED on all tables at table creation"; point-in-time
     * recovery is off until enabled.
     */
    @Test
    void continuousBackupsAreEnabledOnEveryTable() {
        String t = table(ScalarAttributeType.S, null);
        var d = db.describeContinuousBackups(b -> b.tableName(t)).continuousBackupsDescription();
        assertEquals(ContinuousBackupsStatus.ENABLED, d.continuousBackupsStatus());
        assertEquals(PointInTimeRecoveryStatus.DISABLED, d.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus());
    }

    @Test
    void provisionedTablesReportTheirThroughput() {
        String t = table(ScalarAttributeType.S, null, b -> b.billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(7L)));
        TableDescription d = db.describeTable(b -> b.tableName(t)).table();
        assertEquals(5L, d.provisionedThroughput().readCapacityUnits());
        assertEquals(7L, d.provisionedThroughput().writeCapacityUnits());
        assertNull(d.billingModeSummary());
        assertFalse(d.deletionProtectionEnabled());
    }

    /**
     * The aws: prefix is reserved for AWS-assigned tags, which the user cannot assign (Developer Guide, Tagging
     * restrictions in DynamoDB). The message is the engine's own: no capture of the service's wording was found.
     */
    @Test
    void tagKeysWithTheAwsPrefixCannotBeAssigned() {
        String t = table(ScalarAttributeType.S, null);
        String arn = db.describeTable(b -> b.tableName(t)).table().tableArn();
        assertError("ValidationException", null,
                () -> db.tagResource(b -> b.resourceArn(arn).tags(g -> g.key("aws:cloudformation:stack-name").value("x"))));
        assertTrue(db.listTagsOfResource(b -> b.resourceArn(arn)).tags().isEmpty());
        db.tagResource(b -> b.resourceArn(arn).tags(g -> g.key("team").value("aws:x")));
        assertEquals(1, db.listTagsOfResource(b -> b.resourceArn(arn)).tags().size());
    }
}

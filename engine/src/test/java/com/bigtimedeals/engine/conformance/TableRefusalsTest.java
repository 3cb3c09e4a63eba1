package com.bigtimedeals.engine.conformance;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * CreateTable's and UpdateTable's refusals that need more than the request's shape: checked on the typed specs the
 * one table decoder makes (TableSpecDecoder, core.TableSpecs) before the table is read, or by the core against the
 * table. Each text and error type is the one the engine gave before that decoder (most of them the service's, as
 * dynalite's createTable and updateTable tests record them).
 */
class TableRefusalsTest extends ConformanceSupport {
    private static final String INVALID = "One or more parameter values were invalid: ";

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition def(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static Projection all() {
        return Projection.builder().projectionType(ProjectionType.ALL).build();
    }

    private static GlobalSecondaryIndex gsi(String name, String hash) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(key(hash, KeyType.HASH)).projection(all()).build();
    }

    private static GlobalSecondaryIndexUpdate create(String name, String hash) {
        return GlobalSecondaryIndexUpdate.builder().create(c -> c.indexName(name).keySchema(key(hash, KeyType.HASH))
                .projection(all())).build();
    }

    private static ProvisionedThroughput units(long read, long write) {
        return ProvisionedThroughput.builder().readCapacityUnits(read).writeCapacityUnits(write).build();
    }

    /** An on-demand table (pk) with a global index byG on g. */
    private String tableWithIndex() {
        return table(ScalarAttributeType.S, null, b -> b.attributeDefinitions(def("pk"), def("g")).globalSecondaryIndexes(gsi("byG", "g")));
    }

    @Test
    void updateTableCreatesOrDeletesOneIndexAtATime() {
        String t = tableWithIndex();
        assertError("LimitExceededException", "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
                () -> db.updateTable(b -> b.tableName(t).attributeDefinitions(def("h"))
                        .globalSecondaryIndexUpdates(create("byH", "h"), GlobalSecondaryIndexUpdate.builder()
                                .delete(d -> d.indexName("byG")).build())));
    }

    @Test
    void updateTableTakesOneActionPerUpdateAndOneUpdatePerIndex() {
        String t = tableWithIndex();
        assertError("ValidationException", INVALID + "Only one of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create,"
                        + " GlobalSecondaryIndexUpdate.Delete can be specified",
                () -> db.updateTable(b -> b.tableName(t).attributeDefinitions(def("h")).globalSecondaryIndexUpdates(
                        GlobalSecondaryIndexUpdate.builder().create(c -> c.indexName("byH").keySchema(key("h", KeyType.HASH))
                                .projection(all())).update(u -> u.indexName("byG")).build())));
        assertError("ValidationException", INVALID + "Only one global secondary index update per index is allowed simultaneously. Index: byG",
                () -> db.updateTable(b -> b.tableName(t).globalSecondaryIndexUpdates(
                        GlobalSecondaryIndexUpdate.builder().update(u -> u.indexName("byG")).build(),
                        GlobalSecondaryIndexUpdate.builder().update(u -> u.indexName("byG")).build())));
    }

    @Test
    void updateTableRefusesIndexChangesTheTableCannotTake() {
        String t = tableWithIndex();
        assertError("ValidationException", INVALID + "Index with name: byG already exists",
                () -> db.updateTable(b -> b.tableName(t).attributeDefinitions(def("g")).globalSecondaryIndexUpdates(create("byG", "g"))));
        assertError("ValidationException", INVALID + "Attribute pk cannot be redefined with a different type: it is defined as S",
                () -> db.updateTable(b -> b.tableName(t)
                        .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.N).build())
                        .globalSecondaryIndexUpdates(create("byPk", "pk"))));
        assertError("ResourceNotFoundException", "Requested resource not found",
                () -> db.updateTable(b -> b.tableName(t).globalSecondaryIndexUpdates(
                        GlobalSecondaryIndexUpdate.builder().delete(d -> d.indexName("nosuch")).build())));
        assertError("ValidationException", INVALID + "ProvisionedThroughput should not be specified for index: byG when BillingMode is PAY_PER_REQUEST",
                () -> db.updateTable(b -> b.tableName(t).globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                        .update(u -> u.indexName("byG").provisionedThroughput(units(1, 1))).build())));
        assertError("ValidationException", INVALID + "ProvisionedThroughput must be specified for index: byG",
                () -> db.updateTable(b -> b.tableName(t).billingMode(BillingMode.PROVISIONED).provisionedThroughput(units(5, 5))));
    }

    @Test
    void updateTableRefusesThroughputThatDoesNotChangeOrIsOutOfBounds() {
        String t = table(ScalarAttributeType.S, null, b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(units(1, 2)));
        assertError("ValidationException", "The provisioned throughput for the table will not change. The requested value equals the current"
                        + " value. Current ReadCapacityUnits provisioned for the table: 1. Requested ReadCapacityUnits: 1. Current"
                        + " WriteCapacityUnits provisioned for the table: 2. Requested WriteCapacityUnits: 2. Refer to the Amazon DynamoDB"
                        + " Developer Guide for current limits and how to request higher limits.",
                () -> db.updateTable(b -> b.tableName(t).provisionedThroughput(units(1, 2))));
        assertError("ValidationException", "Given value 1000000000001 for WriteCapacityUnits is out of bounds",
                () -> db.updateTable(b -> b.tableName(t).provisionedThroughput(units(1, 1_000_000_000_001L))));
    }

    @Test
    void updateTableChecksTheStreamSpecificationAgainstItselfThenTheTable() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", INVALID + "StreamViewType is required when StreamEnabled is true",
                () -> db.updateTable(b -> b.tableName(t).streamSpecification(s -> s.streamEnabled(true))));
        assertError("ValidationException", "Table does not have a stream enabled, so the stream cannot be disabled: TableName: " + t,
                () -> db.updateTable(b -> b.tableName(t).streamSpecification(s -> s.streamEnabled(false))));
    }

    @Test
    void createTableChecksEachIndexAndTheDefinitionsTheyUse() {
        assertError("ValidationException", INVALID + "Duplicate index name: idx1",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(def("pk"), def("sk"), def("g")).keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("idx1")
                                .keySchema(key("pk", KeyType.HASH), key("g", KeyType.RANGE)).projection(all()).build())
                        .globalSecondaryIndexes(gsi("idx1", "g"))));
        assertError("ValidationException", INVALID + "Index KeySchema does not have the same leading hash key as table KeySchema for index:"
                        + " loc1. index hash key: g, table hash key: pk",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(def("pk"), def("sk"), def("g")).keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("loc1")
                                .keySchema(key("g", KeyType.HASH), key("sk", KeyType.RANGE)).projection(all()).build())));
        assertError("ValidationException", INVALID + "Some AttributeDefinitions are not used. AttributeDefinitions: [pk, g, x], keys used: [pk, g]",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(def("pk"), def("g"), def("x")).keySchema(key("pk", KeyType.HASH))
                        .globalSecondaryIndexes(gsi("byG", "g"))));
        assertError("ValidationException", INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(def("pk"), def("g")).keySchema(key("pk", KeyType.HASH))
                        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG").keySchema(key("g", KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.INCLUDE)).build())));
        assertError("ValidationException", INVALID + "ProvisionedThroughput should not be specified for index: byG when BillingMode is PAY_PER_REQUEST",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(def("pk"), def("g")).keySchema(key("pk", KeyType.HASH))
                        .globalSecondaryIndexes(gsi("byG", "g").toBuilder().provisionedThroughput(units(1, 1)).build())));
    }

    @Test
    void createTableChecksThroughputBoundsAndTheStreamSpecification() {
        assertError("ValidationException", "Given value 1000000000001 for ReadCapacityUnits is out of bounds",
                () -> db.createTable(b -> b.tableName(uniqueName()).attributeDefinitions(def("pk")).keySchema(key("pk", KeyType.HASH))
                        .provisionedThroughput(units(1_000_000_000_001L, 1))));
        assertError("ValidationException", INVALID + "StreamViewType cannot be specified when StreamEnabled is false",
                () -> db.createTable(b -> b.tableName(uniqueName()).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(def("pk")).keySchema(key("pk", KeyType.HASH))
                        .streamSpecification(s -> s.streamEnabled(false).streamViewType(StreamViewType.KEYS_ONLY))));
    }
}

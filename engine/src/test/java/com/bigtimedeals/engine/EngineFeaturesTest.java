package com.bigtimedeals.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.sdk.InProcessHttpClient;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * What the engine does beyond DynamoDB Local, each on its own engine with a clock the test moves by hand (so no
 * test waits or times anything): per-partition throughput, GSI propagation lag, fault injection, TTL deletion,
 * iterator expiry, stream retention and shard hand-over.
 */
class EngineFeaturesTest {
    private final AtomicLong now = new AtomicLong(1_800_000_000_000L);
    private Engine engine;
    private DynamoDbClient db;
    private DynamoDbStreamsClient streams;

    private void start(EngineSettings settings) {
        engine = Engine.start(settings.clock(now::get).ttlSweepMillis(3_600_000));
        var credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
        var noRetries = ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build();
        db = DynamoDbClient.builder().httpClient(new InProcessHttpClient(engine)).endpointOverride(URI.create("http://engine"))
                .region(Region.US_EAST_1).credentialsProvider(credentials).overrideConfiguration(noRetries).build();
        streams = DynamoDbStreamsClient.builder().httpClient(new InProcessHttpClient(engine)).endpointOverride(URI.create("http://engine"))
                .region(Region.US_EAST_1).credentialsProvider(credentials).overrideConfiguration(noRetries).build();
    }

    @AfterEach
    void stop() {
        if (engine != null) {
            engine.close();
        }
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private void table(String name, boolean withIndex, StreamViewType stream) {
        db.createTable(b -> {
            b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(attr("pk"), attr("g"))
                    .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build());
            if (withIndex) {
                b.globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
                        .keySchema(KeySchemaElement.builder().attributeName("g").keyType(KeyType.HASH).build())
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build());
            } else {
                b.attributeDefinitions(attr("pk"));
            }
            if (stream != null) {
                b.streamSpecification(s -> s.streamEnabled(true).streamViewType(stream));
            }
        });
    }

    private static AttributeDefinition attr(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    @Test
    void aHotPartitionIsThrottledAtOneThousandWriteUnitsASecond() {
        start(EngineSettings.defaults().partitionLimits(true));
        table("hot", false, null);
        String kilobyte = "x".repeat(1000);
        for (int i = 0; i < 1000; i++) {
            db.putItem(b -> b.tableName("hot").item(Map.of("pk", s("same"), "v", s(kilobyte))));
        }
        DynamoDbException e = assertThrows(DynamoDbException.class,
                () -> db.putItem(b -> b.tableName("hot").item(Map.of("pk", s("same"), "v", s(kilobyte)))));
        assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
        db.putItem(b -> b.tableName("hot").item(Map.of("pk", s("other"), "v", s(kilobyte))));
        now.addAndGet(1000);
        db.putItem(b -> b.tableName("hot").item(Map.of("pk", s("same"), "v", s(kilobyte))));
    }

    @Test
    void aScaleMultipliesEveryPartitionLimit() {
        start(EngineSettings.defaults().partitionLimits(true).partitionScale(1.0 / 50));
        table("scaled", false, null);
        String kilobyte = "x".repeat(1000);
        for (int i = 0; i < 20; i++) {
            db.putItem(b -> b.tableName("scaled").item(Map.of("pk", s("same"), "v", s(kilobyte))));
        }
        DynamoDbException e = assertThrows(DynamoDbException.class,
                () -> db.putItem(b -> b.tableName("scaled").item(Map.of("pk", s("same"), "v", s(kilobyte)))));
        assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
        assertTrue(body(e).contains("\"reason\":\"TableWriteKeyRangeThroughputExceeded\""), body(e));
        now.addAndGet(50); // a twentieth of a second: one write unit again
        db.putItem(b -> b.tableName("scaled").item(Map.of("pk", s("same"), "v", s(kilobyte))));
        // The busiest partition served 21 units in that whole second (a bucket's second and the clock's differ),
        // and read nothing.
        assertEquals(21.0 / 20, engine.busiestPartitions("scaled").get("").writes(), 1e-9);
        assertEquals("same", engine.busiestPartitions("scaled").get("").writePartition());
        assertEquals(0.0, engine.busiestPartitions("scaled").get("").reads(), 1e-9);
        // Its busiest 10-second window held the same 21 units: a tenth of that a second, over the limit.
        assertEquals(21.0 / 20 / 10, engine.busiestPartitions("scaled").get("").windowWrites(), 1e-9);
        assertEquals("same", engine.busiestPartitions("scaled").get("").windowWritePartition());
        // What each partition served in all, refused writes left out.
        assertEquals(21.0, engine.servedByPartition("scaled").get("same")[1], 1e-9);
        assertEquals(0.0, engine.servedByPartition("scaled").get("same")[0], 1e-9);
    }

    @Test
    void aHotIndexPartitionThrottlesTheTableWritesThatWouldUpdateIt() {
        start(EngineSettings.defaults().partitionLimits(true).partitionScale(1.0 / 50));
        table("indexed", true, null);
        String kilobyte = "x".repeat(1000);
        // Twenty items in twenty table partitions, all in one index partition: the index's limit is reached first.
        for (int i = 0; i < 20; i++) {
            String pk = "item" + i;
            db.putItem(b -> b.tableName("indexed").item(Map.of("pk", s(pk), "g", s("hot"), "v", s(kilobyte))));
        }
        DynamoDbException e = assertThrows(DynamoDbException.class,
                () -> db.putItem(b -> b.tableName("indexed").item(Map.of("pk", s("late"), "g", s("hot"), "v", s(kilobyte)))));
        assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
        String arn = db.describeTable(b -> b.tableName("indexed")).table().tableArn();
        assertTrue(body(e).contains("\"reason\":\"IndexWriteKeyRangeThroughputExceeded\""), body(e));
        assertTrue(body(e).contains("\"resource\":\"" + arn + "/index/byG\""), body(e));
        // The refused write wrote nothing, and left its table partition's units where they were.
        assertFalse(db.getItem(b -> b.tableName("indexed").key(Map.of("pk", s("late"))).consistentRead(true)).hasItem());
        for (int i = 0; i < 19; i++) {
            String v = "v" + i;
            db.putItem(b -> b.tableName("indexed").item(Map.of("pk", s("late"), "v", s(v))));
        }
        // Another index partition, and items outside the sparse index, are served.
        db.putItem(b -> b.tableName("indexed").item(Map.of("pk", s("cold"), "g", s("cold"), "v", s(kilobyte))));
        db.putItem(b -> b.tableName("indexed").item(Map.of("pk", s("unindexed"), "v", s(kilobyte))));
        assertEquals(1.0, engine.busiestPartitions("indexed").get("byG").writes(), 1e-9);
        assertEquals("hot", engine.busiestPartitions("indexed").get("byG").writePartition());
    }

    @Test
    void aHotIndexPartitionThrottlesItsQueriesOnAProvisionedTableToo() {
        start(EngineSettings.defaults().partitionLimits(true).partitionScale(1.0 / 50));
        db.createTable(b -> b.tableName("provisioned").attributeDefinitions(attr("pk"), attr("g"))
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                .provisionedThroughput(t -> t.readCapacityUnits(10_000L).writeCapacityUnits(10_000L))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
                        .keySchema(KeySchemaElement.builder().attributeName("g").keyType(KeyType.HASH).build())
                        .provisionedThroughput(t -> t.readCapacityUnits(10_000L).writeCapacityUnits(10_000L))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build()));
        db.putItem(b -> b.tableName("provisioned").item(Map.of("pk", s("a"), "g", s("hot"))));
        // 60 read units a second: 120 eventually consistent reads of half a unit each.
        for (int i = 0; i < 120; i++) {
            db.query(b -> b.tableName("provisioned").indexName("byG").keyConditionExpression("g = :g")
                    .expressionAttributeValues(Map.of(":g", s("hot"))));
        }
        DynamoDbException e = assertThrows(DynamoDbException.class, () -> db.query(b -> b.tableName("provisioned")
                .indexName("byG").keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", s("hot")))));
        assertEquals("ProvisionedThroughputExceededException", e.awsErrorDetails().errorCode());
        assertTrue(body(e).contains("\"reason\":\"IndexReadKeyRangeThroughputExceeded\""), body(e));
        // The table's own partition of the same key value is another partition.
        db.getItem(b -> b.tableName("provisioned").key(Map.of("pk", s("hot"))));
    }

    private static String body(DynamoDbException e) {
        return e.awsErrorDetails().rawResponse().asUtf8String();
    }

    @Test
    void partitionLimitsCanBeSwitchedOnForOneTableByATag() {
        start(EngineSettings.defaults());
        table("tagged", false, null);
        table("free", false, null);
        String arn = db.describeTable(b -> b.tableName("tagged")).table().tableArn();
        db.tagResource(b -> b.resourceArn(arn).tags(t -> t.key("engine:partition-limits").value("true")));
        String big = "x".repeat(100_000);
        for (int i = 0; i < 12; i++) {
            db.putItem(b -> b.tableName("free").item(Map.of("pk", s("same"), "v", s(big))));
        }
        assertThrows(DynamoDbException.class, () -> {
            for (int i = 0; i < 12; i++) {
                db.putItem(b -> b.tableName("tagged").item(Map.of("pk", s("same"), "v", s(big))));
            }
        });
    }

    @Test
    void globalIndexesSeeWritesOnlyAfterTheConfiguredLag() {
        start(EngineSettings.defaults().gsiLagMillis(500));
        table("lagged", true, null);
        db.putItem(b -> b.tableName("lagged").item(Map.of("pk", s("a"), "g", s("x"))));
        var query = (java.util.function.Supplier<Integer>) () -> db.query(b -> b.tableName("lagged").indexName("byG")
                .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", s("x")))).count();
        assertEquals(0, query.get());
        assertTrue(db.getItem(b -> b.tableName("lagged").key(Map.of("pk", s("a")))).hasItem(), "the table itself is read-after-write");
        now.addAndGet(500);
        assertEquals(1, query.get());
    }

    @Test
    void injectedThrottlesConflictsAndUnprocessedItemsAppearAsTheServiceSendsThem() {
        start(EngineSettings.defaults());
        table("faulty", false, null);
        engine.faults().add(Faults.rule(Faults.Kind.THROTTLE).operation("PutItem").times(1));
        DynamoDbException throttled = assertThrows(DynamoDbException.class,
                () -> db.putItem(b -> b.tableName("faulty").item(Map.of("pk", s("a")))));
        assertEquals("ThrottlingException", throttled.awsErrorDetails().errorCode());
        db.putItem(b -> b.tableName("faulty").item(Map.of("pk", s("a"))));

        engine.faults().add(Faults.rule(Faults.Kind.CONFLICT).operation("TransactWriteItems").times(1));
        TransactionCanceledException canceled = assertThrows(TransactionCanceledException.class,
                () -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                        .put(p -> p.tableName("faulty").item(Map.of("pk", s("b")))).build())));
        assertEquals("TransactionConflict", canceled.cancellationReasons().get(0).code());

        engine.faults().add(Faults.rule(Faults.Kind.UNPROCESSED).operation("BatchWriteItem").times(2));
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of("pk", s("k" + i))).build()).build());
        }
        var r = db.batchWriteItem(b -> b.requestItems(Map.of("faulty", writes)));
        assertEquals(2, r.unprocessedItems().get("faulty").size());

        engine.faults().clear();
        engine.faults().add(Faults.parse("conflict:PutItem:*:x1"));
        DynamoDbException conflict = assertThrows(DynamoDbException.class,
                () -> db.putItem(b -> b.tableName("faulty").item(Map.of("pk", s("c")))));
        assertEquals("TransactionConflictException", conflict.awsErrorDetails().errorCode());
    }

    /**
     * Several tests (or several tables of one application) share an engine: a rule for one table leaves every other
     * table alone, batches and transactions included, and tells how often it struck.
     */
    @Test
    void aFaultRuleNamingATableStrikesOnlyThatTablesRequestsBatchesAndTransactionsIncluded() {
        start(EngineSettings.defaults());
        table("faulty", false, null);
        table("healthy", false, null);
        Faults.Rule throttle = Faults.rule(Faults.Kind.THROTTLE).table("faulty");
        engine.faults().add(throttle);
        engine.faults().add(Faults.rule(Faults.Kind.UNPROCESSED).table("faulty"));
        List<WriteRequest> writes = List.of(WriteRequest.builder().putRequest(PutRequest.builder()
                .item(Map.of("pk", s("k"))).build()).build());
        db.putItem(b -> b.tableName("healthy").item(Map.of("pk", s("a"))));
        assertTrue(db.batchWriteItem(b -> b.requestItems(Map.of("healthy", writes))).unprocessedItems().isEmpty());
        db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                .put(p -> p.tableName("healthy").item(Map.of("pk", s("b")))).build()));
        db.listTables();
        assertEquals(0, throttle.fired());

        assertThrows(DynamoDbException.class, () -> db.batchWriteItem(b -> b.requestItems(Map.of("faulty", writes))));
        assertThrows(DynamoDbException.class, () -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                .put(p -> p.tableName("faulty").item(Map.of("pk", s("b")))).build())));
        assertEquals(2, throttle.fired());
    }

    @Test
    void expiredItemsStayReadableUntilTheSweepDeletesThemWithAServiceRemoveRecord() {
        start(EngineSettings.defaults());
        table("ttl", false, StreamViewType.NEW_AND_OLD_IMAGES);
        db.updateTimeToLive(b -> b.tableName("ttl").timeToLiveSpecification(t -> t.attributeName("exp").enabled(true)));
        long second = now.get() / 1000;
        db.putItem(b -> b.tableName("ttl").item(Map.of("pk", s("expired"), "exp", AttributeValue.fromN(Long.toString(second - 10)))));
        db.putItem(b -> b.tableName("ttl").item(Map.of("pk", s("later"), "exp", AttributeValue.fromN(Long.toString(second + 100)))));
        db.putItem(b -> b.tableName("ttl").item(Map.of("pk", s("ancient"), "exp", AttributeValue.fromN("162777600"))));
        db.putItem(b -> b.tableName("ttl").item(Map.of("pk", s("text"), "exp", s(Long.toString(second - 10)))));
        assertTrue(db.getItem(b -> b.tableName("ttl").key(Map.of("pk", s("expired")))).hasItem(), "readable until deleted");
        engine.sweepExpiredItems();
        assertFalse(db.getItem(b -> b.tableName("ttl").key(Map.of("pk", s("expired")))).hasItem());
        for (String kept : List.of("later", "ancient", "text")) {
            assertTrue(db.getItem(b -> b.tableName("ttl").key(Map.of("pk", s(kept)))).hasItem(), kept);
        }
        now.addAndGet(101_000);
        engine.sweepExpiredItems();
        assertFalse(db.getItem(b -> b.tableName("ttl").key(Map.of("pk", s("later")))).hasItem());

        List<Record> records = readAll(db.describeTable(b -> b.tableName("ttl")).table().latestStreamArn());
        Record removal = records.stream().filter(r -> r.eventNameAsString().equals("REMOVE")).findFirst().orElseThrow();
        assertEquals("dynamodb.amazonaws.com", removal.userIdentity().principalId());
        assertEquals("Service", removal.userIdentity().type());
        assertEquals(Map.of("pk", s("expired"), "exp", AttributeValue.fromN(Long.toString(second - 10))), removal.dynamodb().oldImage());
    }

    /**
     * Every record still held, shard by shard. A shard past retention may be trimmed away between DescribeStream and
     * the reads of it (the engine trims in the background, as the service does): a reader skips it, as one following
     * the stream must.
     */
    private List<Record> readAll(String streamArn) {
        List<Record> out = new ArrayList<>();
        for (var shard : streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards()) {
            try {
                String it = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard.shardId())
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
                while (it != null) {
                    String from = it;
                    var page = streams.getRecords(b -> b.shardIterator(from));
                    out.addAll(page.records());
                    it = page.records().isEmpty() ? null : page.nextShardIterator();
                }
            } catch (ResourceNotFoundException trimmedAway) {
                // gone past retention since DescribeStream listed it
            }
        }
        return out;
    }

    @Test
    void iteratorsExpireAfterFifteenMinutes() {
        start(EngineSettings.defaults());
        table("iter", false, StreamViewType.KEYS_ONLY);
        String arn = db.describeTable(b -> b.tableName("iter")).table().latestStreamArn();
        String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard).shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        now.addAndGet(15 * 60 * 1000 + 1);
        DynamoDbException e = assertThrows(DynamoDbException.class, () -> streams.getRecords(b -> b.shardIterator(it)));
        assertEquals("ExpiredIteratorException", e.awsErrorDetails().errorCode());
    }

    @Test
    void recordsOlderThanTheRetentionPeriodAreTrimmed() {
        start(EngineSettings.defaults());
        table("trim", false, StreamViewType.KEYS_ONLY);
        db.putItem(b -> b.tableName("trim").item(Map.of("pk", s("old"))));
        String arn = db.describeTable(b -> b.tableName("trim")).table().latestStreamArn();
        String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        String stale = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard).shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        now.addAndGet(24L * 60 * 60 * 1000 + 1);
        db.putItem(b -> b.tableName("trim").item(Map.of("pk", s("new"))));
        assertEquals(List.of(Map.of("pk", s("new"))), readAll(arn).stream().map(r -> r.dynamodb().keys()).toList());
        DynamoDbException e = assertThrows(DynamoDbException.class, () -> streams.getRecords(b -> b.shardIterator(stale)));
        assertTrue(e.awsErrorDetails().errorCode().equals("TrimmedDataAccessException")
                || e.awsErrorDetails().errorCode().equals("ExpiredIteratorException"));
    }

    @Test
    void shardsCloseAndHandOverToChildren() {
        start(EngineSettings.defaults().shardLifetimeMillis(60_000));
        table("roll", false, StreamViewType.KEYS_ONLY);
        db.putItem(b -> b.tableName("roll").item(Map.of("pk", s("first"))));
        now.addAndGet(61_000);
        db.putItem(b -> b.tableName("roll").item(Map.of("pk", s("second"))));
        String arn = db.describeTable(b -> b.tableName("roll")).table().latestStreamArn();
        var shards = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards();
        assertEquals(2, shards.size());
        assertEquals(shards.get(0).shardId(), shards.get(1).parentShardId());
        assertTrue(shards.get(0).sequenceNumberRange().endingSequenceNumber() != null);
        var children = streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.type("CHILD_SHARDS")
                .shardId(shards.get(0).shardId()))).streamDescription().shards();
        assertEquals(List.of(shards.get(1).shardId()), children.stream().map(x -> x.shardId()).toList());
        assertEquals(2, readAll(arn).size());
    }
}

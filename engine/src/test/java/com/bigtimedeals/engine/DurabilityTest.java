package com.bigtimedeals.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.engine.sdk.InProcessHttpClient;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * With a data directory, every acknowledged write survives a killed process: an engine in a child JVM is killed
 * (kill -9) in the middle of writes, reopened, and every write it acknowledged must be there, in the table and in
 * its stream, with sequence numbers that go on growing. Snapshots and torn log tails are checked in-process.
 */
class DurabilityTest {
    static DynamoDbClient client(String endpoint, SdkHttpClient http) {
        return DynamoDbClient.builder().httpClient(http).endpointOverride(URI.create(endpoint)).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build()).build();
    }

    private static DynamoDbStreamsClient streams(String endpoint, SdkHttpClient http) {
        return DynamoDbStreamsClient.builder().httpClient(http).endpointOverride(URI.create(endpoint)).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build()).build();
    }

    private static Process child(Path data, String... settings) throws Exception {
        // The quick JIT only, as the test JVM itself: the child lives a few seconds (pom.xml, forked.jvm.flags).
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--port", "0",
                "--data", data.toString()));
        command.addAll(List.of(settings));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static String endpointOf(Process p) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.startsWith("http://127.0.0.1:")) {
            throw new IllegalStateException("the engine did not start: " + line);
        }
        return line;
    }

    private static void createTable(DynamoDbClient db) {
        db.createTable(b -> b.tableName("durable").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
                        .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build())
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
    }

    private static List<Record> records(DynamoDbStreamsClient streams, String arn) {
        List<Record> out = new ArrayList<>();
        for (var shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
            String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            while (it != null) {
                String from = it;
                var page = streams.getRecords(b -> b.shardIterator(from));
                out.addAll(page.records());
                it = page.records().isEmpty() ? null : page.nextShardIterator();
            }
        }
        return out;
    }

    @Test
    void everyAcknowledgedWriteSurvivesAKilledProcess(@TempDir Path data) throws Exception {
        killedMidWrites(data);
    }

    /** With fsync and group commit, writers racing on one fsync at a time: the same holds. */
    @Test
    void everyAcknowledgedWriteSurvivesAKilledProcessWithFsync(@TempDir Path data) throws Exception {
        killedMidWrites(data, "--fsync");
    }

    private static void killedMidWrites(Path data, String... settings) throws Exception {
        Process first = child(data, settings);
        Map<String, Long> acknowledged = new ConcurrentHashMap<>();
        Map<String, Long> attempted = new ConcurrentHashMap<>();
        String arn;
        try (DynamoDbClient db = client(endpointOf(first), UrlConnectionHttpClient.create())) {
            createTable(db);
            arn = db.describeTable(b -> b.tableName("durable")).table().latestStreamArn();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong writes = new AtomicLong();
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int writer = w;
                Thread t = new Thread(() -> {
                    for (long v = 1; !stop.get(); v++) {
                        String key = "w" + writer + "-" + (v % 50);
                        attempted.put(key, v);
                        try {
                            long value = v;
                            db.putItem(b -> b.tableName("durable").item(Map.of("pk", AttributeValue.fromS(key),
                                    "v", AttributeValue.fromN(Long.toString(value)), "g", AttributeValue.fromS("g" + (value % 3)))));
                            acknowledged.put(key, v);
                            writes.incrementAndGet();
                        } catch (RuntimeException killed) {
                            return;
                        }
                    }
                });
                writers.add(t);
                t.start();
            }
            while (writes.get() < 3000) {
                Thread.sleep(5);
            }
            first.destroyForcibly().waitFor();
            stop.set(true);
            for (Thread t : writers) {
                t.join();
            }
        }

        Process second = child(data, settings);
        try (UrlConnectionHttpClient http = (UrlConnectionHttpClient) UrlConnectionHttpClient.create()) {
            String endpoint = endpointOf(second);
            DynamoDbClient db = client(endpoint, http);
            DynamoDbStreamsClient streams = streams(endpoint, http);
            for (Map.Entry<String, Long> e : acknowledged.entrySet()) {
                var item = db.getItem(b -> b.tableName("durable").key(Map.of("pk", AttributeValue.fromS(e.getKey())))).item();
                long v = Long.parseLong(item.get("v").n());
                assertTrue(v >= e.getValue() && v <= attempted.get(e.getKey()),
                        e.getKey() + " acknowledged " + e.getValue() + " but reads " + v);
            }
            long indexed = 0;
            for (int g = 0; g < 3; g++) {
                String value = "g" + g;
                indexed += db.query(b -> b.tableName("durable").indexName("byG").keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS(value)))).count();
            }
            assertEquals(db.describeTable(b -> b.tableName("durable")).table().itemCount(), indexed);

            List<Record> before = records(streams, arn);
            Map<String, Long> lastInStream = new HashMap<>();
            for (Record r : before) {
                lastInStream.merge(r.dynamodb().keys().get("pk").s(), Long.parseLong(r.dynamodb().newImage().get("v").n()), Math::max);
            }
            for (Map.Entry<String, Long> e : acknowledged.entrySet()) {
                assertTrue(lastInStream.getOrDefault(e.getKey(), 0L) >= e.getValue(), "the stream lost " + e.getKey());
            }
            db.putItem(b -> b.tableName("durable").item(Map.of("pk", AttributeValue.fromS("after"), "v", AttributeValue.fromN("1"))));
            List<Record> after = records(streams, arn);
            BigInteger lastBefore = new BigInteger(before.get(before.size() - 1).dynamodb().sequenceNumber());
            BigInteger newest = new BigInteger(after.get(after.size() - 1).dynamodb().sequenceNumber());
            assertTrue(newest.compareTo(lastBefore) > 0, "sequence numbers go on growing after a restart");
        } finally {
            second.destroyForcibly().waitFor();
        }
    }

    @Test
    void aSnapshotAndItsLogReopenToTheSameState(@TempDir Path data) {
        EngineSettings settings = EngineSettings.defaults().dataDirectory(data).snapshotLogBytes(20_000);
        String arn;
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = client("http://engine", new InProcessHttpClient(engine));
            createTable(db);
            arn = db.describeTable(b -> b.tableName("durable")).table().latestStreamArn();
            for (int i = 0; i < 300; i++) {
                int k = i;
                db.putItem(b -> b.tableName("durable").item(Map.of("pk", AttributeValue.fromS("k" + k), "g", AttributeValue.fromS("x"),
                        "v", AttributeValue.fromS("value " + k))));
                if (i == 150) {
                    engine.snapshot();
                }
            }
            db.deleteItem(b -> b.tableName("durable").key(Map.of("pk", AttributeValue.fromS("k7"))));
        }
        assertTrue(Files.exists(data.resolve("snapshot.dat")));
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = client("http://engine", new InProcessHttpClient(engine));
            assertEquals(299L, db.describeTable(b -> b.tableName("durable")).table().itemCount());
            assertEquals(299, db.query(b -> b.tableName("durable").indexName("byG").keyConditionExpression("g = :g")
                    .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("x")))).count());
            assertFalse(db.getItem(b -> b.tableName("durable").key(Map.of("pk", AttributeValue.fromS("k7")))).hasItem());
            assertEquals(301, records(streams("http://engine", new InProcessHttpClient(engine)), arn).size());
        }
    }

    @Test
    void aDirectoryFromBeforeTheServicesPartitionHashIsRefusedClearly(@TempDir Path data) throws Exception {
        Files.write(data.resolve("log-00000000000000000001.dat"), new byte[0]);
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> Engine.start(EngineSettings.defaults().dataDirectory(data)).close());
        assertTrue(e.getMessage().contains("move it away"), e.getMessage());
    }

    @Test
    void aTornTailIsCutOffNotFatal(@TempDir Path data) throws Exception {
        EngineSettings settings = EngineSettings.defaults().dataDirectory(data);
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = client("http://engine", new InProcessHttpClient(engine));
            createTable(db);
            db.putItem(b -> b.tableName("durable").item(Map.of("pk", AttributeValue.fromS("kept"))));
        }
        Path log;
        try (var files = Files.list(data)) {
            log = files.filter(p -> p.getFileName().toString().startsWith("log-")).max(Path::compareTo).orElseThrow();
        }
        if (Files.size(log) == 0) {
            try (var files = Files.list(data)) {
                log = files.filter(p -> p.getFileName().toString().startsWith("log-")).filter(p -> {
                    try {
                        return Files.size(p) > 0;
                    } catch (Exception e) {
                        return false;
                    }
                }).findFirst().orElseThrow();
            }
        }
        Files.write(log, new byte[] {0, 0, 1, 0, 7, 7, 7, 7, 1, 2, 3}, StandardOpenOption.APPEND);
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = client("http://engine", new InProcessHttpClient(engine));
            assertTrue(db.getItem(b -> b.tableName("durable").key(Map.of("pk", AttributeValue.fromS("kept")))).hasItem());
            db.putItem(b -> b.tableName("durable").item(Map.of("pk", AttributeValue.fromS("next"))));
        }
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = client("http://engine", new InProcessHttpClient(engine));
            assertTrue(db.getItem(b -> b.tableName("durable").key(Map.of("pk", AttributeValue.fromS("next")))).hasItem());
        }
    }
}

package com.bigtimedeals.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.EngineSettings;
import com.bigtimedeals.engine.sdk.InProcessHttpClient;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A disk that fills up under the log: the write seam ({@link LogSegment#writer}) writes half a frame and then fails
 * as a full disk does. The write is refused, nothing of it stays (not in the table, not in the stream, not in the
 * file: the next start finds no torn tail), and writes go on once there is room. A table change the disk refuses
 * stops every later write until a restart, which reads back exactly what was acknowledged.
 */
class DiskFullTest {
    private static final LogSegment.Writer DISK = LogSegment.writer;

    /** Writes half of what it is given, then fails as a full disk does. */
    private static final LogSegment.Writer FULL = (channel, source, position) -> {
        int half = source.remaining() / 2;
        ByteBuffer part = source.duplicate();
        part.limit(part.position() + half);
        channel.write(part, position);
        throw new IOException("No space left on device");
    };

    @AfterEach
    void diskAsItWas() {
        LogSegment.writer = DISK;
    }

    private static DynamoDbClient db(Engine engine) {
        return DynamoDbClient.builder().httpClient(new InProcessHttpClient(engine)).endpointOverride(URI.create("http://engine"))
                .region(Region.US_EAST_1).credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build()).build();
    }

    private static List<String> streamValues(Engine engine, String arn) {
        DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().httpClient(new InProcessHttpClient(engine))
                .endpointOverride(URI.create("http://engine")).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b"))).build();
        List<String> out = new ArrayList<>();
        for (var shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
            String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            var page = streams.getRecords(b -> b.shardIterator(it));
            page.records().forEach(r -> out.add(r.dynamodb().keys().get("k").s() + "=" + r.dynamodb().newImage().get("v").s()));
        }
        return out;
    }

    private static void put(DynamoDbClient db, String key, String value) {
        db.putItem(b -> b.tableName("ttt").item(Map.of("k", AttributeValue.fromS(key), "v", AttributeValue.fromS(value))));
    }

    private static Map<String, String> state(DynamoDbClient db) {
        Map<String, String> out = new TreeMap<>();
        db.scanPaginator(b -> b.tableName("ttt")).items().forEach(i -> out.put(i.get("k").s(), i.get("v").s()));
        return out;
    }

    private static void createTable(DynamoDbClient db, String name) {
        db.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("k").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("k").keyType(KeyType.HASH))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
    }

    @Test
    void aWriteTheFullDiskRefusesLeavesNothingAndWritesGoOnOnceThereIsRoom(@TempDir Path data) throws Exception {
        EngineSettings settings = EngineSettings.defaults().dataDirectory(data);
        String arn;
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = db(engine);
            createTable(db, "ttt");
            arn = db.describeTable(b -> b.tableName("ttt")).table().latestStreamArn();
            put(db, "a", "1");
            LogSegment.writer = FULL;
            DynamoDbException put = assertThrows(DynamoDbException.class, () -> put(db, "b", "1"));
            assertEquals(500, put.statusCode());
            assertThrows(DynamoDbException.class, () -> put(db, "a", "2"));
            assertThrows(DynamoDbException.class, () -> db.deleteItem(b -> b.tableName("ttt").key(Map.of("k", AttributeValue.fromS("a")))));
            assertEquals(Map.of("a", "1"), state(db), "a refused write is taken back");
            assertEquals(List.of("a=1"), streamValues(engine, arn), "and never reaches the stream");
            LogSegment.writer = DISK;
            put(db, "c", "1");
            put(db, "a", "3");
            assertEquals(Map.of("a", "3", "c", "1"), state(db));
            assertEquals(List.of("a=1", "c=1", "a=3"), streamValues(engine, arn));
        }
        try (Engine engine = Engine.start(settings)) {
            assertEquals(List.of(), engine.storeNotes(), "no torn tail: nothing was left half written");
            assertEquals(Map.of("a", "3", "c", "1"), state(db(engine)));
            assertEquals(List.of("a=1", "c=1", "a=3"), streamValues(engine, arn), "the stream's sequence numbers have no gap");
        }
    }

    @Test
    void aTableChangeTheFullDiskRefusesStopsWritesUntilARestart(@TempDir Path data) throws Exception {
        EngineSettings settings = EngineSettings.defaults().dataDirectory(data);
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = db(engine);
            createTable(db, "ttt");
            put(db, "a", "1");
            LogSegment.writer = FULL;
            assertThrows(DynamoDbException.class, () -> createTable(db, "uuu"));
            LogSegment.writer = DISK;
            DynamoDbException stopped = assertThrows(DynamoDbException.class, () -> put(db, "b", "1"));
            assertEquals(500, stopped.statusCode());
            // Memory holds the refused table: no snapshot may make it durable.
            assertThrows(IllegalStateException.class, engine::snapshot);
        }
        assertFalse(Files.exists(data.resolve("snapshot.dat")));
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = db(engine);
            assertEquals(List.of(), engine.storeNotes());
            assertEquals(List.of("ttt"), db.listTables().tableNames());
            assertEquals(Map.of("a", "1"), state(db));
            put(db, "b", "1");
        }
        try (Engine engine = Engine.start(settings)) {
            assertEquals(Map.of("a", "1", "b", "1"), state(db(engine)));
        }
    }

    @Test
    void withFsyncEveryAcknowledgedWriteIsReadBack(@TempDir Path data) throws Exception {
        EngineSettings settings = EngineSettings.defaults().dataDirectory(data).fsync(true);
        Map<String, String> expected = new java.util.concurrent.ConcurrentSkipListMap<>();
        try (Engine engine = Engine.start(settings)) {
            DynamoDbClient db = db(engine);
            createTable(db, "ttt");
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int writer = w;
                Thread t = new Thread(() -> {
                    for (int i = 0; i < 50; i++) {
                        put(db, "w" + writer + "-" + i, "v" + i);
                        expected.put("w" + writer + "-" + i, "v" + i);
                    }
                });
                writers.add(t);
                t.start();
            }
            for (Thread t : writers) {
                t.join();
            }
        }
        try (Engine engine = Engine.start(settings)) {
            assertEquals(expected, state(db(engine)));
            assertEquals(200, expected.size());
        }
        assertFalse(Files.exists(data.resolve("snapshot.tmp")));
        assertTrue(Files.size(data.resolve(LogSegment.name(1))) > 200 * Frame.HEADER);
        try (FileChannel ch = FileChannel.open(data.resolve(LogSegment.name(1)))) {
            assertTrue(ch.size() > 0);
        }
    }
}

package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.harness.InboxCensus;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.fasterxml.jackson.databind.JsonNode;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A new deal's messages are the same messages however often, however late its stream record arrives: the stack,
 * a separate process on a kept directory, is killed (kill -9) while the fan-out has written part of its messages
 * and some watchers have read theirs; then a delivered record is redriven from the on-failure destination, and a
 * whole batch is replayed three times. After each, every watcher holds exactly one message for the deal, and each
 * message read before stays read.
 */
@Tag("stack")
@Tag("long") // most of the local module's time: the test command starts these first (docs/architecture.md)
class ExactlyOnceAfterCrashTest {
    static final int WATCHERS = 3_000;
    static final int READERS = 5;

    @TempDir
    Path work;

    @Test
    void killMidFanOutRedriveAndTripleReplayLeaveEveryWatcherOneMessageAndReadOnesRead() throws Exception {
        Path data = work.resolve("data");
        int dynamoPort = StackProcess.freePort();
        String editor = BearerToken.forUser("erin", true);
        StackProcess stack = StackProcess.start(work, data, dynamoPort, "first");
        String dealId;
        List<String> readers;
        try (DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            stack.call("POST", "/cms/brands", editor, "{\"name\":\"Acme\"}", 201);
            stack.call("POST", "/cms/categories", editor, "{\"name\":\"Tech\"}", 201);
            FollowStore follows = new FollowStore(Table.from(Settings.fromProcess(), client));
            ParallelRuns.run(WATCHERS, 6, i -> follows.add(Likeable.BRAND, "acme", "w" + i, Relation.WATCH));
            dealId = stack.call("POST", "/cms/deals", editor, StackProcess.deal("Watched", "acme"), 201).get("id").asText();
            // The first page of the watcher list is written first: as soon as a few of its users hold the
            // message, they read it, and the stack dies with the rest of the fan-out still to write.
            readers = readFirstMessages(stack, dealId);
            stack.kill();
        }

        try (StackProcess second = StackProcess.start(work, data, dynamoPort, "second");
             DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort));
             DynamoDbStreamsClient streams = DynamoDbClients.localStreams(URI.create("http://127.0.0.1:" + dynamoPort))) {
            String table = Table.from(Settings.fromProcess(), client).name();
            awaitEveryWatcher(client, table, dealId);
            assertExactlyOnceAndReadStaysRead(client, table, dealId, readers, "after kill -9 mid fan-out");

            FailureDestination destination = new FailureDestination(LocalStack.failuresDirectory(data));
            StreamRange deal = rangeOf(client, streams, table, dealId);
            destination.record(deal.streamArn, deal.shardId, deal.dealRecord, deal.dealRecord, 1, "redrive test");
            StackProcess.runCommand(work, "redrive", "redrive", "--data", data.toString());
            assertExactlyOnceAndReadStaysRead(client, table, dealId, readers, "after a redrive of the delivered record");

            for (int replay = 1; replay <= 3; replay++) {
                destination.record(deal.streamArn, deal.shardId, deal.first, deal.dealRecord, deal.upToDeal,
                        "replay " + replay);
                StackProcess.runCommand(work, "replay-" + replay, "redrive", "--data", data.toString());
                assertExactlyOnceAndReadStaysRead(client, table, dealId, readers, "after whole-batch replay " + replay);
            }
            assertTrue(destination.list().isEmpty(), "every redrive was accepted: " + destination.list());
        }
    }

    /** Waits for the first watchers' messages, marks them read through the API, and names those readers. */
    private static List<String> readFirstMessages(StackProcess stack, String dealId) throws Exception {
        List<String> readers = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 60_000;
        while (readers.size() < READERS && System.currentTimeMillis() < deadline) {
            for (int i = 0; i < 20 && readers.size() < READERS; i++) {
                String user = "w" + i;
                if (readers.contains(user)) {
                    continue;
                }
                String token = BearerToken.issue(BearerToken.MOBILE_CLIENT, user, List.of(), Instant.now(), 3600);
                JsonNode page = stack.call("GET", "/me/messages", token, null, 200);
                for (JsonNode m : page.get("messages")) {
                    if (dealId.equals(m.path("dealId").asText())) {
                        stack.call("POST", "/me/messages/" + m.get("id").asText() + "/read", token, null, 204);
                        readers.add(user);
                    }
                }
            }
        }
        assertEquals(READERS, readers.size(), "the first watchers got the message");
        return readers;
    }

    private static void awaitEveryWatcher(DynamoDbClient client, String table, String dealId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 180_000;
        while (InboxCensus.messagesByUser(client, table, dealId).size() < WATCHERS && System.currentTimeMillis() < deadline) {
            Thread.sleep(500);
        }
    }

    private static void assertExactlyOnceAndReadStaysRead(DynamoDbClient client, String table, String dealId,
                                                          List<String> readers, String when) {
        Map<String, List<Boolean>> flags = InboxCensus.unreadFlagsByUser(client, table, dealId);
        assertEquals(WATCHERS, flags.size(), "every watcher has the message " + when);
        List<String> twice = flags.entrySet().stream().filter(e -> e.getValue().size() != 1).map(Map.Entry::getKey).toList();
        assertTrue(twice.isEmpty(), twice.size() + " watchers hold more than one message " + when + ", e.g. "
                + twice.subList(0, Math.min(5, twice.size())));
        for (String reader : readers) {
            assertEquals(List.of(false), flags.get(reader), reader + " read the message before; it stays read " + when);
        }
        long unread = flags.values().stream().filter(f -> f.get(0)).count();
        assertEquals(WATCHERS - readers.size(), unread, "nobody else's message was read " + when);
    }

    /** Where the deal's INSERT record sits in the stream, and the whole run of records up to it. */
    record StreamRange(String streamArn, String shardId, String first, String dealRecord, int upToDeal) {
    }

    static StreamRange rangeOf(DynamoDbClient client, DynamoDbStreamsClient streams, String table, String dealId) {
        String arn = client.describeTable(DescribeTableRequest.builder().tableName(table).build()).table().latestStreamArn();
        for (Shard shard : streams.describeStream(DescribeStreamRequest.builder().streamArn(arn).build()).streamDescription().shards()) {
            String iterator = streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
            String first = null;
            int seen = 0;
            while (iterator != null) {
                GetRecordsResponse r = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).limit(1000).build());
                for (Record record : r.records()) {
                    first = first == null ? record.dynamodb().sequenceNumber() : first;
                    seen++;
                    var image = record.dynamodb().newImage();
                    if ("INSERT".equals(record.eventNameAsString()) && image != null && image.containsKey("id")
                            && dealId.equals(image.get("id").s()) && "Deal".equals(image.get("Type").s())) {
                        return new StreamRange(arn, shard.shardId(), first, record.dynamodb().sequenceNumber(), seen);
                    }
                }
                iterator = r.records().isEmpty() ? null : r.nextShardIterator();
            }
        }
        throw new AssertionError("the deal's INSERT record is not in the stream");
    }
}

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
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.fasterxml.jackson.databind.JsonNode;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A new deal's alert matching is as exactly-once as its watcher lists: the stack, a separate process on a kept
 * directory, is killed (kill -9) while the deal's alert holders are being messaged, after some of them have read
 * theirs; restarted, it finishes; then the deal's record is redriven and its whole batch replayed three times. After
 * each, every holder (those who also watch the deal's brand included) holds exactly one message for the deal, and each
 * message read before stays read. The stack delivers with 2 writes in flight, so the kill lands mid-matching.
 */
@Tag("stack")
@Tag("long") // most of the local module's time: the test command starts these first (docs/architecture.md)
class AlertFanOutCrashTest {
    static final int HOLDERS = 1_200;
    static final int ALSO_WATCHING = 200;
    static final int READERS = 5;

    @TempDir
    Path work;

    @Test
    void killMidAlertMatchingRedriveAndTripleReplayLeaveEveryHolderOneMessageAndReadOnesRead() throws Exception {
        Path data = work.resolve("data");
        int dynamoPort = StackProcess.freePort();
        String editor = BearerToken.forUser("erin", true);
        Map<String, String> slow = Map.of("DELIVERY_THREADS", "2");
        StackProcess stack = StackProcess.start(work, data, dynamoPort, "first", slow);
        String dealId;
        List<String> readers;
        try (DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            stack.call("POST", "/cms/brands", editor, "{\"name\":\"Acme\"}", 201);
            stack.call("POST", "/cms/categories", editor, "{\"name\":\"Tech\"}", 201);
            Table table = Table.from(Settings.fromProcess(), client);
            AlertStore alerts = new AlertStore(table);
            // One after another: made at once, they would retry each other's conflicts on the word's head item.
            for (int i = 0; i < HOLDERS; i++) {
                alerts.create("h" + i, NewAlert.of(i % 2 == 0 ? "ps5" : "ps5 console", null, null, null));
            }
            FollowStore follows = new FollowStore(table);
            ParallelRuns.run(ALSO_WATCHING, 6, i -> follows.add(Likeable.BRAND, "acme", "h" + i, Relation.WATCH));
            dealId = stack.call("POST", "/cms/deals", editor, StackProcess.deal("PS5-console", "acme"), 201).get("id").asText();
            readers = readAlertMessages(stack, client, table.name(), dealId);
            int beforeKill = InboxCensus.messagesByUser(client, table.name(), dealId).size();
            stack.kill(); // the engine runs inside the stack: it dies too, and comes back with it from its log
            assertTrue(beforeKill < HOLDERS, "killed mid-matching: " + beforeKill + " of " + HOLDERS + " had the message");
        }

        try (StackProcess second = StackProcess.start(work, data, dynamoPort, "second");
             DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort));
             DynamoDbStreamsClient streams = DynamoDbClients.localStreams(URI.create("http://127.0.0.1:" + dynamoPort))) {
            String table = Table.from(Settings.fromProcess(), client).name();
            long deadline = System.currentTimeMillis() + 180_000;
            while (InboxCensus.messagesByUser(client, table, dealId).size() < HOLDERS && System.currentTimeMillis() < deadline) {
                Thread.sleep(500);
            }
            assertExactlyOnceAndReadStaysRead(client, table, dealId, readers, "after kill -9 mid-matching");

            FailureDestination destination = new FailureDestination(LocalStack.failuresDirectory(data));
            ExactlyOnceAfterCrashTest.StreamRange deal = ExactlyOnceAfterCrashTest.rangeOf(client, streams, table, dealId);
            destination.record(deal.streamArn(), deal.shardId(), deal.dealRecord(), deal.dealRecord(), 1, "redrive test");
            StackProcess.runCommand(work, "redrive", "redrive", "--data", data.toString());
            assertExactlyOnceAndReadStaysRead(client, table, dealId, readers, "after a redrive of the deal's record");
            for (int replay = 1; replay <= 3; replay++) {
                destination.record(deal.streamArn(), deal.shardId(), deal.first(), deal.dealRecord(), deal.upToDeal(),
                        "replay " + replay);
                StackProcess.runCommand(work, "replay-" + replay, "redrive", "--data", data.toString());
                assertExactlyOnceAndReadStaysRead(client, table, dealId, readers, "after whole-batch replay " + replay);
            }
            assertTrue(destination.list().isEmpty(), "every redrive was accepted: " + destination.list());
        }
    }

    /**
     * Waits until the matching is under way (every watcher of the brand messaged, some alert holders too), then has
     * a few holders who only match through their alerts read their message through the API, and names them.
     */
    private static List<String> readAlertMessages(StackProcess stack, DynamoDbClient client, String table, String dealId)
            throws Exception {
        List<String> readers = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 120_000;
        while (readers.size() < READERS && System.currentTimeMillis() < deadline) {
            for (String user : InboxCensus.messagesByUser(client, table, dealId).keySet()) {
                int n = Integer.parseInt(user.substring(1));
                if (n < ALSO_WATCHING || readers.contains(user) || readers.size() == READERS) {
                    continue;
                }
                String token = BearerToken.issue(BearerToken.MOBILE_CLIENT, user, List.of(), Instant.now(), 3600);
                for (JsonNode m : stack.call("GET", "/me/messages", token, null, 200).get("messages")) {
                    if (dealId.equals(m.path("dealId").asText())) {
                        stack.call("POST", "/me/messages/" + m.get("id").asText() + "/read", token, null, 204);
                        readers.add(user);
                    }
                }
            }
            Thread.sleep(50);
        }
        assertEquals(READERS, readers.size(), "holders of the alert got the message");
        return readers;
    }

    private static void assertExactlyOnceAndReadStaysRead(DynamoDbClient client, String table, String dealId,
                                                          List<String> readers, String when) {
        Map<String, List<Boolean>> flags = InboxCensus.unreadFlagsByUser(client, table, dealId);
        assertEquals(HOLDERS, flags.size(), "every holder has the message " + when);
        List<String> twice = flags.entrySet().stream().filter(e -> e.getValue().size() != 1).map(Map.Entry::getKey).toList();
        assertTrue(twice.isEmpty(), twice.size() + " holders hold more than one message " + when);
        for (String reader : readers) {
            assertEquals(List.of(false), flags.get(reader), reader + " read the message before; it stays read " + when);
        }
        assertEquals(HOLDERS - readers.size(), flags.values().stream().filter(f -> f.get(0)).count(),
                "nobody else's message was read " + when);
    }
}

package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.fasterxml.jackson.databind.JsonNode;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Exactly one push per (message, device) across kill -9, tested the way it breaks: the stack (a separate process on a
 * kept directory) has {@value #USERS} users, each with one device and watching one brand; a deal of that brand is
 * posted, and the stack is killed (kill -9) while its pushes are leaving. After a restart on the same directory, once
 * the sending is done, a census of {@code GET /_local/pushes} for every user says:
 * <ul>
 * <li>every device has the deal's push: a push claimed and not yet handed over when the process died is not lost
 * (its claim's lease runs out and the redelivered record takes it over);</li>
 * <li>no device has it more than twice, and a device has it twice only when its claim was taken over from the dead
 * process (the residual window: the push service had accepted the push and the process died before marking its
 * claim sent), so the duplicates are at most the claims that were in flight at the kill, which is at most the
 * sends in flight at that moment, not a share of the devices. Both copies carry the same collapse key, so the phone
 * shows one notification (LocalSnsTest holds the payloads to that).</li>
 * </ul>
 */
@Tag("stack")
@Tag("long") // a stack started twice with thousands of devices: among the local module's long tests
class PushCensusAfterCrashTest {
    static final int USERS = 2_000;

    @TempDir
    Path work;

    @Test
    void killMidSendThenEveryDeviceHasItsPushAndOnlyTakenOverClaimsArePushedTwice() throws Exception {
        Path data = work.resolve("data");
        int dynamoPort = StackProcess.freePort();
        String editor = BearerToken.forUser("erin", true);
        Path pushes = data.resolve("sns-pushes.jsonl");
        Map<String, String> deviceOf = new ConcurrentHashMap<>();
        String dealId;
        long atKill;
        StackProcess first = StackProcess.start(work, data, dynamoPort, "first");
        try (DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            first.call("POST", "/cms/brands", editor, "{\"name\":\"Acme\"}", 201);
            first.call("POST", "/cms/categories", editor, "{\"name\":\"Tech\"}", 201);
            FollowStore follows = new FollowStore(Table.from(Settings.fromProcess(), client));
            ParallelRuns.run(USERS, 6, i -> {
                try {
                    String user = "p" + i;
                    String token = String.format("census-token-%08d-%s", i, "x".repeat(20));
                    deviceOf.put(user, first.call("POST", "/me/devices", BearerToken.forUser(user, false),
                            "{\"platform\":\"fcm\",\"token\":\"" + token + "\"}", 201).get("id").asText());
                    follows.add(Likeable.BRAND, "acme", user, Relation.WATCH);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            dealId = first.call("POST", "/cms/deals", editor, StackProcess.deal("Pushed", "acme"), 201).get("id").asText();
            // Killed once a part of the pushes has left: the rest are claimed, in flight or not yet begun.
            long deadline = System.currentTimeMillis() + 60_000;
            while (lines(pushes) < USERS / 5 && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            first.kill();
            atKill = lines(pushes);
        }
        assertTrue(atKill >= USERS / 5 && atKill < USERS, "the kill came mid-send: " + atKill + " of " + USERS + " pushes out");

        try (StackProcess second = StackProcess.start(work, data, dynamoPort, "second");
             DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            long deadline = System.currentTimeMillis() + 90_000;
            while (System.currentTimeMillis() < deadline && (lines(pushes) < USERS || unmarked(client, dealId) > 0)) {
                Thread.sleep(250);
            }
            Map<String, Integer> copies = new HashMap<>();
            ParallelRuns.run(USERS, 6, i -> {
                String user = "p" + i;
                try {
                    JsonNode list = second.call("GET", "/_local/pushes?username=" + user, null, null, 200).get("pushes");
                    int n = 0;
                    for (JsonNode p : list) {
                        assertEquals(deviceOf.get(user), p.get("deviceId").asText());
                        assertEquals(dealId, p.get("dealId").asText());
                        assertEquals("watch", p.get("kind").asText());
                        n++;
                    }
                    synchronized (copies) {
                        copies.put(user, n);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            List<String> missing = copies.entrySet().stream().filter(e -> e.getValue() == 0).map(Map.Entry::getKey).toList();
            assertTrue(missing.isEmpty(), missing.size() + " devices never got the push, e.g. " + missing.subList(0, Math.min(5, missing.size())));
            Map<String, Long> takenOver = takeovers(client, dealId);
            List<String> twice = copies.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).sorted().toList();
            for (String user : twice) {
                assertEquals(2, copies.get(user), user + " has the push more than twice");
                assertTrue(takenOver.getOrDefault(deviceOf.get(user), 0L) >= 1,
                        user + " got the push twice, but its claim was never taken over from the dead process");
            }
            System.out.println("push census after kill -9 at " + atKill + " of " + USERS + " pushes out: " + USERS
                    + " devices with the push, " + twice.size() + " twice (residual window), " + takenOver.size()
                    + " claims taken over from the dead process");
            assertTrue(twice.size() <= takenOver.size());
            assertTrue(takenOver.size() <= 200, "claims in flight at the kill are bounded by the sends in flight, not "
                    + "the devices: " + takenOver.size());
        }
    }

    /** Deliveries the SNS stand-in recorded (each line written before it answered Publish). */
    private static long lines(Path pushes) throws java.io.IOException {
        if (!Files.exists(pushes)) {
            return 0;
        }
        try (var l = Files.lines(pushes)) {
            return l.filter(s -> !s.isBlank()).count();
        }
    }

    /** The deal's message claims still "sending": a push not yet handed over or not yet marked. */
    private static long unmarked(DynamoDbClient client, String dealId) {
        return claims(client).stream().filter(c -> !c.containsKey("outcome")).count();
    }

    /** Per device, how often its claim was taken over from a sender whose lease ran out. */
    private static Map<String, Long> takeovers(DynamoDbClient client, String dealId) {
        Map<String, Long> out = new HashMap<>();
        for (Map<String, AttributeValue> c : claims(client)) {
            if (c.containsKey("takeovers")) {
                out.put(c.get("SK").s().substring("DEVICE#".length()), Long.parseLong(c.get("takeovers").n()));
            }
        }
        return out;
    }

    private static List<Map<String, AttributeValue>> claims(DynamoDbClient client) {
        String table = Table.from(Settings.fromProcess(), client).name();
        List<Map<String, AttributeValue>> out = new java.util.ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse r = client.scan(ScanRequest.builder().tableName(table).exclusiveStartKey(start)
                    .filterExpression("#t = :c").expressionAttributeNames(Map.of("#t", "Type"))
                    .expressionAttributeValues(Map.of(":c", AttributeValue.fromS("PushClaim"))).build());
            out.addAll(r.items());
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return out;
    }
}

package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
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

/**
 * The local stack as a real separate process on a kept data directory: kill -9 it 50 ms after a blast's 202
 * and a new deal's 201, restart it, stop it cleanly (SIGTERM, as Ctrl-C) in the middle of the blast, restart
 * it again: every user ends with exactly one blast message, every watcher with exactly one new-deal message,
 * and the blast's progress is exact and done.
 */
@Tag("stack")
@Tag("long") // most of the local module's time: the test command starts these first (docs/architecture.md)
class KillRestartTest {
    static final int USERS = 1_500;
    static final int WATCHERS = 1_200;

    @TempDir
    Path work;

    @Test
    void killedAndStoppedMidBlastAndMidFanOutEveryoneEndsWithExactlyOneMessage() throws Exception {
        Path data = work.resolve("data");
        int dynamoPort = StackProcess.freePort();
        StackProcess stack = StackProcess.start(work, data, dynamoPort, "first");
        String editor = BearerToken.forUser("erin", true);
        String blastId;
        String fanOutDeal;
        String blastDeal;
        try (DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            stack.call("POST", "/cms/brands", editor, "{\"name\":\"Acme\"}", 201);
            stack.call("POST", "/cms/brands", editor, "{\"name\":\"Quiet\"}", 201);
            stack.call("POST", "/cms/categories", editor, "{\"name\":\"Tech\"}", 201);
            Table table = Table.from(Settings.fromProcess(), client);
            UserStore users = new UserStore(table);
            ParallelRuns.run(USERS, 6, i -> users.create(new UserProfile("u" + i, "u" + i + "@example.com", null, null, Instant.now())));
            FollowStore follows = new FollowStore(table);
            ParallelRuns.run(WATCHERS, 6, i -> follows.add(Likeable.BRAND, "acme", "w" + i, Relation.WATCH));
            fanOutDeal = stack.call("POST", "/cms/deals", editor, StackProcess.deal("Watched", "acme"), 201).get("id").asText();
            blastDeal = stack.call("POST", "/cms/deals", editor, StackProcess.deal("Hot", "quiet"), 201).get("id").asText();
            blastId = stack.call("POST", "/cms/hot-deals", editor, "{\"dealId\":\"" + blastDeal + "\"}", 202).get("blastId").asText();
            Thread.sleep(50);
            stack.kill();
        }

        stack = StackProcess.start(work, data, dynamoPort, "second");
        // Stop cleanly (SIGTERM: the shutdown hook, as Ctrl-C) once the blast is under way but not done.
        JsonNode progress = stack.poll("/cms/hot-deals/" + blastId, editor, 200);
        long waitUntil = System.currentTimeMillis() + 60_000;
        while (progress.get("usersReached").asInt() == 0 && System.currentTimeMillis() < waitUntil) {
            Thread.sleep(20);
            progress = stack.poll("/cms/hot-deals/" + blastId, editor, 200);
        }
        assertTrue(stack.stop(), "a clean stop ends the process");
        System.out.println("stopped cleanly at " + progress);

        try (StackProcess third = StackProcess.start(work, data, dynamoPort, "third");
             DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            long deadline = System.currentTimeMillis() + 180_000;
            Map<String, Integer> blasted = Map.of();
            Map<String, Integer> watched = Map.of();
            while (System.currentTimeMillis() < deadline) {
                progress = third.poll("/cms/hot-deals/" + blastId, editor, 200);
                blasted = InboxCensus.messagesByUser(client, Table.from(Settings.fromProcess(), client).name(), blastDeal);
                watched = InboxCensus.messagesByUser(client, Table.from(Settings.fromProcess(), client).name(), fanOutDeal);
                if (progress.get("done").asBoolean() && watched.size() == WATCHERS) {
                    break;
                }
                Thread.sleep(500);
            }
            assertTrue(progress.get("done").asBoolean(), "blast done: " + progress);
            assertEquals(USERS, progress.get("usersReached").asInt(), "progress is exact");
            assertEquals(USERS, blasted.size(), "every user got the blast");
            assertTrue(blasted.values().stream().allMatch(c -> c == 1), "nobody got the blast twice");
            assertEquals(WATCHERS, watched.size(), "every watcher got the new deal");
            assertTrue(watched.values().stream().allMatch(c -> c == 1), "nobody got the new deal twice");
        }
    }
}

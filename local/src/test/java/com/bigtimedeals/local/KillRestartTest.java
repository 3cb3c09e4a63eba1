package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.data.InboxCensus;
import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.data.UserStore;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.Relation;
import com.bigtimedeals.domain.UserProfile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The local stack as a real separate process on a kept data directory: kill -9 it 50 ms after a blast's 202
 * and a new deal's 201, restart it, stop it cleanly (SIGTERM, as Ctrl-C) in the middle of the blast, restart
 * it again: every user ends with exactly one blast message, every watcher with exactly one new-deal message,
 * and the blast's progress is exact and done.
 */
class KillRestartTest {
    static final int USERS = 1_500;
    static final int WATCHERS = 1_200;
    static final ObjectMapper JSON = new ObjectMapper();
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path work;

    @Test
    void killedAndStoppedMidBlastAndMidFanOutEveryoneEndsWithExactlyOneMessage() throws Exception {
        Path data = work.resolve("data");
        int dynamoPort = freePort();
        Process stack = start(data, dynamoPort, "first");
        String editor = BearerToken.issue("erin", List.of("editors", "users"), Instant.now(), 3600);
        String base;
        String blastId;
        String fanOutDeal;
        String blastDeal;
        try (DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            base = baseOf(work.resolve("first.log"));
            call(base, "POST", "/cms/brands", editor, "{\"name\":\"Acme\"}", 201);
            call(base, "POST", "/cms/brands", editor, "{\"name\":\"Quiet\"}", 201);
            call(base, "POST", "/cms/categories", editor, "{\"name\":\"Tech\"}", 201);
            Table table = Table.fromEnvironment(client);
            UserStore users = new UserStore(table);
            ParallelRuns.run(USERS, 6, i -> users.create(new UserProfile("u" + i, "u" + i + "@example.com", null, null, Instant.now())));
            FollowStore follows = new FollowStore(table);
            ParallelRuns.run(WATCHERS, 6, i -> follows.add(Likeable.BRAND, "acme", "w" + i, Relation.WATCH));
            fanOutDeal = call(base, "POST", "/cms/deals", editor, deal("Watched", "acme"), 201).get("id").asText();
            blastDeal = call(base, "POST", "/cms/deals", editor, deal("Hot", "quiet"), 201).get("id").asText();
            blastId = call(base, "POST", "/cms/hot-deals", editor, "{\"dealId\":\"" + blastDeal + "\"}", 202).get("blastId").asText();
            Thread.sleep(50);
            stack.destroyForcibly().waitFor(); // kill -9
        }

        stack = start(data, dynamoPort, "second");
        base = baseOf(work.resolve("second.log"));
        // Stop cleanly (SIGTERM: the shutdown hook, as Ctrl-C) once the blast is under way but not done.
        JsonNode progress = call(base, "GET", "/cms/hot-deals/" + blastId, editor, null, 200);
        long waitUntil = System.currentTimeMillis() + 60_000;
        while (progress.get("usersReached").asInt() == 0 && System.currentTimeMillis() < waitUntil) {
            Thread.sleep(20);
            progress = call(base, "GET", "/cms/hot-deals/" + blastId, editor, null, 200);
        }
        stack.destroy();
        assertTrue(stack.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "a clean stop ends the process");
        System.out.println("stopped cleanly at " + progress);

        stack = start(data, dynamoPort, "third");
        try (DynamoDbClient client = DynamoDbClients.local(URI.create("http://127.0.0.1:" + dynamoPort))) {
            base = baseOf(work.resolve("third.log"));
            long deadline = System.currentTimeMillis() + 180_000;
            Map<String, Integer> blasted = Map.of();
            Map<String, Integer> watched = Map.of();
            while (System.currentTimeMillis() < deadline) {
                progress = call(base, "GET", "/cms/hot-deals/" + blastId, editor, null, 200);
                blasted = InboxCensus.messagesByUser(client, Table.fromEnvironment(client).name(), blastDeal);
                watched = InboxCensus.messagesByUser(client, Table.fromEnvironment(client).name(), fanOutDeal);
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
        } finally {
            stack.destroy();
            stack.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
            stack.destroyForcibly();
        }
    }

    private static String deal(String title, String brand) {
        return "{\"title\":\"" + title + "\",\"link\":\"https://s.example.com/" + title + "\",\"price\":10,\"brandId\":\""
                + brand + "\",\"categoryId\":\"tech\"}";
    }

    private Process start(Path data, int dynamoPort, String name) throws Exception {
        Path log = work.resolve(name + ".log");
        ProcessBuilder b = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "com.bigtimedeals.local.Main",
                "run", "--data", data.toString(), "--no-demo")
                .directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().put("PORT", Integer.toString(freePort()));
        b.environment().put("DYNAMODB_PORT", Integer.toString(dynamoPort));
        b.environment().put("BLAST_SEGMENTS", "8");
        Process p = b.start();
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains("Big Time Deals is running")) {
                return p;
            }
            if (!p.isAlive()) {
                throw new AssertionError("the stack did not start:\n" + Files.readString(log));
            }
            Thread.sleep(100);
        }
        p.destroyForcibly();
        throw new AssertionError("the stack did not start in time:\n" + Files.readString(log));
    }

    private static String baseOf(Path log) throws IOException {
        for (String line : Files.readAllLines(log)) {
            if (line.trim().startsWith("API")) {
                return line.trim().substring(3).trim();
            }
        }
        throw new AssertionError("no API line in " + log);
    }

    private JsonNode call(String base, String method, String path, String token, String body, int status) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Authorization", "Bearer " + token);
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), method + " " + path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}

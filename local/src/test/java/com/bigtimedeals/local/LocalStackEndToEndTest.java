package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.contract.ResponseContract;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The local stack on a free port, driven over real HTTP as the mobile app and the CMS would. */
@Tag("stack")
class LocalStackEndToEndTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static LocalStack stack;
    static HttpClient http;
    static String base;
    static String editor;

    @BeforeAll
    static void start() throws IOException {
        stack = LocalStack.start(LocalStack.Options.inMemory());
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        base = "http://127.0.0.1:" + stack.port();
        editor = token("erin", true);
    }

    @AfterAll
    static void stop() {
        stack.close();
    }

    static String token(String user, boolean isEditor) {
        return BearerToken.forUser(user, isEditor);
    }

    record Reply(int status, JsonNode body, HttpResponse<String> raw) {
        String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    static Reply call(String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder b = ApiRequests.builder(base, method, path, token, body);
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        checkAgainstTheDocument(method, path, r);
        JsonNode parsed = r.body() == null || r.body().isEmpty() ? null : JSON.readTree(r.body());
        return new Reply(r.statusCode(), parsed, r);
    }

    /**
     * Every answer over HTTP to a routed path must be one docs/openapi.yaml allows; a path no route matches is
     * the gateway's own 404, which the document cannot describe.
     */
    static void checkAgainstTheDocument(String method, String pathAndQuery, HttpResponse<String> r) {
        String path = pathAndQuery.contains("?") ? pathAndQuery.substring(0, pathAndQuery.indexOf('?')) : pathAndQuery;
        if (RouteTable.match(method, path) == null) {
            return;
        }
        java.util.Map<String, String> headers = new java.util.HashMap<>();
        r.headers().map().forEach((k, v) -> headers.put(k, String.join(",", v)));
        ResponseContract.check(method, path, r.statusCode(), headers, r.body());
    }

    static JsonNode expect(int status, String method, String path, String token, String body) throws Exception {
        Reply r = call(method, path, token, body);
        assertEquals(status, r.status(), method + " " + path + " answered " + r.raw().body());
        assertNotNull(r.header("X-DynamoDB-Requests"), "every response carries X-DynamoDB-Requests");
        return r.body();
    }

    @Test
    void aDealAlertIsMessagedAndSearchFindsTheNewDealWithinTheStreamDelay() throws Exception {
        expect(201, "POST", "/cms/brands", editor, "{\"name\":\"Nakamura\"}");
        expect(201, "POST", "/cms/categories", editor, "{\"name\":\"Kitchen\"}");
        String kim = token("kim", false);
        String alertId = expect(201, "POST", "/me/alerts", kim,
                "{\"keywords\":\"Espresso machine\",\"maxPrice\":200,\"categoryId\":\"kitchen\"}").get("id").asText();
        Reply alerts = call("GET", "/me/alerts", kim, null);
        assertEquals(alertId, alerts.body().get("alerts").get(0).get("id").asText());
        assertEquals("1", alerts.header("X-DynamoDB-Requests"));
        // What the peak benchmark bills as Lambda duration: the one request's one attempt, its time on the wire
        // within the handler's run time.
        assertEquals("1", alerts.header("X-Local-DynamoDB-Attempts"));
        assertTrue(Long.parseLong(alerts.header("X-Local-DynamoDB-Wire-Micros")) <= Long.parseLong(alerts.header("X-Local-Function-Micros")));
        assertNotNull(alerts.header("X-Local-Function-Cpu-Micros"));
        expect(201, "POST", "/me/alerts", token("lou", false), "{\"keywords\":\"espresso\",\"maxPrice\":100}");
        String dealId = expect(201, "POST", "/cms/deals", editor, "{\"title\":\"Espresso Machine, 15 bar\","
                + "\"link\":\"https://shop.example.com/e\",\"price\":149,\"brandId\":\"nakamura\",\"categoryId\":\"kitchen\"}")
                .get("id").asText();
        JsonNode message = null;
        JsonNode found = null;
        long deadline = System.currentTimeMillis() + 5_000;
        while ((message == null || found == null) && System.currentTimeMillis() < deadline) {
            for (JsonNode m : expect(200, "GET", "/me/messages", kim, null).get("messages")) {
                message = dealId.equals(m.path("dealId").asText()) ? m : message;
            }
            Reply search = call("GET", "/search?q=machine%20ESPRESSO", null, null);
            assertTrue(Integer.parseInt(search.header("X-DynamoDB-Requests")) <= 3);
            found = search.body().get("deals").size() == 1 ? search.body().get("deals").get(0) : null;
            Thread.sleep(100);
        }
        assertNotNull(message, "the alert's message did not arrive within 5 seconds");
        assertTrue(message.get("subject").asText().startsWith("Deal alert"));
        assertNotNull(found, "search did not find the new deal within 5 seconds");
        assertEquals(dealId, found.get("id").asText());
        assertTrue(stack.awaitStreamQuiet(500, 30_000));
        assertEquals(0, expect(200, "GET", "/me/messages", token("lou", false), null).get("messages").size(),
                "lou's alert asks for at most 100");
        expect(204, "DELETE", "/me/alerts/" + alertId, kim, null);
        expect(204, "DELETE", "/me/alerts/" + alertId, kim, null);
        assertEquals(0, expect(200, "GET", "/me/alerts", kim, null).get("alerts").size());
    }

    @Test
    void editorsCreateUsersWatchAndTheMessageArrivesThroughTheStream() throws Exception {
        expect(201, "POST", "/cms/brands", editor, "{\"name\":\"Wonka\"}");
        expect(201, "POST", "/cms/categories", editor, "{\"name\":\"Food & Drink\"}");
        String ann = token("ann", false);
        expect(201, "POST", "/me", ann, "{\"email\":\"ann@example.com\"}");
        assertEquals(1, expect(201, "POST", "/brands/wonka/watches", ann, null).get("watchers").asInt());
        String dealId = expect(201, "POST", "/cms/deals", editor, "{\"title\":\"Golden ticket bar\",\"link\":\"https://shop.example.com/g\","
                + "\"price\":2.5,\"brandId\":\"wonka\",\"categoryId\":\"food-drink\"}").get("id").asText();
        JsonNode message = null;
        long deadline = System.currentTimeMillis() + 5_000;
        while (message == null && System.currentTimeMillis() < deadline) {
            for (JsonNode m : expect(200, "GET", "/me/messages?unread=true", ann, null).get("messages")) {
                if (dealId.equals(m.path("dealId").asText())) {
                    message = m;
                }
            }
            Thread.sleep(100);
        }
        assertNotNull(message, "the new-deal message did not arrive within 5 seconds");
        assertTrue(message.get("subject").asText().contains("Wonka"));
        expect(204, "POST", "/me/messages/" + message.get("id").asText() + "/read", ann, null);
        expect(204, "POST", "/me/messages/" + message.get("id").asText() + "/read", ann, null);
        expect(404, "POST", "/me/messages/" + message.get("id").asText() + "/read", token("bob", false), null);
        // The new deal reaches the cached front page within the stream delay, and then costs one request.
        long frontDeadline = System.currentTimeMillis() + 5_000;
        boolean onFront = false;
        while (!onFront && System.currentTimeMillis() < frontDeadline) {
            Reply front = call("GET", "/frontpage", null, null);
            onFront = front.body().get("latest").toString().contains(dealId) && "1".equals(front.header("X-DynamoDB-Requests"));
            Thread.sleep(100);
        }
        assertTrue(onFront, "the front page did not show the new deal from its cache within 5 seconds");
        // The first rebuild writes its CACHE_SHARDS copies one after another, and a read of a copy not yet written
        // is served live; once the stream is quiet every copy exists, and every read is one request.
        assertTrue(stack.awaitStreamQuiet(500, 30_000), "stream delivery never went quiet");
        for (int i = 0; i < 2 * Configuration.from(Settings.fromProcess()).cacheShards(); i++) {
            Reply front = call("GET", "/frontpage", null, null);
            assertEquals("1", front.header("X-DynamoDB-Requests"));
            assertNotNull(front.header("X-DynamoDB-Read-Units"));
        }
    }

    /**
     * 50 users vote on one deal in the same moment over HTTP: every one gets a 200, the deal's page shows their sum in
     * one request at once, and the hottest list within the stream delay; every answer is one the document allows.
     */
    @Test
    void fiftyVotesAtOnceOverHttpReachTheDealAndTheHottestList() throws Exception {
        expect(201, "POST", "/cms/brands", editor, "{\"name\":\"Initech\"}");
        expect(201, "POST", "/cms/categories", editor, "{\"name\":\"Office\"}");
        String dealId = expect(201, "POST", "/cms/deals", editor, "{\"title\":\"Red stapler\",\"link\":\"https://shop.example.com/s\","
                + "\"price\":12,\"brandId\":\"initech\",\"categoryId\":\"office\"}").get("id").asText();
        ExecutorService pool = Executors.newFixedThreadPool(50);
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(50);
        List<Future<Integer>> statuses = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String t = token("voter" + i, false);
            String vote = i % 5 == 0 ? "cold" : "hot";
            statuses.add(pool.submit(() -> {
                together.await();
                return call("POST", "/deals/" + dealId + "/votes", t, "{\"vote\":\"" + vote + "\"}").status();
            }));
        }
        List<Integer> got = new ArrayList<>();
        for (Future<Integer> f : statuses) {
            got.add(f.get());
        }
        pool.shutdown();
        assertEquals(Collections.nCopies(50, 200), got);
        Reply deal = call("GET", "/deals/" + dealId, null, null);
        assertEquals(30, deal.body().get("temperature").asLong(), "40 hot, 10 cold");
        assertEquals("1", deal.header("X-DynamoDB-Requests"));
        assertEquals("hot", expect(200, "GET", "/me/votes?dealIds=" + dealId, token("voter1", false), null).get("votes")
                .get(dealId).asText());
        assertEquals(31, expect(200, "DELETE", "/deals/" + dealId + "/votes", token("voter0", false), null).get("temperature").asLong());
        expect(400, "POST", "/deals/" + dealId + "/votes", token("voter2", false), "{\"vote\":\"lukewarm\"}");
        long deadline = System.currentTimeMillis() + 10_000;
        long listed = Long.MIN_VALUE;
        while (listed != 31 && System.currentTimeMillis() < deadline) {
            for (JsonNode d : expect(200, "GET", "/hottest?window=day", null, null).get("deals")) {
                if (dealId.equals(d.get("id").asText())) {
                    listed = d.get("temperature").asLong();
                }
            }
            Thread.sleep(100);
        }
        assertEquals(31, listed, "the hottest list did not show the temperature within 10 seconds");
        expect(200, "GET", "/hot", null, null);
    }

    @Test
    void concurrentLikesAreExactOverHttp() throws Exception {
        expect(201, "POST", "/cms/brands", editor, "{\"name\":\"Hooli\"}");
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Future<Integer>> statuses = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String t = token("fan" + i, false);
            statuses.add(pool.submit(() -> call("POST", "/brands/hooli/likes", t, null).status()));
        }
        String same = token("samefan", false);
        for (int i = 0; i < 8; i++) {
            statuses.add(pool.submit(() -> call("POST", "/brands/hooli/likes", same, null).status()));
        }
        List<Integer> got = new ArrayList<>();
        for (Future<Integer> f : statuses) {
            got.add(f.get());
        }
        pool.shutdown();
        assertEquals(31, Collections.frequency(got, 201));
        assertEquals(7, Collections.frequency(got, 200));
        JsonNode brand = expect(200, "GET", "/brands/hooli", null, null);
        assertEquals(31, brand.get("likes").asInt());
        Reply unlike = call("DELETE", "/brands/hooli/likes", same, null);
        assertEquals(30, unlike.body().get("likes").asInt());
        assertTrue(Integer.parseInt(unlike.header("X-DynamoDB-Requests")) <= 2);
    }

    @Test
    void pagingThroughSparseHistoryReturnsEveryDealOnceNewestFirst() throws Exception {
        expect(201, "POST", "/cms/brands", editor, "{\"name\":\"Virtucon\"}");
        expect(201, "POST", "/cms/categories", editor, "{\"name\":\"Home\"}");
        List<String> made = new ArrayList<>();
        Instant now = Instant.now();
        for (int i = 0; i < 23; i++) {
            String at = now.minus(Duration.ofDays(200 - 8L * i)).toString();
            made.add(0, expect(201, "POST", "/cms/deals", editor, "{\"title\":\"Lair kit " + i + "\",\"link\":\"https://v.example.com/"
                    + i + "\",\"price\":99,\"brandId\":\"virtucon\",\"categoryId\":\"home\",\"createdAt\":\"" + at + "\"}").get("id").asText());
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            String q = "/brands/virtucon/deals?limit=10" + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            Reply page = call("GET", q, null, null);
            assertEquals(200, page.status());
            assertTrue(Integer.parseInt(page.header("X-DynamoDB-Requests")) <= 3);
            page.body().get("deals").forEach(d -> seen.add(d.get("id").asText()));
            cursor = page.body().get("nextCursor").isNull() ? null : page.body().get("nextCursor").asText();
        } while (cursor != null);
        assertEquals(made, seen);
    }

    @Test
    void authAndInputFailuresAnswerAsTheContractSays() throws Exception {
        expect(401, "GET", "/me", null, null);
        expect(401, "GET", "/me", "not.a-jwt", null);
        expect(401, "GET", "/me", "abc", null);
        String expired = BearerToken.issue(BearerToken.MOBILE_CLIENT, "ann", List.of("users"), Instant.now().minusSeconds(7200), 60);
        expect(401, "GET", "/me", expired, null);
        assertEquals("Unauthorized", expect(401, "POST", "/cms/brands", null, "{\"name\":\"x\"}").get("message").asText());
        // A signed-in user outside the editors group: 403 on a CMS route, through either app client (one pool, one
        // authorizer; the pool's trigger leaves the group out of an editor's token until TOTP is on).
        expect(403, "POST", "/cms/brands", token("ann", false), "{\"name\":\"x\"}");
        String notYetEditor = BearerToken.issue(BearerToken.CMS_CLIENT, "newbie", List.of(), Instant.now(), 600);
        expect(403, "POST", "/cms/brands", notYetEditor, "{\"name\":\"x\"}");
        // An editor's token reaches the user routes too: deleting someone else's comment is an editor's right.
        expect(200, "GET", "/me/messages/unread-count", editor, null);
        assertEquals("Not Found", expect(404, "GET", "/no/such/route", null, null).get("message").asText());
        expect(404, "GET", "/brands/no-such-brand", null, null);
        expect(404, "DELETE", "/frontpage", null, null);
        JsonNode bad = expect(400, "POST", "/cms/deals", editor, "{\"title\":\"\"}");
        assertFalse(bad.get("message").asText().isBlank());
        expect(400, "GET", "/deals?limit=0", null, null);
        expect(400, "GET", "/deals?cursor=forged", null, null);
        expect(400, "POST", "/cms/brands", editor, "{not json");
    }

    /** A body sent as raw bytes with this Content-Type (null: none), answered and checked like every other call. */
    static Reply raw(String method, String path, String token, String contentType, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        checkAgainstTheDocument(method, path, r);
        return new Reply(r.statusCode(), r.body().isEmpty() ? null : JSON.readTree(r.body()), r);
    }

    @Test
    void theSecondWaveConventionsHoldOverHttp() throws Exception {
        byte[] brand = "{\"name\":\"Umbrella\"}".getBytes(StandardCharsets.UTF_8);
        assertEquals(415, raw("POST", "/cms/brands", editor, "text/plain", brand).status());
        assertEquals("UNSUPPORTED_MEDIA_TYPE", raw("POST", "/cms/brands", editor, null, brand).body().get("code").asText());
        assertEquals(400, raw("POST", "/cms/brands", editor, "application/json",
                "{\"name\":\"A\",\"name\":\"B\"}".getBytes(StandardCharsets.UTF_8)).status());
        assertEquals(400, raw("POST", "/cms/brands", editor, "application/json",
                "{\"name\":\"Caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1)).status());
        expect(404, "GET", "/brands/umbrella", null, null); // none of those wrote anything
        assertEquals(201, raw("POST", "/cms/brands", editor, "application/json; charset=utf-8", brand).status());
        String ann = token("ann", false);
        expect(404, "GET", "/me/brands/no-such-brand", ann, null);
        expect(404, "GET", "/me/categories/no-such-category", ann, null);
        expect(200, "GET", "/me/brands/umbrella", ann, null);
        JsonNode me = expect(201, "POST", "/me", token("whole-seconds", false), "{\"email\":\"w@example.com\"}");
        assertTrue(me.get("memberSince").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), me.toString());
    }

    @Test
    void hotDealBlastReachesEveryProfileWithinThirtySeconds() throws Exception {
        expect(201, "POST", "/cms/brands", editor, "{\"name\":\"Oscorp\"}");
        expect(201, "POST", "/cms/categories", editor, "{\"name\":\"Sports & Outdoors\"}");
        List<String> users = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            String t = token("blastee" + i, false);
            users.add(t);
            expect(201, "POST", "/me", t, "{\"email\":\"b" + i + "@example.com\"}");
        }
        String dealId = expect(201, "POST", "/cms/deals", editor, "{\"title\":\"Glider\",\"link\":\"https://o.example.com/g\","
                + "\"price\":1000,\"brandId\":\"oscorp\",\"categoryId\":\"sports-outdoors\"}").get("id").asText();
        String blastId = expect(202, "POST", "/cms/hot-deals", editor, "{\"dealId\":\"" + dealId + "\"}").get("blastId").asText();
        // A double-click: the same blast, not a second one.
        assertEquals(blastId, expect(200, "POST", "/cms/hot-deals", editor, "{\"dealId\":\"" + dealId + "\"}").get("blastId").asText());
        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode progress = null;
        while (System.currentTimeMillis() < deadline) {
            progress = expect(200, "GET", "/cms/hot-deals/" + blastId, editor, null);
            if (progress.get("done").asBoolean()) {
                break;
            }
            Thread.sleep(200);
        }
        assertTrue(progress.get("done").asBoolean(), "blast not done: " + progress);
        assertTrue(progress.get("usersReached").asInt() >= 150);
        for (String t : List.of(users.get(0), users.get(77), users.get(149))) {
            long hits = 0;
            for (JsonNode m : expect(200, "GET", "/me/messages", t, null).get("messages")) {
                hits += dealId.equals(m.path("dealId").asText()) ? 1 : 0;
            }
            assertEquals(1, hits);
        }
    }

    /** Read off the wire: header names as the contract spells them, and malformed HTTP answered in JSON. */
    @Test
    void costHeadersKeepTheContractsSpellingOnTheWire() throws Exception {
        try (Socket s = new Socket("127.0.0.1", stack.port())) {
            s.getOutputStream().write("GET /brands HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String raw = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(raw.startsWith("HTTP/1.1 200"), raw);
            assertTrue(raw.contains("\r\nX-DynamoDB-Requests: 1\r\n"), raw);
            assertTrue(raw.contains("\r\nX-DynamoDB-Read-Units: "), raw);
        }
        try (Socket s = new Socket("127.0.0.1", stack.port())) {
            s.getOutputStream().write("GET /brands HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String raw = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(raw.startsWith("HTTP/1.1 400"), raw);
            assertTrue(raw.contains("{\"message\":"), raw);
        }
    }

    @Test
    void nothingListensBeyondLoopback() throws Exception {
        assertTrue(InetAddress.getByName("127.0.0.1").equals(stack.gateway().address().getAddress())
                || stack.gateway().address().getAddress().isLoopbackAddress());
        int dynamoPort = URI.create(stack.dynamoEndpoint()).getPort();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address.isLoopbackAddress() || !(address instanceof Inet4Address)) {
                    continue;
                }
                for (int port : new int[] {stack.port(), dynamoPort}) {
                    assertThrows(IOException.class, () -> {
                        try (Socket s = new Socket()) {
                            s.connect(new InetSocketAddress(address, port), 1_000);
                        }
                    }, address + ":" + port + " accepted a connection");
                }
            }
        }
    }
}

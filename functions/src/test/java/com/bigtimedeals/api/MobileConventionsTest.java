package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpConventions;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.JsonNode;

/** What a mobile client expects of every route, checked through the handlers over a real table. */
class MobileConventionsTest extends ApiTest {
    private static final String KEY = HttpConventions.IDEMPOTENCY_KEY;
    private static final String REPLAYED = HttpConventions.IDEMPOTENT_REPLAYED;

    @Test
    void everyAnswerNamesItsRequestAndEveryErrorBodyToo() {
        seedCatalog();
        APIGatewayV2HTTPResponse ok = send(get("/brands/acme"));
        assertTrue(ok.getHeaders().get(HttpConventions.REQUEST_ID).startsWith("req-"));
        APIGatewayV2HTTPResponse missing = send(get("/brands/nope"));
        assertEquals(404, missing.getStatusCode());
        assertEquals(missing.getHeaders().get(HttpConventions.REQUEST_ID), parse(missing).get("requestId").asText());
        APIGatewayV2HTTPResponse invalid = send(post("/cms/brands").editor().body("{\"name\":\"!!!\"}"));
        assertEquals(400, invalid.getStatusCode());
        assertEquals("name", parse(invalid).get("field").asText(), "a name must hold a letter or digit, as the document says");
        assertEquals(invalid.getHeaders().get(HttpConventions.REQUEST_ID), parse(invalid).get("requestId").asText());
        assertEquals("no-store", invalid.getHeaders().get("Cache-Control"));
    }

    @Test
    void aConditionalGetOfEveryPublicRouteIsA304ThatCostsNoMoreThanThe200() {
        seedCatalog();
        String dealId = createDeal("Cheap Thing", "acme", "tech");
        for (Route route : RouteTable.ROUTES) {
            if (route.access() != Access.PUBLIC || !route.method().equals("GET")) {
                continue;
            }
            String path = route.path().replace("{dealId}", dealId).replace("{brandId}", "acme").replace("{categoryId}", "tech");
            APIGatewayV2HTTPResponse first = send(publicGet(path));
            assertEquals(200, first.getStatusCode(), path);
            int full = lastRequests;
            String tag = first.getHeaders().get("ETag");
            APIGatewayV2HTTPResponse again = send(publicGet(path).header("If-None-Match", tag));
            assertEquals(304, again.getStatusCode(), path);
            assertNull(again.getBody());
            assertTrue(lastRequests <= full, path + ": the 304 made " + lastRequests + " requests, the 200 " + full);
            assertEquals(tag, again.getHeaders().get("ETag"));
        }
        String tag = send(get("/brands/acme")).getHeaders().get("ETag");
        expect(201, post("/brands/acme/likes").user("ann"));
        APIGatewayV2HTTPResponse changed = send(get("/brands/acme").header("If-None-Match", tag));
        assertEquals(200, changed.getStatusCode(), "the answer changed, so the old tag no longer matches");
        assertNotEquals(tag, changed.getHeaders().get("ETag"));
    }

    /** A public GET of the route table's path; search needs its words. */
    private static Call publicGet(String path) {
        return path.equals("/search") ? get(path).query("q=cheap") : get(path);
    }

    @Test
    void aPublicAnswerIsNeverCachedPastTheMomentADealInItExpires() {
        seedCatalog();
        String id = expect(201, post("/cms/deals").editor().body("{\"title\":\"Soon gone\",\"link\":\"https://shop.example.com/s\","
                + "\"price\":77.79,\"brandId\":\"acme\",\"categoryId\":\"tech\",\"expiresAt\":\"" + NOW.plusSeconds(20) + "\"}"))
                .get("id").asText();
        assertEquals("public, max-age=20", send(get("/deals/" + id)).getHeaders().get("Cache-Control"));
        assertEquals("public, max-age=20", send(get("/brands/acme/deals")).getHeaders().get("Cache-Control"));
        assertEquals("public, max-age=" + HttpConventions.PUBLIC_MAX_AGE_SECONDS,
                send(get("/brands")).getHeaders().get("Cache-Control"));
        assertEquals("no-store", send(get("/me/follows").user("ann")).getHeaders().get("Cache-Control"));
    }

    @Test
    void everyRouteRefusesAFieldItDoesNotDeclareAndWritesNothing() {
        seedCatalog();
        int items = itemCount();
        for (Route route : RouteTable.ROUTES) {
            if (route.method().equals("GET")) {
                continue;
            }
            String path = route.path().replace("{dealId}", Ids.dealId(NOW)).replace("{messageId}", Ids.dealId(NOW))
                    .replace("{blastId}", Ids.dealId(NOW)).replace("{brandId}", "acme").replace("{categoryId}", "tech");
            JsonNode error = expect(400, new Call(route.method(), path).editor().body("{\"surplus\":1}"));
            assertEquals("surplus", error.get("field").asText(), route.routeKey());
        }
        assertEquals(items, itemCount());
        expect(201, post("/brands/acme/likes").user("ann").body("{}"));
    }

    @Test
    void anExpiredTokenIsRefusedWithAChallengeThatSaysSo() {
        Call call = get("/me/follows").user("ann");
        call.claims.put("exp", Long.toString(NOW.getEpochSecond() - 1));
        APIGatewayV2HTTPResponse r = send(call);
        assertEquals(401, r.getStatusCode());
        assertEquals(HttpConventions.TokenProblem.EXPIRED.challenge(), r.getHeaders().get("WWW-Authenticate"));
    }

    @Test
    void aRepeatedKeyReplaysTheFirstAnswerAndDoesNothingAgain() {
        seedCatalog();
        APIGatewayV2HTTPResponse first = send(post("/brands/acme/likes").user("ann").header(KEY, "like-1"));
        assertEquals(201, first.getStatusCode());
        assertNull(first.getHeaders().get(REPLAYED));
        assertEquals(2, lastRequests, "the route's 2 requests: the key rides on its read and its transaction");
        expect(200, delete("/brands/acme/likes").user("ann"));
        APIGatewayV2HTTPResponse replay = send(post("/brands/acme/likes").user("ann").header(KEY, "like-1"));
        assertEquals(201, replay.getStatusCode());
        assertEquals("true", replay.getHeaders().get(REPLAYED));
        assertEquals(first.getBody(), replay.getBody(), "the first answer's body, as it was");
        assertEquals(1, lastRequests, "a replay is the one read that finds the answer");
        assertEquals(0, expect(200, get("/brands/acme")).get("likes").asLong(), "the replay liked nothing");
        // Another caller's key is its own.
        expect(201, post("/brands/acme/likes").user("bob").header(KEY, "like-1"));
        // The same key for another request: refused, nothing done.
        JsonNode reused = expect(422, post("/brands/globex/likes").user("ann").header(KEY, "like-1"));
        assertEquals("IDEMPOTENCY_KEY_REUSED", reused.get("code").asText());
        assertEquals(0, expect(200, get("/brands/globex")).get("likes").asLong());
        expect(400, post("/brands/acme/likes").user("ann").header(KEY, ""));
        expect(400, post("/brands/acme/likes").user("ann").header(KEY, "x".repeat(256)));
    }

    @Test
    void aKeyedPostAnsweredWithNoBodyIsRecordedAndReplayedNotRunAgain() {
        seedCatalog();
        String deal = createDeal("Reported deal", "acme", "tech");
        expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"));
        expect(201, post("/me").user("bob").body("{\"email\":\"bob@example.com\"}"));
        expect(201, post("/deals/" + deal + "/reports").user("ann").body("{\"reason\":\"spam\"}"));
        APIGatewayV2HTTPResponse dismissed = send(post("/cms/reports/" + deal + "/dismiss").editor().header(KEY, "dismiss-1"));
        assertEquals(204, dismissed.getStatusCode(), dismissed.getBody());
        // A report after the dismissal: the repeat of the dismissal is a replay, and leaves it open.
        expect(201, post("/deals/" + deal + "/reports").user("bob").body("{\"reason\":\"wrong-price\"}"));
        APIGatewayV2HTTPResponse replay = send(post("/cms/reports/" + deal + "/dismiss").editor().header(KEY, "dismiss-1"));
        assertEquals(204, replay.getStatusCode());
        assertEquals("true", replay.getHeaders().get(REPLAYED));
        assertEquals(1, lastRequests, "the claim that finds the recorded 204");
        JsonNode queue = expect(200, get("/cms/reports").editor()).get("reports");
        assertEquals(1, queue.size(), "bob's report is still open");
        assertEquals(1, queue.get(0).get("counts").get("wrong-price").asInt());
        // Marking a message read, with a key: the same.
        String message = Ids.messageId(NOW, "ann", "m");
        delivery(table).deliver(List.of(new com.bigtimedeals.inbox.Message(message, "ann", "s", "b", null, true, NOW,
                com.bigtimedeals.inbox.MessageKind.WATCH)));
        expect(204, post("/me/messages/" + message + "/read").user("ann").header(KEY, "read-1"));
        APIGatewayV2HTTPResponse again = send(post("/me/messages/" + message + "/read").user("ann").header(KEY, "read-1"));
        assertEquals(204, again.getStatusCode());
        assertEquals("true", again.getHeaders().get(REPLAYED));
    }

    @Test
    void aRefusedRequestKeepsNothingAndMayBeRetriedWithItsKey() {
        int items = itemCount();
        expect(404, post("/brands/acme/likes").user("ann").header(KEY, "k"));
        expect(400, post("/cms/brands").editor().header(KEY, "b").body("{\"name\":\"!!!\"}"));
        assertEquals(items, itemCount(), "a rejected request writes nothing, no idempotency record either");
        seedCatalog();
        expect(201, post("/brands/acme/likes").user("ann").header(KEY, "k"));
        expect(201, post("/cms/brands").editor().header(KEY, "b").body("{\"name\":\"Initech\"}"));
    }

    @Test
    void concurrentRequestsWithOneKeyDoTheWorkOnce() throws Exception {
        seedCatalog();
        String body = "{\"title\":\"Raced deal\",\"link\":\"https://shop.example.com/r\",\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\"}";
        List<APIGatewayV2HTTPResponse> creates = race(10, () -> send(post("/cms/deals").editor().header(KEY, "create-1").body(body)));
        Set<String> ids = new HashSet<>();
        int replayed = 0;
        for (APIGatewayV2HTTPResponse r : creates) {
            assertEquals(201, r.getStatusCode(), r.getBody());
            ids.add(parse(r).get("id").asText());
            replayed += "true".equals(r.getHeaders().get(REPLAYED)) ? 1 : 0;
        }
        assertEquals(1, ids.size(), "one deal made, every request answered with it");
        assertEquals(9, replayed);
        // Liking is idempotent by itself (a second like is a 200): all 201 shows the like ran once.
        List<APIGatewayV2HTTPResponse> likes = race(10, () -> send(post("/brands/acme/likes").user("ann").header(KEY, "like-r")));
        likes.forEach(r -> assertEquals(201, r.getStatusCode(), r.getBody()));
        assertEquals(1, expect(200, get("/brands/acme")).get("likes").asLong());
    }

    @Test
    void concurrentLikesWithTheirOwnKeysAreEachDoneOnceAndAnsweredExactly() throws Exception {
        seedCatalog();
        // Twelve users like one brand at once, each with a key: the reads race, some give way to the claimed path.
        java.util.concurrent.atomic.AtomicInteger users = new java.util.concurrent.atomic.AtomicInteger();
        java.util.Map<String, String> firstAnswers = new java.util.concurrent.ConcurrentHashMap<>();
        List<APIGatewayV2HTTPResponse> likes = race(12, () -> {
            String user = "u" + users.incrementAndGet();
            APIGatewayV2HTTPResponse r = send(post("/brands/acme/likes").user(user).header(KEY, "like-" + user));
            firstAnswers.put(user, r.getBody());
            return r;
        });
        long highest = 0;
        for (APIGatewayV2HTTPResponse r : likes) {
            assertEquals(201, r.getStatusCode(), r.getBody());
            long count = parse(r).get("likes").asLong();
            assertTrue(count >= 1 && count <= 12, "an answer's count is one the brand had: " + count);
            highest = Math.max(highest, count);
        }
        assertEquals(12, expect(200, get("/brands/acme")).get("likes").asLong());
        assertEquals(12, highest, "the last like to land answers the count it left: every like counted");
        // Every key replays its own first answer and likes nothing more.
        for (int i = 1; i <= 12; i++) {
            APIGatewayV2HTTPResponse replay = send(post("/brands/acme/likes").user("u" + i).header(KEY, "like-u" + i));
            assertEquals("true", replay.getHeaders().get(REPLAYED));
            assertEquals(firstAnswers.get("u" + i), replay.getBody(), "u" + i + "'s own first answer");
        }
        assertEquals(12, expect(200, get("/brands/acme")).get("likes").asLong());
    }

    @Test
    void concurrentVotesAndCommentsWithOneKeyAreDoneOnceAndAnsweredAlike() throws Exception {
        seedCatalog();
        String deal = createDeal("Raced deal", "acme", "tech");
        expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"));
        for (String[] call : List.of(new String[] {"/deals/" + deal + "/votes", "{\"vote\":\"hot\"}", "vote-r"},
                new String[] {"/deals/" + deal + "/comments", "{\"body\":\"Still on\"}", "comment-r"})) {
            List<APIGatewayV2HTTPResponse> answers = race(8, () -> send(post(call[0]).user("ann").header(KEY, call[2]).body(call[1])));
            Set<String> bodies = new HashSet<>();
            for (APIGatewayV2HTTPResponse r : answers) {
                assertTrue(r.getStatusCode() / 100 == 2, call[0] + " answered " + r.getBody());
                bodies.add(r.getBody());
            }
            assertEquals(1, bodies.size(), call[0] + ": every request answered with the one that ran");
        }
        JsonNode after = expect(200, get("/deals/" + deal));
        assertEquals(1, after.get("temperature").asLong(), "voted once");
        assertEquals(1, after.get("commentCount").asLong(), "commented once");
    }

    @Test
    void aKeyedLikeThatKeepsMeetingConflictsGivesWayToTheClaimedPathAndIsDoneOnce() {
        seedCatalog();
        // Its read-then-write attempts are cancelled by conflicting transactions until it gives way; the claimed path's
        // claim, like, read-back and record then run undisturbed.
        com.bigtimedeals.harness.InjectedFaults faults =
                com.bigtimedeals.harness.InjectedFaults.nextTransactionsConflict(dynamo, table.name(), 2);
        APIGatewayV2HTTPResponse first = send(post("/brands/acme/likes").user("ann").header(KEY, "like-busy"));
        assertEquals(201, first.getStatusCode(), first.getBody());
        assertEquals(2, faults.conflicts());
        assertEquals(2 * 2 + 4, lastRequests, "two reads and transactions, then the claim, the like, its read-back and the record");
        assertEquals(1, parse(first).get("likes").asLong());
        APIGatewayV2HTTPResponse replay = send(post("/brands/acme/likes").user("ann").header(KEY, "like-busy"));
        assertEquals("true", replay.getHeaders().get(REPLAYED));
        assertEquals(first.getBody(), replay.getBody());
        assertEquals(1, lastRequests, "the carried read finds the claimed path's record with its answer");
        assertEquals(1, expect(200, get("/brands/acme")).get("likes").asLong());
    }

    private static List<APIGatewayV2HTTPResponse> race(int n, java.util.concurrent.Callable<APIGatewayV2HTTPResponse> call)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<APIGatewayV2HTTPResponse>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    return call.call();
                }));
            }
            go.countDown();
            List<APIGatewayV2HTTPResponse> out = new ArrayList<>();
            for (Future<APIGatewayV2HTTPResponse> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

}

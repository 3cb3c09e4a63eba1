package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;

import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.topology.HttpConventions;
import com.bigtimedeals.topology.Operation;
import com.fasterxml.jackson.databind.JsonNode;

/** Every route the contract gives a request budget, counted with the SDK interceptor and held to it. */
class RequestBudgetTest extends ApiTest {

    @Test
    void everyBudgetedRouteStaysWithinItsBudget() {
        seedCatalog();
        List<String> deals = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            deals.add(createDeal("D" + i, i % 2 == 0 ? "acme" : "globex", "tech", NOW.minus(Duration.ofDays(80 - 2L * i))));
        }
        expect(200, put("/cms/editors-choice").editor().body("{\"dealIds\":[\"" + deals.get(3) + "\"]}"));
        expect(200, put("/cms/categories/tech/featured").editor().body("{\"dealIds\":[\"" + deals.get(4) + "\"]}"));
        new FrontPageCache(table, CACHE_SHARDS).rebuild(new FeaturedStore(table), new DealStore(table));
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            messages.add(new Message(Ids.messageId(NOW.minusSeconds(i), "ann", "m" + i), "ann", "s", "b", null, true, NOW.minusSeconds(i), MessageKind.WATCH));
        }
        delivery(table).deliver(messages);

        within(1, get("/frontpage"));
        within(1, get("/editors-choice"));
        within(1, get("/brands"));
        within(1, get("/deals/" + deals.get(0)));
        within(1, get("/brands/acme"));
        within(2, get("/categories/tech"));
        for (String list : List.of("/deals", "/brands/acme/deals", "/brands/globex/deals", "/categories/tech/deals")) {
            JsonNode first = within(3, get(list).query("limit=7"));
            String cursor = URLEncoder.encode(first.get("nextCursor").asText(), StandardCharsets.UTF_8);
            within(3, get(list).query("limit=7&cursor=" + cursor));
        }
        JsonNode inbox = within(1, get("/me/messages").user("ann").query("limit=10"));
        within(1, get("/me/messages").user("ann").query("limit=10&cursor="
                + URLEncoder.encode(inbox.get("nextCursor").asText(), StandardCharsets.UTF_8)));
        within(1, get("/me/messages").user("ann").query("unread=true"));
        within(1, get("/me/messages/unread-count").user("ann"));
        within(1, get("/me/brands/acme").user("ann"));
        within(1, get("/me/categories/tech").user("ann"));
        within(1, delete("/cms/deals/" + deals.get(5)).editor());
        for (String list : List.of("/deals", "/brands/globex/deals", "/categories/tech/deals")) {
            JsonNode first = within(3, get(list).query("limit=7"));
            within(3, get(list).query("limit=7&cursor=" + URLEncoder.encode(first.get("nextCursor").asText(), StandardCharsets.UTF_8)));
        }
        for (String target : List.of("/brands/acme", "/categories/tech")) {
            for (String relation : List.of("/likes", "/watches")) {
                within(2, post(target + relation).user("bob"));
                within(2, post(target + relation).user("bob"));
                within(2, delete(target + relation).user("bob"));
                within(2, delete(target + relation).user("bob"));
            }
            within(2, post(target + "/likes").user("bob"));
        }
        within(2, get("/me/follows").user("bob"));
        for (int i = 0; i < 3; i++) {
            expect(201, post("/me/alerts").user("bob").body("{\"keywords\":\"d" + i + "\",\"brandId\":\"acme\"}"));
        }
        within(1, get("/me/alerts").user("bob"));
        within(3, post("/me/devices").user("bob").body("{\"platform\":\"apns\",\"token\":\"" + "ab".repeat(32) + "\"}"));
        within(3, post("/me/devices").user("bob").body("{\"platform\":\"apns\",\"token\":\"" + "ab".repeat(32) + "\"}"));
        within(3, post("/me/devices").user("cat").body("{\"platform\":\"apns\",\"token\":\"" + "ab".repeat(32) + "\"}"));
        for (int i = 0; i < 10; i++) {
            expect(201, post("/me/devices").user("dee").body("{\"platform\":\"fcm\",\"token\":\"dee-" + i + "-" + "t".repeat(40) + "\"}"));
        }
        // An 11th device pushes the oldest out in the same transaction; its endpoint goes, its release mark stays.
        within(3, post("/me/devices").user("dee").body("{\"platform\":\"fcm\",\"token\":\"dee-10-" + "t".repeat(40) + "\"}"));
        within(1, get("/me/devices").user("cat"));
        within(1, get("/me/notifications").user("cat"));
        com.bigtimedeals.deals.WordIndex index = new com.bigtimedeals.deals.WordIndex(table);
        for (int i = 0; i < 40; i++) {
            index.index(deals.get(i), com.bigtimedeals.platform.Words.indexable("D" + i)); // as the stream consumer does
        }
        within(3, get("/search").query("q=d7&limit=7"));
        within(3, get("/search").query("q=d7%20d8&limit=7"));

        // The deal community.
        String discussed = deals.get(30);
        expect(201, post("/me").user("cat").body("{\"email\":\"cat@example.com\"}"));
        String top = within(3, post("/deals/" + discussed + "/comments").user("cat").body("{\"body\":\"First\"}")).get("id").asText();
        for (int i = 0; i < 8; i++) {
            within(3, post("/deals/" + discussed + "/comments").user("cat").body("{\"body\":\"Reply " + i + "\",\"replyTo\":\"" + top + "\"}"));
        }
        JsonNode thread = within(1, get("/deals/" + discussed + "/comments").query("limit=4"));
        within(1, get("/deals/" + discussed + "/comments").query("limit=4&cursor="
                + URLEncoder.encode(thread.get("nextCursor").asText(), StandardCharsets.UTF_8)));
        within(1, get("/deals/" + discussed));
        for (int i = 0; i < 6; i++) {
            within(2, post("/deals/" + deals.get(20 + i) + "/reports").user("cat").body("{\"reason\":\"spam\"}"));
        }
        JsonNode queue = within(2, get("/cms/reports").editor().query("limit=4"));
        within(2, get("/cms/reports").editor().query("limit=4&cursor="
                + URLEncoder.encode(queue.get("nextCursor").asText(), StandardCharsets.UTF_8)));
    }

    /**
     * Every POST with a budget, sent with an Idempotency-Key: within its budget the first time, when it changes
     * nothing (a like already there, the same vote), and replayed (1 request), doing nothing twice.
     */
    @Test
    void everyBudgetedPostStaysWithinItsBudgetWithAnIdempotencyKey() {
        seedCatalog();
        String deal = createDeal("Keyed", "acme", "tech");
        expect(201, post("/me").user("bob").body("{\"email\":\"bob@example.com\"}"));
        // What each operation that carries its key is sent with: path, body, budget.
        Map<Operation, String[]> posts = new EnumMap<>(Operation.class);
        posts.put(Operation.LIKE_BRAND, new String[] {"/brands/acme/likes", null, "2"});
        posts.put(Operation.WATCH_BRAND, new String[] {"/brands/acme/watches", null, "2"});
        posts.put(Operation.LIKE_CATEGORY, new String[] {"/categories/tech/likes", null, "2"});
        posts.put(Operation.WATCH_CATEGORY, new String[] {"/categories/tech/watches", null, "2"});
        posts.put(Operation.CAST_VOTE, new String[] {"/deals/" + deal + "/votes", "{\"vote\":\"hot\"}", "2"});
        posts.put(Operation.POST_COMMENT, new String[] {"/deals/" + deal + "/comments", "{\"body\":\"Still on\"}", "3"});
        assertEquals(Arrays.stream(Operation.values()).filter(Operation::carriesIdempotencyKey).collect(Collectors.toSet()),
                posts.keySet(), "every operation that carries its key, and only those, is checked here");
        int n = 0;
        for (Map.Entry<Operation, String[]> e : posts.entrySet()) {
            String path = e.getValue()[0];
            String body = e.getValue()[1];
            int budget = Integer.parseInt(e.getValue()[2]);
            String key = "budget-" + n++;
            APIGatewayV2HTTPResponse first = send(keyed(path, body, key));
            assertTrue(first.getStatusCode() / 100 == 2, path + " answered " + first.getBody());
            assertTrue(lastRequests <= budget, path + " with a key made " + lastRequests + " requests; the contract allows " + budget);
            APIGatewayV2HTTPResponse replay = send(keyed(path, body, key));
            assertEquals("true", replay.getHeaders().get(HttpConventions.IDEMPOTENT_REPLAYED), path);
            assertEquals(first.getStatusCode(), replay.getStatusCode(), path);
            assertEquals(first.getBody(), replay.getBody(), path);
            assertEquals(1, lastRequests, path + ": a replay is the one read that finds the record");
            if (!e.getKey().equals(Operation.POST_COMMENT)) {
                // Already liked, watched, voted: changes nothing, and its key is recorded all the same.
                APIGatewayV2HTTPResponse again = send(keyed(path, body, key + "-again"));
                assertEquals(200, again.getStatusCode(), path + " again answered " + again.getBody());
                assertTrue(lastRequests <= budget, path + " again made " + lastRequests + " requests; the contract allows " + budget);
                APIGatewayV2HTTPResponse againReplayed = send(keyed(path, body, key + "-again"));
                assertEquals("true", againReplayed.getHeaders().get(HttpConventions.IDEMPOTENT_REPLAYED), path);
                assertEquals(again.getBody(), againReplayed.getBody(), path);
            }
        }
        JsonNode acme = expect(200, get("/brands/acme"));
        assertEquals(1, acme.get("likes").asLong(), "liked once, for all the replays");
        assertEquals(1, acme.get("watchers").asLong());
        JsonNode tech = expect(200, get("/categories/tech"));
        assertEquals(1, tech.get("likes").asLong());
        assertEquals(1, tech.get("watchers").asLong());
        JsonNode voted = expect(200, get("/deals/" + deal));
        assertEquals(1, voted.get("temperature").asLong(), "voted once");
        assertEquals(1, voted.get("commentCount").asLong(), "commented once");
    }

    private static Call keyed(String path, String body, String key) {
        Call call = post(path).user("bob").header(HttpConventions.IDEMPOTENCY_KEY, key);
        return body == null ? call : call.body(body);
    }

    private JsonNode within(int budget, Call call) {
        JsonNode body = parse(send(call));
        assertTrue(lastRequests <= budget, call.method + " " + call.path + "?" + call.query + " made " + lastRequests
                + " DynamoDB requests; the contract allows " + budget);
        assertTrue(lastRequests >= 1, call.method + " " + call.path + " made no request at all");
        return body;
    }
}

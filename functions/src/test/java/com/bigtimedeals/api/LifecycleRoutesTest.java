package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.topology.HttpConventions;
import com.fasterxml.jackson.databind.JsonNode;

/** Deal expiry and takedown, what I follow, the unread badge and account deletion, over API Gateway events. */
class LifecycleRoutesTest extends ApiTest {
    private static String idList(List<String> ids) {
        return "{\"dealIds\":[" + String.join(",", ids.stream().map(i -> "\"" + i + "\"").toList()) + "]}";
    }

    private String createExpiring(String title, Instant expiresAt) {
        return expect(201, post("/cms/deals").editor().body("{\"title\":\"" + title + "\",\"link\":\"https://shop.example.com/"
                + title + "\",\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\",\"expiresAt\":\"" + expiresAt + "\"}"))
                .get("id").asText();
    }

    @Test
    void anExpiredDealLeavesEveryFeaturedSectionCachedCopyIncludedButStaysFlaggedInLists() {
        seedCatalog();
        Instant expires = NOW.plus(Duration.ofMinutes(30)); // test tokens last an hour
        String soon = createExpiring("Soon", expires);
        String stays = createDeal("Stays", "acme", "tech");
        JsonNode created = expect(200, get("/deals/" + soon));
        assertEquals(expires.toString(), created.get("expiresAt").asText());
        assertFalse(created.get("expired").asBoolean());
        assertFalse(expect(200, get("/deals/" + stays)).has("expiresAt"));
        expect(200, put("/cms/frontpage/featured").editor().body(idList(List.of(soon, stays))));
        expect(200, put("/cms/editors-choice").editor().body(idList(List.of(soon))));
        expect(200, put("/cms/categories/tech/featured").editor().body(idList(List.of(soon, stays))));
        new FrontPageCache(table, CACHE_SHARDS).rebuild(new FeaturedStore(table), new DealStore(table));

        // The moment it expires, with no editor action and no rebuild: the same copies, read later.
        handlers = handlers(table, Clock.fixed(expires, ZoneOffset.UTC));
        JsonNode front = expect(200, get("/frontpage"));
        assertBudget(1);
        assertEquals(List.of(stays), ids(front.get("featured")));
        assertTrue(expect(200, get("/editors-choice")).get("featured").isEmpty());
        assertEquals(List.of(stays), ids(expect(200, get("/categories/tech")).get("featured")));
        JsonNode latest = expect(200, get("/deals"));
        assertEquals(java.util.Set.of(stays, soon), new java.util.HashSet<>(ids(latest.get("deals"))));
        for (JsonNode d : latest.get("deals")) {
            assertEquals(d.get("id").asText().equals(soon), d.get("expired").asBoolean());
        }
        assertTrue(expect(200, get("/deals/" + soon)).get("expired").asBoolean());
        // Featuring it now is refused and changes nothing.
        int before = itemCount();
        expect(400, put("/cms/editors-choice").editor().body(idList(List.of(stays, soon))));
        assertEquals(before, itemCount());
        // null clears the expiry: it may be featured again.
        JsonNode cleared = expect(200, patch("/cms/deals/" + soon).editor().body("{\"expiresAt\":null}"));
        assertFalse(cleared.has("expiresAt"));
        assertFalse(cleared.get("expired").asBoolean());
        expect(200, put("/cms/editors-choice").editor().body(idList(List.of(soon))));
    }

    /**
     * A replay is the first answer, not a new one rendered from it: the category's featured deal that has expired since
     * is still in the replayed watch's answer, as it was in the first, while the category itself now shows none.
     */
    @Test
    void aKeyedWatchReplayedAfterItsCategorysFeaturedDealExpiredAnswersWhatTheFirstRequestGot() {
        seedCatalog();
        Instant expires = NOW.plus(Duration.ofMinutes(30)); // test tokens last an hour
        String soon = createExpiring("Soon", expires);
        expect(200, put("/cms/categories/tech/featured").editor().body(idList(List.of(soon))));
        Call watch = post("/categories/tech/watches").user("ann").header(HttpConventions.IDEMPOTENCY_KEY, "watch-1");
        com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse first = send(watch);
        assertEquals(201, first.getStatusCode(), first.getBody());
        assertEquals(List.of(soon), ids(parse(first).get("featured")));

        handlers = handlers(table, Clock.fixed(expires.plusSeconds(60), ZoneOffset.UTC));
        com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse replay = send(
                post("/categories/tech/watches").user("ann").header(HttpConventions.IDEMPOTENCY_KEY, "watch-1"));
        assertEquals(201, replay.getStatusCode());
        assertEquals("true", replay.getHeaders().get(HttpConventions.IDEMPOTENT_REPLAYED));
        assertEquals(first.getBody(), replay.getBody(), "the first answer, its featured deal and all");
        assertTrue(expect(200, get("/categories/tech")).get("featured").isEmpty(), "the category shows it no longer");
        assertEquals(1, expect(200, get("/categories/tech")).get("watchers").asLong(), "watched once");
    }

    @Test
    void expiresAtMustFollowCreatedAtAndNowOrEarlierExpiresAtOnce() {
        seedCatalog();
        expect(400, post("/cms/deals").editor().body("{\"title\":\"T\",\"link\":\"https://s.example.com/t\",\"price\":1,"
                + "\"brandId\":\"acme\",\"categoryId\":\"tech\",\"expiresAt\":\"" + NOW + "\"}"));
        expect(400, post("/cms/deals").editor().body("{\"title\":\"T\",\"link\":\"https://s.example.com/t\",\"price\":1,"
                + "\"brandId\":\"acme\",\"categoryId\":\"tech\",\"expiresAt\":\"soon\"}"));
        String id = createDeal("Backfilled", "acme", "tech", NOW.minus(Duration.ofDays(2)));
        String other = createDeal("Other", "acme", "tech");
        expect(200, put("/cms/frontpage/featured").editor().body(idList(List.of(id, other))));
        expect(200, put("/cms/editors-choice").editor().body(idList(List.of(id))));
        expect(200, put("/cms/categories/tech/featured").editor().body(idList(List.of(other, id))));
        new FrontPageCache(table, CACHE_SHARDS).rebuild(new FeaturedStore(table), new DealStore(table));
        JsonNode now = expect(200, patch("/cms/deals/" + id).editor().body("{\"expiresAt\":\"" + NOW + "\"}"));
        assertTrue(now.get("expired").asBoolean());
        // At once, with no stream: every featured section, the cached front page included, has dropped it.
        assertEquals(List.of(other), ids(expect(200, get("/frontpage")).get("featured")));
        assertTrue(expect(200, get("/editors-choice")).get("featured").isEmpty());
        assertEquals(List.of(other), ids(expect(200, get("/categories/tech")).get("featured")));
        expect(400, patch("/cms/deals/" + id).editor().body("{\"expiresAt\":\"" + NOW.minus(Duration.ofDays(3)) + "\"}"));
        assertEquals(NOW.toString(), expect(200, get("/deals/" + id)).get("expiresAt").asText());
    }

    @Test
    void takedownIs204TwiceA404ForAnUnknownIdAndTheDealIsGoneEverywhereAtOnce() {
        seedCatalog();
        String kept = createDeal("Kept", "acme", "tech");
        String gone = createDeal("Gone", "acme", "tech");
        expect(403, delete("/cms/deals/" + gone).user("ursula"));
        expect(204, delete("/cms/deals/" + gone).editor());
        assertBudget(1);
        expect(204, delete("/cms/deals/" + gone).editor());
        expect(404, delete("/cms/deals/" + Ids.dealId(NOW)).editor());
        expect(404, get("/deals/" + gone));
        expect(404, patch("/cms/deals/" + gone).editor().body("{\"title\":\"Back again\"}"));
        expect(404, get("/deals/" + gone));
        expect(404, post("/cms/hot-deals").editor().body("{\"dealId\":\"" + gone + "\"}"));
        expect(400, put("/cms/frontpage/featured").editor().body(idList(List.of(gone))));
        assertEquals(List.of(kept), ids(expect(200, get("/deals")).get("deals")));
        assertEquals(List.of(kept), ids(expect(200, get("/brands/acme/deals")).get("deals")));
        assertEquals(List.of(kept), ids(expect(200, get("/categories/tech/deals")).get("deals")));
    }

    @Test
    void myFollowsAreExactAfterEachChangeByNameWithinTwoRequests() {
        seedCatalog();
        JsonNode empty = expect(200, get("/me/follows").user("fiona"));
        assertTrue(empty.get("brands").isEmpty() && empty.get("categories").isEmpty());
        expect(201, post("/brands/globex/likes").user("fiona"));
        expect(201, post("/brands/acme/watches").user("fiona"));
        expect(201, post("/brands/acme/likes").user("fiona"));
        expect(201, post("/categories/food-drink/watches").user("fiona"));
        expect(201, post("/brands/globex/likes").user("gary"));
        JsonNode f = expect(200, get("/me/follows").user("fiona"));
        assertBudget(2);
        assertEquals(List.of("acme", "globex"), ids(f.get("brands")));
        assertEquals("Acme", f.get("brands").get(0).get("name").asText());
        assertTrue(f.get("brands").get(0).get("liked").asBoolean());
        assertTrue(f.get("brands").get(0).get("watching").asBoolean());
        assertTrue(f.get("brands").get(1).get("liked").asBoolean());
        assertFalse(f.get("brands").get(1).get("watching").asBoolean());
        assertEquals(List.of("food-drink"), ids(f.get("categories")));
        assertEquals("Food & Drink", f.get("categories").get(0).get("name").asText());
        expect(200, delete("/brands/acme/watches").user("fiona"));
        expect(200, delete("/brands/globex/likes").user("fiona"));
        JsonNode after = expect(200, get("/me/follows").user("fiona"));
        assertEquals(List.of("acme"), ids(after.get("brands")));
        assertFalse(after.get("brands").get(0).get("watching").asBoolean());
        JsonNode state = expect(200, get("/me/brands/acme").user("fiona"));
        assertTrue(state.get("liked").asBoolean());
        assertFalse(state.get("watching").asBoolean());
        expect(401, get("/me/follows"));
    }

    @Test
    void unreadBadgeIsOneRequestExactToNinetyNineCappedAtOneHundredAndNeverCountsAReplayTwice() {
        InboxStore inbox = inbox(table);
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 105; i++) {
            Instant at = NOW.minusSeconds(60L * i);
            messages.add(new Message(Ids.messageId(at, "bea", "deal-" + i), "bea", "S" + i, "B", null, true, at, MessageKind.WATCH));
        }
        assertEquals(0, expect(200, get("/me/messages/unread-count").user("bea")).get("unread").asInt());
        delivery(table).deliver(messages.subList(0, 99));
        delivery(table).deliver(messages.subList(0, 99)); // a replayed fan-out
        assertEquals(Map.of("unread", 99), Map.of("unread", expect(200, get("/me/messages/unread-count").user("bea"))
                .get("unread").asInt()));
        assertBudget(1);
        expect(204, post("/me/messages/" + messages.get(3).id() + "/read").user("bea"));
        expect(204, post("/me/messages/" + messages.get(3).id() + "/read").user("bea"));
        assertEquals(98, expect(200, get("/me/messages/unread-count").user("bea")).get("unread").asInt());
        delivery(table).deliver(messages);
        assertEquals(100, expect(200, get("/me/messages/unread-count").user("bea")).get("unread").asInt());
        assertEquals(0, expect(200, get("/me/messages/unread-count").user("other")).get("unread").asInt());
        expect(401, get("/me/messages/unread-count"));
    }

    @Test
    void deleteMeIs204TwiceAndTheProfileIsGoneAtOnceAlsoForAUserWhoNeverMadeOne() {
        seedCatalog();
        expect(201, post("/me").user("dora").body("{\"email\":\"dora@example.com\"}"));
        expect(201, post("/brands/acme/likes").user("dora"));
        expect(204, delete("/me").user("dora"));
        assertBudget(1);
        expect(404, get("/me").user("dora"));
        expect(204, delete("/me").user("dora"));
        expect(204, delete("/me").user("liker-without-profile"));
        expect(401, delete("/me"));
        // Signing up again works at once; the old likes go through the stream (AccountDeletionTest).
        expect(201, post("/me").user("dora").body("{\"email\":\"dora@example.com\"}"));
    }
}

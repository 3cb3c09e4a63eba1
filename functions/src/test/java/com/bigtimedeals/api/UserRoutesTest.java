package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Ids;
import com.fasterxml.jackson.databind.JsonNode;

/** The signed-in user's routes: profile, likes, watches, inbox. */
class UserRoutesTest extends ApiTest {

    @Test
    void createProfileTakesTheUsernameFromTheTokenNeverTheBody() {
        // A body naming the username is refused like any unknown field, and writes nothing.
        int empty = itemCount();
        assertEquals("username", expect(400, post("/me").user("ann")
                .body("{\"email\":\"ann@example.com\",\"username\":\"mallory\"}")).get("field").asText());
        assertEquals(empty, itemCount());
        JsonNode me = expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\",\"birthday\":\"1990-04-12\"}"));
        assertEquals("ann", me.get("username").asText());
        assertEquals("1990-04-12", me.get("birthday").asText());
        assertEquals(NOW.toString(), me.get("memberSince").asText());
        assertNull(me.get("pictureUrl"));
        assertEquals(me, expect(200, get("/me").user("ann")));
        expect(409, post("/me").user("ann").body("{\"email\":\"other@example.com\"}"));
        expect(404, get("/me").user("bob"));
        expect(401, get("/me"));
        int before = itemCount();
        for (String body : new String[] {"{\"email\":\"nope\"}", "{}", "{\"email\":\"a@b.c\",\"birthday\":\"2999-01-01\"}",
                "{\"email\":\"a@b.c\",\"birthday\":\"12/04/1990\"}", "{\"email\":\"a@b.c\",\"pictureUrl\":\"x\"}", "[1]"}) {
            expect(400, post("/me").user("carol").body(body));
        }
        // A birthday still to come is named with every other invalid field, not after them.
        JsonNode both = expect(400, post("/me").user("carol").body("{\"email\":\"nope\",\"birthday\":\"2999-01-01\"}"));
        assertEquals(2, both.get("errors").size(), both.toString());
        assertEquals("birthday", both.get("errors").get(1).get("field").asText());
        assertEquals("birthday must be a past date (YYYY-MM-DD)", both.get("errors").get(1).get("message").asText());
        assertEquals(before, itemCount());
    }

    /**
     * A username that shows nothing, or holds a space or a bidi control, is no name a comment or report could show
     * (found over HTTP: a token naming U+200B, U+202E or U+3164 made profiles and comments by such authors): 401, and
     * nothing is written. Every other invalid field of the request is the same as for a good name.
     */
    @Test
    void aUsernameThatShowsNothingOrReordersTextIsA401() {
        seedCatalog();
        int before = itemCount();
        for (String name : new String[] {"\u200b", "\u200b\u200c\u2060", "\u3164\u3164", "\u2800", "\udb40\udc20", "\u00ad",
                "\u202e", "abc\u202edef", "\u2066ann", "ann\u200f", "ann lee", "\u00a0ann", "ann\u2028"}) {
            JsonNode refused = expect(401, post("/me").user(name).body("{\"email\":\"ann@example.com\"}"));
            assertTrue(refused.get("message").asText().length() > 0);
            expect(401, post("/brands/acme/likes").user(name));
        }
        assertEquals(before, itemCount());
        for (String name : new String[] {"j\u00f6rg", "\u05e9\u05dc\u05d5\u05dd", "ann.lee+1", "\ud83c\udfa7dj"}) {
            expect(201, post("/me").user(name).body("{\"email\":\"ann@example.com\"}"));
        }
    }

    @Test
    void likeAnswers201ThenAlready200AndUnlikeNeverGoesBelowZeroWithinTwoRequests() {
        seedCatalog();
        JsonNode liked = expect(201, post("/brands/acme/likes").user("ann"));
        assertBudget(2);
        assertEquals(1, liked.get("likes").asInt());
        JsonNode again = expect(200, post("/brands/acme/likes").user("ann"));
        assertBudget(2);
        assertEquals(1, again.get("likes").asInt());
        assertEquals(0, expect(200, delete("/brands/acme/likes").user("ann")).get("likes").asInt());
        assertBudget(2);
        assertEquals(0, expect(200, delete("/brands/acme/likes").user("ann")).get("likes").asInt());
        expect(404, post("/brands/nope/likes").user("ann"));
        expect(404, delete("/brands/nope/likes").user("ann"));
        expect(401, post("/brands/acme/likes"));
    }

    @Test
    void watchCategoryAndAskWhetherIWatch() {
        seedCatalog();
        JsonNode c = expect(201, post("/categories/tech/watches").user("ann"));
        assertEquals(1, c.get("watchers").asInt());
        assertTrue(c.has("featured"));
        expect(201, post("/categories/tech/likes").user("ann"));
        JsonNode state = expect(200, get("/me/categories/tech").user("ann"));
        assertBudget(1);
        assertTrue(state.get("liked").asBoolean());
        assertTrue(state.get("watching").asBoolean());
        JsonNode none = expect(200, get("/me/brands/acme").user("ann"));
        assertFalse(none.get("liked").asBoolean());
        assertFalse(none.get("watching").asBoolean());
        expect(201, post("/brands/acme/watches").user("ann"));
        assertTrue(expect(200, get("/me/brands/acme").user("ann")).get("watching").asBoolean());
        assertEquals(0, expect(200, delete("/brands/acme/watches").user("ann")).get("watchers").asInt());
        assertEquals(0, expect(200, delete("/categories/tech/likes").user("ann")).get("likes").asInt());
        assertEquals(0, expect(200, delete("/categories/tech/watches").user("ann")).get("watchers").asInt());
    }

    @Test
    void concurrentLikesThroughTheHandlerAreExact() throws Exception {
        seedCatalog();
        ExecutorService pool = Executors.newFixedThreadPool(25);
        List<Future<Integer>> results = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            String user = "user" + i;
            results.add(pool.submit(() -> send(post("/brands/acme/likes").user(user)).getStatusCode()));
        }
        for (int i = 0; i < 10; i++) {
            results.add(pool.submit(() -> send(post("/categories/tech/likes").user("same")).getStatusCode()));
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> f : results) {
            statuses.add(f.get());
        }
        pool.shutdown();
        assertEquals(25 + 1, statuses.stream().filter(s -> s == 201).count());
        assertEquals(9, statuses.stream().filter(s -> s == 200).count());
        assertEquals(25, expect(200, get("/brands/acme")).get("likes").asInt());
        assertEquals(1, expect(200, get("/categories/tech")).get("likes").asInt());
    }

    @Test
    void inboxPagesNewestFirstAndMarkReadIsIdempotentAndPrivate() {
        InboxStore inbox = inbox(table);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Message m = new Message(Ids.messageId(NOW.minusSeconds(i), "ann", "d" + i), "ann", "New deal " + i, "body", Ids.dealId(NOW.minusSeconds(i)), true, NOW.minusSeconds(i), MessageKind.WATCH);
            ids.add(m.id());
            delivery(table).deliver(List.of(m));
        }
        JsonNode first = expect(200, get("/me/messages").user("ann").query("limit=2"));
        assertBudget(1);
        assertEquals(ids.subList(0, 2), ids(first.get("messages")));
        assertTrue(first.get("messages").get(0).get("unread").asBoolean());
        String cursor = java.net.URLEncoder.encode(first.get("nextCursor").asText(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(ids.subList(2, 4), ids(expect(200, get("/me/messages").user("ann").query("limit=2&cursor=" + cursor)).get("messages")));
        expect(400, get("/me/messages").user("bob").query("limit=2&cursor=" + cursor));
        expect(204, post("/me/messages/" + ids.get(1) + "/read").user("ann"));
        expect(204, post("/me/messages/" + ids.get(1) + "/read").user("ann"));
        expect(404, post("/me/messages/" + ids.get(0) + "/read").user("bob"));
        expect(404, post("/me/messages/garbage/read").user("ann"));
        JsonNode unread = expect(200, get("/me/messages").user("ann").query("unread=true"));
        assertEquals(4, unread.get("messages").size());
        assertFalse(ids(unread.get("messages")).contains(ids.get(1)));
        assertTrue(unread.get("nextCursor").isNull());
        expect(400, get("/me/messages").user("ann").query("unread=yes"));
        expect(401, get("/me/messages"));
    }
}

package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.TickingClock;
import com.bigtimedeals.topology.HttpConventions;
import com.fasterxml.jackson.databind.JsonNode;

/** Deal threads over API Gateway events: order, paging, tombstones, who may post and delete, and the budgets. */
class CommentRoutesTest extends ApiTest {
    String deal;

    /** Comments take their moment from the table's clock: a ticking one, so each post is later than the last. */
    @BeforeEach
    void aDealAndProfiles() {
        table = table(table.name(), new TickingClock(NOW, 1_000));
        handlers = handlers(table, Clock.fixed(NOW, ZoneOffset.UTC));
        seedCatalog();
        deal = createDeal("Discussed", "acme", "tech");
        for (String user : List.of("ann", "bob", "cat")) {
            expect(201, post("/me").user(user).body("{\"email\":\"" + user + "@example.com\"}"));
        }
    }

    private JsonNode comment(String user, String body, String replyTo) {
        String reply = replyTo == null ? "" : ",\"replyTo\":\"" + replyTo + "\"";
        return expect(201, post("/deals/" + deal + "/comments").user(user).body("{\"body\":\"" + body + "\"" + reply + "}"));
    }

    /** Posting a comment is not idempotent by itself (each post is a new comment): a retry with its key must not be. */
    @Test
    void aCommentRetriedWithItsIdempotencyKeyIsPostedOnce() {
        Call post = post("/deals/" + deal + "/comments").user("ann").header(HttpConventions.IDEMPOTENCY_KEY, "comment-1")
                .body("{\"body\":\"Worth it\"}");
        JsonNode first = expect(201, post);
        APIGatewayV2HTTPResponse retry = send(post);
        assertEquals(201, retry.getStatusCode());
        assertEquals("true", retry.getHeaders().get(HttpConventions.IDEMPOTENT_REPLAYED));
        assertEquals(first.get("id"), parse(retry).get("id"));
        assertEquals(1, wholeThread(10).size(), "one comment, however often the client retried");
        assertEquals(1, expect(200, get("/deals/" + deal)).get("commentCount").asLong());
    }

    /** Every page of the thread, {@code limit} at a time, checking each page's budget. */
    private List<JsonNode> wholeThread(int limit) {
        List<JsonNode> all = new ArrayList<>();
        String cursor = null;
        do {
            String q = "limit=" + limit + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            JsonNode page = expect(200, get("/deals/" + deal + "/comments").query(q));
            assertBudget(1);
            assertTrue(page.get("comments").size() <= limit);
            page.get("comments").forEach(all::add);
            cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
        } while (cursor != null);
        return all;
    }

    /** Thread order: top-level comments by id (their time), each followed at once by its replies by id. */
    private static void assertThreadOrder(List<JsonNode> thread) {
        String parent = null;
        String previousTop = "";
        String previousReply = "";
        for (JsonNode c : thread) {
            if (!c.has("replyTo")) {
                assertTrue(c.get("id").asText().compareTo(previousTop) > 0, "top-level comments oldest first");
                parent = c.get("id").asText();
                previousTop = parent;
                previousReply = "";
            } else {
                assertEquals(parent, c.get("replyTo").asText(), "a reply follows its parent and the parent's other replies");
                assertTrue(c.get("id").asText().startsWith(parent + "-"));
                assertTrue(c.get("id").asText().compareTo(previousReply) > 0, "replies oldest first");
                previousReply = c.get("id").asText();
            }
        }
    }

    @Test
    void repliesGoUnderTheirParentOldestFirstAndPagingReturnsEveryCommentOnce() {
        JsonNode a = comment("ann", "Still works with code SAVE10", null);
        assertEquals("ann", a.get("author").asText());
        assertEquals(deal, a.get("dealId").asText());
        assertFalse(a.get("deleted").asBoolean());
        assertFalse(a.has("replyTo"));
        JsonNode b = comment("bob", "Cheaper elsewhere", null);
        JsonNode a1 = comment("bob", "Confirmed", a.get("id").asText());
        assertEquals(a.get("id").asText(), a1.get("replyTo").asText());
        JsonNode c = comment("cat", "Expired for me", null);
        JsonNode b1 = comment("ann", "Where?", b.get("id").asText());
        JsonNode a2 = comment("cat", "Not for me", a.get("id").asText());
        List<String> expected = List.of(a, a1, a2, b, b1, c).stream().map(n -> n.get("id").asText()).toList();
        for (int limit : new int[] {1, 2, 4, 6, 25}) {
            List<JsonNode> thread = wholeThread(limit);
            assertEquals(expected, thread.stream().map(n -> n.get("id").asText()).toList(), "limit " + limit);
        }
        JsonNode first = expect(200, get("/deals/" + deal + "/comments"));
        assertEquals(a, first.get("comments").get(0));
        assertTrue(first.get("nextCursor").isNull());
    }

    @Test
    void concurrentPostsAndRepliesKeepTheThreadInOrderAndPageEveryCommentExactlyOnce() throws Exception {
        List<String> tops = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 4; i++) {
            tops.add(comment("ann", "Seed " + i, null).get("id").asText());
        }
        Set<String> posted = ConcurrentHashMap.newKeySet();
        posted.addAll(tops);
        ParallelRuns.run(60, 8, i -> {
            String replyTo = i % 3 == 0 ? null : tops.get(i % tops.size());
            JsonNode c = comment(List.of("ann", "bob", "cat").get(i % 3), "Comment " + i, replyTo);
            posted.add(c.get("id").asText());
        });
        for (int limit : new int[] {7, 100}) {
            List<JsonNode> thread = wholeThread(limit);
            List<String> ids = thread.stream().map(n -> n.get("id").asText()).toList();
            assertEquals(posted.size(), ids.size());
            assertEquals(posted, new HashSet<>(ids), "every comment, each once");
            assertThreadOrder(thread);
        }
    }

    @Test
    void aDeletedCommentStaysAsATombstoneAndOnlyItsAuthorOrAnEditorMayDeleteIt() {
        JsonNode a = comment("ann", "First!", null);
        JsonNode reply = comment("bob", "Thanks", a.get("id").asText());
        String path = "/deals/" + deal + "/comments/";
        int before = itemCount();
        expect(403, delete(path + a.get("id").asText()).user("bob"));
        assertEquals(before, itemCount());
        expect(204, delete(path + a.get("id").asText()).user("ann"));
        assertBudget(3);
        expect(204, delete(path + a.get("id").asText()).user("ann"));
        expect(204, delete(path + reply.get("id").asText()).editor());
        JsonNode thread = expect(200, get("/deals/" + deal + "/comments")).get("comments");
        assertEquals(2, thread.size());
        JsonNode tomb = thread.get(0);
        assertEquals(a.get("id").asText(), tomb.get("id").asText());
        assertTrue(tomb.get("deleted").asBoolean());
        assertEquals("", tomb.get("body").asText());
        assertEquals("ann", tomb.get("author").asText());
        assertEquals(reply.get("id").asText(), thread.get(1).get("id").asText());
        assertTrue(thread.get(1).get("deleted").asBoolean());
        // A tombstone can still be answered: it is still a top-level comment of the deal.
        comment("cat", "What did it say?", a.get("id").asText());
        expect(404, delete(path + "2Ob8YqPCahzVbVMpA4Ff0mu3Knb").user("ann"));
        expect(404, delete(path + "not-a-comment").user("ann"));
        expect(401, delete(path + a.get("id").asText()));
    }

    @Test
    void postingNeedsAProfileALiveDealAndAReplyToATopLevelCommentOfTheSameDeal() {
        JsonNode top = comment("ann", "Top", null);
        JsonNode reply = comment("bob", "Reply", top.get("id").asText());
        String other = createDeal("Other", "acme", "tech");
        JsonNode elsewhere = expect(201, post("/deals/" + other + "/comments").user("ann").body("{\"body\":\"There\"}"));
        int before = itemCount();
        String path = "/deals/" + deal + "/comments";
        expect(403, post(path).user("nobody").body("{\"body\":\"Hello\"}"));
        assertEquals(before, itemCount());
        for (String bad : List.of("{\"body\":\"Hi\",\"replyTo\":\"" + reply.get("id").asText() + "\"}",
                "{\"body\":\"Hi\",\"replyTo\":\"" + elsewhere.get("id").asText() + "\"}",
                "{\"body\":\"Hi\",\"replyTo\":\"2Ob8YqPCahzVbVMpA4Ff0mu3Knb\"}",
                "{\"body\":\"Hi\",\"replyTo\":\"nope\"}", "{\"body\":\"Hi\",\"replyTo\":7}",
                "{\"body\":\"   \"}", "{}", "{\"body\":null}", "{\"body\":\"" + "x".repeat(2001) + "\"}",
                "{\"body\":\"bell\\u0007\"}", "{\"body\":\"\\u0085\"}", "{\"body\":\"del\\u007f\"}", "{\"body\":\"c1\\u009b\"}")) {
            JsonNode error = expect(400, post(path).user("ann").body(bad));
            assertFalse(error.get("message").asText().isBlank());
        }
        assertEquals(before, itemCount());
        expect(201, post(path).user("ann").body("{\"body\":\"" + "é".repeat(2000) + "\"}"));
        assertBudget(3);
        expect(404, post("/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/comments").user("ann").body("{\"body\":\"Hi\"}"));
        expect(404, get("/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/comments"));
        expect(204, delete("/cms/deals/" + other).editor());
        expect(404, post("/deals/" + other + "/comments").user("ann").body("{\"body\":\"Hi\"}"));
        expect(404, get("/deals/" + other + "/comments"));
        assertBudget(1);
        expect(401, post(path).body("{\"body\":\"Hi\"}"));
    }

    private long commentCount() {
        JsonNode d = expect(200, get("/deals/" + deal));
        assertBudget(1);
        return d.get("commentCount").asLong();
    }

    @Test
    void commentCountIsExactInTheDealWhileCommentsArePostedAndDeletedConcurrently() throws Exception {
        assertEquals(0, commentCount());
        List<String> early = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            early.add(comment("ann", "Early " + i, null).get("id").asText());
        }
        assertEquals(20, commentCount());
        // 30 new comments and replies while 10 of the early ones are deleted, each by its author and an editor at once.
        ParallelRuns.run(50, 8, i -> {
            if (i < 30) {
                comment("bob", "Later " + i, i % 2 == 0 ? early.get(i % 20) : null);
            } else {
                String id = early.get((i - 30) / 2);
                expect(204, delete("/deals/" + deal + "/comments/" + id).as(i % 2 == 0 ? "ann" : "erin",
                        i % 2 == 0 ? "users" : "editors"));
            }
        });
        assertEquals(20 + 30 - 10, commentCount());
        long live = wholeThread(100).stream().filter(c -> !c.get("deleted").asBoolean()).count();
        assertEquals(live, commentCount(), "the count is the thread's comments not deleted");
        // Deleting again, by anyone allowed, changes nothing.
        expect(204, delete("/deals/" + deal + "/comments/" + early.get(0)).user("ann"));
        expect(204, delete("/deals/" + deal + "/comments/" + early.get(0)).editor());
        assertEquals(40, commentCount());
    }

    @Test
    void aThreadReadsInOneRequestPerPageAndACursorStaysInItsThread() {
        for (int i = 0; i < 12; i++) {
            comment("ann", "Comment " + i, null);
        }
        JsonNode first = expect(200, get("/deals/" + deal + "/comments").query("limit=5"));
        assertBudget(1);
        String cursor = first.get("nextCursor").asText();
        String other = createDeal("Elsewhere", "globex", "tech");
        expect(400, get("/deals/" + other + "/comments").query("cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
        expect(400, get("/deals/" + deal + "/comments").query("cursor=abc.def"));
        expect(400, get("/deals/" + deal + "/comments").query("limit=0"));
        expect(400, get("/deals/" + deal + "/comments").query("limit=101"));
        JsonNode empty = expect(200, get("/deals/" + other + "/comments"));
        assertEquals(Map.of("comments", 0), Map.of("comments", empty.get("comments").size()));
        assertBudget(1);
    }
}

package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Throws hundreds of malformed and hostile bodies, paths and queries at the CMS and user routes: every
 * answer is a 4xx with a JSON message, never a 5xx, and nothing is written.
 */
class HostileInputTest extends ApiTest {
    private static final String[] NASTY = {
        "", " ", "null", "true", "0", "-1", "1e309", "\"\"", "[]", "{}", "{\"a\":", "{'name':'x'}", "{\"name\":\"x\"}}",
        "\u0000", "{\"name\":\"\\u0000\"}", "{\"name\":\"\uD800\"}", "{\"dealIds\":null}", "{\"dealIds\":[null]}",
        "{\"title\":{\"$ne\":1}}", "{\"price\":NaN}", "{\"price\":Infinity}", "{\"price\":1e99999999}",
        "{\"price\":0.000000000000000000000000001}", "{\"price\":" + "9".repeat(500) + "}",
        "[".repeat(5000) + "]".repeat(5000), "{\"a\":" + "[".repeat(100) + "]".repeat(100) + "}",
        "{\"name\":\"" + "x".repeat(70_000) + "\"}", "{\"email\":\"a@b\"}", "{\"email\":[\"a@b.c\"]}",
        "{\"brandId\":\"../../etc\",\"categoryId\":\"DROP TABLE\"}", "{\"link\":\"https://\"}", "{\"link\":\"http:///x\"}",
        "{\"createdAt\":\"+999999999-12-31T23:59:59Z\"}", "{\"createdAt\":\"-000001-01-01T00:00:00Z\"}",
        "{\"dealId\":\"" + "Z".repeat(27) + "\"}", "{\"dealIds\":[\"" + "z".repeat(27) + "\"]}",
        "{\"birthday\":\"0000-00-00\",\"email\":\"a@b.c\"}", "{\"name\":\"\\ud83d\\ude00\"}",
        "{\"email\":\"a@-example.com\"}", "{\"email\":\"a.@example.com\"}",
        "{\"title\":\"\\u0085\",\"link\":\"https://c1.example.com/x\",\"price\":1,\"brandId\":\"acme\",\"categoryId\":\"tech\"}",
        "{\"name\":\"Acme\\u009f\"}",
    };

    @Test
    void twoHundredPlusHostileRequestsGetA4xxAndWriteNothing() {
        seedCatalog();
        createDeal("Seed", "acme", "tech");
        int before = itemCount();
        Random random = new Random(20261121);
        List<Call> calls = new ArrayList<>();
        String[][] targets = {
            {"POST", "/cms/brands"}, {"POST", "/cms/categories"}, {"POST", "/cms/deals"}, {"PATCH", "/cms/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb"},
            {"PUT", "/cms/frontpage/featured"}, {"PUT", "/cms/categories/tech/featured"}, {"PUT", "/cms/editors-choice"},
            {"POST", "/cms/hot-deals"}, {"POST", "/me"}, {"POST", "/me/alerts"},
            {"POST", "/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/comments"}, {"POST", "/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/reports"},
        };
        for (String[] t : targets) {
            for (String body : NASTY) {
                Call c = new Call(t[0], t[1]).body(body);
                calls.add(t[1].startsWith("/cms") ? c.editor() : c.user("hostile"));
            }
        }
        String[] paths = {"/brands/%00/likes", "/brands/..%2F..%2Fx/likes", "/brands/" + "a".repeat(300) + "/likes",
            "/categories/Tech/watches", "/categories/te%20ch/likes", "/me/messages/%E2%80%AE/read", "/me/messages/0/read",
            "/brands/a-/likes", "/brands/-a/watches", "/categories/%25/likes"};
        for (String p : paths) {
            calls.add(post(p).user("hostile"));
            calls.add(delete(p.replace("/read", "/likes").replace("/me/messages", "/brands")).user("hostile"));
        }
        for (String p : new String[] {"/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/comments/%00", "/deals/..%2F..%2Fx/comments/y",
            "/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/comments/" + "a".repeat(300), "/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/comments/"
                + "2Ob8YqPCahzVbVMpA4Ff0mu3Knb-%E2%80%AE"}) {
            calls.add(delete(p).user("hostile"));
        }
        String[] queries = {"limit=%00", "limit=1e2", "limit=0x10", "cursor=%FF%FE", "cursor=" + "a.b".repeat(50),
            "unread=1", "unread=TRUE", "limit=99999999999999999999", "cursor=eyJ9.AAAA", "limit=+5"};
        for (String q : queries) {
            calls.add(get("/me/messages").user("hostile").query(q));
            if (!q.startsWith("unread")) { // unknown query parameters are ignored, as API Gateway does
                calls.add(get("/deals").query(q));
                calls.add(get("/brands/acme/deals").query(q));
            }
        }
        String[] searches = {"q=", "q=%00", "q=a", "q=ps5,", "q=%E2%80%AE", "q=" + "x".repeat(5000), "q=a%20b%20c%20d%20e%20f",
            "q=%F0%9F%8E%A7", "q=lamp&limit=101", "q=lamp&cursor=" + "a.b".repeat(50), "q[]=lamp", "q=lamp%09sofa", "q=%FF%FE"};
        for (String q : searches) {
            calls.add(get("/search").query(q));
        }
        for (String id : new String[] {"%00", "..%2F..%2Fx", "a".repeat(300), "0", "2Ob8ZQ1mW4Xj7dZp0TqYb3VnKcA"}) {
            calls.add(delete("/me/alerts/" + id).user("hostile"));
        }
        for (int i = 0; i < 40; i++) {
            byte[] junk = new byte[random.nextInt(64) + 1];
            random.nextBytes(junk);
            String body = new String(junk, java.nio.charset.StandardCharsets.ISO_8859_1);
            calls.add(new Call("POST", "/cms/deals").body(body).editor());
            calls.add(new Call("POST", "/me").body(body).user("hostile"));
        }
        assertTrue(calls.size() >= 200, "only " + calls.size() + " calls");
        for (Call c : calls) {
            APIGatewayV2HTTPResponse r = send(c);
            int s = r.getStatusCode();
            assertTrue(s >= 400 && s < 500, c.method + " " + c.path + " " + c.query + " body=" + abbreviate(c.body) + " answered " + s + " " + r.getBody());
            JsonNode err = parse(r);
            assertFalse(err.get("message").asText().isBlank());
        }
        assertEquals(before, itemCount(), "a rejected request wrote something");
    }

    private static String abbreviate(String s) {
        return s == null ? null : s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}

package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.TickingClock;
import com.fasterxml.jackson.databind.JsonNode;

/** Community reports and the moderation queue over API Gateway events (the community expiry: CommunityExpiryTest). */
class ReportRoutesTest extends ApiTest {
    private final java.util.Set<String> profiles = new java.util.HashSet<>();

    /** Reports need a profile (api.md, "Reports, tightened"): the reporter makes theirs first. */
    private JsonNode report(int status, String user, String dealId, String body) {
        if (profiles.add(user)) {
            send(post("/me").user(user).body("{\"email\":\"" + user + "@example.com\"}")); // 201, or 409 when made before
        }
        return expect(status, post("/deals/" + dealId + "/reports").user(user).body(body));
    }

    @Test
    void aUserReportsADealOnceAndARepeatAnswersTheFirstReportUnchanged() {
        seedCatalog();
        String deal = createDeal("Reported", "acme", "tech");
        JsonNode first = report(201, "ann", deal, "{\"reason\":\"wrong-price\",\"note\":\"It is 24.99 at checkout\"}");
        assertEquals(deal, first.get("dealId").asText());
        assertEquals("wrong-price", first.get("reason").asText());
        assertEquals("It is 24.99 at checkout", first.get("note").asText());
        assertEquals(NOW.toString(), first.get("reportedAt").asText());
        int before = itemCount();
        assertEquals(first, report(200, "ann", deal, "{\"reason\":\"expired\"}"));
        assertEquals(first, report(200, "ann", deal, "{\"reason\":\"wrong-price\",\"note\":\"It is 24.99 at checkout\"}"));
        assertEquals(before, itemCount());
        JsonNode noNote = report(201, "bob", deal, "{\"reason\":\"spam\",\"note\":\"  \"}");
        assertFalse(noNote.has("note"));
        JsonNode queue = expect(200, get("/cms/reports").editor());
        JsonNode counts = queue.get("reports").get(0).get("counts");
        assertEquals(1, counts.get("wrong-price").asInt());
        assertEquals(1, counts.get("spam").asInt());
        assertEquals(0, counts.get("expired").asInt());
        assertEquals(0, counts.get("duplicate").asInt());
        assertEquals(0, counts.get("other").asInt());
        String other = createDeal("Reported again", "acme", "tech");
        // Blank is blank whether of spaces or of zero-width ones (issue 43): no note either, never a 400 that says the
        // note must be 1 to 500 characters (found over HTTP: "\u200b\u200b" was that 400, "  " was taken).
        for (String[] invisible : new String[][] {{"cy", "\\u200b\\u200b"}, {"dee", "\\u3164 \\u2060"}, {"eve", "\\u202e"}}) {
            JsonNode none = report(201, invisible[0], other, "{\"reason\":\"spam\",\"note\":\"" + invisible[1] + "\"}");
            assertFalse(none.has("note"), none.toString());
        }
    }

    @Test
    void aBadReportIsA400AnUnknownOrTakenDownDealA404AndNothingIsWritten() {
        seedCatalog();
        String deal = createDeal("Reported", "acme", "tech");
        report(404, "ann", "2Ob8YqPCahzVbVMpA4Ff0mu3Knb", "{\"reason\":\"spam\"}"); // ann's profile first
        int before = itemCount();
        // Without a profile: 403, and nothing written (api.md, "Reports, tightened").
        JsonNode noProfile = expect(403, post("/deals/" + deal + "/reports").user("zed").body("{\"reason\":\"expired\"}"));
        assertFalse(noProfile.get("message").asText().isBlank());
        for (String bad : List.of("{}", "{\"reason\":\"Expired\"}", "{\"reason\":\"wrong_price\"}", "{\"reason\":7}",
                "{\"reason\":null}", "{\"reason\":\"other\",\"note\":\"" + "n".repeat(501) + "\"}",
                "{\"reason\":\"other\",\"note\":[\"x\"]}", "{\"reason\":\"other\",\"note\":\"\\u0000\"}", "[]")) {
            JsonNode error = report(400, "ann", deal, bad);
            assertFalse(error.get("message").asText().isBlank(), bad);
        }
        report(404, "ann", "2Ob8YqPCahzVbVMpA4Ff0mu3Knb", "{\"reason\":\"spam\"}");
        assertEquals(before, itemCount());
        expect(401, post("/deals/" + deal + "/reports").body("{\"reason\":\"spam\"}"));
        report(201, "ann", deal, "{\"reason\":\"other\",\"note\":\"" + "n".repeat(500) + "\"}");
        expect(204, delete("/cms/deals/" + deal).editor());
        report(404, "bob", deal, "{\"reason\":\"spam\"}");
    }

    @Test
    void theQueueListsDealsWithOpenReportsLongestWaitingFirstPagedExactlyOnceForEditorsOnly() {
        seedCatalog();
        List<String> deals = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            deals.add(createDeal("Deal " + i, "acme", "tech"));
        }
        // Reported one minute apart, in an order unlike their creation's.
        int[] order = {4, 1, 6, 0, 3};
        for (int k = 0; k < order.length; k++) {
            handlers = handlers(table, Clock.fixed(NOW.plus(Duration.ofMinutes(k)), ZoneOffset.UTC));
            report(201, "u" + k, deals.get(order[k]), "{\"reason\":\"spam\"}");
            report(201, "v" + k, deals.get(order[k]), "{\"reason\":\"expired\",\"note\":\"gone\"}");
        }
        // Later reports of a deal already waiting do not move it.
        report(201, "w", deals.get(4), "{\"reason\":\"other\"}");
        expect(403, get("/cms/reports").user("ann"));
        expect(401, get("/cms/reports"));
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = expect(200, get("/cms/reports").editor().query("limit=2"
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8))));
            assertBudget(2);
            for (JsonNode entry : page.get("reports")) {
                seen.add(entry.get("deal").get("id").asText());
                assertEquals(1, entry.get("counts").get("expired").asInt());
            }
            cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
        } while (cursor != null);
        assertEquals(List.of(deals.get(4), deals.get(1), deals.get(6), deals.get(0), deals.get(3)), seen);
        JsonNode head = expect(200, get("/cms/reports").editor()).get("reports").get(0);
        assertEquals(NOW.toString(), head.get("firstReportedAt").asText());
        assertEquals(2, head.get("counts").get("spam").asInt() + head.get("counts").get("other").asInt());
        assertEquals("Deal 4", head.get("deal").get("title").asText());
        // The notes, for the editor deciding.
        JsonNode notes = expect(200, get("/cms/reports/" + deals.get(4)).editor());
        assertEquals(List.of("u0", "v0", "w"), notes.get("reports").findValuesAsText("username"));
        assertEquals("gone", notes.get("reports").get(1).get("note").asText());
        expect(403, get("/cms/reports/" + deals.get(4)).user("ann"));
        assertEquals(0, expect(200, get("/cms/reports/" + deals.get(2)).editor()).get("reports").size());
        expect(404, get("/cms/reports/2Ob8YqPCahzVbVMpA4Ff0mu3Knb").editor());
    }

    @Test
    void dismissalClosesTheOpenReportsAndTakesTheDealOutOfTheQueueUntilALaterReport() {
        table = table(table.name(), new TickingClock(NOW, 1_000));
        handlers = handlers(table, Clock.fixed(NOW, ZoneOffset.UTC));
        seedCatalog();
        String deal = createDeal("Disputed", "acme", "tech");
        String other = createDeal("Other", "acme", "tech");
        report(201, "ann", deal, "{\"reason\":\"expired\"}");
        report(201, "bob", deal, "{\"reason\":\"expired\"}");
        report(201, "ann", other, "{\"reason\":\"spam\"}");
        expect(403, post("/cms/reports/" + deal + "/dismiss").user("ann"));
        expect(204, post("/cms/reports/" + deal + "/dismiss").editor());
        expect(204, post("/cms/reports/" + deal + "/dismiss").editor());
        expect(404, post("/cms/reports/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/dismiss").editor());
        JsonNode queue = expect(200, get("/cms/reports").editor());
        assertEquals(List.of(other), queue.get("reports").findValuesAsText("id"));
        assertEquals(0, expect(200, get("/cms/reports/" + deal).editor()).get("reports").size());
        // A dismissed report stays the user's one report: a repeat changes nothing and opens nothing.
        report(200, "ann", deal, "{\"reason\":\"spam\"}");
        assertEquals(1, expect(200, get("/cms/reports").editor()).get("reports").size());
        // A new reporter opens it again, waiting from now, with only the new report counted.
        handlers = handlers(table, Clock.fixed(NOW.plus(Duration.ofMinutes(5)), ZoneOffset.UTC));
        report(201, "cat", deal, "{\"reason\":\"expired\"}");
        queue = expect(200, get("/cms/reports").editor());
        assertEquals(List.of(other, deal), queue.get("reports").findValuesAsText("id"));
        JsonNode reopened = queue.get("reports").get(1);
        assertEquals(1, reopened.get("counts").get("expired").asInt());
        assertEquals(NOW.plus(Duration.ofMinutes(5)).toString(), reopened.get("firstReportedAt").asText());
        assertEquals(List.of("cat"), expect(200, get("/cms/reports/" + deal).editor()).get("reports").findValuesAsText("username"));
        assertTrue(expect(200, get("/deals/" + deal)).get("expired").isBoolean());
    }
}

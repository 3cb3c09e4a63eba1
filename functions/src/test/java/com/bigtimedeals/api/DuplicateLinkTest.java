package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.harness.ParallelRuns;
import com.fasterxml.jackson.databind.JsonNode;

/** The duplicate-link guard: the create transaction, normalised links, concurrent creates, expiry and takedown. */
class DuplicateLinkTest extends ApiTest {
    private static String body(String title, String link, String extra) {
        return "{\"title\":\"" + title + "\",\"link\":\"" + link + "\",\"price\":9.5,\"brandId\":\"acme\",\"categoryId\":\"tech\""
                + extra + "}";
    }

    private String create(String title, String link) {
        return expect(201, post("/cms/deals").editor().body(body(title, link, ""))).get("id").asText();
    }

    private void duplicateOf(String live, String link) {
        int before = itemCount();
        JsonNode error = expect(409, post("/cms/deals").editor().body(body("Again", link, "")));
        assertEquals("duplicate", error.get("code").asText());
        assertEquals(live, error.get("dealId").asText());
        assertEquals(before, itemCount(), "a refused create writes nothing");
    }

    @Test
    void aLinkOfALiveDealAfterNormalisingIsA409NamingThatDeal() {
        seedCatalog();
        String live = create("Original", "https://Shop.Example.com/deal/42/?size=m&utm_source=mail#top");
        for (String same : List.of("https://shop.example.com/deal/42?size=m", "HTTPS://SHOP.EXAMPLE.COM/deal/42?utm_campaign=x&size=m",
                "https://shop.example.com/deal/42/?size=m#reviews")) {
            duplicateOf(live, same);
        }
        create("Other size", "https://shop.example.com/deal/42?size=l");
        create("Other path", "https://shop.example.com/Deal/42?size=m");
        create("Other scheme", "http://shop.example.com/deal/42?size=m");
    }

    @Test
    void concurrentCreatesOfOneLinkGiveExactlyOne201AndTheOthersA409NamingTheWinner() throws Exception {
        seedCatalog();
        for (int round = 0; round < 3; round++) {
            String link = "https://shop.example.com/race/" + round;
            Map<Integer, String> created = new ConcurrentHashMap<>();
            Map<String, Integer> named = new ConcurrentHashMap<>();
            AtomicInteger others = new AtomicInteger();
            ParallelRuns.run(8, 8, i -> {
                APIGatewayV2HTTPResponse r = send(post("/cms/deals").editor().body(body("Racer " + i, link
                        + (i % 2 == 0 ? "/" : "?utm_source=s" + i), "")));
                JsonNode b = parse(r);
                if (r.getStatusCode() == 201) {
                    created.put(i, b.get("id").asText());
                } else if (r.getStatusCode() == 409 && "duplicate".equals(b.get("code").asText())) {
                    named.merge(b.get("dealId").asText(), 1, Integer::sum);
                } else {
                    others.incrementAndGet();
                }
            });
            assertEquals(1, created.size(), "exactly one create wins");
            assertEquals(0, others.get());
            assertEquals(Map.of(created.values().iterator().next(), 7), named, "every loser names the winner");
        }
        assertEquals(3, expect(200, get("/deals")).get("deals").size());
    }

    @Test
    void anExpiredDealLetsItsLinkGoWithNoJobAndAnUnexpiredOneTakesItBackOnlyIfFree() {
        seedCatalog();
        Instant soon = NOW.plus(Duration.ofMinutes(10));
        String first = expect(201, post("/cms/deals").editor().body(body("Until soon", "https://shop.example.com/x",
                ",\"expiresAt\":\"" + soon + "\""))).get("id").asText();
        duplicateOf(first, "https://shop.example.com/x");
        // Ten minutes later, with nothing run in between: the guard's copy of the expiry frees the link.
        at(soon);
        String second = create("Back in stock", "https://shop.example.com/x/");
        at(soon.plus(Duration.ofMinutes(1)));
        // The first deal cannot come back to life with the link the second now has.
        JsonNode error = expect(409, patch("/cms/deals/" + first).editor().body("{\"expiresAt\":null}"));
        assertEquals("duplicate", error.get("code").asText());
        assertEquals(second, error.get("dealId").asText());
        assertTrue(expect(200, get("/deals/" + first)).get("expired").asBoolean());
        // An editor's expiry frees it at once; the first may then live again.
        expect(200, patch("/cms/deals/" + second).editor().body("{\"expiresAt\":\"" + soon.plusSeconds(30) + "\"}"));
        expect(200, patch("/cms/deals/" + first).editor().body("{\"expiresAt\":null}"));
        duplicateOf(first, "https://shop.example.com/x");
    }

    /** Moves the table's and the handlers' clocks to {@code now}. */
    private void at(Instant now) {
        table = table(table.name(), Clock.fixed(now, ZoneOffset.UTC));
        handlers = handlers(table, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void aTakenDownDealsLinkIsFreeAtOnceAndACorrectionMovesTheGuardWithTheLink() {
        seedCatalog();
        String gone = create("Gone", "https://shop.example.com/gone");
        expect(204, delete("/cms/deals/" + gone).editor());
        String again = create("Back", "https://shop.example.com/gone");
        // A correction to another live deal's link is refused and changes nothing.
        String other = create("Other", "https://shop.example.com/other");
        JsonNode error = expect(409, patch("/cms/deals/" + other).editor().body("{\"link\":\"https://shop.example.com/gone#x\"}"));
        assertEquals(again, error.get("dealId").asText());
        assertEquals("https://shop.example.com/other", expect(200, get("/deals/" + other)).get("link").asText());
        // A correction to a free link moves the guard: the old link is free, the new one held.
        expect(200, patch("/cms/deals/" + other).editor().body("{\"link\":\"https://shop.example.com/moved\",\"title\":\"Moved\"}"));
        create("Takes the old link", "https://shop.example.com/other");
        duplicateOf(other, "https://shop.example.com/moved/");
        // Corrections that touch neither link nor expiry: the deal read, then it with its history event (api.md: at most 2).
        expect(200, patch("/cms/deals/" + other).editor().body("{\"price\":7}"));
        assertBudget(2);
    }
}

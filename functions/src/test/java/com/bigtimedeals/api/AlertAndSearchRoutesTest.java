package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.platform.Words;
import com.fasterxml.jackson.databind.JsonNode;

/** POST/GET /me/alerts, DELETE /me/alerts/{alertId} and GET /search over API Gateway events. */
class AlertAndSearchRoutesTest extends ApiTest {

    private static String q(String words) {
        return "q=" + URLEncoder.encode(words, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private int made;

    /** A deal made through the API, a minute after the one before, and indexed as the stream consumer indexes it. */
    private String indexedDeal(String title) {
        String id = createDeal(title, "acme", "tech", NOW.minusSeconds(3600 - 60L * made++));
        new WordIndex(table).index(id, Words.indexable(title));
        return id;
    }

    @Test
    void anAlertIsCreatedLowercaseListedInOneRequestAndDeletedRepeatablyByItsOwnerOnly() {
        seedCatalog();
        JsonNode alert = expect(201, post("/me/alerts").user("ann")
                .body("{\"keywords\":\"PS5  Console\",\"maxPrice\":399.90,\"categoryId\":\"tech\"}"));
        assertEquals("ps5 console", alert.get("keywords").asText());
        assertEquals("399.9", alert.get("maxPrice").asText());
        assertEquals("tech", alert.get("categoryId").asText());
        assertFalse(alert.has("brandId"));
        assertEquals(NOW.toString(), alert.get("createdAt").asText());
        String id = alert.get("id").asText();
        JsonNode list = expect(200, get("/me/alerts").user("ann"));
        assertBudget(1);
        assertEquals(List.of(id), ids(list.get("alerts")));
        assertEquals(alert, list.get("alerts").get(0));
        assertEquals(0, expect(200, get("/me/alerts").user("bob")).get("alerts").size());

        expect(404, delete("/me/alerts/" + id).user("bob"));
        expect(404, delete("/me/alerts/not-an-id").user("ann"));
        expect(404, delete("/me/alerts/2Ob8ZQ1mW4Xj7dZp0TqYb3VnKcA").user("ann"));
        expect(204, delete("/me/alerts/" + id).user("ann"));
        int items = itemCount();
        expect(204, delete("/me/alerts/" + id).user("ann"));
        assertEquals(items, itemCount());
        assertEquals(0, expect(200, get("/me/alerts").user("ann")).get("alerts").size());
        expect(401, get("/me/alerts"));
        expect(401, post("/me/alerts").body("{\"keywords\":\"ps5\"}"));
    }

    @Test
    void excludeWordsAndMinTemperatureAreValidatedStoredAndAnswered() {
        seedCatalog();
        JsonNode plain = expect(201, post("/me/alerts").user("ann").body("{\"keywords\":\"kettle\"}"));
        assertEquals("", plain.get("excludeWords").asText());
        assertTrue(plain.get("minTemperature").isNull());
        JsonNode sharp = expect(201, post("/me/alerts").user("ann")
                .body("{\"keywords\":\"kettle\",\"excludeWords\":\" Refurbished  USED \",\"minTemperature\":100}"));
        assertEquals("refurbished used", sharp.get("excludeWords").asText());
        assertEquals(100, sharp.get("minTemperature").asInt());
        JsonNode none = expect(201, post("/me/alerts").user("ann").body("{\"keywords\":\"kettle\",\"excludeWords\":\"\"}"));
        assertEquals("", none.get("excludeWords").asText());
        java.util.Set<JsonNode> listed = new java.util.HashSet<>();
        expect(200, get("/me/alerts").user("ann")).get("alerts").forEach(listed::add);
        assertEquals(java.util.Set.of(none, sharp, plain), listed, "the list answers what each create answered");
        int items = itemCount();
        for (String bad : List.of("\"excludeWords\":\"a\"", "\"excludeWords\":\"a1 b2 c3 d4 e5 f6\"",
                "\"excludeWords\":\"half-price\"", "\"excludeWords\":5", "\"excludeWords\":[\"used\"]",
                "\"minTemperature\":0", "\"minTemperature\":10001", "\"minTemperature\":-5", "\"minTemperature\":2.5",
                "\"minTemperature\":\"5\"", "\"minTemperature\":99999999999",
                "\"minTemperature\":true")) {
            JsonNode error = expect(400, post("/me/alerts").user("ann").body("{\"keywords\":\"kettle\"," + bad + "}"));
            assertFalse(error.get("message").asText().isBlank(), bad);
        }
        assertEquals(items, itemCount(), "a rejected alert writes nothing");
    }

    /** api.md, "Every field at once": the word rules are named with every other invalid field, each in its own words. */
    @Test
    void everyInvalidFieldOfAnAlertIsNamedAtOnce() {
        seedCatalog();
        int items = itemCount();
        JsonNode refused = expect(400, post("/me/alerts").user("ann")
                .body("{\"keywords\":\"half-price\",\"excludeWords\":\"a1 b2 c3 d4 e5 f6\",\"maxPrice\":-1,\"minTemperature\":0}"));
        List<String> fields = new ArrayList<>();
        refused.get("errors").forEach(e -> fields.add(e.get("field").asText()));
        assertEquals(List.of("keywords", "maxPrice", "excludeWords", "minTemperature"), fields);
        assertEquals("keywords", refused.get("field").asText());
        String exclude = refused.get("errors").get(2).get("message").asText();
        assertTrue(exclude.startsWith("excludeWords must be 0 to " + Words.MAX_WORDS + " words"), exclude);
        assertEquals(items, itemCount(), "a rejected alert writes nothing");
    }

    @Test
    void aBadAlertIsA400AnUnknownBrandOrCategoryA404AndNeitherWritesAnything() {
        seedCatalog();
        int items = itemCount();
        for (String body : List.of("{}", "{\"keywords\":null}", "{\"keywords\":5}", "{\"keywords\":[\"ps5\"]}", "{\"keywords\":\"\"}",
                "{\"keywords\":\"ps5,\"}", "{\"keywords\":\"p\"}", "{\"keywords\":\"a1 b2 c3 d4 e5 f6\"}",
                "{\"keywords\":\"" + "x".repeat(31) + "\"}", "{\"keywords\":\"half-price\"}", "{\"keywords\":\"ps5\\tconsole\"}",
                "{\"keywords\":\"ps5\",\"maxPrice\":-1}", "{\"keywords\":\"ps5\",\"maxPrice\":1.999}",
                "{\"keywords\":\"ps5\",\"maxPrice\":\"5\"}", "{\"keywords\":\"ps5\",\"maxPrice\":10000001}",
                "{\"keywords\":\"ps5\",\"brandId\":5}", "{\"keywords\":\"ps5\",\"categoryId\":\"\"}",
                "{\"keywords\":\"ps5\",\"brandId\":\"" + "a".repeat(65) + "\"}")) {
            JsonNode error = expect(400, post("/me/alerts").user("ann").body(body));
            assertFalse(error.get("message").asText().isBlank(), body);
        }
        for (String body : List.of("{\"keywords\":\"ps5\",\"brandId\":\"nobody\"}", "{\"keywords\":\"ps5\",\"categoryId\":\"nothing\"}",
                "{\"keywords\":\"ps5\",\"brandId\":\"Not A Slug\"}", "{\"keywords\":\"ps5\",\"brandId\":\"acme\",\"categoryId\":\"x\"}")) {
            expect(404, post("/me/alerts").user("ann").body(body));
        }
        assertEquals(items, itemCount(), "a rejected request writes nothing");
    }

    @Test
    void twentyAlertsAUserHoldWhenTwentyFiveAreAskedForAtOnce() throws Exception {
        seedCatalog();
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        ParallelRuns.run(25, 8, i -> statuses.merge(send(post("/me/alerts").user("ann")
                .body("{\"keywords\":\"lamp w" + i + "\"}")).getStatusCode(), 1, Integer::sum));
        assertEquals(Map.of(201, AlertStore.MAX_PER_USER, 400, 25 - AlertStore.MAX_PER_USER), statuses);
        assertEquals(AlertStore.MAX_PER_USER, expect(200, get("/me/alerts").user("ann")).get("alerts").size());
        int items = itemCount();
        expect(400, post("/me/alerts").user("ann").body("{\"keywords\":\"one more\"}"));
        assertEquals(items, itemCount());
    }

    @Test
    void aSearchPagesThroughEveryMatchOnceNewestFirstWithinThreeRequests() {
        seedCatalog();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String id = indexedDeal(i % 3 == 0 ? "Sony PS5 console " + i : "Xbox console " + i);
            if (i % 3 == 0) {
                expected.add(0, id);
            }
        }
        indexedDeal("PS55 retro bundle");
        for (String words : List.of("ps5", "PS5 console", "console ps5")) {
            List<String> found = new ArrayList<>();
            String cursor = null;
            do {
                JsonNode page = expect(200, get("/search").query(q(words) + "&limit=3"
                        + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8))));
                assertBudget(3);
                found.addAll(ids(page.get("deals")));
                cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
            } while (cursor != null);
            assertEquals(expected, found, words);
        }
        assertEquals(0, expect(200, get("/search").query(q("ps"))).get("deals").size());
    }

    @Test
    void aSearchShowsExpiredDealsFlaggedAndNeverATakenDownOne() {
        seedCatalog();
        String expired = indexedDeal("Kettle one");
        String gone = indexedDeal("Kettle two");
        String live = indexedDeal("Kettle three");
        expect(200, patch("/cms/deals/" + expired).editor().body("{\"expiresAt\":\"" + NOW + "\"}"));
        expect(204, delete("/cms/deals/" + gone).editor());
        JsonNode page = expect(200, get("/search").query(q("kettle")));
        assertEquals(List.of(live, expired), ids(page.get("deals")));
        assertFalse(page.get("deals").get(0).get("expired").asBoolean());
        assertTrue(page.get("deals").get(1).get("expired").asBoolean());
        assertTrue(page.get("nextCursor").isNull());
    }

    @Test
    void aBadSearchOrACursorOfAnotherSearchIsA400() {
        seedCatalog();
        for (int i = 0; i < 3; i++) {
            indexedDeal("Lamp " + i);
        }
        for (String query : List.of("", "q=", q("p"), q("ps5,"), q("a1 b2 c3 d4 e5 f6"), q("x".repeat(31)), q("half-price"),
                q("x".repeat(400)), q("lamp") + "&limit=0", q("lamp") + "&cursor=abc.def", q("\u0000lamp"), q("lamp\u0001"))) {
            JsonNode error = expect(400, get("/search").query(query));
            assertFalse(error.get("message").asText().isBlank(), query);
        }
        String cursor = expect(200, get("/search").query(q("lamp") + "&limit=1")).get("nextCursor").asText();
        expect(400, get("/search").query(q("lamp sale") + "&limit=1&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
        expect(200, get("/search").query(q("LAMP") + "&limit=1&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
    }
}

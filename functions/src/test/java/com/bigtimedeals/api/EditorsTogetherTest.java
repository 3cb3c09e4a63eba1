package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * api.md, "Editors working together": versions and If-Match, a deal's history, every invalid field at once, https
 * images and logos, the duplicate's deal, and brand and category edits at the API (the rename's walk through the
 * stream is RenameStreamTest's).
 */
class EditorsTogetherTest extends ApiTest {
    /**
     * A clock that moves on a millisecond at every look, from {@link #NOW}: events made one after another are stamped
     * one after another, as on a real clock (a fixed one stamps them all in one instant).
     */
    @org.junit.jupiter.api.BeforeEach
    void tickingClock() {
        java.util.concurrent.atomic.AtomicLong ticks = new java.util.concurrent.atomic.AtomicLong();
        java.time.Clock ticking = new com.bigtimedeals.platform.LookingClock(() -> NOW.plusMillis(ticks.incrementAndGet()));
        table = new com.bigtimedeals.platform.Table(table.client(), table.name(), ticking, table.cursors());
        handlers = handlers(table, java.time.Clock.fixed(NOW, java.time.ZoneOffset.UTC));
    }

    private JsonNode edited(String id) {
        return expect(200, get("/cms/deals/" + id).editor());
    }

    private static List<String> actions(JsonNode history) {
        List<String> out = new ArrayList<>();
        history.get("events").forEach(e -> out.add(e.get("action").asText()));
        return out;
    }

    @Test
    void anEditedDealCarriesItsVersionAsBodyAndETagAndStaysReadableTakenDown() {
        seedCatalog();
        String id = createDeal("Kettle", "acme", "tech");
        APIGatewayV2HTTPResponse r = send(get("/cms/deals/" + id).editor());
        assertEquals(200, r.getStatusCode());
        assertTrue(lastRequests <= 2, "GET /cms/deals/{id} within 2 requests: " + lastRequests);
        assertEquals("\"v1\"", r.getHeaders().get("ETag"));
        JsonNode deal = parse(r);
        assertEquals(1, deal.get("version").asLong());
        assertFalse(deal.get("takenDown").asBoolean());
        assertEquals("Kettle", deal.get("title").asText());

        JsonNode corrected = expect(200, patch("/cms/deals/" + id).editor().header("If-Match", "\"v1\"")
                .body("{\"price\":11.11}"));
        assertTrue(lastRequests <= 2, "PATCH with If-Match within 2 requests: " + lastRequests);
        assertEquals(2, corrected.get("version").asLong());
        assertEquals(2, edited(id).get("version").asLong());

        expect(204, delete("/cms/deals/" + id).editor());
        expect(404, get("/deals/" + id));
        JsonNode down = edited(id);
        assertTrue(down.get("takenDown").asBoolean());
        assertEquals(3, down.get("version").asLong());
        expect(204, delete("/cms/deals/" + id).editor());
        assertEquals(3, edited(id).get("version").asLong(), "a repeated takedown changes nothing");
        expect(404, get("/cms/deals/" + com.bigtimedeals.platform.Ids.dealId(NOW)).editor());
        expect(403, get("/cms/deals/" + id).user("ann"));
    }

    /**
     * A deal that expired earlier is corrected within the same budget: only a correction that expires it rewrites its
     * featured copies and the front page at once (it was 10 requests for any correction of an expired deal).
     */
    @Test
    void correctingADealThatExpiredEarlierStaysWithinTheBudget() {
        seedCatalog();
        String id = expect(201, post("/cms/deals").editor().body("{\"title\":\"Old kettle\",\"link\":\"https://shop.example.com/old\","
                + "\"price\":9,\"brandId\":\"acme\",\"categoryId\":\"tech\",\"createdAt\":\"" + NOW.minus(java.time.Duration.ofDays(2))
                + "\",\"expiresAt\":\"" + NOW.minus(java.time.Duration.ofDays(1)) + "\"}")).get("id").asText();
        JsonNode corrected = expect(200, patch("/cms/deals/" + id).editor().header("If-Match", "\"v1\"")
                .body("{\"description\":\"Sold out since yesterday\"}"));
        assertTrue(lastRequests <= 2, "PATCH with If-Match within 2 requests: " + lastRequests);
        assertTrue(corrected.get("expired").asBoolean());
        assertEquals("Sold out since yesterday", expect(200, get("/deals/" + id)).get("description").asText());
    }

    @Test
    void aLostUpdateIsRefusedWith412AndTheDealAsItStandsAndNothingChanges() {
        seedCatalog();
        String id = createDeal("Kettle", "acme", "tech");
        // Tab A and tab B both opened version 1; A saves first.
        expect(200, patch("/cms/deals/" + id).editor().header("If-Match", "\"v1\"").body("{\"price\":11.11}"));
        int before = itemCount();
        JsonNode refused = expect(412, patch("/cms/deals/" + id).editor().header("If-Match", "\"v1\"")
                .body("{\"price\":15.00,\"title\":\"Kettle, steel\"}"));
        assertTrue(lastRequests <= 2, "a refused PATCH within 2 requests: " + lastRequests);
        assertEquals("stale", refused.get("code").asText());
        assertFalse(refused.get("message").asText().isBlank());
        assertEquals(2, refused.get("current").get("version").asLong());
        assertEquals("11.11", refused.get("current").get("price").asText());
        assertEquals(before, itemCount(), "nothing was written");
        JsonNode now = edited(id);
        assertEquals("11.11", now.get("price").asText());
        assertEquals("Kettle", now.get("title").asText());
        // B applies its change on top of A's, at the version it was shown.
        expect(200, patch("/cms/deals/" + id).editor().header("If-Match", "\"v2\"").body("{\"price\":15.00}"));
        assertEquals("15", edited(id).get("price").asText());
        // Without If-Match, as before; a malformed one is refused rather than ignored.
        expect(200, patch("/cms/deals/" + id).editor().body("{\"title\":\"Kettle 2\"}"));
        expect(400, patch("/cms/deals/" + id).editor().header("If-Match", "v4").body("{\"title\":\"Kettle 3\"}"));
        expect(200, patch("/cms/deals/" + id).editor().header("If-Match", "*").body("{\"title\":\"Kettle 3\"}"));
    }

    @Test
    void ifMatchIsReadAsRfc9110SaysAListOfStrongTagsWhereAnyOtherWellFormedTagIsStale() {
        seedCatalog();
        String id = createDeal("Kettle", "acme", "tech");
        int before = itemCount();
        // Well-formed tags that name no version the deal is at: 412 with the deal as it stands, never a 400 or a
        // write. A weak tag never matches: If-Match compares strongly (RFC 9110 13.1.1).
        for (String tag : new String[] {"\"v0\"", "\"v2\"", "W/\"v1\"", "\"draft\"", "\"v01\"", "\"v999999999999999999999\"",
                "\"a,b\"", "", " ", ",", " , "}) {
            JsonNode refused = expect(412, patch("/cms/deals/" + id).editor().header("If-Match", tag)
                    .body("{\"title\":\"Kettle, steel\"}"));
            assertEquals("stale", refused.get("code").asText(), tag);
            assertEquals(1, refused.get("current").get("version").asLong(), tag);
        }
        assertEquals(before, itemCount(), "nothing was written");
        // A list admits any version it names; an empty element is ignored, and a comma inside a tag is the tag's.
        expect(200, patch("/cms/deals/" + id).editor().header("If-Match", "\"a,b\", \"v7\", ,W/\"v1\",\t\"v1\"")
                .body("{\"price\":12.00}"));
        assertEquals(2, edited(id).get("version").asLong());
        // A header that is no list of entity tags: 400, nothing written.
        for (String bad : new String[] {"v2", "\"v2", "\"v\"2\"", "W/v2", "\"v1\" \"v2\"", "*, \"v1\"", "w/\"v1\""}) {
            expect(400, patch("/cms/deals/" + id).editor().header("If-Match", bad).body("{\"price\":13.00}"));
        }
        assertEquals("12", edited(id).get("price").asText());
    }

    @Test
    void twoEditorsSavingTheSameVersionAtOnceOneWinsAndTheOtherIsTold() throws Exception {
        seedCatalog();
        String id = createDeal("Kettle", "acme", "tech");
        List<Integer> statuses = java.util.Collections.synchronizedList(new ArrayList<>());
        com.bigtimedeals.harness.ParallelRuns.run(6, 6, i -> statuses.add(send(patch("/cms/deals/" + id).editor()
                .header("If-Match", "\"v1\"").body("{\"price\":" + (10 + i) + "}")).getStatusCode()));
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertEquals(5, statuses.stream().filter(s -> s == 412).count(), statuses.toString());
        JsonNode history = expect(200, get("/cms/deals/" + id + "/history").editor());
        assertEquals(List.of("corrected", "created"), actions(history));
        assertEquals(2, edited(id).get("version").asLong());
    }

    @Test
    void theHistorySaysWhoDidWhatNewestFirstPagedOneRequestAPage() {
        seedCatalog();
        String id = createDeal("Kettle", "acme", "tech");
        expect(200, patch("/cms/deals/" + id).as("fred", "editors").body("{\"price\":11.11,\"title\":\"Kettle, steel\"}"));
        expect(200, patch("/cms/deals/" + id).editor().body("{\"expiresAt\":\"" + NOW.plusSeconds(86_400) + "\"}"));
        expect(200, patch("/cms/deals/" + id).editor().body("{\"price\":11.11}")); // changes nothing: no event
        expect(202, post("/cms/hot-deals").editor().body("{\"dealId\":\"" + id + "\"}"));
        expect(200, post("/cms/hot-deals").editor().body("{\"dealId\":\"" + id + "\"}"));
        expect(204, delete("/cms/deals/" + id).editor());
        expect(204, delete("/cms/deals/" + id).editor());

        JsonNode all = expect(200, get("/cms/deals/" + id + "/history").editor());
        assertBudget(1);
        assertEquals(List.of("taken-down", "blasted", "corrected", "corrected", "created"), actions(all));
        JsonNode first = all.get("events").get(3);
        assertEquals("fred", first.get("editor").asText());
        assertEquals("19.99", first.get("changes").get("price").get("from").asText());
        assertEquals("11.11", first.get("changes").get("price").get("to").asText());
        assertEquals("Kettle", first.get("changes").get("title").get("from").asText());
        assertEquals(NOW.toString(), first.get("at").asText());
        JsonNode expiry = all.get("events").get(2).get("changes").get("expiresAt");
        assertTrue(expiry.get("from").isNull());
        assertEquals(NOW.plusSeconds(86_400).toString(), expiry.get("to").asText());
        assertEquals("erin", all.get("events").get(4).get("editor").asText());
        assertTrue(all.get("nextCursor").isNull());

        List<String> paged = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = expect(200, get("/cms/deals/" + id + "/history").editor()
                    .query("limit=2" + (cursor == null ? "" : "&cursor=" + cursor)));
            assertBudget(1);
            paged.addAll(actions(page));
            cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
        } while (cursor != null);
        assertEquals(actions(all), paged);
        expect(400, get("/cms/deals/" + id + "/history").editor().query("cursor=nonsense"));
        expect(404, get("/cms/deals/" + com.bigtimedeals.platform.Ids.dealId(NOW) + "/history").editor());
    }

    @Test
    void anActionRetriedWithAnIdempotencyKeyAddsOneEvent() {
        seedCatalog();
        String body = "{\"title\":\"Kettle\",\"link\":\"https://shop.example.com/k\",\"price\":5,\"brandId\":\"acme\","
                + "\"categoryId\":\"tech\"}";
        String id = expect(201, post("/cms/deals").editor().header("Idempotency-Key", "k-1").body(body)).get("id").asText();
        expect(201, post("/cms/deals").editor().header("Idempotency-Key", "k-1").body(body));
        expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"));
        expect(201, post("/deals/" + id + "/reports").user("ann").body("{\"reason\":\"spam\"}"));
        expect(204, post("/cms/reports/" + id + "/dismiss").editor().header("Idempotency-Key", "d-1"));
        expect(204, post("/cms/reports/" + id + "/dismiss").editor().header("Idempotency-Key", "d-1"));
        expect(204, post("/cms/reports/" + id + "/dismiss").editor());
        assertEquals(List.of("reports-dismissed", "created"), actions(expect(200, get("/cms/deals/" + id + "/history").editor())));
    }

    @Test
    void everyInvalidFieldIsNamedAtOnceInPlainWords() {
        seedCatalog();
        int before = itemCount();
        JsonNode refused = expect(400, post("/cms/deals").editor().body("{\"title\":\"\",\"price\":-1,"
                + "\"imageUrl\":\"http://img.example.com/a.jpg\",\"colour\":\"red\"}"));
        List<String> fields = new ArrayList<>();
        refused.get("errors").forEach(e -> {
            fields.add(e.get("field").asText());
            assertFalse(e.get("message").asText().isBlank());
        });
        assertEquals(List.of("colour", "title", "link", "price", "brandId", "categoryId", "imageUrl"), fields);
        assertEquals(fields.get(0), refused.get("field").asText());
        assertEquals(refused.get("errors").get(0).get("message").asText(), refused.get("message").asText());
        assertEquals(before, itemCount());
        // A refusal of one field lists it alone, the same way.
        JsonNode one = expect(400, post("/cms/brands").editor().body("{\"name\":\"Initech\",\"logoUrl\":\"http://x.example.com/l.png\"}"));
        assertEquals(1, one.get("errors").size());
        assertEquals("logoUrl", one.get("errors").get(0).get("field").asText());
        assertTrue(one.get("message").asText().contains("https"));
        // A brand and a category that do not exist are both named, as any two invalid fields are.
        JsonNode unknown = expect(400, post("/cms/deals").editor().body("{\"title\":\"Kettle\",\"link\":\"https://shop.example.com/k\","
                + "\"price\":5,\"brandId\":\"nobody\",\"categoryId\":\"nothing\"}"));
        List<String> unknownFields = new ArrayList<>();
        unknown.get("errors").forEach(e -> unknownFields.add(e.get("field").asText()));
        assertEquals(List.of("brandId", "categoryId"), unknownFields);
        assertEquals(before, itemCount());
        // A rule judged against the request's time is named with the rest too: a createdAt in the future.
        JsonNode future = expect(400, post("/cms/deals").editor().body("{\"title\":\"\",\"link\":\"https://shop.example.com/k\","
                + "\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\",\"createdAt\":\"2999-01-01T00:00:00Z\"}"));
        List<String> futureFields = new ArrayList<>();
        future.get("errors").forEach(e -> futureFields.add(e.get("field").asText() + ": " + e.get("message").asText()));
        assertEquals(2, futureFields.size(), futureFields.toString());
        assertTrue(futureFields.get(0).startsWith("title"), futureFields.toString());
        assertEquals("createdAt: createdAt must not be in the future", futureFields.get(1));
        assertEquals(before, itemCount());
        String id = createDeal("Kettle", "acme", "tech");
        expect(400, patch("/cms/deals/" + id).editor().body("{\"imageUrl\":\"http://img.example.com/a.jpg\"}"));
        expect(200, patch("/cms/deals/" + id).editor().body("{\"imageUrl\":\"https://img.example.com/a.jpg\"}"));
    }

    @Test
    void aDuplicateNamesTheLiveDealWithItsTitleAndLink() {
        seedCatalog();
        String id = createDeal("Kettle", "acme", "tech");
        JsonNode dup = expect(409, post("/cms/deals").editor().body("{\"title\":\"Other\",\"link\":\"HTTPS://SHOP.example.com/Kettle/#x\","
                + "\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\"}"));
        assertEquals("duplicate", dup.get("code").asText());
        assertEquals(id, dup.get("dealId").asText());
        assertEquals(id, dup.get("deal").get("id").asText());
        assertEquals("Kettle", dup.get("deal").get("title").asText());
        assertEquals("https://shop.example.com/Kettle", dup.get("deal").get("link").asText());
    }

    @Test
    void brandsAndCategoriesAreRenamedGivenALogoAndDeletedOnlyWhenNoDealNamesThem() {
        seedCatalog();
        JsonNode renamed = expect(200, patch("/cms/brands/acme").editor().body("{\"name\":\"Acme Corp\"}"));
        assertEquals("acme", renamed.get("id").asText());
        assertEquals("Acme Corp", renamed.get("name").asText());
        assertEquals("https://img.example.com/acme.png", renamed.get("logoUrl").asText());
        expect(200, patch("/cms/brands/acme").editor().body("{\"logoUrl\":\"https://img.example.com/acme2.png\"}"));
        assertEquals("Acme Corp", expect(200, get("/brands/acme")).get("name").asText());
        List<String> names = new ArrayList<>();
        expect(200, get("/brands")).get("brands").forEach(b -> names.add(b.get("name").asText()));
        assertEquals(List.of("Acme Corp", "Globex"), names);
        expect(400, patch("/cms/brands/acme").editor().body("{\"logoUrl\":\"http://img.example.com/a.png\"}"));
        expect(400, patch("/cms/brands/acme").editor().body("{\"id\":\"other\"}"));
        expect(400, patch("/cms/brands/acme").editor().body("{}"));
        expect(404, patch("/cms/brands/nobody").editor().body("{\"name\":\"X\"}"));
        JsonNode cat = expect(200, patch("/cms/categories/tech").editor().body("{\"name\":\"Technology\"}"));
        assertEquals("tech", cat.get("id").asText());
        assertEquals("Technology", cat.get("name").asText());
        List<String> categories = new ArrayList<>();
        expect(200, get("/categories")).get("categories").forEach(c -> categories.add(c.get("name").asText()));
        assertTrue(categories.contains("Technology") && !categories.contains("Tech"), categories.toString());

        String id = createDeal("Kettle", "acme", "tech");
        assertEquals("Acme Corp", expect(200, get("/deals/" + id)).get("brandName").asText());
        expect(409, delete("/cms/brands/acme").editor());
        expect(204, delete("/cms/deals/" + id).editor());
        expect(409, delete("/cms/brands/acme").editor()); // a taken-down deal still names it
        expect(409, delete("/cms/categories/tech").editor());
        expect(204, delete("/cms/brands/globex").editor());
        expect(404, get("/brands/globex"));
        expect(204, delete("/cms/brands/globex").editor());
        expect(400, post("/cms/deals").editor().body("{\"title\":\"T\",\"link\":\"https://s.example.com/t\",\"price\":1,"
                + "\"brandId\":\"globex\",\"categoryId\":\"tech\"}"));
        expect(204, delete("/cms/categories/food-drink").editor());
        expect(201, post("/cms/brands").editor().body("{\"name\":\"Globex\"}")); // the id is free again
    }
}

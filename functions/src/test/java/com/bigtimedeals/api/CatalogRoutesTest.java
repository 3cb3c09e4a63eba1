package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/** Brands and categories routes: public reads and the editors' creates. */
class CatalogRoutesTest extends ApiTest {

    @Test
    void createBrandMakesTheSlugFromTheNameAndRejectsTheSameIdTwice() {
        JsonNode brand = expect(201, post("/cms/brands").editor().body("{\"name\":\"Café & Co.\",\"logoUrl\":\"https://img.example.com/c.png\"}"));
        assertEquals("cafe-co", brand.get("id").asText());
        assertEquals("Café & Co.", brand.get("name").asText());
        assertEquals(0, brand.get("likes").asInt());
        assertEquals(0, brand.get("watchers").asInt());
        int items = itemCount();
        JsonNode conflict = expect(409, post("/cms/brands").editor().body("{\"name\":\"CAFE co\"}"));
        assertFalse(conflict.get("message").asText().isEmpty());
        assertEquals(items, itemCount());
    }

    @Test
    void createCategoryAnswersTheCategoryShape() {
        JsonNode c = expect(201, post("/cms/categories").editor().body("{\"name\":\"Food & Drink\"}"));
        assertEquals("food-drink", c.get("id").asText());
        assertEquals(0, c.get("featured").size());
        expect(409, post("/cms/categories").editor().body("{\"name\":\"Food & Drink\"}"));
    }

    @Test
    void cmsRoutesNeedTheEditorsGroupAndASignedInCaller() {
        int before = itemCount();
        expect(403, post("/cms/brands").user("ann").body("{\"name\":\"Acme\"}"));
        expect(401, post("/cms/brands").body("{\"name\":\"Acme\"}"));
        expect(403, post("/cms/categories").user("ann").body("{\"name\":\"Tech\"}"));
        assertEquals(before, itemCount());
    }

    @Test
    void groupsArriveAsAnApiGatewayStringOrAJsonArray() {
        Call c = post("/cms/brands").body("{\"name\":\"Acme\"}");
        c.claims = new java.util.LinkedHashMap<>(java.util.Map.of("cognito:username", "erin", "cognito:groups", "[\"users\",\"editors\"]"));
        expect(201, c);
        Call d = post("/cms/brands").body("{\"name\":\"Globex\"}");
        d.claims = new java.util.LinkedHashMap<>(java.util.Map.of("username", "erin", "cognito:groups", "[users editors]"));
        expect(201, d);
        Call e = post("/cms/brands").body("{\"name\":\"Initech\"}");
        e.claims = new java.util.LinkedHashMap<>(java.util.Map.of("cognito:username", "erin", "cognito:groups", "[users editorsx]"));
        expect(403, e);
    }

    @Test
    void expiredTokenClaimsAre401() {
        Call c = get("/me").user("ann");
        c.claims.put("exp", Long.toString(NOW.getEpochSecond() - 1));
        expect(401, c);
    }

    @Test
    void brandsListIsSortedIgnoringCaseInOneRequest() {
        for (String name : new String[] {"zeta", "Alpha", "beta", "Bravo"}) {
            expect(201, post("/cms/brands").editor().body("{\"name\":\"" + name + "\"}"));
        }
        JsonNode list = expect(200, get("/brands"));
        assertBudget(1);
        List<String> names = new ArrayList<>();
        list.get("brands").forEach(b -> names.add(b.get("name").asText()));
        assertEquals(List.of("Alpha", "beta", "Bravo", "zeta"), names);
    }

    @Test
    void brandAndCategoryPagesWithinBudget() {
        seedCatalog();
        JsonNode brand = expect(200, get("/brands/acme"));
        assertBudget(1);
        assertEquals("https://img.example.com/acme.png", brand.get("logoUrl").asText());
        assertNull(expect(200, get("/brands/globex")).get("logoUrl"));
        expect(404, get("/brands/nope"));
        expect(404, get("/brands/NOT_A_SLUG"));
        assertEquals(0, lastRequests, "an id that cannot exist costs no request");
        JsonNode category = expect(200, get("/categories/food-drink"));
        assertBudget(2);
        assertEquals("Food & Drink", category.get("name").asText());
        expect(404, get("/categories/nope"));
        JsonNode categories = expect(200, get("/categories"));
        assertEquals(2, categories.get("categories").size());
    }

    @Test
    void latestDealsOfABrandPageFullOverSparseHistoryWithinThreeRequests() {
        seedCatalog();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            expected.add(0, createDeal("Deal " + i, "acme", "tech", NOW.minus(Duration.ofDays(90 - 3L * i))));
            createDeal("Other " + i, "globex", "food-drink", NOW.minus(Duration.ofDays(90 - 3L * i)).plusSeconds(7));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        List<Integer> sizes = new ArrayList<>();
        do {
            String q = "limit=12" + (cursor == null ? "" : "&cursor=" + java.net.URLEncoder.encode(cursor, java.nio.charset.StandardCharsets.UTF_8));
            JsonNode page = expect(200, get("/brands/acme/deals").query(q));
            assertBudget(3);
            seen.addAll(ids(page.get("deals")));
            sizes.add(page.get("deals").size());
            cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
        } while (cursor != null);
        assertEquals(expected, seen);
        assertEquals(List.of(12, 12, 6), sizes);
        JsonNode techPage = expect(200, get("/categories/tech/deals"));
        assertBudget(3);
        assertEquals(25, techPage.get("deals").size());
        assertTrue(techPage.get("deals").get(0).get("createdAt").asText().endsWith("Z"));
        expect(404, get("/brands/unknown/deals"));
        expect(404, get("/categories/unknown/deals"));
    }

    @Test
    void badLimitOrCursorIs400() {
        seedCatalog();
        createDeal("A", "acme", "tech");
        createDeal("B", "acme", "tech");
        for (String q : new String[] {"limit=0", "limit=101", "limit=abc", "limit=-1", "limit=1.5", "limit=", "limit=5,6",
                "cursor=", "cursor=abc", "cursor=" + "x".repeat(600)}) {
            JsonNode err = expect(400, get("/brands/acme/deals").query(q));
            assertFalse(err.get("message").asText().isEmpty());
        }
        String globexCursor = "";
        createDeal("C", "globex", "tech");
        createDeal("D", "globex", "tech");
        globexCursor = expect(200, get("/brands/globex/deals").query("limit=1")).get("nextCursor").asText();
        String q = "limit=1&cursor=" + java.net.URLEncoder.encode(globexCursor, java.nio.charset.StandardCharsets.UTF_8);
        assertEquals("cursor", expect(400, get("/brands/acme/deals").query(q)).get("field").asText());
        expect(400, get("/categories/tech/deals").query(q));
        expect(400, get("/deals").query(q));
        expect(200, get("/brands/globex/deals").query(q));
    }

    /**
     * A cursor into a bucket the index does not show yet (one GSI read may see less than the read that made the
     * cursor): 503 with Retry-After and a message, to be retried, made within the brands function's grants.
     */
    @Test
    void aCursorIntoABucketTheIndexDoesNotShowYetIsRetried() {
        dynamo.gsiLagMillis(table.name(), 600_000);
        seedCatalog();
        String cursor = com.bigtimedeals.deals.TimelineCursors.brandBucketStart(table, "acme",
                com.bigtimedeals.deals.TimelineCursors.FIRST_BUCKET);
        var r = send(get("/brands/acme/deals").query("cursor=" + java.net.URLEncoder.encode(cursor, java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(503, r.getStatusCode(), r.getBody());
        assertNotNull(r.getHeaders().get("Retry-After"));
        assertFalse(parse(r).get("message").asText().isEmpty());
    }

    @Test
    void createBrandValidation() {
        int before = itemCount();
        for (String body : new String[] {"", "[]", "\"Acme\"", "{", "{\"name\":\"\"}", "{\"name\":\"   \"}", "{\"name\":42}",
                "{\"name\":\"" + "x".repeat(101) + "\"}", "{\"name\":\"Acme\",\"logoUrl\":\"ftp://x.example/a.png\"}",
                "{\"name\":\"Acme\",\"logoUrl\":\"not a url\"}", "{\"name\":\"!!!\"}", "{}", "null"}) {
            JsonNode err = expect(400, post("/cms/brands").editor().body(body));
            assertFalse(err.get("message").asText().isEmpty(), body);
        }
        assertEquals(before, itemCount());
    }

    @Test
    void setCategoryFeaturedAnswersTheCategoryWithServerCopies() {
        seedCatalog();
        String a = createDeal("A", "acme", "tech");
        String b = createDeal("B", "globex", "tech");
        JsonNode c = expect(200, put("/cms/categories/tech/featured").editor().body("{\"dealIds\":[\"" + b + "\",\"" + a + "\"]}"));
        assertEquals(List.of(b, a), ids(c.get("featured")));
        assertEquals("Globex", c.get("featured").get(0).get("brandName").asText());
        assertEquals(List.of(b, a), ids(expect(200, get("/categories/tech")).get("featured")));
        expect(404, put("/cms/categories/nope/featured").editor().body("{\"dealIds\":[\"" + a + "\"]}"));
        expect(403, put("/cms/categories/tech/featured").user("ann").body("{\"dealIds\":[]}"));
    }
}

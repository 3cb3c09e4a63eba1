package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.platform.Ids;
import com.fasterxml.jackson.databind.JsonNode;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Deals, the front page, Editor's Choice and the editors' deal routes. */
class DealRoutesTest extends ApiTest {

    @Test
    void createDealAnswersTheDealShapeAndReadsBackInOneRequest() {
        seedCatalog();
        JsonNode deal = expect(201, post("/cms/deals").editor().body("{\"title\":\"Headphones\",\"link\":\"https://shop.example.com/h\","
                + "\"price\":129.9,\"brandId\":\"acme\",\"categoryId\":\"tech\",\"imageUrl\":\"https://img.example.com/h.jpg\","
                + "\"description\":\"Great\"}"));
        String id = deal.get("id").asText();
        assertEquals(27, id.length());
        assertEquals("Acme", deal.get("brandName").asText());
        assertEquals("Tech", deal.get("categoryName").asText());
        assertEquals("129.9", deal.get("price").asText());
        assertTrue(deal.get("price").isNumber());
        assertEquals(NOW.toString(), deal.get("createdAt").asText());
        JsonNode read = expect(200, get("/deals/" + id));
        assertBudget(1);
        assertEquals(1, read.get("priceHistory").size(), "its first price");
        assertEquals(deal, ((com.fasterxml.jackson.databind.node.ObjectNode) read.deepCopy()).without("priceHistory"),
                "GET /deals/{dealId} is the Deal with its priceHistory");
        expect(404, get("/deals/" + Ids.dealId(NOW)));
        expect(404, get("/deals/not-a-ksuid"));
    }

    @Test
    void backfilledDealSortsByItsCreatedAt() {
        seedCatalog();
        String today = createDeal("Today", "acme", "tech");
        String old = createDeal("Old", "acme", "tech", NOW.minus(Duration.ofDays(400)));
        assertEquals(NOW.minus(Duration.ofDays(400)), Ids.instantOf(old));
        assertEquals(List.of(today, old), ids(expect(200, get("/deals")).get("deals")));
        expect(400, post("/cms/deals").editor().body(dealBody("\"createdAt\":\"" + NOW.plus(Duration.ofMinutes(6)) + "\"")));
        expect(201, post("/cms/deals").editor().body(dealBody("\"createdAt\":\"" + NOW.plus(Duration.ofMinutes(4)) + "\"")));
        expect(400, post("/cms/deals").editor().body(dealBody("\"createdAt\":\"yesterday\"")));
        expect(400, post("/cms/deals").editor().body(dealBody("\"createdAt\":\"2001-01-01T00:00:00Z\"")));
    }

    private static String dealBody(String extra) {
        return "{\"title\":\"T\",\"link\":\"https://s.example.com/t\",\"price\":1,\"brandId\":\"acme\",\"categoryId\":\"tech\""
                + (extra.isEmpty() ? "" : "," + extra) + "}";
    }

    @Test
    void dealRulesRejectBadInputAndWriteNothing() {
        seedCatalog();
        int before = itemCount();
        String[] bad = {
            "{\"link\":\"https://s.example.com/t\",\"price\":1,\"brandId\":\"acme\",\"categoryId\":\"tech\"}",
            dealBody("").replace("\"T\"", "\"\""),
            dealBody("").replace("\"T\"", "\"  \""),
            dealBody("").replace("\"T\"", "\"" + "t".repeat(201) + "\""),
            dealBody("").replace("\"T\"", "7"),
            dealBody("").replace("https://s.example.com/t", "javascript:alert(1)"),
            dealBody("").replace("https://s.example.com/t", "https://s.example.com/" + "a".repeat(2048)),
            dealBody("").replace("\"price\":1", "\"price\":-1"),
            dealBody("").replace("\"price\":1", "\"price\":1.999"),
            dealBody("").replace("\"price\":1", "\"price\":\"1\""),
            dealBody("").replace("\"price\":1", "\"price\":10000000.01"),
            dealBody("").replace("\"price\":1", "\"price\":1e400"),
            dealBody("").replace("\"acme\"", "\"nope\""),
            dealBody("").replace("\"tech\"", "\"nope\""),
            dealBody("").replace("\"acme\"", "\"ACME\""),
            dealBody("\"imageUrl\":\"file:///etc/passwd\""),
            dealBody("\"description\":\"" + "d".repeat(2001) + "\""),
            dealBody("\"description\":5"),
        };
        for (String body : bad) {
            JsonNode err = expect(400, post("/cms/deals").editor().body(body));
            assertFalse(err.get("message").asText().isBlank(), body);
        }
        assertEquals(before, itemCount());
        expect(201, post("/cms/deals").editor().body(dealBody("").replace("\"price\":1", "\"price\":10000000")));
        // Another offer: the same link would be a duplicate of the live deal just made.
        expect(201, post("/cms/deals").editor().body(dealBody("").replace("\"price\":1", "\"price\":0")
                .replace("https://s.example.com/t", "https://s.example.com/free")));
    }

    @Test
    void correctDealChangesOnlyWhatEditorsMayChange() {
        seedCatalog();
        String id = createDeal("Blender", "acme", "tech");
        JsonNode fixed = expect(200, patch("/cms/deals/" + id).editor().body("{\"title\":\"Blender Pro\",\"price\":9.5}"));
        assertEquals("Blender Pro", fixed.get("title").asText());
        assertEquals(9.5, fixed.get("price").asDouble());
        assertEquals("acme", fixed.get("brandId").asText());
        for (String body : new String[] {"{\"brandId\":\"globex\"}", "{\"categoryId\":\"food-drink\"}",
                "{\"createdAt\":\"2026-01-01T00:00:00Z\"}", "{}", "{\"title\":null}", "{\"price\":-3}"}) {
            expect(400, patch("/cms/deals/" + id).editor().body(body));
        }
        assertEquals("Blender Pro", expect(200, get("/deals/" + id)).get("title").asText());
        expect(404, patch("/cms/deals/" + Ids.dealId(NOW)).editor().body("{\"title\":\"x\"}"));
        expect(403, patch("/cms/deals/" + id).user("ann").body("{\"title\":\"x\"}"));
    }

    @Test
    void featuredListsCopyServerDataAndRejectTooManyOrUnknownIds() {
        seedCatalog();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            ids.add(createDeal("D" + i, "acme", "tech"));
        }
        JsonNode featured = expect(200, put("/cms/frontpage/featured").editor().body(idList(ids.subList(0, 3))));
        assertEquals(ids.subList(0, 3), ids(featured.get("featured")));
        int before = itemCount();
        expect(400, put("/cms/frontpage/featured").editor().body(idList(ids)));
        expect(400, put("/cms/frontpage/featured").editor().body(idList(List.of(ids.get(0), Ids.dealId(NOW)))));
        expect(400, put("/cms/frontpage/featured").editor().body("{\"dealIds\":\"x\"}"));
        expect(400, put("/cms/frontpage/featured").editor().body("{\"dealIds\":[1,2]}"));
        expect(400, put("/cms/frontpage/featured").editor().body("{\"dealIds\":[{\"id\":\"x\",\"title\":\"forged\"}]}"));
        expect(400, put("/cms/editors-choice").editor().body(idList(List.of(ids.get(1), ids.get(1)))));
        assertEquals(before, itemCount());
        expect(200, put("/cms/editors-choice").editor().body(idList(List.of(ids.get(4), ids.get(2)))));
        JsonNode choice = expect(200, get("/editors-choice"));
        assertBudget(1);
        assertEquals(List.of(ids.get(4), ids.get(2)), ids(choice.get("featured")));
        assertEquals(0, expect(200, put("/cms/editors-choice").editor().body("{\"dealIds\":[]}")).get("featured").size());
    }

    private static String idList(List<String> ids) {
        return "{\"dealIds\":[" + String.join(",", ids.stream().map(i -> "\"" + i + "\"").toList()) + "]}";
    }

    @Test
    void frontPageIsOneRequestOnceTheCacheIsBuiltAndContinuesIntoDeals() {
        seedCatalog();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ids.add(0, createDeal("D" + i, i % 2 == 0 ? "acme" : "globex", "tech", NOW.minusSeconds(3600L * (30 - i))));
        }
        expect(200, put("/cms/frontpage/featured").editor().body(idList(ids.subList(5, 7))));
        JsonNode live = expect(200, get("/frontpage"));
        assertEquals(ids.subList(0, 25), ids(live.get("latest")));
        // The stream consumer builds the cache; here the data layer builds it directly.
        new FrontPageCache(table, CACHE_SHARDS).rebuild(new FeaturedStore(table), new DealStore(table));
        JsonNode page = expect(200, get("/frontpage"));
        assertBudget(1);
        assertEquals(ids.subList(5, 7), ids(page.get("featured")));
        assertEquals(ids.subList(0, 25), ids(page.get("latest")));
        String next = page.get("nextCursor").asText();
        JsonNode rest = expect(200, get("/deals").query("cursor=" + java.net.URLEncoder.encode(next, java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(ids.subList(25, 30), ids(rest.get("deals")));
        assertTrue(rest.get("nextCursor").isNull());
    }

    /**
     * A stream consumer deployed ahead of this reader writes the cache in a format the reader does not know: the
     * front page is then the live query (featured list + a latest-deals page), not a 500, during the deploy.
     */
    @Test
    void aCacheInANewerFormatIsServedLiveWithinTheLiveQuerysBudget() {
        seedCatalog();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ids.add(0, createDeal("D" + i, "acme", "tech", NOW.minusSeconds(3600L * (30 - i))));
        }
        expect(200, put("/cms/frontpage/featured").editor().body(idList(ids.subList(5, 7))));
        new FrontPageCache(table, CACHE_SHARDS).rebuild(new FeaturedStore(table), new DealStore(table));
        // What the newer writer leaves: every copy one format ahead, its payload unreadable to this code.
        int copies = 0;
        for (var item : client.scan(ScanRequest.builder().tableName(table.name()).filterExpression("attribute_exists(#f)")
                .expressionAttributeNames(java.util.Map.of("#f", "format")).build()).items()) {
            var newer = new java.util.HashMap<>(item);
            newer.put("format", AttributeValue.fromN(Long.toString(Long.parseLong(item.get("format").n()) + 1)));
            newer.put("payload", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(new byte[] {1, 2, 3})));
            client.putItem(PutItemRequest.builder().tableName(table.name()).item(newer).build());
            copies++;
        }
        assertEquals(CACHE_SHARDS, copies);
        for (int i = 0; i < 2 * CACHE_SHARDS; i++) {
            JsonNode page = expect(200, get("/frontpage"));
            assertEquals(ids.subList(5, 7), ids(page.get("featured")));
            assertEquals(ids.subList(0, 25), ids(page.get("latest")));
            // The cache read, the featured list, and a latest-deals page (at most 3, the contract's budget for one).
            assertBudget(1 + 1 + 3);
        }
    }

    @Test
    void hotDealBlastIsRecordedAndAnswered202() {
        seedCatalog();
        String id = createDeal("Hot", "acme", "tech");
        JsonNode accepted = expect(202, post("/cms/hot-deals").editor().body("{\"dealId\":\"" + id + "\",\"subject\":\"Now!\"}"));
        String blastId = accepted.get("blastId").asText();
        assertTrue(Ids.isValid(blastId));
        JsonNode progress = expect(200, get("/cms/hot-deals/" + blastId).editor());
        assertEquals(id, progress.get("dealId").asText());
        assertFalse(progress.get("done").asBoolean());
        int before = itemCount();
        expect(404, post("/cms/hot-deals").editor().body("{\"dealId\":\"" + Ids.dealId(NOW) + "\"}"));
        expect(400, post("/cms/hot-deals").editor().body("{\"dealId\":\"nope\"}"));
        expect(400, post("/cms/hot-deals").editor().body("{}"));
        expect(403, post("/cms/hot-deals").user("ann").body("{\"dealId\":\"" + id + "\"}"));
        assertEquals(before, itemCount());
    }

    @Test
    void latestDealsEmptyTableAndPaging() {
        JsonNode empty = expect(200, get("/deals"));
        assertEquals(0, empty.get("deals").size());
        assertTrue(empty.get("nextCursor").isNull());
        JsonNode front = expect(200, get("/frontpage"));
        assertEquals(0, front.get("featured").size());
        assertNull(front.get("nextCursor").textValue());
    }
}

package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.harness.ParallelRuns;
import com.fasterxml.jackson.databind.JsonNode;

/** GET /deals/{dealId}'s priceHistory: the first price, then each correction that changed it, in 1 request. */
class PriceHistoryRoutesTest extends ApiTest {

    private static List<String> prices(JsonNode deal) {
        List<String> out = new ArrayList<>();
        deal.get("priceHistory").forEach(p -> out.add(p.get("price").asText() + "@" + p.get("at").asText()));
        return out;
    }

    @Test
    void theHistoryHoldsTheFirstPriceAndEveryCorrectionThatChangedItOldestFirst() {
        seedCatalog();
        String id = createDeal("Steel kettle", "acme", "tech");
        JsonNode fresh = expect(200, get("/deals/" + id));
        assertBudget(1);
        assertEquals(List.of("19.99@" + NOW), prices(fresh));
        expect(200, patch("/cms/deals/" + id).editor().body("{\"price\":15}"));
        expect(200, patch("/cms/deals/" + id).editor().body("{\"title\":\"Steel kettle, 1.7 l\"}"));
        expect(200, patch("/cms/deals/" + id).editor().body("{\"price\":15.00}"));
        expect(200, patch("/cms/deals/" + id).editor().body("{\"price\":12.5}"));
        JsonNode deal = expect(200, get("/deals/" + id));
        assertBudget(1);
        assertEquals(List.of("19.99@" + NOW, "15@" + NOW, "12.5@" + NOW), prices(deal));
        assertEquals("12.5", deal.get("price").asText());
    }

    @Test
    void racingCorrectionsEachLeaveTheirPrice() throws Exception {
        seedCatalog();
        String id = createDeal("Desk lamp", "acme", "tech");
        ParallelRuns.run(6, 6, i -> expect(200, patch("/cms/deals/" + id).editor().body("{\"price\":" + (i + 1) + "}")));
        JsonNode deal = expect(200, get("/deals/" + id));
        List<String> history = prices(deal);
        assertEquals(7, history.size(), "the first price and each of the six: " + history);
        assertEquals(deal.get("price").asText() + "@" + NOW, history.get(history.size() - 1), "the last is the price now");
    }
}

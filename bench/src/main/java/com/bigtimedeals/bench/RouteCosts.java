package com.bigtimedeals.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.bench.Seeding.Seeded;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.Gateway;
import com.bigtimedeals.platform.Table;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What every route costs on the seeded table, through the local gateway exactly as a client calls it: DynamoDB
 * requests (from the gateway's {@code X-DynamoDB-*} headers), read and write units, response bytes, against the
 * contract's budget and the reference design.
 */
final class RouteCosts {
    private RouteCosts() {
    }

    static void measure(Bench bench, Table table, Seeded s) throws Exception {
        Instant now = bench.now();
        System.out.println("\nCost per route (DynamoDB requests, read and write units, response bytes):");
        Gateway gateway = Gateway.withDefaults(0, true);
        String user = "Bearer " + BearerToken.issue(BearerToken.MOBILE_CLIENT, "user1", BearerToken.groups(false), now, 3600);
        String fresh = "Bearer " + BearerToken.issue(BearerToken.MOBILE_CLIENT, "newcomer", BearerToken.groups(false), now, 3600);
        String editor = "Bearer " + BearerToken.issue(BearerToken.CMS_CLIENT, "erin", BearerToken.groups(true), now, 3600);
        String deal = s.recentDeals().get(19);
        String message = new InboxStore(table, bench.configuration().inboxRetention()).list("user1", false, 1, null).items().get(0).id();
        // route, path, query, token, body, budget, reference requests, note
        Object[][] calls = {
            {"GET /frontpage", "/frontpage", "", null, null, 1.0, 2.0, "reference: FRONTPAGE item + 2-day DEALSCACHE item"},
            {"GET /deals (first page)", "/deals", "", null, null, 3.0, null, null},
            {"GET /deals (second page)", "/deals", "@next:/deals", null, null, 3.0, null, null},
            {"GET /deals/{dealId}", "/deals/" + deal, "", null, null, 1.0, 1.0, null},
            {"GET /editors-choice", "/editors-choice", "", null, null, 1.0, 1.0, null},
            {"GET /brands", "/brands", "", null, null, 1.0, 1.0, null},
            {"GET /brands/{brandId}", "/brands/" + s.denseBrand(), "", null, null, 1.0, 1.0, null},
            {"GET /brands/{dense}/deals (first page)", "/brands/" + s.denseBrand() + "/deals", "", null, null, 3.0, 1.0, "reference: 1 day partition holds a page"},
            {"GET /brands/{dense}/deals (second page)", "/brands/" + s.denseBrand() + "/deals", "@next:/brands/" + s.denseBrand() + "/deals", null, null, 3.0, 1.0, null},
            {"GET /brands/{sparse}/deals (first page)", "/brands/" + s.sparseBrand() + "/deals", "", null, null, 3.0, 5.0, "reference: walks 5 empty days, returns a short page"},
            {"GET /categories", "/categories", "", null, null, null, null, null},
            {"GET /categories/{categoryId}", "/categories/tech", "", null, null, 2.0, 1.0, "reference: one big item (featured inside)"},
            {"GET /categories/{categoryId}/deals", "/categories/tech/deals", "", null, null, 3.0, 1.0, null},
            {"POST /me", "/me", "", fresh, "{\"email\":\"newcomer@example.com\"}", null, 1.0, null},
            {"GET /me", "/me", "", user, null, null, 1.0, null},
            {"POST /brands/{brandId}/likes (new)", "/brands/" + s.sparseBrand() + "/likes", "", fresh, null, 2.0, 1.0, null},
            {"POST /brands/{brandId}/likes (already)", "/brands/" + s.sparseBrand() + "/likes", "", fresh, null, 2.0, 1.0, null},
            {"DELETE /brands/{brandId}/likes", "/brands/" + s.sparseBrand() + "/likes", "", fresh, null, 2.0, null, null},
            {"POST /brands/{brandId}/watches", "/brands/" + s.sparseBrand() + "/watches", "", fresh, null, 2.0, 1.0, null},
            {"DELETE /brands/{brandId}/watches", "/brands/" + s.sparseBrand() + "/watches", "", fresh, null, 2.0, null, null},
            {"POST /categories/{categoryId}/likes", "/categories/tech/likes", "", fresh, null, 2.0, 1.0, "reference: rewrites the category item with its featured list"},
            {"DELETE /categories/{categoryId}/likes", "/categories/tech/likes", "", fresh, null, 2.0, null, null},
            {"POST /categories/{categoryId}/watches", "/categories/tech/watches", "", fresh, null, 2.0, 1.0, null},
            {"DELETE /categories/{categoryId}/watches", "/categories/tech/watches", "", fresh, null, 2.0, null, null},
            {"GET /me/brands/{brandId}", "/me/brands/" + s.denseBrand(), "", user, null, null, null, null},
            {"GET /me/categories/{categoryId}", "/me/categories/tech", "", user, null, null, null, null},
            {"GET /me/messages", "/me/messages", "", user, null, 1.0, 1.0, null},
            {"GET /me/messages?unread=true", "/me/messages", "unread=true", user, null, 1.0, 1.0, null},
            {"POST /me/messages/{messageId}/read", "/me/messages/" + message + "/read", "", user, null, null, 1.0, null},
            {"POST /cms/brands", "/cms/brands", "", editor, "{\"name\":\"Bench Brand\"}", null, 2.0, "reference: brand + BRANDS set item"},
            {"POST /cms/categories", "/cms/categories", "", editor, "{\"name\":\"Bench Category\"}", null, 1.0, null},
            {"POST /cms/deals", "/cms/deals", "", editor, "{\"title\":\"Bench deal\",\"link\":\"https://s.example.com/b\",\"price\":9.99,\"brandId\":\""
                    + s.denseBrand() + "\",\"categoryId\":\"tech\"}", null, 1.0, null},
            {"PATCH /cms/deals/{dealId}", "/cms/deals/" + deal, "", editor, "{\"title\":\"Corrected bench deal\"}", null, null, null},
            {"PUT /cms/frontpage/featured (10 deals)", "/cms/frontpage/featured", "", editor, ids(s.recentDeals().subList(0, 10)), null, 2.0, null},
            {"PUT /cms/categories/{categoryId}/featured", "/cms/categories/tech/featured", "", editor, ids(s.recentDeals().subList(0, 10)), null, 2.0, null},
            {"PUT /cms/editors-choice", "/cms/editors-choice", "", editor, ids(s.recentDeals().subList(10, 20)), null, 2.0, null},
            {"POST /cms/hot-deals", "/cms/hot-deals", "", editor, "{\"dealId\":\"" + deal + "\"}", null, null, "the reference sends every message inside this call"},
            {"GET /me/follows", "/me/follows", "", user, null, 2.0, null, "1 Query of FOLLOWS#<user> + 1 BatchGetItem of names"},
            {"GET /me/messages/unread-count", "/me/messages/unread-count", "", user, null, 1.0, null, "COUNT of at most 100 unread index items"},
            {"GET /search (a word in every title)", "/search", "q=thing", null, null, 3.0, null, "1 Query of the word's entries + 1 BatchGetItem of the deals"},
            {"GET /search (second page)", "/search", "@next:/search", null, null, 3.0, null, null},
            {"GET /search (a word in one title)", "/search", "q=4242", null, null, 3.0, null, null},
            {"GET /search (two words)", "/search", "q=people%20deal", null, null, 3.0, null, "reads the longer word's entries, keeps those holding the other"},
            {"POST /me/alerts", "/me/alerts", "", fresh, "{\"keywords\":\"thing want\",\"maxPrice\":50}", null, null,
                "a count per keyword (the rarest is filed), the word's head, 1 transaction"},
            {"GET /me/alerts", "/me/alerts", "", user, null, 1.0, null, null},
            {"DELETE /me/alerts/{alertId}", "/me/alerts/" + s.alertId(), "", user, null, null, null, "1 BatchGetItem + 1 transaction"},
            {"DELETE /cms/deals/{dealId}", "/cms/deals/" + s.recentDeals().get(0), "", editor, null, null, null, "tombstone: index keys removed"},
            {"DELETE /me", "/me", "", fresh, null, null, null, "profile + deletion record; the rest through the stream"},
        };
        Map<String, String> cursors = new LinkedHashMap<>();
        for (Object[] c : calls) {
            String name = (String) c[0];
            String method = name.split(" ")[0];
            String path = (String) c[1];
            String query = (String) c[2];
            if (query.startsWith("@next:")) {
                String path0 = query.substring(6);
                query = (path0.equals("/search") ? "q=thing&" : "") + "cursor="
                        + URLEncoder.encode(cursors.get(path0), StandardCharsets.UTF_8);
            }
            Map<String, List<String>> headers = new LinkedHashMap<>();
            if (c[3] != null) {
                headers.put("Authorization", List.of((String) c[3]));
            }
            if (c[4] != null) {
                headers.put("Content-Type", List.of("application/json")); // the contract answers 415 without it
            }
            byte[] body = c[4] == null ? new byte[0] : ((String) c[4]).getBytes(StandardCharsets.UTF_8);
            Gateway.Answer a = gateway.call(method, path, query, headers, body, "127.0.0.1");
            if (a.status() >= 300) {
                throw new IllegalStateException(name + " answered " + a.status() + " " + a.text());
            }
            if (!query.contains("cursor=") && a.text().contains("\"nextCursor\":\"")) {
                cursors.putIfAbsent(path, Results.JSON.readTree(a.body()).get("nextCursor").asText());
            }
            String key = name.replace(' ', '_');
            int requests = Integer.parseInt(a.headers().get("X-DynamoDB-Requests"));
            bench.add("route." + key + ".requests", requests, "requests", (Double) c[5], (Double) c[6], (String) c[7]);
            bench.add("route." + key + ".readUnits", Double.parseDouble(a.headers().getOrDefault("X-DynamoDB-Read-Units", "0")), "RCU", null, null, null);
            bench.add("route." + key + ".writeUnits", Double.parseDouble(a.headers().getOrDefault("X-DynamoDB-Write-Units", "0")), "WCU", null, null,
                    "by the service's rules (transactions twice)");
            bench.add("route." + key + ".responseBytes", a.body().length, "bytes", null, null, null);
        }
        takedownPaging(bench, table, s, gateway);
        bench.add("data.denseBrandDeals", s.denseDeals(), "deals", null, null, null);
        bench.add("data.sparseBrandDeals", s.sparseDeals(), "deals", null, null, null);
        gateway.close();
    }

    /** The issue's figure: a brand's latest-deals pages after 10% of its deals are taken down (still <= 3). */
    private static void takedownPaging(Bench bench, Table table, Seeded s, Gateway gateway) {
        DealStore deals = new DealStore(table);
        List<String> all = new ArrayList<>();
        String cursor = null;
        do {
            var page = deals.latestForBrand(s.denseBrand(), 100, cursor);
            page.items().forEach(d -> all.add(d.id()));
            cursor = page.nextCursor();
        } while (cursor != null);
        for (int i = 5; i < all.size(); i += 10) {
            deals.takeDown(all.get(i));
        }
        String path = "/brands/" + s.denseBrand() + "/deals";
        String query = "";
        int maxRequests = 0;
        int pages = 0;
        int seen = 0;
        do {
            Gateway.Answer a = gateway.call("GET", path, query, Map.of(), new byte[0], "127.0.0.1");
            maxRequests = Math.max(maxRequests, Integer.parseInt(a.headers().get("X-DynamoDB-Requests")));
            var body = readTree(a.body());
            seen += body.get("deals").size();
            pages++;
            query = body.get("nextCursor").isNull() ? null
                    : "cursor=" + URLEncoder.encode(body.get("nextCursor").asText(), StandardCharsets.UTF_8);
        } while (query != null);
        bench.add("route.GET_/brands/{dense}/deals_after_10%_takedowns.maxRequestsPerPage", maxRequests, "requests", 3.0, null,
                pages + " pages of 25 over " + seen + " remaining of " + all.size() + " deals");
    }

    private static JsonNode readTree(byte[] body) {
        try {
            return Results.JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String ids(List<String> ids) {
        return "{\"dealIds\":[" + String.join(",", ids.stream().map(d -> "\"" + d + "\"").toList()) + "]}";
    }
}

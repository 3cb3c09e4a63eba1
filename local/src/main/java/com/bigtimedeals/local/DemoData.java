package com.bigtimedeals.local;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Demo content, created through the gateway exactly as the CMS and the app would: the 8 categories, 30
 * brands, 300 deals over the last 60 days, curated lists, users who like, watch, set deal alerts and get messages, comment threads
 * on the newest deals, and reports waiting in the moderation queue.
 */
final class DemoData {
    static final String[] CATEGORIES = {"Tech", "Travel", "Food & Drink", "Fashion", "Home", "Health & Beauty",
        "Sports & Outdoors", "Entertainment"};
    static final String[] BRANDS = {"Acme", "Globex", "Initech", "Umbrella", "Stark Gear", "Wayne Home", "Hooli",
        "Soylent Foods", "Wonka", "Tyrell", "Cyberdyne", "Oscorp", "Aperture", "Vandelay", "Pied Piper", "Gringotts",
        "Monarch Travel", "Oceanic Air", "Duff", "Krusty", "Nakatomi", "Dunder Mifflin", "Bluth Homes", "Prestige Worldwide",
        "Sterling Cooper", "Wernham Hogg", "Los Pollos", "Paddy's Pub", "Massive Dynamic", "Virtucon"};
    private static final String[][] PRODUCTS = {
        {"Wireless earbuds", "4K monitor", "Mechanical keyboard", "Laptop stand", "USB-C hub", "Smartwatch"},
        {"Weekend in Lisbon", "Round-trip to Tokyo", "Hotel in Rome, 3 nights", "Carry-on suitcase", "Travel pillow"},
        {"Espresso beans, 1 kg", "Pizza for two", "Craft beer box", "Olive oil tin", "Chocolate sampler"},
        {"Leather boots", "Rain jacket", "Wool sweater", "Running tee", "Denim jeans"},
        {"Robot vacuum", "Air fryer", "Cast iron pan", "Linen sheets", "Smart bulb 4-pack"},
        {"Electric toothbrush", "Sunscreen SPF 50", "Hair dryer", "Vitamin D", "Face serum"},
        {"Trail shoes", "Yoga mat", "Camping tent", "Bike helmet", "Kettlebell 12 kg"},
        {"Streaming, 6 months", "Concert tickets", "Board game", "Vinyl box set", "Cinema pass"},
    };

    private DemoData() {
    }

    static void seed(Gateway gateway) {
        long started = System.nanoTime();
        Random random = new Random(42);
        Map<String, List<String>> editor = auth("erin", true);
        List<String> categoryIds = new ArrayList<>();
        for (String c : CATEGORIES) {
            categoryIds.add(id(post(gateway, "/cms/categories", editor, "{\"name\":\"" + c + "\"}", 201)));
        }
        List<String> brandIds = new ArrayList<>();
        for (String b : BRANDS) {
            String slug = b.toLowerCase().replaceAll("[^a-z0-9]+", "-");
            brandIds.add(id(post(gateway, "/cms/brands", editor, "{\"name\":\"" + b
                    + "\",\"logoUrl\":\"https://img.bigtimedeals.example/brands/" + slug + ".png\"}", 201)));
        }
        String[][] people = {{"ann", "ann@example.com"}, {"bob", "bob@example.com"}, {"carol", "carol@example.com"},
            {"dave", "dave@example.com"}, {"erin", "erin@example.com"}};
        for (String[] p : people) {
            post(gateway, "/me", auth(p[0], p[0].equals("erin")), "{\"email\":\"" + p[1] + "\"}", 201);
        }
        post(gateway, "/categories/tech/watches", auth("ann", false), "", 201);
        post(gateway, "/brands/acme/watches", auth("ann", false), "", 201);
        post(gateway, "/brands/acme/likes", auth("ann", false), "", 201);
        post(gateway, "/categories/travel/watches", auth("bob", false), "", 201);
        post(gateway, "/brands/hooli/watches", auth("bob", false), "", 201);
        post(gateway, "/categories/food-drink/watches", auth("carol", false), "", 201);
        for (String c : List.of("tech", "home", "entertainment")) {
            post(gateway, "/categories/" + c + "/likes", auth("dave", false), "", 201);
        }
        post(gateway, "/me/alerts", auth("carol", false), "{\"keywords\":\"espresso\"}", 201);
        post(gateway, "/me/alerts", auth("dave", false), "{\"keywords\":\"robot vacuum\",\"maxPrice\":300}", 201);
        // 300 deals over the last 60 days; a few brands get most of them, as on real deal sites.
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        List<String> dealIds = new ArrayList<>();
        Map<Integer, List<String>> byCategory = new java.util.HashMap<>();
        for (int i = 0; i < 300; i++) {
            int category = random.nextInt(CATEGORIES.length);
            int brand = Math.min(BRANDS.length - 1, (int) Math.floor(Math.pow(random.nextDouble(), 2.2) * BRANDS.length));
            String product = PRODUCTS[category][random.nextInt(PRODUCTS[category].length)];
            int off = 10 + random.nextInt(60);
            String price = String.format("%d.%02d", 5 + random.nextInt(400), random.nextInt(100));
            Instant at = now.minus(Duration.ofMinutes((long) (60L * 24 * 60 * (1 - (i + random.nextDouble()) / 300.0))));
            String body = "{\"title\":\"" + BRANDS[brand] + " " + product + ", " + off + "% off\","
                    + "\"link\":\"https://shop.example.com/deal/" + i + "\",\"price\":" + price + ","
                    + "\"brandId\":\"" + brandIds.get(brand) + "\",\"categoryId\":\"" + categoryIds.get(category) + "\","
                    + "\"imageUrl\":\"https://img.bigtimedeals.example/deals/" + i + ".jpg\","
                    + "\"description\":\"" + product + " from " + BRANDS[brand] + " at " + off
                    + "% off the usual price.\",\"createdAt\":\"" + at + "\"}";
            String dealId = id(post(gateway, "/cms/deals", editor, body, 201));
            dealIds.add(dealId);
            byCategory.computeIfAbsent(category, k -> new ArrayList<>()).add(0, dealId);
        }
        List<String> newest = dealIds.subList(dealIds.size() - 40, dealIds.size());
        put(gateway, "/cms/frontpage/featured", editor, ids(newest.subList(30, 38)));
        put(gateway, "/cms/editors-choice", editor, ids(List.of(dealIds.get(250), dealIds.get(270), dealIds.get(290),
                dealIds.get(295), dealIds.get(299))));
        for (int c = 0; c < categoryIds.size(); c++) {
            List<String> newestOfCategory = byCategory.getOrDefault(c, List.of());
            put(gateway, "/cms/categories/" + categoryIds.get(c) + "/featured", editor,
                    ids(newestOfCategory.subList(0, Math.min(3, newestOfCategory.size()))));
        }
        post(gateway, "/cms/hot-deals", editor, "{\"dealId\":\"" + dealIds.get(299) + "\",\"subject\":\"Today only!\"}", 202);
        community(gateway, dealIds);
        System.out.printf("Demo data: %d categories, %d brands, %d deals, %d users (%d ms)%n", categoryIds.size(),
                brandIds.size(), dealIds.size(), people.length, (System.nanoTime() - started) / 1_000_000);
    }

    /** A few threads on the newest deals, and reports that fill the editors' moderation queue. */
    private static void community(Gateway gateway, List<String> dealIds) {
        String[][] threads = {
            {"ann", "Still live for me, and it stacks with the newsletter code."},
            {"bob", "Cheaper at the other shop right now, by about a dollar."},
            {"carol", "Delivery took two days. Happy with it."},
        };
        for (int d = 0; d < 5; d++) {
            String path = "/deals/" + dealIds.get(299 - d) + "/comments";
            String first = id(post(gateway, path, auth("dave", false), "{\"body\":\"Has anyone tried this one?\"}", 201));
            for (String[] c : threads) {
                post(gateway, path, auth(c[0], false), "{\"body\":\"" + c[1] + "\",\"replyTo\":\"" + first + "\"}", 201);
            }
            post(gateway, path, auth("bob", false), "{\"body\":\"Price went up again this afternoon.\"}", 201);
        }
        String[][] reports = {
            {"290", "ann", "expired", "Sold out since this morning"}, {"290", "bob", "expired", null},
            {"290", "carol", "wrong-price", "It is more at checkout"}, {"280", "dave", "spam", "Not a real shop"},
            {"270", "ann", "duplicate", null},
        };
        for (String[] r : reports) {
            post(gateway, "/deals/" + dealIds.get(Integer.parseInt(r[0])) + "/reports", auth(r[1], false), "{\"reason\":\"" + r[2] + "\""
                    + (r[3] == null ? "" : ",\"note\":\"" + r[3] + "\"") + "}", 201);
        }
    }

    private static Map<String, List<String>> auth(String user, boolean editor) {
        String token = BearerToken.forUser(user, editor);
        return Map.of("Authorization", List.of("Bearer " + token), "Content-Type", List.of("application/json"));
    }

    private static String post(Gateway g, String path, Map<String, List<String>> headers, String body, int expected) {
        return send(g, "POST", path, headers, body, expected);
    }

    private static void put(Gateway g, String path, Map<String, List<String>> headers, String body) {
        send(g, "PUT", path, headers, body, 200);
    }

    private static String send(Gateway g, String method, String path, Map<String, List<String>> headers, String body, int expected) {
        Gateway.Answer a = g.call(method, path, "", headers, body.getBytes(StandardCharsets.UTF_8), "127.0.0.1");
        if (a.status() != expected) {
            throw new IllegalStateException("demo data: " + method + " " + path + " answered " + a.status() + " " + a.text());
        }
        return a.text();
    }

    private static String id(String json) {
        int i = json.indexOf("\"id\":\"");
        return json.substring(i + 6, json.indexOf('"', i + 6));
    }

    private static String ids(List<String> ids) {
        return "{\"dealIds\":[" + String.join(",", ids.stream().map(d -> "\"" + d + "\"").toList()) + "]}";
    }
}

package com.bigtimedeals.bench;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.bench.Seeding.Seeded;
import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.Gateway;
import com.bigtimedeals.topology.HttpConventions;

/**
 * What a mobile client pays on the wire, through the local gateway as a client calls it: the bytes of the biggest
 * public answers with and without gzip; the DynamoDB requests of a conditional GET answered 304 against the 200 it
 * replaces; and what an {@code Idempotency-Key} adds to a POST, first time and replayed.
 */
final class WireBytes {
    private WireBytes() {
    }

    static void measure(Bench bench, Seeded s) throws Exception {
        System.out.println("\nOn the wire (bytes with and without gzip; a 304's DynamoDB requests; idempotency keys):");
        try (Gateway gateway = Gateway.withDefaults(0, true)) {
            Map<String, String> pages = new LinkedHashMap<>();
            pages.put("GET_/frontpage", "/frontpage");
            pages.put("GET_/deals", "/deals");
            pages.put("GET_/brands/{dense}/deals", "/brands/" + s.denseBrand() + "/deals");
            pages.put("GET_/brands/{dense}", "/brands/" + s.denseBrand());
            pages.put("GET_/deals/{dealId}", "/deals/" + s.recentDeals().get(19));
            pages.put("GET_/categories/{categoryId}", "/categories/tech");
            for (var page : pages.entrySet()) {
                String key = "mobile." + page.getKey();
                Gateway.Answer plain = get(gateway, page.getValue(), Map.of());
                Gateway.Answer zipped = get(gateway, page.getValue(), Map.of("Accept-Encoding", "gzip, deflate, br"));
                bench.add(key + ".bytes", plain.body().length, "bytes", null, null, "identity");
                bench.add(key + ".gzipBytes", zipped.body().length, "bytes", null, null,
                        "gzip".equals(zipped.headers().get("Content-Encoding")) ? "Content-Encoding: gzip"
                                : "not compressed: 1 KB or less, sent as it is");
                bench.add(key + ".gzipRatio", (double) zipped.body().length / plain.body().length, "ratio", null, null,
                        "gzip bytes / identity bytes");
                Gateway.Answer notModified = get(gateway, page.getValue(), Map.of("If-None-Match", plain.headers().get("ETag")));
                if (notModified.status() != 304) {
                    throw new IllegalStateException(page.getValue() + " answered " + notModified.status() + " to its own ETag");
                }
                bench.add(key + ".requests200", requests(plain), "requests", null, null, null);
                bench.add(key + ".requests304", requests(notModified), "requests", (double) requests(plain), null,
                        "If-None-Match with the 200's ETag: the same reads, " + notModified.body().length + " body bytes");
            }
            idempotency(bench, gateway, s, Instant.now());
        }
    }

    /** A like without a key, with a new key, and the same key again (a client's retry after a lost answer). */
    private static void idempotency(Bench bench, Gateway gateway, Seeded s, Instant now) {
        String token = "Bearer " + BearerToken.issue(BearerToken.MOBILE_CLIENT, "keyholder", BearerToken.groups(false), now, 3600);
        String path = "/brands/" + s.sparseBrand() + "/likes";
        Gateway.Answer plain = post(gateway, path, token, null);
        post(gateway, path.replace("likes", "watches"), token, null);
        gateway.call("DELETE", path, "", Map.of("Authorization", List.of(token)), new byte[0], "127.0.0.1");
        Gateway.Answer first = post(gateway, path, token, "bench-like-1");
        Gateway.Answer replay = post(gateway, path, token, "bench-like-1");
        if (!"true".equals(replay.headers().get(HttpConventions.IDEMPOTENT_REPLAYED))) {
            throw new IllegalStateException("the second request with the key was not a replay: " + replay.headers());
        }
        bench.add("mobile.POST_like.requests", requests(plain), "requests", 2.0, null, "no Idempotency-Key");
        bench.add("mobile.POST_like_with_key.requests", requests(first), "requests", 2.0, null,
                "the key's record read with the brand and the like, and put in the like's transaction with its answer");
        bench.add("mobile.POST_like_with_key.writeUnits", units(first, "X-DynamoDB-Write-Units"), "WCU", null, null,
                "as the engine reports them, by the service's documented rules");
        bench.add("mobile.POST_like_replayed.requests", requests(replay), "requests", null, null,
                "the read finds the record and its first answer: nothing runs again");
        bench.add("mobile.POST_like_replayed.writeUnits", units(replay, "X-DynamoDB-Write-Units"), "WCU", null, null,
                "a read only");
    }

    private static Gateway.Answer get(Gateway gateway, String path, Map<String, String> headers) {
        Map<String, List<String>> h = new LinkedHashMap<>();
        headers.forEach((k, v) -> h.put(k, List.of(v)));
        Gateway.Answer a = gateway.call("GET", path, "", h, new byte[0], "127.0.0.1");
        if (a.status() != 200 && a.status() != 304) {
            throw new IllegalStateException(path + " answered " + a.status() + " " + a.text());
        }
        return a;
    }

    private static Gateway.Answer post(Gateway gateway, String path, String token, String key) {
        Map<String, List<String>> h = new LinkedHashMap<>();
        h.put("Authorization", List.of(token));
        if (key != null) {
            h.put(HttpConventions.IDEMPOTENCY_KEY, List.of(key));
        }
        Gateway.Answer a = gateway.call("POST", path, "", h, "".getBytes(StandardCharsets.UTF_8), "127.0.0.1");
        if (a.status() >= 300) {
            throw new IllegalStateException("POST " + path + " answered " + a.status() + " " + a.text());
        }
        return a;
    }

    private static int requests(Gateway.Answer a) {
        return Integer.parseInt(a.headers().get("X-DynamoDB-Requests"));
    }

    private static double units(Gateway.Answer a, String header) {
        return Double.parseDouble(a.headers().getOrDefault(header, "0"));
    }
}

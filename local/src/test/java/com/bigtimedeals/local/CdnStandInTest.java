package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.PublicCache;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The CDN stand-in against an origin over a real socket that records every request it gets, with a clock the test
 * moves: copies live for the origin's max-age and never beyond the policy's maximum, stale copies are revalidated by
 * ETag, keys hold only the route's query strings, and what is not a public GET, or says no-store, always reaches the origin.
 */
@Tag("stack")
class CdnStandInTest {
    private final AtomicLong now = new AtomicLong();
    private final List<String> seen = Collections.synchronizedList(new ArrayList<>());
    private volatile String cacheControl = "public, max-age=30";
    private volatile String etag = "W/\"v1\"";
    private volatile CountDownLatch hold;
    private HttpServer origin;
    private CdnStandIn cdn;

    @BeforeEach
    void start() throws IOException {
        origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        origin.createContext("/", this::answer);
        origin.start();
        cdn = new CdnStandIn(URI.create("http://127.0.0.1:" + origin.getAddress().getPort()),
                HttpClient.newHttpClient(), now::get);
    }

    @AfterEach
    void stop() {
        origin.stop(0);
    }

    private void answer(HttpExchange x) throws IOException {
        String conditional = x.getRequestHeaders().getFirst("If-None-Match");
        seen.add(x.getRequestMethod() + " " + x.getRequestURI() + (conditional == null ? "" : " if " + conditional)
                + (x.getRequestHeaders().containsKey("Authorization") ? " auth" : ""));
        if (hold != null) {
            try {
                hold.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        x.getResponseHeaders().set("Cache-Control", cacheControl);
        x.getResponseHeaders().set("ETag", etag);
        if (etag.equals(conditional)) {
            x.sendResponseHeaders(304, -1);
        } else {
            byte[] body = ("{\"at\":\"" + x.getRequestURI() + "\"}").getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
        }
        x.close();
    }

    private CdnStandIn.Answer get(String path) throws Exception {
        return cdn.request("GET", path, Map.of(), null);
    }

    @Test
    void aPublicAnswerIsKeptForItsMaxAgeThenRevalidatedByItsEtag() throws Exception {
        assertFalse(get("/deals/abc").fromCache());
        assertTrue(get("/deals/abc").fromCache());
        now.addAndGet(29_999_000_000L);
        assertTrue(get("/deals/abc").fromCache());
        now.addAndGet(1_000_000L);
        CdnStandIn.Answer revalidated = get("/deals/abc");
        assertEquals(200, revalidated.status());
        assertEquals("{\"at\":\"/deals/abc\"}", new String(revalidated.body(), StandardCharsets.UTF_8));
        assertEquals(List.of("GET /deals/abc", "GET /deals/abc if W/\"v1\""), seen);
        assertEquals(1, cdn.revalidations());
        assertTrue(get("/deals/abc").fromCache(), "a 304 renews the copy");
        // A viewer holding the copy's tag gets a 304 from the copy.
        assertEquals(304, cdn.request("GET", "/deals/abc", Map.of("If-None-Match", "W/\"v1\""), null).status());
        assertEquals(2, seen.size());
    }

    @Test
    void noCopyOutlivesThePolicysMaximumWhateverTheOriginSays() throws Exception {
        cacheControl = "public, max-age=86400";
        get("/brands");
        now.addAndGet(PublicCache.MAX_TTL_SECONDS * 1_000_000_000L);
        assertFalse(get("/brands").fromCache());
        assertEquals(2, seen.size());
    }

    @Test
    void theKeyHoldsTheRoutesQueryStringsAndNothingElse() throws Exception {
        get("/deals?limit=5&utm_source=x");
        assertTrue(get("/deals?utm_source=y&limit=5").fromCache(), "another query string shares the copy");
        assertFalse(get("/deals?limit=6").fromCache());
        assertTrue(get("/deals?limit=6").fromCache());
        assertFalse(cdn.request("GET", "/deals?limit=6", Map.of("Accept-Encoding", "gzip"), null).fromCache(),
                "a gzipped copy is another copy");
        get("/frontpage?limit=5");
        assertTrue(get("/frontpage?limit=9").fromCache(), "the front page reads no query string");
    }

    @Test
    void signedInRoutesWritesAndUncacheableAnswersAlwaysReachTheOrigin() throws Exception {
        Map<String, String> token = Map.of("Authorization", "Bearer t");
        cdn.request("GET", "/me/messages", token, null);
        cdn.request("GET", "/me/messages", token, null);
        cdn.request("POST", "/deals/abc/comments", token, "{}".getBytes(StandardCharsets.UTF_8));
        cdn.request("POST", "/deals/abc/comments", token, "{}".getBytes(StandardCharsets.UTF_8));
        cacheControl = "no-store";
        get("/hot");
        get("/hot");
        assertEquals(List.of("GET /me/messages auth", "GET /me/messages auth", "POST /deals/abc/comments auth",
                "POST /deals/abc/comments auth", "GET /hot", "GET /hot"), seen);
        assertEquals(0, cdn.hits());
    }

    @Test
    void concurrentMissesForOneKeyMakeOneOriginRequest() throws Exception {
        hold = new CountDownLatch(1);
        List<Thread> viewers = new ArrayList<>();
        List<Integer> statuses = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 8; i++) {
            Thread t = new Thread(() -> {
                try {
                    statuses.add(get("/deals/viral").status());
                } catch (Exception e) {
                    statuses.add(-1);
                }
            });
            viewers.add(t);
            t.start();
        }
        while (seen.isEmpty()) {
            Thread.sleep(5);
        }
        Thread.sleep(100); // the others have arrived and wait on the first
        hold.countDown();
        for (Thread t : viewers) {
            t.join();
        }
        assertEquals(List.of(200, 200, 200, 200, 200, 200, 200, 200), statuses);
        assertEquals(List.of("GET /deals/viral"), seen);
    }
}

package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.HttpConventions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What a mobile client expects, over real HTTP through the local gateway: conditional GETs, gzip, request ids, the 401
 * that says why, and idempotency keys under a real race of concurrent retries.
 */
@Tag("stack")
class MobileConventionsOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static LocalStack stack;
    private static HttpClient http;
    private static String base;
    private static String editor;

    @BeforeAll
    static void start() throws Exception {
        stack = LocalStack.start(LocalStack.Options.inMemory());
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        base = "http://127.0.0.1:" + stack.port();
        editor = BearerToken.forUser("erin", true);
        send(request("POST", "/cms/brands", editor, "{\"name\":\"Acme\"}"));
        send(request("POST", "/cms/categories", editor, "{\"name\":\"Tech\"}"));
        for (int i = 0; i < 30; i++) {
            send(request("POST", "/cms/deals", editor, "{\"title\":\"A deal with a longer title, number " + i + "\",\"link\":"
                    + "\"https://shop.example.com/d" + i + "\",\"price\":77.79,\"brandId\":\"acme\",\"categoryId\":\"tech\"}"));
        }
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    private static HttpRequest.Builder request(String method, String path, String token, String body) {
        HttpRequest.Builder b = ApiRequests.builder(base, method, path, token, body);
        return b;
    }

    private static HttpResponse<byte[]> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void aConditionalGetIsA304AndBigAnswersComeGzippedWhenAsked() throws Exception {
        HttpResponse<byte[]> plain = send(request("GET", "/brands/acme/deals", null, null));
        assertEquals(200, plain.statusCode());
        String tag = plain.headers().firstValue("ETag").orElseThrow();
        assertEquals("public, max-age=" + HttpConventions.PUBLIC_MAX_AGE_SECONDS, plain.headers().firstValue("Cache-Control").orElseThrow());
        HttpResponse<byte[]> again = send(request("GET", "/brands/acme/deals", null, null).header("If-None-Match", tag));
        assertEquals(304, again.statusCode());
        assertEquals(0, again.body().length);
        assertEquals(plain.headers().firstValue("X-DynamoDB-Requests"), again.headers().firstValue("X-DynamoDB-Requests"),
                "the 304 costs the 200's requests, no more");
        HttpResponse<byte[]> zipped = send(request("GET", "/brands/acme/deals", null, null).header("Accept-Encoding", "gzip"));
        assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(zipped.body().length < plain.body().length / 3, zipped.body().length + " of " + plain.body().length);
        assertArrayEquals(plain.body(), new GZIPInputStream(new ByteArrayInputStream(zipped.body())).readAllBytes());
        assertEquals(tag, zipped.headers().firstValue("ETag").orElseThrow());
        assertTrue(zipped.headers().firstValue("Vary").orElse("").contains("Accept-Encoding"));
    }

    @Test
    void everyAnswerNamesItsRequestAndA401SaysWhy() throws Exception {
        HttpResponse<byte[]> ok = send(request("GET", "/brands/acme", null, null));
        String id = ok.headers().firstValue(HttpConventions.REQUEST_ID).orElseThrow();
        assertEquals(id, ok.headers().firstValue(HttpConventions.GATEWAY_REQUEST_ID).orElseThrow(), "one id, two names");
        assertTrue(id.matches("[A-Za-z0-9+/]{15}="), "the form of API Gateway's ids (Bc1aXj0ZoAMEVxw=): " + id);
        HttpResponse<byte[]> missing = send(request("GET", "/brands/nope", null, null));
        assertEquals(missing.headers().firstValue(HttpConventions.REQUEST_ID).orElseThrow(),
                JSON.readTree(missing.body()).get("requestId").asText());
        String expired = BearerToken.issue(BearerToken.MOBILE_CLIENT, "ann", BearerToken.groups(false), Instant.now().minusSeconds(7200), 3600);
        HttpResponse<byte[]> refused = send(request("GET", "/me", expired, null));
        assertEquals(401, refused.statusCode());
        assertEquals("Bearer scope=\"\" error=\"invalid_token\" error_description=\"the token has expired\"",
                refused.headers().firstValue("WWW-Authenticate").orElseThrow());
        assertNotNull(refused.headers().firstValue(HttpConventions.GATEWAY_REQUEST_ID).orElse(null));
        assertEquals("Bearer", send(request("GET", "/me", null, null)).headers().firstValue("WWW-Authenticate").orElseThrow());
        // A user's token on a CMS route passes the authorizer (one pool) and is refused for want of the group.
        assertEquals(403, send(request("GET", "/cms/hot-deals/x", BearerToken.forUser("ann", false), null)).statusCode());
        HttpResponse<byte[]> gone = send(request("DELETE", "/me", BearerToken.forUser("zed", false), null));
        assertEquals(204, gone.statusCode());
        assertFalse(gone.headers().firstValue("Content-Type").isPresent(), "a 204 names no content type");
        assertEquals("no-store", gone.headers().firstValue("Cache-Control").orElseThrow());
    }

    @Test
    void concurrentRetriesWithOneKeyMakeOneDealAndAnotherBodyIsRefused() throws Exception {
        String body = "{\"title\":\"Raced over HTTP\",\"link\":\"https://shop.example.com/raced\",\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\"}";
        List<CompletableFuture<HttpResponse<byte[]>>> racing = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            racing.add(http.sendAsync(request("POST", "/cms/deals", editor, body).header(HttpConventions.IDEMPOTENCY_KEY, "race-1")
                    .build(), HttpResponse.BodyHandlers.ofByteArray()));
        }
        Set<String> ids = new HashSet<>();
        int replays = 0;
        for (CompletableFuture<HttpResponse<byte[]>> f : racing) {
            HttpResponse<byte[]> r = f.get();
            assertEquals(201, r.statusCode(), new String(r.body()));
            ids.add(JSON.readTree(r.body()).get("id").asText());
            replays += r.headers().firstValue(HttpConventions.IDEMPOTENT_REPLAYED).isPresent() ? 1 : 0;
        }
        assertEquals(1, ids.size(), "twelve concurrent requests with one key made one deal");
        assertEquals(11, replays);
        HttpResponse<byte[]> other = send(request("POST", "/cms/deals", editor, body.replace("5", "6"))
                .header(HttpConventions.IDEMPOTENCY_KEY, "race-1"));
        assertEquals(422, other.statusCode());
        JsonNode error = JSON.readTree(other.body());
        assertEquals("IDEMPOTENCY_KEY_REUSED", error.get("code").asText());
        assertNull(JSON.readTree(send(request("GET", "/deals/" + ids.iterator().next(), null, null)).body()).get("code"));
    }
}

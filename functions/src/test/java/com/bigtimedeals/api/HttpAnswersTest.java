package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.topology.HttpConventions;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;

/** The headers every answer gets centrally, from its route's access and method: no database, no handler. */
class HttpAnswersTest {
    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    private static final Route PUBLIC_GET = RouteTable.byRouteKey("GET /deals");
    private static final Route SIGNED_IN_GET = RouteTable.byRouteKey("GET /me");
    private static final String BIG = "{\"x\":\"" + "deal ".repeat(400) + "\"}";

    private static APIGatewayV2HTTPEvent event(Map<String, String> headers) {
        APIGatewayV2HTTPEvent e = new APIGatewayV2HTTPEvent();
        e.setHeaders(headers);
        return e;
    }

    private static APIGatewayV2HTTPResponse write(Route route, Map<String, String> headers, Reply reply) {
        return HttpAnswers.write(route, event(headers), reply, "abc123", NOW);
    }

    @Test
    void aPublicAnswerMayBeCachedForItsMaxAgeButNeverPastTheNextExpiryInIt() {
        var r = write(PUBLIC_GET, Map.of(), new Reply(200, "{}", null, Map.of()));
        assertEquals("public, max-age=" + HttpConventions.PUBLIC_MAX_AGE_SECONDS, r.getHeaders().get("Cache-Control"));
        assertEquals("abc123", r.getHeaders().get(HttpConventions.REQUEST_ID));
        r = write(PUBLIC_GET, Map.of(), new Reply(200, "{}", NOW.plusSeconds(7), Map.of()));
        assertEquals("public, max-age=7", r.getHeaders().get("Cache-Control"));
        r = write(PUBLIC_GET, Map.of(), new Reply(200, "{}", NOW.plusMillis(300), Map.of()));
        assertEquals("public, max-age=0", r.getHeaders().get("Cache-Control"), "less than a second left: not cached at all");
        r = write(PUBLIC_GET, Map.of(), new Reply(404, "{\"message\":\"x\"}", null, Map.of()));
        assertEquals("public, max-age=0", r.getHeaders().get("Cache-Control"), "an error is not kept");
        assertNull(r.getHeaders().get("ETag"));
        r = write(SIGNED_IN_GET, Map.of(), new Reply(200, "{}", null, Map.of()));
        assertEquals("no-store", r.getHeaders().get("Cache-Control"));
        assertNull(r.getHeaders().get("ETag"), "a signed-in answer is never stored, so it has nothing to revalidate");
        assertEquals("no-store", write(null, Map.of(), new Reply(404, "{\"message\":\"x\"}", null, Map.of()))
                .getHeaders().get("Cache-Control"));
    }

    @Test
    void theETagNamesTheAnswerAndIfNoneMatchWithItGetsA304WithNoBodyAndNoContentType() {
        var first = write(PUBLIC_GET, Map.of(), new Reply(200, "{\"a\":1}", null, Map.of()));
        String tag = first.getHeaders().get("ETag");
        assertTrue(tag.startsWith("W/\""), tag);
        var again = write(PUBLIC_GET, Map.of("if-none-match", "\"other\", " + tag), new Reply(200, "{\"a\":1}", null, Map.of()));
        assertEquals(304, again.getStatusCode());
        assertNull(again.getBody());
        assertNull(again.getHeaders().get("content-type"));
        assertEquals(tag, again.getHeaders().get("ETag"));
        assertEquals(first.getHeaders().get("Cache-Control"), again.getHeaders().get("Cache-Control"));
        assertEquals(304, write(PUBLIC_GET, Map.of("if-none-match", tag.substring(2)), new Reply(200, "{\"a\":1}", null, Map.of()))
                .getStatusCode(), "weak comparison: the strong form of the tag matches too");
        var changed = write(PUBLIC_GET, Map.of("if-none-match", tag), new Reply(200, "{\"a\":2}", null, Map.of()));
        assertEquals(200, changed.getStatusCode());
        assertFalse(tag.equals(changed.getHeaders().get("ETag")));
    }

    @Test
    void bodiesOverOneKilobyteAreGzippedForAClientThatAcceptsGzipWithTheSameETag() throws Exception {
        var plain = write(PUBLIC_GET, Map.of(), new Reply(200, BIG, null, Map.of()));
        assertEquals(BIG, plain.getBody());
        assertFalse(plain.getIsBase64Encoded());
        var zipped = write(PUBLIC_GET, Map.of("accept-encoding", "br;q=1.0, gzip;q=0.8"), new Reply(200, BIG, null, Map.of()));
        assertTrue(zipped.getIsBase64Encoded());
        assertEquals("gzip", zipped.getHeaders().get("Content-Encoding"));
        assertEquals("Accept-Encoding", zipped.getHeaders().get("Vary"));
        byte[] bytes = Base64.getDecoder().decode(zipped.getBody());
        assertTrue(bytes.length < BIG.length() / 10, "gzipped: " + bytes.length + " bytes");
        try (var in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            assertEquals(BIG, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(plain.getHeaders().get("ETag"), zipped.getHeaders().get("ETag"));
        var small = write(PUBLIC_GET, Map.of("accept-encoding", "gzip"), new Reply(200, "{\"a\":1}", null, Map.of()));
        assertFalse(small.getIsBase64Encoded(), "a kilobyte or less is sent as it is");
    }

    @Test
    void acceptEncodingIsReadWithItsQValues() {
        assertTrue(HttpAnswers.acceptsGzip("gzip, deflate, br"));
        assertTrue(HttpAnswers.acceptsGzip("*"));
        assertTrue(HttpAnswers.acceptsGzip("x-gzip"));
        assertFalse(HttpAnswers.acceptsGzip(null));
        assertFalse(HttpAnswers.acceptsGzip("identity"));
        assertFalse(HttpAnswers.acceptsGzip("gzip;q=0"));
        assertFalse(HttpAnswers.acceptsGzip("*;q=1, gzip;q=0"));
        assertFalse(HttpAnswers.acceptsGzip("br"));
    }

    @Test
    void a503SaysWhenToRetryA204CarriesNoContentTypeAndA401SaysWhy() {
        var unavailable = write(SIGNED_IN_GET, Map.of(), new Reply(503, "{\"message\":\"x\"}", null, Map.of()));
        assertEquals(Integer.toString(HttpConventions.RETRY_AFTER_SECONDS), unavailable.getHeaders().get("Retry-After"));
        var empty = write(RouteTable.byRouteKey("DELETE /me"), Map.of(), Reply.noContent());
        assertEquals(204, empty.getStatusCode());
        assertNull(empty.getHeaders().get("content-type"));
        assertNull(empty.getBody());
        String challenge = HttpConventions.TokenProblem.EXPIRED.challenge();
        assertEquals("Bearer scope=\"\" error=\"invalid_token\" error_description=\"the token has expired\"", challenge);
        assertEquals("Bearer", HttpConventions.TokenProblem.MISSING.challenge());
    }
}

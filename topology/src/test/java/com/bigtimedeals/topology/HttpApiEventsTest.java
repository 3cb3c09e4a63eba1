package com.bigtimedeals.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;

/** The payload 2.0 event, field by field, as API Gateway's HTTP API builds it. */
class HttpApiEventsTest {

    @Test
    void buildsTheEventApiGatewaySends() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Content-Type", List.of("application/json"));
        headers.put("X-Custom", List.of("a", "b"));
        headers.put("Cookie", List.of("session=abc; theme=dark"));
        headers.put("User-Agent", List.of("curl/8"));
        Map<String, String> claims = Map.of("cognito:username", "ann", "cognito:groups", "[editors users]");
        Instant at = Instant.parse("2026-11-20T13:42:26Z");
        APIGatewayV2HTTPEvent e = HttpApiEvents.build(RouteTable.byRouteKey("GET /brands/{brandId}/deals"),
                new HttpApiEvents.RawRequest("GET", "/brands/food%20co/deals", "limit=5&cursor=a%2Bb&tag=x&tag=y",
                        headers, null, false, claims, "Bc1aXj0ZoAMEVxw=", "203.0.113.7", at));
        assertEquals("2.0", e.getVersion());
        assertEquals("GET /brands/{brandId}/deals", e.getRouteKey());
        assertEquals("/brands/food%20co/deals", e.getRawPath());
        assertEquals("limit=5&cursor=a%2Bb&tag=x&tag=y", e.getRawQueryString());
        assertEquals(Map.of("limit", "5", "cursor", "a+b", "tag", "x,y"), e.getQueryStringParameters());
        assertEquals(Map.of("brandId", "food co"), e.getPathParameters());
        assertEquals("application/json", e.getHeaders().get("content-type"));
        assertEquals("a,b", e.getHeaders().get("x-custom"));
        assertFalse(e.getHeaders().containsKey("cookie"));
        assertEquals(List.of("session=abc", "theme=dark"), e.getCookies());
        assertEquals("GET", e.getRequestContext().getHttp().getMethod());
        assertEquals("/brands/food%20co/deals", e.getRequestContext().getHttp().getPath());
        assertEquals("203.0.113.7", e.getRequestContext().getHttp().getSourceIp());
        assertEquals("curl/8", e.getRequestContext().getHttp().getUserAgent());
        assertEquals("Bc1aXj0ZoAMEVxw=", e.getRequestContext().getRequestId());
        assertEquals(at.toEpochMilli(), e.getRequestContext().getTimeEpoch());
        assertEquals("20/Nov/2026:13:42:26 +0000", e.getRequestContext().getTime());
        assertEquals(claims, e.getRequestContext().getAuthorizer().getJwt().getClaims());
        assertNull(e.getBody());
        assertFalse(e.getIsBase64Encoded());
    }

    @Test
    void aPublicRouteWithoutClaimsHasNoAuthorizer() {
        APIGatewayV2HTTPEvent e = HttpApiEvents.build(RouteTable.byRouteKey("GET /frontpage"),
                new HttpApiEvents.RawRequest("GET", "/frontpage", null, Map.of(), null, false, null, "r", "127.0.0.1", Instant.EPOCH));
        assertNull(e.getRequestContext().getAuthorizer());
        assertNull(e.getQueryStringParameters());
        assertNull(e.getPathParameters());
        assertEquals("", e.getRawQueryString());
    }
}

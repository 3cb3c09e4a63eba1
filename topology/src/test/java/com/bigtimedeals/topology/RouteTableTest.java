package com.bigtimedeals.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The route table: one route per key, each on an API function, matched as API Gateway matches a path. */
class RouteTableTest {
    @Test
    void everyRouteIsListedOnceOnAnApiFunctionAndEveryApiFunctionServesARoute() {
        Set<String> keys = new HashSet<>();
        Set<LambdaFunction> serving = new HashSet<>();
        for (Route r : RouteTable.ROUTES) {
            assertTrue(keys.add(r.routeKey()), r.routeKey());
            assertEquals(LambdaFunction.Kind.API, r.function().kind(), r.routeKey());
            assertEquals(r, RouteTable.byRouteKey(r.routeKey()));
            serving.add(r.function());
        }
        assertEquals(Set.copyOf(LambdaFunction.api()), serving);
        assertTrue(RouteTable.of(LambdaFunction.STREAM_CONSUMER).isEmpty());
    }

    @Test
    void aPathMatchesItsTemplatePreferringLiteralSegmentsAndDecodingParameters() {
        assertEquals("GET /me/messages/unread-count", RouteTable.match("GET", "/me/messages/unread-count").routeKey());
        assertEquals("POST /me/messages/{messageId}/read", RouteTable.match("POST", "/me/messages/abc/read").routeKey());
        assertEquals(Map.of("brandId", "food co"), RouteTable.byRouteKey("GET /brands/{brandId}").match("/brands/food%20co"));
        assertEquals(Map.of("brandId", "a+b"), RouteTable.byRouteKey("GET /brands/{brandId}").match("/brands/a+b"));
        assertNull(RouteTable.match("GET", "/brands/"), "an empty parameter matches nothing");
        assertNull(RouteTable.match("PUT", "/frontpage"));
        assertEquals(List.of("categoryId"), RouteTable.byRouteKey("PUT /cms/categories/{categoryId}/featured").pathParameters());
    }

    @Test
    void theEditorRoutesAreTheCmsRoutesAndOnlyTheyNeedTheEditorsGroup() {
        for (Route r : RouteTable.ROUTES) {
            assertEquals(r.path().startsWith("/cms/"), r.access() == Access.EDITOR, r.routeKey());
            assertEquals(!r.method().equals("GET"), r.writes(), r.routeKey() + ": reads run where writes are not allowed");
        }
    }
}

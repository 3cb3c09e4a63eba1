package com.bigtimedeals.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What the CDN caches: public GETs only, each under its own pattern, keyed by the query strings it reads. */
class PublicCacheTest {
    @Test
    void everyPublicGetRouteIsCachedAndNoOtherRouteIs() {
        for (Route r : RouteTable.ROUTES) {
            boolean publicGet = r.access() == Access.PUBLIC && r.method().equals("GET");
            assertEquals(publicGet, PublicCache.queryStrings(r.operation()) != null, r.routeKey());
        }
        assertEquals(RouteTable.ROUTES.stream().filter(r -> r.access() == Access.PUBLIC).count(), PublicCache.behaviours().size());
    }

    @Test
    void aPathIsCachedUnderItsOwnRoutesBehaviour() {
        // The first matching pattern wins, as in CloudFront: every public route's own path finds its own behaviour.
        for (PublicCache.Behaviour b : PublicCache.behaviours()) {
            String path = b.route().path().replaceAll("\\{[^}]+}", "x1");
            assertEquals(b.route(), PublicCache.behaviourFor(path).route(), path);
        }
        assertEquals(List.of("limit", "cursor"), PublicCache.behaviourFor("/deals/abc/comments").queryStrings());
        assertEquals(List.of(), PublicCache.behaviourFor("/deals/abc").queryStrings());
        assertEquals(List.of("q", "limit", "cursor"), PublicCache.behaviourFor("/search").queryStrings());
    }

    @Test
    void signedInAndEditorPathsAreNeverCached() {
        assertNull(PublicCache.behaviourFor("/me"));
        assertNull(PublicCache.behaviourFor("/me/messages"));
        assertNull(PublicCache.behaviourFor("/cms/deals"));
        assertNull(PublicCache.behaviourFor("/cms/reports/abc"));
        for (Route r : RouteTable.ROUTES) {
            if (r.method().equals("GET") && r.access() != Access.PUBLIC) {
                assertNull(PublicCache.behaviourFor(r.path().replaceAll("\\{[^}]+}", "x1")), r.routeKey());
            }
        }
    }

    @Test
    void copiesLiveNoLongerThanTheFunctionsSay() {
        assertEquals(0, PublicCache.MIN_TTL_SECONDS);
        assertEquals(0, PublicCache.DEFAULT_TTL_SECONDS);
        assertEquals(HttpConventions.PUBLIC_MAX_AGE_SECONDS, PublicCache.MAX_TTL_SECONDS);
        assertTrue(PublicCache.keyPolicies().size() <= 20, "CloudFront's default quota of cache policies");
        assertNotNull(PublicCache.keyPolicies().get("Path"));
    }
}

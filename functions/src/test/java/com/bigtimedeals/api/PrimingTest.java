package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.data.RequestMeter;

/** The SnapStart hook primes a real request path: it reaches DynamoDB and writes nothing. */
class PrimingTest extends ApiTest {

    @Test
    void everyHandlersBeforeCheckpointRunsARepresentativeReadOnlyRequest() throws Exception {
        seedCatalog();
        int before = itemCount();
        for (Map.Entry<LambdaFunction, ApiHandler> h : handlers.entrySet()) {
            Route route = RouteTable.byRouteKey(h.getValue().primingEvent().getRouteKey());
            assertEquals(h.getKey(), route.function(), "priming route belongs to another function");
            assertEquals("GET", route.method(), "priming must not write");
            RequestMeter.reset();
            h.getValue().beforeCheckpoint(null);
            assertTrue(RequestMeter.usage().requests() >= 1, h.getKey() + " priming made no DynamoDB request");
        }
        assertEquals(before, itemCount());
    }
}

package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.service.CatalogService;
import com.bigtimedeals.topology.LambdaFunction;
import com.fasterxml.jackson.databind.JsonNode;

/** A failure that is not the client's: a 5xx whose body is a generic message and a request id, never exception text. */
class ServerFailureTest extends ApiTest {

    @Test
    void aBrokenDependencyAnswers500WithARequestIdAndNoExceptionText() {
        Table missing = new Table(client, "no-such-table", Clock.fixed(NOW, ZoneOffset.UTC), new CursorCodec("k"));
        handlers.put(LambdaFunction.BRANDS, new BrandsHandler(CatalogService.of(missing), FunctionRuntime.at(Clock.fixed(NOW, ZoneOffset.UTC))));
        APIGatewayV2HTTPResponse r = send(get("/brands/acme"));
        assertEquals(500, r.getStatusCode());
        JsonNode body = parse(r);
        assertEquals("Internal Server Error", body.get("message").asText());
        assertTrue(body.get("requestId").asText().startsWith("req-"));
        assertFalse(r.getBody().contains("no-such-table"), r.getBody());
        assertFalse(r.getBody().toLowerCase().contains("exception"), r.getBody());
    }

    @Test
    void anItemHeldByTransactionsPastEveryRetryIsA503TheClientMayRetry() {
        // An Idempotency-Key's claim whose record some transaction keeps holding: DynamoDB says "not now", so the
        // client is told to come back (Retry-After), not that the server broke; nothing is written.
        int items = itemCount();
        com.bigtimedeals.harness.InjectedFaults.heldByATransaction(dynamo, table.name(), "PutItem");
        APIGatewayV2HTTPResponse r = send(post("/cms/brands").editor().header(com.bigtimedeals.topology.HttpConventions.IDEMPOTENCY_KEY, "k")
                .body("{\"name\":\"Initech\"}"));
        assertEquals(503, r.getStatusCode(), r.getBody());
        assertEquals("1", r.getHeaders().get("Retry-After"));
        assertFalse(r.getBody().toLowerCase().contains("exception"), r.getBody());
        assertEquals(items, itemCount());
    }
}

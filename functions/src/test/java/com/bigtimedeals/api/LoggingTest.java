package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.databind.JsonNode;

/** One structured line per request, with the correlation id; never a token, never an email at INFO. */
class LoggingTest extends ApiTest {
    private static final String TOKEN = "eyJraWQiOiJzZWNyZXQiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.c2VjcmV0LXNpZ25hdHVyZQ";

    @Test
    void requestLinesCarryRouteStatusCostAndCorrelationIdButNoTokenOrEmail() throws Exception {
        seedCatalog();
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            APIGatewayV2HTTPEvent event = event(post("/me").user("ann").body("{\"email\":\"ann.secret@example.com\"}"));
            event.getHeaders().put("authorization", "Bearer " + TOKEN);
            assertEquals(201, invoke(event).getStatusCode());
            APIGatewayV2HTTPEvent bad = event(post("/me").user("bob").body("{\"email\":\"not-an-email-bob.secret\"}"));
            bad.getHeaders().put("authorization", "Bearer " + TOKEN);
            assertEquals(400, invoke(bad).getStatusCode());
            assertEquals(200, send(get("/brands/acme")).getStatusCode());
        } finally {
            System.setOut(original);
        }
        String logs = captured.toString(StandardCharsets.UTF_8);
        assertFalse(logs.contains(TOKEN.substring(0, 20)), "a token reached the logs");
        assertFalse(logs.contains("ann.secret@example.com"), "an email reached the logs");
        assertFalse(logs.contains("bob.secret"), "a rejected body reached the logs");
        List<JsonNode> lines = new ArrayList<>();
        for (String line : logs.split("\n")) {
            if (line.startsWith("{")) {
                JsonNode n = JacksonReferenceShapes.MAPPER.readTree(line);
                if ("request".equals(n.path("message").asText())) {
                    lines.add(n);
                }
            }
        }
        assertEquals(3, lines.size(), logs);
        JsonNode first = lines.get(0);
        assertEquals("POST /me", first.get("route").asText());
        assertEquals(201, first.get("status").asInt());
        // The profile's PutItem, and the conditional UpdateItem that revives a deleted account signing up again.
        assertEquals(2, first.get("dynamodbRequests").asInt());
        assertTrue(first.has("latencyMs"));
        assertTrue(first.get("correlation_id").asText().startsWith("req-"));
        assertEquals("INFO", first.get("level").asText());
        assertEquals(400, lines.get(1).get("status").asInt());
        assertEquals(0, lines.get(1).get("dynamodbRequests").asInt());
    }
}

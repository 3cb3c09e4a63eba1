package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.HttpConventions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The answers the local gateway makes itself name their request id, in the body and in X-Request-Id (issue 43). */
class GatewayOwnAnswersTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static void namesItsRequestId(Gateway.Answer a, int status) throws Exception {
        assertEquals(status, a.status());
        JsonNode body = MAPPER.readTree(new String(a.body(), StandardCharsets.UTF_8));
        assertTrue(body.path("message").isTextual(), body.toString());
        String id = body.path("requestId").asText("");
        assertTrue(id.matches("[A-Za-z0-9+/]{15}="), body.toString());
        assertEquals(id, a.headers().get(HttpConventions.REQUEST_ID));
    }

    @Test
    void unknownRoutesAndRefusedTokensCarryARequestId() throws Exception {
        Gateway gateway = Gateway.withDefaults(0, true);
        namesItsRequestId(gateway.call("GET", "/no/such/route", "", Map.of(), new byte[0], "127.0.0.1"), 404);
        namesItsRequestId(gateway.call("GET", "/me", "", Map.of(), new byte[0], "127.0.0.1"), 401);
        String nobody = BearerToken.forUser("ann", false);
        String[] parts = nobody.split("\\.");
        String payload = new String(java.util.Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace("\"username\":\"ann\"", "\"username\":null");
        String forged = parts[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
        Gateway.Answer refused = gateway.call("GET", "/me", "", Map.of("Authorization", List.of("Bearer " + forged)),
                new byte[0], "127.0.0.1");
        namesItsRequestId(refused, 401);
    }
}

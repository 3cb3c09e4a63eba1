package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The local JWT authorizer: claims passed on as API Gateway passes them, bad tokens refused. */
class BearerTokenTest {
    static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

    private static String token(String payloadJson) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payloadJson.getBytes(StandardCharsets.UTF_8)) + ".sig";
    }

    @Test
    void claimsAreStringsAndListsLookLikeApiGateways() {
        Map<String, String> claims = BearerToken.claims("Bearer " + token("{\"cognito:username\":\"ann\","
                + "\"cognito:groups\":[\"editors\",\"users\"],\"exp\":1795179600,\"email_verified\":true,\"n\":{\"a\":1}}"), NOW);
        assertEquals("ann", claims.get("cognito:username"));
        assertEquals("[editors users]", claims.get("cognito:groups"));
        assertEquals("1795179600", claims.get("exp"));
        assertEquals("true", claims.get("email_verified"));
        assertEquals("{\"a\":1}", claims.get("n"));
    }

    @Test
    void missingMalformedOrExpiredTokensAreRefused() {
        assertNull(BearerToken.claims(null, NOW));
        assertNull(BearerToken.claims("", NOW));
        assertNull(BearerToken.claims("Bearer", NOW));
        assertNull(BearerToken.claims("Bearer abc.def", NOW));
        assertNull(BearerToken.claims("Bearer a.!!!.c", NOW));
        assertNull(BearerToken.claims("Bearer " + token("[1,2]"), NOW));
        assertNull(BearerToken.claims("Bearer " + token("{\"exp\":" + (NOW.getEpochSecond() - 1) + "}"), NOW));
        assertNull(BearerToken.claims("Bearer " + token("{\"exp\":\"soon\"}"), NOW));
        assertNull(BearerToken.claims("Bearer " + token("{\"nbf\":" + (NOW.getEpochSecond() + 60) + "}"), NOW));
    }

    @Test
    void theTokenCommandsTokensRoundTrip() {
        String t = BearerToken.issue("erin", List.of("editors", "users"), NOW, 3600);
        Map<String, String> claims = BearerToken.claims("bearer " + t, NOW);
        assertEquals("erin", claims.get("cognito:username"));
        assertEquals("[editors users]", claims.get("cognito:groups"));
        assertNull(BearerToken.claims("Bearer " + t, NOW.plusSeconds(3601)));
    }
}

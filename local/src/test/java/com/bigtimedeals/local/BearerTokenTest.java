package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;


/**
 * The local JWT authorizers read the header and the token as API Gateway's do, and no more loosely: claims passed on
 * as API Gateway passes them, every token API Gateway would refuse refused.
 */
class BearerTokenTest {
    static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    static final long LATER = NOW.getEpochSecond() + 600;
    static final String HEADER = "{\"kid\":\"local\",\"alg\":\"RS256\"}";

    private static String token(String header, String payloadJson) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payloadJson.getBytes(StandardCharsets.UTF_8)) + ".c2ln";
    }

    /** A users-pool token with {@code claims} (a JSON object's members) besides the issuer and the client. */
    private static String users(String claims) {
        return token(HEADER, "{\"iss\":\"http://127.0.0.1/local-users\",\"client_id\":\"local-mobile-app\"" + (claims.isEmpty() ? "" : ",")
                + claims + "}");
    }

    private static Map<String, String> claims(String authorization) {
        return BearerToken.claims(authorization, NOW);
    }

    @Test
    void claimsAreStringsAndListsLookLikeApiGateways() {
        Map<String, String> claims = claims("Bearer " + users("\"cognito:username\":\"ann\",\"cognito:groups\":[\"editors\",\"users\"],"
                + "\"exp\":1795179600,\"email_verified\":true,\"n\":{\"a\":1}"));
        assertEquals("ann", claims.get("cognito:username"));
        assertEquals("[editors users]", claims.get("cognito:groups"));
        assertEquals("1795179600", claims.get("exp"));
        assertEquals("true", claims.get("email_verified"));
        assertEquals("{\"a\":1}", claims.get("n"));
    }

    @Test
    void theHeaderHoldsTheTokenAloneOrAfterBearerAsApiGatewayReadsIt() {
        String t = users("\"username\":\"ann\",\"exp\":" + LATER);
        assertNotNull(claims("Bearer " + t));
        assertNotNull(claims(t), "API Gateway's identity source may hold only the token");
        for (String other : List.of("Token " + t, "bearer " + t, "BEARER " + t, "Bearer  " + t, "Basic " + t, "Bearer " + t + " x",
                "Bearer", "Bearer ", "", " ")) {
            assertNull(claims(other), other);
        }
        assertNull(claims(null));
    }

    @Test
    void missingMalformedExpiredOrOtherIssuersTokensAreRefused() {
        for (String t : List.of("abc.def", "a.!!!.c", "a.b.", token(HEADER, "[1,2]"),
                users("\"exp\":" + (NOW.getEpochSecond() - 1)), users("\"exp\":" + NOW.getEpochSecond()),
                users("\"exp\":\"" + LATER + "\""), users("\"exp\":null"), users("\"exp\":true"), users(""),
                users("\"exp\":" + LATER + ",\"nbf\":" + (NOW.getEpochSecond() + 60)), users("\"exp\":" + LATER + ",\"nbf\":\"0\""),
                token("{\"alg\":\"none\",\"kid\":\"local\"}", "{\"iss\":\"http://127.0.0.1/local-users\",\"client_id\":\"local-mobile-app\",\"exp\":" + LATER + "}"),
                token("{\"alg\":\"HS256\",\"kid\":\"local\"}", "{\"iss\":\"http://127.0.0.1/local-users\",\"client_id\":\"local-mobile-app\",\"exp\":" + LATER + "}"),
                token("{\"alg\":\"RS256\",\"kid\":\"other\"}", "{\"iss\":\"http://127.0.0.1/local-users\",\"client_id\":\"local-mobile-app\",\"exp\":" + LATER + "}"),
                token(HEADER, "{\"iss\":\"http://127.0.0.1/local-editors\",\"client_id\":\"local-cms\",\"exp\":" + LATER + "}"),
                token(HEADER, "{\"iss\":\"http://127.0.0.1/local-users\",\"client_id\":\"someone-elses-app\",\"exp\":" + LATER + "}"),
                token(HEADER, "{\"iss\":\"http://127.0.0.1/local-users\",\"exp\":" + LATER + "}"),
                users("\"username\":null,\"exp\":" + LATER), users("\"cognito:username\":null,\"exp\":" + LATER),
                users("\"username\":7,\"exp\":" + LATER), users("\"username\":\"\",\"exp\":" + LATER),
                users("\"username\":{\"a\":1},\"exp\":" + LATER))) {
            assertNull(claims("Bearer " + t), t);
        }
        // An ID token names its client in aud, as a string or a list: accepted, as API Gateway accepts it.
        assertNotNull(claims("Bearer " + token(HEADER, "{\"iss\":\"http://127.0.0.1/local-users\",\"aud\":\"local-mobile-app\",\"exp\":" + LATER + "}")));
        assertNotNull(claims("Bearer " + token(HEADER, "{\"iss\":\"http://127.0.0.1/local-users\",\"aud\":[\"x\",\"local-mobile-app\"],\"exp\":" + LATER + ".5}")));
        assertNotNull(claims("Bearer " + users("\"exp\":" + LATER + ",\"nbf\":" + NOW.getEpochSecond())));
    }

    @Test
    void theTokenCommandsTokensComeFromTheOnePoolThroughEitherClientAndCarryTheirGroups() {
        String editor = BearerToken.forUser("erin", true);
        Map<String, String> claims = claims("Bearer " + editor);
        assertEquals("erin", claims.get("cognito:username"));
        assertEquals("[editors]", claims.get("cognito:groups"), "the groups decide the CMS routes (403 without editors)");
        assertEquals(BearerToken.CMS_CLIENT, claims.get("client_id"));
        assertNull(BearerToken.claims("Bearer " + BearerToken.issue(BearerToken.CMS_CLIENT, "erin", BearerToken.groups(true), NOW, 3600),
                NOW.plusSeconds(3600)));
        String user = BearerToken.forUser("ann", false);
        assertEquals("[users]", claims("Bearer " + user).get("cognito:groups"));
        assertEquals(BearerToken.MOBILE_CLIENT, claims("Bearer " + user).get("client_id"));
        // The CMS's client is trusted like the app's: an ID token naming it in aud passes too.
        assertNotNull(claims("Bearer " + token(HEADER, "{\"iss\":\"http://127.0.0.1/local-users\",\"aud\":\"local-cms\",\"exp\":" + LATER + "}")));
    }
}

package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The local stand-in for Cognito's authenticator-app calls: RFC 6238's codes, and the service's shapes and errors. */
class LocalAuthenticatorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-11-20T12:00:10Z");

    private final LocalAuthenticators cognito = new LocalAuthenticators(Clock.fixed(NOW, ZoneOffset.UTC));
    private final String token = BearerToken.issue(BearerToken.CMS_CLIENT, "frank", BearerToken.groups(false), NOW, 3600);

    private JsonNode call(String operation, String body, int status, String type) throws Exception {
        Gateway.Answer a = cognito.answer(LocalAuthenticators.TARGET_PREFIX + operation, body.getBytes(StandardCharsets.UTF_8));
        assertEquals(status, a.status(), a.text());
        assertEquals("application/x-amz-json-1.1", a.headers().get("content-type"));
        JsonNode answer = JSON.readTree(a.text());
        if (type != null) {
            assertEquals(type, answer.get("__type").asText(), a.text());
        }
        return answer;
    }

    @Test
    void codesAreRfc6238s() {
        // RFC 6238, appendix B, SHA-1: the ASCII key "12345678901234567890", its 8-digit codes cut to the last 6.
        String key = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
        assertEquals("287082", LocalAuthenticators.code(key, 59 / 30));
        assertEquals("081804", LocalAuthenticators.code(key, 1111111109L / 30));
        assertEquals("050471", LocalAuthenticators.code(key, 1111111111L / 30));
        assertEquals("005924", LocalAuthenticators.code(key, 1234567890L / 30));
    }

    @Test
    void aKeyThenACodeFromItThenTheAppIsOn() throws Exception {
        String secret = call("AssociateSoftwareToken", "{\"AccessToken\":\"" + token + "\"}", 200, null).get("SecretCode").asText();
        assertTrue(secret.matches("[A-Z2-7]{32}"), secret);
        call("SetUserMFAPreference", "{\"AccessToken\":\"" + token + "\",\"SoftwareTokenMfaSettings\":{\"Enabled\":true}}",
                400, "InvalidParameterException");
        long step = NOW.getEpochSecond() / 30;
        String wrong = LocalAuthenticators.code(secret, step + 5);
        call("VerifySoftwareToken", "{\"AccessToken\":\"" + token + "\",\"UserCode\":\"" + wrong + "\"}", 400, "EnableSoftwareTokenMFAException");
        // The app's clock may be a step behind.
        JsonNode verified = call("VerifySoftwareToken", "{\"AccessToken\":\"" + token + "\",\"UserCode\":\""
                + LocalAuthenticators.code(secret, step - 1) + "\",\"FriendlyDeviceName\":\"Authenticator app\"}", 200, null);
        assertEquals("SUCCESS", verified.get("Status").asText());
        assertFalse(cognito.hasAuthenticatorApp("frank"), "verified, not yet turned on");
        call("SetUserMFAPreference", "{\"AccessToken\":\"" + token + "\",\"SoftwareTokenMfaSettings\":{\"Enabled\":true,\"PreferredMfa\":true}}", 200, null);
        assertTrue(cognito.hasAuthenticatorApp("frank"));
        assertEquals("SOFTWARE_TOKEN_MFA", call("GetUser", "{\"AccessToken\":\"" + token + "\"}", 200, null)
                .get("UserMFASettingList").get(0).asText());
        // A new key leaves the app as it is until a code from the new one is verified, as in Cognito.
        call("AssociateSoftwareToken", "{\"AccessToken\":\"" + token + "\"}", 200, null);
        assertTrue(cognito.hasAuthenticatorApp("frank"));
    }

    /** The same token with one claim changed (local tokens carry no signature the stand-in checks). */
    private static String withClaim(String token, String name, String value) throws Exception {
        String[] parts = token.split("\\.");
        var claims = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(java.util.Base64.getUrlDecoder().decode(parts[1]));
        claims.put(name, value);
        return parts[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(JSON.writeValueAsBytes(claims)) + "." + parts[2];
    }

    @Test
    void onlyTheTokensOwnerAndOnlyTheseCalls() throws Exception {
        call("AssociateSoftwareToken", "{\"AccessToken\":\"not-a-token\"}", 400, "NotAuthorizedException");
        String expired = BearerToken.issue(BearerToken.CMS_CLIENT, "frank", BearerToken.groups(false), NOW.minusSeconds(7200), 3600);
        call("AssociateSoftwareToken", "{\"AccessToken\":\"" + expired + "\"}", 400, "NotAuthorizedException");
        call("VerifySoftwareToken", "{\"AccessToken\":\"" + token + "\",\"UserCode\":\"123456\"}", 400, "InvalidParameterException");
        call("AdminGetUser", "{\"AccessToken\":\"" + token + "\"}", 400, "UnknownOperationException");
        // Only an access token that carries the scope for the account's own settings, as Cognito asks.
        call("GetUser", "{\"AccessToken\":\"" + withClaim(token, "scope", "openid") + "\"}", 400, "NotAuthorizedException");
        call("GetUser", "{\"AccessToken\":\"" + withClaim(token, "token_use", "id") + "\"}", 400, "NotAuthorizedException");
        assertFalse(call("GetUser", "{\"AccessToken\":\"" + token + "\"}", 200, null).has("UserMFASettingList"));
        call("AssociateSoftwareToken", "[]", 400, "SerializationException");
    }
}

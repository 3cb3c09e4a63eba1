package com.bigtimedeals.local;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.apache.commons.codec.binary.Base32;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The calls of Cognito's user-pool API with which the CMS registers an authenticator app on the signed-in account,
 * as the local stack answers them (the CMS's {@code identityProvider} locally): {@code GetUser} (is one on already?),
 * {@code AssociateSoftwareToken}
 * (a new key), {@code VerifySoftwareToken} (a code from the app, checked as RFC 6238's TOTP: HMAC-SHA1, 30-second
 * steps, 6 digits, one step of clock skew either way, as Cognito does) and {@code SetUserMFAPreference} (TOTP on).
 * Same request and answer shapes, error types and status codes as the service; the caller is whoever the access
 * token in {@code AccessToken} names, as the local gateway's authorizer reads it, if it carries the scope Cognito
 * asks for. Kept in memory: a restart forgets every key. Unlike Cognito it limits no attempts and does not refuse
 * a code used twice; the local sign-in asks for no code (its tokens carry whatever groups it is asked for).
 */
final class LocalAuthenticators {
    static final String TARGET_PREFIX = "AWSCognitoIdentityProviderService.";
    /** The scope a token needs for these calls, as in Cognito. */
    static final String ACCOUNT_SCOPE = "aws.cognito.signin.user.admin";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** RFC 4648 base32, the form authenticator apps take a key in (20 random bytes: 32 letters and digits). */
    private static final Base32 BASE32 = new Base32();
    private static final int STEP_SECONDS = 30;

    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    /** Per username: the key last handed out, and whether a code from it was verified. */
    private final Map<String, Key> keys = new ConcurrentHashMap<>();
    private final Map<String, Boolean> totpOn = new ConcurrentHashMap<>();

    private record Key(String secret, boolean verified) {
    }

    LocalAuthenticators(Clock clock) {
        this.clock = clock;
    }

    /** One call: {@code target} is the request's X-Amz-Target. */
    Gateway.Answer answer(String target, byte[] body) {
        JsonNode request;
        try {
            request = MAPPER.readTree(body);
        } catch (IOException e) {
            request = null;
        }
        if (request == null || !request.isObject()) {
            return error(400, "SerializationException", "The request body is not a JSON object");
        }
        String operation = target != null && target.startsWith(TARGET_PREFIX) ? target.substring(TARGET_PREFIX.length()) : "";
        String username = username(request.path("AccessToken").asText(""));
        if (!List.of("GetUser", "AssociateSoftwareToken", "VerifySoftwareToken", "SetUserMFAPreference").contains(operation)) {
            return error(400, "UnknownOperationException", null);
        }
        if (username == null) {
            return error(400, "NotAuthorizedException", "Access Token does not have required scopes");
        }
        return switch (operation) {
            case "GetUser" -> user(username);
            case "AssociateSoftwareToken" -> associate(username);
            case "VerifySoftwareToken" -> verify(username, request.path("UserCode").asText(""));
            default -> prefer(username, request.path("SoftwareTokenMfaSettings"));
        };
    }

    /** Whether the account has an authenticator app turned on (what the deployed trigger asks Cognito). */
    boolean hasAuthenticatorApp(String username) {
        return totpOn.getOrDefault(username, false);
    }

    /** GetUser: the username, and {@code SOFTWARE_TOKEN_MFA} among the factors once the app is on. */
    private Gateway.Answer user(String username) {
        var answer = MAPPER.createObjectNode().put("Username", username);
        answer.putArray("UserAttributes");
        if (hasAuthenticatorApp(username)) {
            answer.putArray("UserMFASettingList").add("SOFTWARE_TOKEN_MFA");
            answer.put("PreferredMfaSetting", "SOFTWARE_TOKEN_MFA");
        }
        return ok(answer);
    }

    /** A new key, not yet in use: an app already on keeps its key until a code from the new one is verified. */
    private Gateway.Answer associate(String username) {
        byte[] secret = new byte[20];
        random.nextBytes(secret);
        String key = BASE32.encodeToString(secret).replace("=", "");
        keys.put(username, new Key(key, false));
        return ok(MAPPER.createObjectNode().put("SecretCode", key));
    }

    private Gateway.Answer verify(String username, String code) {
        Key key = keys.get(username);
        if (key == null) {
            return error(400, "InvalidParameterException", "User has not associated a software token");
        }
        if (!code.matches("\\d{6}")) {
            return error(400, "InvalidParameterException", "1 validation error detected: Value at 'userCode' failed to satisfy constraint");
        }
        long step = clock.instant().getEpochSecond() / STEP_SECONDS;
        for (long s = step - 1; s <= step + 1; s++) {
            if (MessageDigest.isEqual(code(key.secret(), s).getBytes(StandardCharsets.US_ASCII), code.getBytes(StandardCharsets.US_ASCII))) {
                // Only the key this code was checked against: a new key handed out meanwhile stays unverified.
                return keys.replace(username, key, new Key(key.secret(), true))
                        ? ok(MAPPER.createObjectNode().put("Status", "SUCCESS"))
                        : error(400, "EnableSoftwareTokenMFAException", "Code mismatch and fail enable Software Token MFA");
            }
        }
        return error(400, "EnableSoftwareTokenMFAException", "Code mismatch and fail enable Software Token MFA");
    }

    private Gateway.Answer prefer(String username, JsonNode settings) {
        Key key = keys.get(username);
        if (settings.path("Enabled").asBoolean(false) && (key == null || !key.verified())) {
            return error(400, "InvalidParameterException", "User has not verified software token mfa");
        }
        if (settings.has("Enabled")) {
            totpOn.put(username, settings.path("Enabled").asBoolean(false));
        }
        return ok(MAPPER.createObjectNode());
    }

    /**
     * The username an access token names, or null for a token the local authorizer would refuse, an ID token, or one
     * without the scope that lets it change its own account (Cognito refuses those with NotAuthorizedException).
     */
    private String username(String accessToken) {
        Map<String, String> claims = BearerToken.claims("Bearer " + accessToken, clock.instant());
        if (claims == null || !"access".equals(claims.get("token_use"))
                || !List.of(claims.getOrDefault("scope", "").split(" ")).contains(ACCOUNT_SCOPE)) {
            return null;
        }
        return claims.get("cognito:username");
    }

    /** RFC 6238's code for {@code secret} (base32) at time step {@code step}: HMAC-SHA1, dynamic truncation, 6 digits. */
    static String code(String secret, long step) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(BASE32.decode(secret), "HmacSHA1"));
            byte[] h = mac.doFinal(ByteBuffer.allocate(8).putLong(step).array());
            int at = h[h.length - 1] & 0x0f;
            int n = ((h[at] & 0x7f) << 24) | ((h[at + 1] & 0xff) << 16) | ((h[at + 2] & 0xff) << 8) | (h[at + 3] & 0xff);
            return String.format("%06d", n % 1_000_000);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA1 is part of every JDK", e);
        }
    }

    private static Gateway.Answer ok(JsonNode body) {
        return json(200, body.toString());
    }

    /** Cognito's error answer: {@code __type} and {@code message}. */
    private static Gateway.Answer error(int status, String type, String message) {
        var body = MAPPER.createObjectNode().put("__type", type);
        if (message != null) {
            body.put("message", message);
        }
        return json(status, body.toString());
    }

    private static Gateway.Answer json(int status, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/x-amz-json-1.1");
        headers.put("Cache-Control", "no-store");
        return new Gateway.Answer(status, headers, body.getBytes(StandardCharsets.UTF_8));
    }
}

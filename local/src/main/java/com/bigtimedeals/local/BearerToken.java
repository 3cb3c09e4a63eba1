package com.bigtimedeals.local;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpConventions.TokenProblem;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The local stand-in for API Gateway's JWT authorizer, which trusts the one user pool and its two app clients: it reads the
 * {@code Authorization} header and the token as the deployed authorizer does (AWS's "Authorizing API requests with
 * a JWT authorizer": the header holds the token alone or prefixed with {@code Bearer }; the header names the RSA
 * key that signed it; {@code iss} is the pool, {@code aud} or {@code client_id} one of its app clients, {@code exp}
 * after now, {@code nbf} before it) and passes the claims on as API Gateway does (every claim a string, list claims
 * as {@code [a b]}). Only the signature is not checked: the local stack never runs outside a developer's machine.
 */
public final class BearerToken {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The key id of the local pools' (absent) signing key: a token naming another key is refused, as in AWS. */
    static final String KEY_ID = "local";
    /** What a JWT authorizer verifies signatures with: RSA only. */
    private static final Set<String> RSA_ALGORITHMS = Set.of("RS256", "RS384", "RS512", "PS256", "PS384", "PS512");

    private BearerToken() {
    }

    /** The local user pool's issuer: every signed-in route's authorizer trusts this one pool. */
    static final String ISSUER = "http://127.0.0.1/local-users";
    /** The mobile app's client of the pool. */
    public static final String MOBILE_CLIENT = "local-mobile-app";
    /** The CMS's own client of the same pool. */
    public static final String CMS_CLIENT = "local-cms";
    /** The audiences the authorizer accepts: the pool's two app clients. */
    private static final List<String> CLIENTS = List.of(MOBILE_CLIENT, CMS_CLIENT);

    /** What the authorizer made of a request's token: its claims, or why it refused it (a 401 before any handler). */
    record Verdict(Map<String, String> claims, TokenProblem problem) {
        static Verdict refused(TokenProblem problem) {
            return new Verdict(null, problem);
        }
    }

    /**
     * The claims for a signed-in route, or null for a missing, malformed or expired token, or one of another pool or
     * client (401 before any handler runs). Which groups the token carries is the handler's business (403).
     */
    static Map<String, String> claims(String authorization, Instant now) {
        return verify(authorization, now).claims();
    }

    /** The token's claims, or the problem API Gateway's JWT authorizer would name in its {@code WWW-Authenticate}. */
    static Verdict verify(String authorization, Instant now) {
        if (authorization == null || authorization.isBlank()) {
            return Verdict.refused(TokenProblem.MISSING);
        }
        String token = authorization.startsWith("Bearer ") ? authorization.substring("Bearer ".length()) : authorization;
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3 || parts[2].isEmpty()) {
            return Verdict.refused(TokenProblem.MALFORMED);
        }
        JsonNode header = json(parts[0]);
        JsonNode payload = json(parts[1]);
        if (header == null || payload == null || !KEY_ID.equals(header.path("kid").textValue())
                || !RSA_ALGORITHMS.contains(header.path("alg").textValue()) || !base64url(parts[2])) {
            return Verdict.refused(TokenProblem.MALFORMED);
        }
        if (!ISSUER.equals(payload.path("iss").textValue())) {
            return Verdict.refused(TokenProblem.WRONG_ISSUER);
        }
        if (CLIENTS.stream().noneMatch(c -> c.equals(payload.path("client_id").textValue()) || audienceNames(payload.get("aud"), c))) {
            return Verdict.refused(TokenProblem.WRONG_AUDIENCE);
        }
        // NumericDate is a JSON number (RFC 7519): "exp": "1795179600" is no expiry time, and a token without one is refused.
        JsonNode exp = payload.get("exp");
        JsonNode nbf = payload.get("nbf");
        if (exp == null || !exp.isNumber()) {
            return Verdict.refused(TokenProblem.MALFORMED);
        }
        if (exp.decimalValue().compareTo(java.math.BigDecimal.valueOf(now.getEpochSecond())) <= 0) {
            return Verdict.refused(TokenProblem.EXPIRED);
        }
        if (nbf != null && !nbf.isNumber()) {
            return Verdict.refused(TokenProblem.MALFORMED);
        }
        if (nbf != null && nbf.decimalValue().compareTo(java.math.BigDecimal.valueOf(now.getEpochSecond())) > 0) {
            return Verdict.refused(TokenProblem.NOT_YET_VALID);
        }
        // Who the caller is must be a name: "username": null (or a number, an object, "") would become a user called
        // "null"; refused as an unusable token. A token naming nobody (no such claim) is left to the function.
        for (String name : List.of("username", "cognito:username")) {
            JsonNode who = payload.get(name);
            if (who != null && (!who.isTextual() || who.asText().isBlank())) {
                return Verdict.refused(TokenProblem.MALFORMED);
            }
        }
        Map<String, String> claims = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = payload.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            claims.put(e.getKey(), stringify(e.getValue()));
        }
        return new Verdict(claims, null);
    }

    /** One base64url part that holds a JSON object, or null. */
    private static JsonNode json(String part) {
        if (!base64url(part)) {
            return null;
        }
        try {
            JsonNode node = MAPPER.readTree(Base64.getUrlDecoder().decode(part));
            return node != null && node.isObject() ? node : null;
        } catch (Exception e) {
            return null;
        }
    }

    private static boolean base64url(String part) {
        return !part.isEmpty() && part.chars().allMatch(c -> c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
                || c == '-' || c == '_');
    }

    /** {@code aud} is a string or an array of strings (RFC 7519); the client must be one of them. */
    private static boolean audienceNames(JsonNode aud, String clientId) {
        if (aud == null) {
            return false;
        }
        if (aud.isTextual()) {
            return clientId.equals(aud.textValue());
        }
        if (aud.isArray()) {
            for (JsonNode a : aud) {
                if (clientId.equals(a.textValue())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String stringify(JsonNode v) {
        if (v.isTextual()) {
            return v.asText();
        }
        if (v.isArray()) {
            StringBuilder b = new StringBuilder("[");
            for (JsonNode item : v) {
                if (b.length() > 1) {
                    b.append(' ');
                }
                b.append(item.isTextual() ? item.asText() : item.toString());
            }
            return b.append(']').toString();
        }
        return v.toString(); // numbers, booleans and objects as their JSON text
    }

    /** The groups of a local user: an editor (who signed in with a second factor) is in editors, anyone else in users. */
    public static List<String> groups(boolean editor) {
        return editor ? List.of(Access.EDITORS_GROUP) : List.of(Access.USERS_GROUP);
    }

    /** A token for a local user (the mobile app's client), or an editor (the CMS's), valid for an hour from now. */
    public static String forUser(String username, boolean editor) {
        return issue(editor ? CMS_CLIENT : MOBILE_CLIENT, username, groups(editor), Instant.now(), 3600);
    }

    /** A token for local use: unsigned, with Cognito's claim names, from the pool's issuer for app client {@code clientId}. */
    public static String issue(String clientId, String username, List<String> groups, Instant now, long ttlSeconds) {
        ObjectNode header = MAPPER.createObjectNode().put("kid", KEY_ID).put("alg", "RS256");
        ObjectNode payload = MAPPER.createObjectNode();
        payload.put("sub", java.util.UUID.nameUUIDFromBytes(username.getBytes(StandardCharsets.UTF_8)).toString());
        ArrayNode g = payload.putArray("cognito:groups");
        groups.forEach(g::add);
        payload.put("iss", ISSUER);
        payload.put("client_id", clientId);
        payload.put("token_use", "access");
        payload.put("scope", "aws.cognito.signin.user.admin");
        payload.put("auth_time", now.getEpochSecond());
        payload.put("iat", now.getEpochSecond());
        payload.put("exp", now.getEpochSecond() + ttlSeconds);
        payload.put("username", username);
        payload.put("cognito:username", username);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(header.toString().getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payload.toString().getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString("unsigned-local-token".getBytes(StandardCharsets.UTF_8));
    }
}

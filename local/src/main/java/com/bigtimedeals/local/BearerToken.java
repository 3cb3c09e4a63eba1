package com.bigtimedeals.local;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpConventions.TokenProblem;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The local stand-in for API Gateway's JWT authorizer: decodes the bearer token's payload and passes its
 * claims on as API Gateway does (every claim a string, list claims as {@code [a b]}). Signatures are not
 * checked: this never runs outside a developer's machine.
 */
public final class BearerToken {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BearerToken() {
    }

    /** What the authorizer made of a request's token: its claims, or why it refused it (a 401 before any handler). */
    record Verdict(Map<String, String> claims, TokenProblem problem) {
        static Verdict refused(TokenProblem problem) {
            return new Verdict(null, problem);
        }
    }

    /** The claims, or null for a missing, malformed or expired token (401 before any handler runs). */
    static Map<String, String> claims(String authorization, Instant now) {
        return verify(authorization, now).claims();
    }

    /** The token's claims, or the problem API Gateway's JWT authorizer would name in its {@code WWW-Authenticate}. */
    static Verdict verify(String authorization, Instant now) {
        if (authorization == null || authorization.isBlank()) {
            return Verdict.refused(TokenProblem.MISSING);
        }
        String token = authorization.trim();
        if (token.regionMatches(true, 0, "Bearer ", 0, 7)) {
            token = token.substring(7).trim();
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3 || parts[1].isEmpty()) {
            return Verdict.refused(TokenProblem.MALFORMED);
        }
        JsonNode payload;
        try {
            payload = MAPPER.readTree(Base64.getUrlDecoder().decode(parts[1]));
        } catch (Exception e) {
            return Verdict.refused(TokenProblem.MALFORMED);
        }
        if (payload == null || !payload.isObject()) {
            return Verdict.refused(TokenProblem.MALFORMED);
        }
        if (!within(payload.get("exp"), now, true)) {
            return Verdict.refused(TokenProblem.EXPIRED);
        }
        if (!within(payload.get("nbf"), now, false)) {
            return Verdict.refused(TokenProblem.NOT_YET_VALID);
        }
        Map<String, String> claims = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = payload.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            claims.put(e.getKey(), stringify(e.getValue()));
        }
        return new Verdict(claims, null);
    }

    /** exp must be in the future, nbf in the past; an absent one does not count against the token. */
    private static boolean within(JsonNode time, Instant now, boolean isExpiry) {
        if (time == null || time.isNull()) {
            return true;
        }
        long seconds;
        if (time.isNumber()) {
            seconds = time.asLong();
        } else if (time.isTextual() && time.asText().matches("\\d{1,12}")) {
            seconds = Long.parseLong(time.asText());
        } else {
            return false;
        }
        return isExpiry ? seconds > now.getEpochSecond() : seconds <= now.getEpochSecond();
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

    /** The groups of a local user: an editor is in the editors group as well. */
    public static List<String> groups(boolean editor) {
        return editor ? List.of(Access.EDITORS_GROUP, Access.USERS_GROUP) : List.of(Access.USERS_GROUP);
    }

    /** A token for a local user, or an editor, valid for an hour from now. */
    public static String forUser(String username, boolean editor) {
        return issue(username, groups(editor), Instant.now(), 3600);
    }

    /** A token for local use: unsigned, with Cognito's claim names. */
    public static String issue(String username, List<String> groups, Instant now, long ttlSeconds) {
        ObjectNode header = MAPPER.createObjectNode().put("kid", "local").put("alg", "RS256");
        ObjectNode payload = MAPPER.createObjectNode();
        payload.put("sub", java.util.UUID.nameUUIDFromBytes(username.getBytes(StandardCharsets.UTF_8)).toString());
        ArrayNode g = payload.putArray("cognito:groups");
        groups.forEach(g::add);
        payload.put("iss", "http://127.0.0.1/local-user-pool");
        payload.put("client_id", "local");
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

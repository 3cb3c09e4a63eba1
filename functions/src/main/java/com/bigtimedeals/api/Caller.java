package com.bigtimedeals.api;

import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.topology.Access;

/**
 * The signed-in caller, from the JWT authorizer's claims only: never from the body, the path or the token
 * itself (handlers never see the token).
 */
record Caller(String username, Set<String> groups) {
    private static final int MAX_USERNAME = 128;

    boolean isEditor() {
        return groups.contains(Access.EDITORS_GROUP);
    }

    /** Null for an anonymous call; a public route accepts that. */
    static Caller from(APIGatewayV2HTTPEvent event, Instant now) {
        Map<String, String> claims = claims(event);
        if (claims == null) {
            return null;
        }
        String username = claims.get("cognito:username");
        if (username == null || username.isBlank()) {
            username = claims.get("username"); // Cognito access tokens name it so
        }
        if (username == null || username.isBlank() || username.length() > MAX_USERNAME
                || username.chars().anyMatch(Character::isISOControl)) {
            return null;
        }
        String exp = claims.get("exp");
        if (exp != null) {
            try {
                if (Long.parseLong(exp.trim()) <= now.getEpochSecond()) {
                    return null;
                }
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return new Caller(username, groups(claims.get("cognito:groups")));
    }

    private static Map<String, String> claims(APIGatewayV2HTTPEvent event) {
        var context = event.getRequestContext();
        if (context == null || context.getAuthorizer() == null || context.getAuthorizer().getJwt() == null) {
            return null;
        }
        return context.getAuthorizer().getJwt().getClaims();
    }

    /** API Gateway stringifies list claims as {@code [a b]}; a JSON array {@code ["a","b"]} is accepted too. */
    static Set<String> groups(String claim) {
        Set<String> groups = new LinkedHashSet<>();
        if (claim == null) {
            return groups;
        }
        String s = claim.trim();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        for (String part : s.split("[,\\s]+")) {
            String g = part.trim();
            if (g.length() >= 2 && g.startsWith("\"") && g.endsWith("\"")) {
                g = g.substring(1, g.length() - 1);
            }
            if (!g.isEmpty()) {
                groups.add(g);
            }
        }
        return groups;
    }
}

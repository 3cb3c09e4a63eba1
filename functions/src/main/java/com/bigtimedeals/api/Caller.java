package com.bigtimedeals.api;

import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpConventions.TokenProblem;

/**
 * The signed-in caller, from the JWT authorizer's claims only: never from the body, the path or the token
 * itself (handlers never see the token).
 */
record Caller(String username, Set<String> groups) {
    private static final int MAX_USERNAME = 128;

    boolean isEditor() {
        return groups.contains(Access.EDITORS_GROUP);
    }

    /**
     * The caller of a signed-in route, or a 401 that says why not. API Gateway's authorizer refuses such tokens before
     * any function runs; this is the function's own check, which never trusts that it did.
     */
    static Caller signedIn(APIGatewayV2HTTPEvent event, Instant now) {
        Map<String, String> claims = claims(event);
        if (claims == null) {
            throw HttpFailure.unauthorized(TokenProblem.MISSING);
        }
        String username = claims.get("cognito:username");
        if (username == null || username.isBlank()) {
            username = claims.get("username"); // Cognito access tokens name it so
        }
        if (username == null || username.isBlank() || username.length() > MAX_USERNAME
                || username.chars().anyMatch(Character::isISOControl)) {
            throw HttpFailure.unauthorized(TokenProblem.NO_USERNAME);
        }
        String exp = claims.get("exp");
        if (exp != null) {
            try {
                if (Long.parseLong(exp.trim()) <= now.getEpochSecond()) {
                    throw HttpFailure.unauthorized(TokenProblem.EXPIRED);
                }
            } catch (NumberFormatException e) {
                throw HttpFailure.unauthorized(TokenProblem.MALFORMED);
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

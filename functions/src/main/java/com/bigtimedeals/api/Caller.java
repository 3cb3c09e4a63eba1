package com.bigtimedeals.api;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpConventions.TokenProblem;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

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
        // A username is shown as a comment's author and a report's reporter: one that shows nothing, or holds a space or
        // a bidi control (which would reorder what follows it), is no name. Cognito's own username pattern
        // ([\p{L}\p{M}\p{S}\p{N}\p{P}]+) excludes them all but the Hangul fillers and the blank braille pattern.
        if (username == null || username.isBlank() || username.length() > MAX_USERNAME
                || username.chars().anyMatch(Character::isISOControl) || !ContractRules.isWellFormed(username)
                || !ContractRules.allVisible(username)) {
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
        Set<String> groups = groups(claims.get("cognito:groups"));
        if (groups == null) {
            throw HttpFailure.unauthorized(TokenProblem.MALFORMED);
        }
        return new Caller(username, groups);
    }

    private static Map<String, String> claims(APIGatewayV2HTTPEvent event) {
        var context = event.getRequestContext();
        if (context == null || context.getAuthorizer() == null || context.getAuthorizer().getJwt() == null) {
            return null;
        }
        return context.getAuthorizer().getJwt().getClaims();
    }

    /** A Cognito group name: 1 to 128 letters, marks, symbols, digits or punctuation; never a space. */
    private static final Pattern GROUP_NAME = Pattern.compile("[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]{1,128}");

    /**
     * The caller's groups from {@code cognito:groups}, read in exactly the two shapes the contract names, and no
     * looser: API Gateway's string form of a list claim, {@code [editors users]} (one space between names, which
     * never hold a space), or a JSON array of strings. Null for any other shape: that is no claim an authorizer
     * passes, and the token is refused. A user in no group has no claim (Cognito leaves it out): no groups.
     *
     * <p>A group named {@code staff,editors} or {@code "editors"} (both legal Cognito names) is not the editors
     * group: {@code [staff,editors users]} and {@code [users "editors"]} are read as API Gateway wrote them, and so
     * is a claim that starts like JSON but is no JSON array of group names ({@code ["a b"]}). One
     * string is both shapes at once: {@code ["editors"]} is the JSON array of {@code editors} and API Gateway's form of
     * a lone group named {@code "editors"}. It is read as JSON; such a group could only be made by an operator in the
     * editors' own user pool, whose tokens alone reach the CMS routes.
     */
    static Set<String> groups(String claim) {
        if (claim == null) {
            return Set.of();
        }
        if (claim.length() < 2 || claim.charAt(0) != '[' || claim.charAt(claim.length() - 1) != ']') {
            return null;
        }
        String inner = claim.substring(1, claim.length() - 1);
        if (inner.isBlank() || inner.strip().startsWith("\"")) {
            List<String> json = JsonArray.strings(claim);
            if (json != null && json.stream().allMatch(n -> GROUP_NAME.matcher(n).matches())) {
                return new LinkedHashSet<>(json);
            }
        }
        List<String> names = inner.isEmpty() ? List.of() : List.of(inner.split(" ", -1));
        return names.stream().allMatch(n -> GROUP_NAME.matcher(n).matches()) ? new LinkedHashSet<>(names) : null;
    }

    /**
     * A JSON array of strings, read with jackson-core's streaming parser; loaded only for a claim in that shape,
     * which API Gateway never sends, so a signed-in request never pays for it at cold start.
     */
    private static final class JsonArray {
        private static final JsonFactory FACTORY = new JsonFactory();

        /** The strings, or null when {@code text} is not exactly one JSON array of strings. */
        static List<String> strings(String text) {
            List<String> strings = new ArrayList<>();
            try (JsonParser p = FACTORY.createParser(text)) {
                if (p.nextToken() != JsonToken.START_ARRAY) {
                    return null;
                }
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    if (t != JsonToken.VALUE_STRING) {
                        return null;
                    }
                    strings.add(p.getText());
                }
                return p.nextToken() == null ? strings : null;
            } catch (IOException e) {
                return null;
            }
        }
    }
}

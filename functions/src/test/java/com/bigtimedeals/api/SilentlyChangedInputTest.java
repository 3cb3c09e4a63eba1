package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.Operation;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Input that would be stored as something other than what was sent is refused, never changed: a lone surrogate
 * (which UTF-8, and so DynamoDB, cannot hold: it would be stored as {@code ?}) in every string field of every
 * request body, every query parameter and every path parameter the published document lists; a
 * {@code cognito:groups} claim in any shape but the two an authorizer passes; a page size in any but its one
 * form. Each gets a 4xx with a JSON message, and writes nothing. The fields come from docs/openapi.yaml's own
 * source, so a field added to a request later is covered without touching this test.
 */
class SilentlyChangedInputTest extends ApiTest {
    private static final String LONE = "\uD800";
    private static final JsonNode DOCUMENT = OpenApiDocument.build();

    private String dealId;

    @BeforeEach
    void catalog() {
        seedCatalog();
        dealId = createDeal("Seed", "acme", "tech");
        expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"));
    }

    /** A body each operation accepts: the base each field's refusal is measured against. */
    private String validBody(Operation op) {
        return switch (op) {
            case CREATE_PROFILE -> "{\"email\":\"zed@example.com\",\"birthday\":\"1990-01-01\",\"pictureUrl\":\"https://img.example.com/zed.png\"}";
            case CREATE_BRAND -> "{\"name\":\"Zed Brand\",\"logoUrl\":\"https://img.example.com/zed.png\"}";
            case CREATE_CATEGORY -> "{\"name\":\"Zed Category\"}";
            case UPDATE_BRAND -> "{\"name\":\"Acme Zed\",\"logoUrl\":\"https://img.example.com/zed.png\"}";
            case UPDATE_CATEGORY -> "{\"name\":\"Tech Zed\"}";
            case CREATE_DEAL -> "{\"title\":\"Zed deal\",\"link\":\"https://shop.example.com/zed\",\"price\":9.99,\"brandId\":\"acme\","
                    + "\"categoryId\":\"tech\",\"imageUrl\":\"https://img.example.com/d.png\",\"description\":\"Half price\","
                    + "\"createdAt\":\"2026-11-19T10:00:00Z\",\"expiresAt\":\"2026-12-31T23:00:00Z\"}";
            case CORRECT_DEAL -> "{\"title\":\"Seed, corrected\",\"link\":\"https://shop.example.com/seed2\",\"price\":5,"
                    + "\"imageUrl\":\"https://img.example.com/s.png\",\"description\":\"Now cheaper\",\"expiresAt\":\"2026-12-31T23:00:00Z\"}";
            case SET_FRONT_PAGE_FEATURED, SET_CATEGORY_FEATURED, SET_EDITORS_CHOICE -> "{\"dealIds\":[\"" + dealId + "\"]}";
            case BLAST_HOT_DEAL -> "{\"dealId\":\"" + dealId + "\",\"subject\":\"Hot now\",\"body\":\"Half price today\"}";
            case CAST_VOTE -> "{\"vote\":\"hot\"}";
            case POST_COMMENT -> "{\"body\":\"Still on at this price\"}";
            case REPORT_DEAL -> "{\"reason\":\"wrong-price\",\"note\":\"It is 12 now\"}";
            case CREATE_ALERT -> "{\"keywords\":\"ps5 console\",\"maxPrice\":399.99,\"brandId\":\"acme\",\"categoryId\":\"tech\"}";
            case REGISTER_DEVICE -> "{\"platform\":\"fcm\",\"token\":\"fcm-token-zed-0123456789abcdef\"}";
            case PUT_NOTIFICATIONS -> "{\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":false,\"reminders\":true},"
                    + "\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:00\",\"timeZone\":\"Europe/London\"}}";
            default -> throw new AssertionError(op + " takes a body: give it a valid one here");
        };
    }

    /** A path that names things that exist, for the route's template. */
    private String path(Route route, String parameter, String value) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String p : route.pathParameters()) {
            values.put(p, switch (p) {
                case "brandId" -> "acme";
                case "categoryId" -> "tech";
                default -> dealId;
            });
        }
        if (parameter != null) {
            values.put(parameter, value);
        }
        String path = route.path();
        for (Map.Entry<String, String> v : values.entrySet()) {
            path = path.replace("{" + v.getKey() + "}", v.getValue());
        }
        return path;
    }

    private Call call(Route route, String path) {
        Call c = new Call(route.method(), path);
        return switch (route.access()) {
            case PUBLIC -> c;
            case USER -> c.user("ann");
            case EDITOR -> c.editor();
        };
    }

    private static JsonNode operation(Route route) {
        return DOCUMENT.get("paths").get(route.path()).get(route.method().toLowerCase());
    }

    /** The request body's schema: its string fields, and arrays of strings. */
    private static Map<String, Boolean> stringFields(Route route) {
        JsonNode body = operation(route).get("requestBody");
        Map<String, Boolean> fields = new LinkedHashMap<>();
        if (body == null) {
            return fields;
        }
        String ref = body.get("content").get("application/json").get("schema").get("$ref").asText();
        JsonNode schema = DOCUMENT.get("components").get("schemas").get(ref.substring(ref.lastIndexOf('/') + 1));
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.get("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            String type = p.getValue().path("type").asText();
            if (type.equals("string")) {
                fields.put(p.getKey(), false);
            } else if (type.equals("array") && p.getValue().path("items").path("type").asText().equals("string")) {
                fields.put(p.getKey(), true);
            }
        }
        return fields;
    }

    private void refused(Call c, String field, List<String> seen) {
        APIGatewayV2HTTPResponse r = send(c);
        String what = c.method + " " + c.path + " " + c.query + " " + field;
        assertEquals(400, r.getStatusCode(), what + " answered " + r.getBody());
        JsonNode error = parse(r);
        assertFalse(error.path("message").asText().isBlank(), what);
        assertEquals(field, error.path("field").asText(null), what + ": " + r.getBody());
        seen.add(what);
    }

    @Test
    void aLoneSurrogateInAnyStringOfAnyBodyQueryOrPathIsA400AndWritesNothing() throws Exception {
        int before = itemCount();
        List<String> refusals = new ArrayList<>();
        List<Route> withBodies = new ArrayList<>();
        for (Route route : RouteTable.ROUTES) {
            for (Map.Entry<String, Boolean> field : stringFields(route).entrySet()) {
                ObjectNode body = (ObjectNode) JacksonReferenceShapes.MAPPER.readTree(validBody(route.operation()));
                String name = field.getKey();
                if (field.getValue()) {
                    ArrayNode items = body.has(name) ? (ArrayNode) body.get(name) : body.putArray(name);
                    items.add(LONE + "2Ob8YqPCahzVbVMpA4Ff0mu3Kn");
                } else {
                    body.put(name, LONE + (body.has(name) ? body.get(name).asText() : "Zed"));
                }
                refused(call(route, path(route, null, null)).body(JacksonReferenceShapes.MAPPER.writeValueAsString(body)), name, refusals);
                // The escape as a client writes it, which is how it arrives from API Gateway.
                String escaped = JacksonReferenceShapes.MAPPER.writeValueAsString(body).replace(LONE, "\\ud800");
                assertTrue(escaped.contains("\\ud800"), escaped);
                refused(call(route, path(route, null, null)).body(escaped), name, refusals);
                if (!withBodies.contains(route)) {
                    withBodies.add(route);
                }
            }
            for (String parameter : route.pathParameters()) {
                Call c = call(route, path(route, parameter, "a" + LONE + "b"));
                refused(stringFields(route).isEmpty() ? c : c.body(validBody(route.operation())), parameter, refusals);
            }
            for (JsonNode parameter : operation(route).path("parameters")) {
                // A $ref names a shared header parameter (If-None-Match, Idempotency-Key); query parameters are inline.
                if (parameter.path("in").asText().equals("query")) {
                    String name = parameter.get("name").asText();
                    refused(call(route, path(route, null, null)).query(name + "=" + LONE + "1"), name, refusals);
                }
            }
        }
        assertEquals(before, itemCount(), "a refused request wrote something");
        // Every operation with a body was covered, and every base body is one the route accepts.
        assertEquals(16, withBodies.size(), withBodies.toString());
        assertTrue(refusals.size() >= 60, refusals.size() + " refusals: " + refusals);
        for (Route route : withBodies) {
            Call c = call(route, path(route, null, null)).body(validBody(route.operation()));
            if (route.operation() == Operation.CREATE_PROFILE) {
                c.user("zed"); // ann has hers already
            }
            int status = send(c).getStatusCode();
            assertTrue(status >= 200 && status < 300, route.routeKey() + " refused its valid body: " + status);
        }
    }

    @Test
    void aNonCanonicalPageSizeIsA400() {
        for (String limit : List.of("01", "001", "0", "+5", "5.0", "1e1", " 5", "5 ", "0x10", "１")) {
            for (Call c : List.of(get("/deals"), get("/brands/acme/deals"), get("/me/messages").user("ann"))) {
                refused(c.query("limit=" + limit.replace(" ", "%20").replace("+", "%2B")), "limit", new ArrayList<>());
            }
        }
        expect(200, get("/deals").query("limit=10"));
        expect(200, get("/deals").query("limit=100"));
        refused(get("/deals").query("limit=101"), "limit", new ArrayList<>());
    }

    @Test
    void aGroupsClaimIsReadInApiGatewaysFormOrAsAJsonArrayAndNoOtherWay() {
        int before = itemCount();
        String deal = "{\"dealIds\":[\"" + dealId + "\"]}";
        // Legal Cognito group names that are not the editors group: not an editor, 403.
        for (String claim : List.of("[staff,editors]", "[staff,editors users]", "[users \"editors\"]", "[\"staff,editors\"]",
                "[\"staff\",\"editor\"]", "[Editors]", "[editors.]", "[]", "[ ]", "[\"editors\",1]", "[\"editors\"]]",
                "[\"a b\"]", "[\"\"]")) {
            Call c = put("/cms/editors-choice").as("mallory").body(deal);
            c.claims.put("cognito:groups", claim);
            APIGatewayV2HTTPResponse r = send(c);
            assertEquals(403, r.getStatusCode(), claim + " answered " + r.getBody());
            assertFalse(parse(r).get("message").asText().isBlank());
        }
        // No authorizer passes these shapes: the token is not one the API accepts, 401.
        for (String claim : List.of("editors", "editors users", "staff,editors", "\"editors\"", "[editors  users]", "[ editors]",
                "[editors ]", "[editors\tusers]", "[editors\nusers]", "[\"editors\"] ", " [editors]", "[",
                "[" + "x".repeat(129) + "]", "[\"edi" + LONE + "tors\"]")) {
            Call c = put("/cms/editors-choice").as("mallory").body(deal);
            c.claims.put("cognito:groups", claim);
            APIGatewayV2HTTPResponse r = send(c);
            assertEquals(401, r.getStatusCode(), claim + " answered " + r.getBody());
            assertFalse(parse(r).get("message").asText().isBlank());
        }
        assertEquals(before, itemCount(), "a refused request wrote something");
        // The two shapes an authorizer passes, for the editors group.
        for (String claim : List.of("[editors]", "[users editors]", "[\"editors\"]", "[\"users\",\"editors\"]", "[ \"editors\" ]")) {
            Call c = put("/cms/editors-choice").as("erin").body(deal);
            c.claims.put("cognito:groups", claim);
            assertEquals(200, send(c).getStatusCode(), claim);
        }
        // A user in no group has no claim at all, and is signed in all the same.
        Call noGroups = get("/me").as("ann");
        noGroups.claims.remove("cognito:groups");
        expect(200, noGroups);
        assertNotNull(Access.EDITORS_GROUP);
    }
}

package com.bigtimedeals.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import com.bigtimedeals.topology.Operation;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes events/: one API Gateway HTTP API (payload 2.0) event per route and caller variant, shaped as API
 * Gateway sends them, claims included (list claims stringified as "[a b]"). Run it when the route table
 * changes: {@code mvn -pl functions test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.bigtimedeals.api.EventFixtureWriter}. EventFixturesTest checks the files against the table.
 */
public final class EventFixtureWriter {
    static final String ACME = "acme";
    static final String TECH = "tech";
    static final String SOME_DEAL = "2Ob8YqPCahzVbVMpA4Ff0mu3Knb";
    static final String SOME_ALERT = "2Ob8ZQ1mW4Xj7dZp0TqYb3VnKcA";

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "events");
        Files.createDirectories(dir);
        for (Route route : RouteTable.ROUTES) {
            String name = route.operation().name().toLowerCase().replace('_', '-');
            Map<String, String> variants = new LinkedHashMap<>();
            switch (route.access()) {
                case PUBLIC -> variants.put("public", null);
                case USER -> {
                    variants.put("user", "[users]");
                    variants.put("anonymous", null);
                }
                case EDITOR -> {
                    variants.put("editor", "[editors users]");
                    variants.put("user", "[users]");
                }
            }
            for (var v : variants.entrySet()) {
                ObjectNode event = event(route, v.getKey(), v.getValue());
                Files.writeString(dir.resolve(name + "." + v.getKey() + ".json"),
                        JacksonReferenceShapes.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(event) + "\n");
            }
        }
    }

    static ObjectNode event(Route route, String variant, String groups) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String p : route.pathParameters()) {
            params.put(p, switch (p) {
                case "brandId" -> ACME;
                case "categoryId" -> TECH;
                case "alertId" -> SOME_ALERT;
                default -> SOME_DEAL;
            });
        }
        String path = route.path();
        for (var p : params.entrySet()) {
            path = path.replace("{" + p.getKey() + "}", p.getValue());
        }
        ObjectNode e = JacksonReferenceShapes.MAPPER.createObjectNode();
        e.put("version", "2.0");
        e.put("routeKey", route.routeKey());
        e.put("rawPath", path);
        String query = switch (route.operation()) {
            case LIST_MESSAGES -> "unread=true&limit=10";
            case LIST_MY_VOTES -> "dealIds=" + SOME_DEAL + ",2Ob8YqPCahzVbVMpA4Ff0mu3Knc";
            case LIST_HOTTEST_DEALS -> "window=week";
            case LIST_HOT_DEALS -> "limit=25";
            case SEARCH_DEALS -> "q=ps5%20console&limit=25";
            default -> route.path().endsWith("/deals") || route.path().endsWith("/comments") ? "limit=25" : "";
        };
        e.put("rawQueryString", query);
        ObjectNode headers = e.putObject("headers");
        headers.put("accept", "application/json");
        headers.put("content-length", "0");
        headers.put("host", "abc123xyz.execute-api.us-east-1.amazonaws.com");
        headers.put("user-agent", "BigTimeDeals/3.2 (iPhone; iOS 18.1)");
        headers.put("x-amzn-trace-id", "Root=1-673de0a2-1a2b3c4d5e6f708192a3b4c5");
        headers.put("x-forwarded-for", "203.0.113.7");
        headers.put("x-forwarded-port", "443");
        headers.put("x-forwarded-proto", "https");
        if (groups != null) {
            headers.put("authorization", "Bearer eyJraWQiOiJ0ZXN0IiwiYWxnIjoiUlMyNTYifQ.e30.c2lnbmF0dXJl");
        }
        if (!query.isEmpty()) {
            ObjectNode q = e.putObject("queryStringParameters");
            for (String pair : query.split("&")) {
                String[] kv = pair.split("=", 2);
                q.put(kv[0], java.net.URLDecoder.decode(kv[1], java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        String body = body(route.operation());
        if (body != null) {
            headers.put("content-type", "application/json");
            headers.put("content-length", Integer.toString(body.length()));
        }
        if (!params.isEmpty()) {
            ObjectNode p = e.putObject("pathParameters");
            params.forEach(p::put);
        }
        ObjectNode rc = e.putObject("requestContext");
        rc.put("accountId", "123456789012");
        rc.put("apiId", "abc123xyz");
        rc.put("domainName", "abc123xyz.execute-api.us-east-1.amazonaws.com");
        rc.put("domainPrefix", "abc123xyz");
        ObjectNode http = rc.putObject("http");
        http.put("method", route.method());
        http.put("path", path);
        http.put("protocol", "HTTP/1.1");
        http.put("sourceIp", "203.0.113.7");
        http.put("userAgent", "BigTimeDeals/3.2 (iPhone; iOS 18.1)");
        rc.put("requestId", "Bc1aXj0ZoAMEVxw=");
        rc.put("routeKey", route.routeKey());
        rc.put("stage", "$default");
        rc.put("time", "20/Nov/2026:11:02:26 +0000");
        rc.put("timeEpoch", 1795172546000L);
        if (groups != null) {
            ObjectNode claims = rc.putObject("authorizer").putObject("jwt").putObject("claims");
            String user = "editor".equals(variant) ? "erin" : "ann";
            claims.put("sub", "6f1c9e2a-8b3d-4c5e-9f60-7a8b9c0d1e2f");
            claims.put("cognito:groups", groups);
            claims.put("iss", "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbCdEfGhI");
            claims.put("client_id", "4n0ex0mp1ec1ient1d0000000");
            claims.put("origin_jti", "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9");
            claims.put("event_id", "1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718");
            claims.put("token_use", "access");
            claims.put("scope", "aws.cognito.signin.user.admin");
            claims.put("auth_time", "1795172400");
            claims.put("exp", "4102444800");
            claims.put("iat", "1795172400");
            claims.put("jti", "9f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0");
            claims.put("username", user);
            claims.put("cognito:username", user);
            rc.with("authorizer").with("jwt").putArray("scopes");
        }
        if (body != null) {
            e.put("body", body);
        }
        e.put("isBase64Encoded", false);
        return e;
    }

    static String body(Operation op) {
        return switch (op) {
            case CREATE_PROFILE -> "{\"email\":\"ann@example.com\",\"birthday\":\"1990-04-12\"}";
            case CREATE_BRAND -> "{\"name\":\"Acme\",\"logoUrl\":\"https://img.example.com/acme.png\"}";
            case CREATE_CATEGORY -> "{\"name\":\"Tech\"}";
            case UPDATE_BRAND -> "{\"name\":\"Acme Corp\",\"logoUrl\":\"https://img.example.com/acme-corp.png\"}";
            case UPDATE_CATEGORY -> "{\"name\":\"Technology\"}";
            case CREATE_DEAL -> "{\"title\":\"Noise-cancelling headphones\",\"link\":\"https://shop.example.com/p/123\","
                    + "\"price\":129.99,\"brandId\":\"acme\",\"categoryId\":\"tech\","
                    + "\"imageUrl\":\"https://img.example.com/123.jpg\",\"description\":\"Lowest price this year.\"}";
            case CORRECT_DEAL -> "{\"title\":\"Noise-cancelling headphones (refurbished)\",\"price\":99.5}";
            case SET_FRONT_PAGE_FEATURED, SET_CATEGORY_FEATURED, SET_EDITORS_CHOICE -> "{\"dealIds\":[\"" + SOME_DEAL + "\"]}";
            case BLAST_HOT_DEAL -> "{\"dealId\":\"" + SOME_DEAL + "\",\"subject\":\"Hot deal!\"}";
            case CAST_VOTE -> "{\"vote\":\"hot\"}";
            case CREATE_ALERT -> "{\"keywords\":\"ps5 console\",\"maxPrice\":399.99,\"categoryId\":\"tech\"}";
            case POST_COMMENT -> "{\"body\":\"Works with code SAVE10 too.\"}";
            case REPORT_DEAL -> "{\"reason\":\"expired\",\"note\":\"Sold out since this morning.\"}";
            default -> null;
        };
    }
}

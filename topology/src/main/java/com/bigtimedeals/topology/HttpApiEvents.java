package com.bigtimedeals.topology;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;

/**
 * Builds the event API Gateway's HTTP API sends for payload format 2.0, from a raw HTTP request: route
 * match, lower-cased headers (repeats joined by commas), cookies split out, query parameters decoded
 * (repeats joined by commas), path parameters, and the JWT authorizer's claims. The local gateway and the
 * tests both use it, so handlers see exactly one shape of event; {@link #minimal} is the smallest such event, for
 * requests no client sends (SnapStart priming, the benchmark's cold-start probe).
 */
public final class HttpApiEvents {
    /** Held apart, so that a handler that only builds {@link #minimal} events never builds the formatter. */
    private static final class Time {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT)
                .withZone(ZoneOffset.UTC);
    }

    private HttpApiEvents() {
    }

    /** The request as it arrived. {@code claims} is null when no authorizer ran (public route or no token). */
    public record RawRequest(String method, String rawPath, String rawQuery, Map<String, List<String>> headers,
                             String body, boolean base64, Map<String, String> claims, String requestId,
                             String sourceIp, Instant time) {
    }

    public static APIGatewayV2HTTPEvent build(Route route, RawRequest r) {
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> cookies = new ArrayList<>();
        r.headers().forEach((name, values) -> {
            String key = name.toLowerCase(Locale.ROOT);
            if (key.equals("cookie")) {
                for (String v : values) {
                    for (String c : v.split(";")) {
                        if (!c.isBlank()) {
                            cookies.add(c.trim());
                        }
                    }
                }
            } else {
                headers.merge(key, String.join(",", values), (a, b) -> a + "," + b);
            }
        });
        String rawQuery = r.rawQuery() == null ? "" : r.rawQuery();
        Map<String, String> query = new LinkedHashMap<>();
        if (!rawQuery.isEmpty()) {
            for (String pair : rawQuery.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                String[] kv = pair.split("=", 2);
                String key = decode(kv[0]);
                String value = kv.length > 1 ? decode(kv[1]) : "";
                query.merge(key, value, (a, b) -> a + "," + b);
            }
        }
        Map<String, String> pathParameters = route.match(r.rawPath());
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder()
                .withMethod(r.method())
                .withPath(r.rawPath())
                .withProtocol("HTTP/1.1")
                .withSourceIp(r.sourceIp())
                .withUserAgent(headers.get("user-agent"))
                .build();
        var context = APIGatewayV2HTTPEvent.RequestContext.builder()
                .withAccountId("000000000000")
                .withApiId("local")
                .withDomainName(headers.getOrDefault("host", "127.0.0.1"))
                .withDomainPrefix("local")
                .withHttp(http)
                .withRequestId(r.requestId())
                .withRouteKey(route.routeKey())
                .withStage("$default")
                .withTime(Time.FORMAT.format(r.time()))
                .withTimeEpoch(r.time().toEpochMilli());
        if (r.claims() != null) {
            context.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                    .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
                            .withClaims(r.claims()).withScopes(List.of()).build())
                    .build());
        }
        return APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0")
                .withRouteKey(route.routeKey())
                .withRawPath(r.rawPath())
                .withRawQueryString(rawQuery)
                .withHeaders(headers)
                .withCookies(cookies.isEmpty() ? null : cookies)
                .withQueryStringParameters(query.isEmpty() ? null : query)
                .withPathParameters(pathParameters == null || pathParameters.isEmpty() ? null : pathParameters)
                .withRequestContext(context.build())
                .withBody(r.body())
                .withIsBase64Encoded(r.base64())
                .build();
    }

    /**
     * The smallest event API Gateway could send for {@code routeKey}: its method, path template as raw path, path
     * parameters, request id, and, for a signed-in caller ({@code claims} non-null), the JWT authorizer's claims.
     */
    public static APIGatewayV2HTTPEvent minimal(String routeKey, Map<String, String> pathParameters,
                                                Map<String, String> claims, String requestId) {
        String[] parts = routeKey.split(" ", 2);
        var context = APIGatewayV2HTTPEvent.RequestContext.builder()
                .withRequestId(requestId)
                .withRouteKey(routeKey)
                .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(parts[0]).withPath(parts[1])
                        .withSourceIp("127.0.0.1").build());
        if (claims != null) {
            context.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                    .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims)
                            .withScopes(null).build())
                    .build());
        }
        return APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0")
                .withRouteKey(routeKey)
                .withRawPath(parts[1])
                .withPathParameters(pathParameters == null || pathParameters.isEmpty() ? null : pathParameters)
                .withRequestContext(context.build())
                .build();
    }

    /** The claims API Gateway passes for a signed-in user of {@code groups} (a list claim as {@code [a b]}). */
    public static Map<String, String> claims(String username, List<String> groups) {
        return Map.of("cognito:username", username, "cognito:groups", "[" + String.join(" ", groups) + "]");
    }

    private static String decode(String s) {
        return percentDecoded(s.replace('+', ' '));
    }

    /**
     * {@code s} with its percent escapes decoded as UTF-8, or {@code s} itself, unchanged, when an escape is not
     * one ({@code %zz}) or the bytes are not UTF-8 ({@code %ED%A0%80}, a surrogate): passed through as it came
     * rather than with U+FFFD in place of what the client sent.
     */
    static String percentDecoded(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        var utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        try {
            for (int i = 0; i < s.length(); ) {
                while (i < s.length() && s.charAt(i) == '%') {
                    if (i + 2 >= s.length() || Character.digit(s.charAt(i + 1), 16) < 0 || Character.digit(s.charAt(i + 2), 16) < 0) {
                        return s;
                    }
                    bytes.write(Integer.parseInt(s, i + 1, i + 3, 16));
                    i += 3;
                }
                if (bytes.size() > 0) {
                    out.append(utf8.decode(java.nio.ByteBuffer.wrap(bytes.toByteArray())));
                    bytes.reset();
                }
                if (i < s.length()) {
                    out.append(s.charAt(i++));
                }
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            return s;
        }
        return out.toString();
    }
}

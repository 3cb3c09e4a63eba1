package com.bigtimedeals.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.api.Access;
import com.bigtimedeals.api.HttpApiEvents;
import com.bigtimedeals.api.LambdaFunction;
import com.bigtimedeals.api.Route;
import com.bigtimedeals.api.RouteTable;
import com.bigtimedeals.api.SyntheticContext;
import com.bigtimedeals.data.RequestMeter;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * An API Gateway HTTP API on 127.0.0.1: routes from the route table, the JWT authorizer's part, payload 2.0
 * events, handlers loaded by class name once each as Lambda does, and the request-cost headers.
 */
final class Gateway implements AutoCloseable {
    /** API Gateway's payload limit. */
    static final int MAX_BODY = 10 * 1024 * 1024;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What one call returned, for the HTTP layer and for in-process callers (demo data). */
    record Answer(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Map<LambdaFunction, RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>> handlers =
            new ConcurrentHashMap<>();
    private final int port;
    private final boolean quiet;
    private HttpServer server;
    private ExecutorService workers;

    /** Handlers can be called in-process at once; the port is bound only by {@link #start()}. */
    Gateway(int port, boolean quiet) {
        this.port = port;
        this.quiet = quiet;
    }

    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        workers = Executors.newFixedThreadPool(32);
        server.setExecutor(workers);
        server.createContext("/", this::serve);
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop(0);
            workers.shutdownNow();
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        long started = System.nanoTime();
        String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
        String rawPath = exchange.getRequestURI().getRawPath();
        Answer answer;
        int dynamoRequests = 0;
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                answer = message(413, "Request Entity Too Large");
            } else {
                String source = exchange.getRemoteAddress().getAddress().getHostAddress();
                answer = call(method, rawPath, exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders(), body, source);
            }
            String header = answer.headers().get("X-DynamoDB-Requests");
            dynamoRequests = header == null ? 0 : Integer.parseInt(header);
        } catch (RuntimeException e) {
            e.printStackTrace();
            answer = message(500, "Internal Server Error");
        }
        answer.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
        boolean empty = answer.body().length == 0 || answer.status() == 204 || "HEAD".equals(method);
        exchange.sendResponseHeaders(answer.status(), empty ? -1 : answer.body().length);
        if (!empty) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer.body());
            }
        }
        exchange.close();
        if (!quiet) {
            System.out.printf("%s %s %d %dms ddb=%d%n", method, rawPath, answer.status(),
                    (System.nanoTime() - started) / 1_000_000, dynamoRequests);
        }
    }

    /** One request through routing, authorization and the handler, as API Gateway would run it. */
    Answer call(String method, String rawPath, String rawQuery, Map<String, List<String>> headers, byte[] body, String sourceIp) {
        Route route = RouteTable.match(method, rawPath);
        if (route == null) {
            return message(404, "Not Found");
        }
        Map<String, String> claims = null;
        if (route.access() != Access.PUBLIC) {
            claims = BearerToken.claims(header(headers, "authorization"), Instant.now());
            if (claims == null) {
                return message(401, "Unauthorized");
            }
        }
        String text = null;
        boolean base64 = false;
        if (body.length > 0) {
            try {
                text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(body)).toString();
            } catch (CharacterCodingException e) {
                text = Base64.getEncoder().encodeToString(body); // API Gateway base64-encodes binary bodies
                base64 = true;
            }
        }
        APIGatewayV2HTTPEvent event = HttpApiEvents.build(route, new HttpApiEvents.RawRequest(method, rawPath, rawQuery,
                headers, text, base64, claims, requestId(), sourceIp, Instant.now()));
        RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler = handlers.computeIfAbsent(route.function(), Gateway::load);
        RequestMeter.reset();
        APIGatewayV2HTTPResponse response;
        try {
            response = handler.handleRequest(event, new SyntheticContext(event.getRequestContext().getRequestId(),
                    route.function().id(), 29_000));
        } catch (RuntimeException e) {
            System.err.println("handler " + route.function().handlerClass() + " failed:");
            e.printStackTrace();
            return withCost(message(500, "Internal Server Error"));
        }
        Map<String, String> out = new java.util.LinkedHashMap<>();
        if (response.getHeaders() != null) {
            out.putAll(response.getHeaders());
        }
        byte[] bytes = response.getBody() == null ? new byte[0]
                : response.getIsBase64Encoded() ? Base64.getDecoder().decode(response.getBody())
                : response.getBody().getBytes(StandardCharsets.UTF_8);
        return withCost(new Answer(response.getStatusCode(), out, bytes));
    }

    /** The request-cost headers: what handling this request asked of DynamoDB. */
    private static Answer withCost(Answer answer) {
        RequestMeter.Usage usage = RequestMeter.usage();
        answer.headers().put("X-DynamoDB-Requests", Integer.toString(usage.requests()));
        if (usage.capacityReported()) {
            answer.headers().put("X-DynamoDB-Read-Units", units(usage.readUnits()));
            answer.headers().put("X-DynamoDB-Write-Units", units(usage.writeUnits()));
        }
        return answer;
    }

    private static String units(double u) {
        return u == Math.rint(u) ? Long.toString((long) u) : Double.toString(u);
    }

    private static String header(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
                return e.getValue().get(0);
            }
        }
        return null;
    }

    static Answer message(int status, String message) {
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        headers.put("content-type", "application/json");
        headers.put("X-DynamoDB-Requests", "0");
        return new Answer(status, headers, ("{\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    /** API Gateway's request ids look like this: 14 base64 characters ending in '='. */
    private static String requestId() {
        byte[] b = new byte[10];
        RANDOM.nextBytes(b);
        return Base64.getEncoder().encodeToString(b);
    }

    @SuppressWarnings("unchecked")
    private static RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> load(LambdaFunction function) {
        try {
            return (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) Class.forName(function.handlerClass())
                    .getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load handler " + function.handlerClass(), e);
        }
    }
}

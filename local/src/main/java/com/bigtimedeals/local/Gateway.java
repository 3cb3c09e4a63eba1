package com.bigtimedeals.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.Scheduler;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.CorsPolicy;
import com.bigtimedeals.topology.HttpApiEvents;
import com.bigtimedeals.topology.HttpConventions;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;

/**
 * An API Gateway HTTP API on 127.0.0.1: routes from the route table, the JWT authorizer's part, payload 2.0
 * events, handlers loaded by class name once each as Lambda does, and the request-cost headers.
 */
public final class Gateway implements AutoCloseable {
    /** API Gateway's payload limit. */
    static final int MAX_BODY = 10 * 1024 * 1024;
    /** How long a client may take to send its whole body before it gets a 408. */
    public static final Duration BODY_DEADLINE = Duration.ofSeconds(10);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What one call returned, for the HTTP layer and for in-process callers (demo data). */
    public record Answer(int status, Map<String, String> headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Map<LambdaFunction, RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>> handlers =
            new ConcurrentHashMap<>();
    private final int port;
    private final boolean quiet;
    private final CorsPolicy cors;
    private final Duration bodyDeadline;
    private final EditorSite editorSite;
    private Server server;

    /** Handlers can be called in-process at once; the port is bound only by {@link #start()}. */
    public Gateway(int port, boolean quiet, CorsPolicy cors, Duration bodyDeadline, EditorSite editorSite) {
        this.port = port;
        this.quiet = quiet;
        this.cors = cors;
        this.bodyDeadline = bodyDeadline;
        this.editorSite = editorSite;
    }

    /** A gateway as the local stack's defaults configure it, on {@code port}: what the benchmark calls in-process. */
    public static Gateway withDefaults(int port, boolean quiet) {
        LocalStack.Options defaults = LocalStack.Options.from(Settings.defaults(), quiet);
        return new Gateway(port, quiet, defaults.cors(), BODY_DEADLINE, new EditorSite(defaults.cmsDir()));
    }

    /**
     * Serves on 127.0.0.1 with Jetty, which keeps header
     * names as written ({@code X-DynamoDB-Requests}) and lets every path through to the route table, as API
     * Gateway does; its own error pages are JSON with a {@code message}, like every answer of the contract.
     */
    public void start() throws IOException {
        QueuedThreadPool threads = new QueuedThreadPool(64, 4);
        threads.setName("gateway");
        threads.setDaemon(true);
        server = new Server(threads);
        HttpConfiguration config = new HttpConfiguration();
        config.setUriCompliance(UriCompliance.UNSAFE);
        config.setSendServerVersion(false);
        config.setSendDateHeader(true);
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(config));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                serve(request, response, callback);
                return true;
            }
        });
        server.setErrorHandler((Request.Handler) (request, response, callback) -> {
            writeJson(response, errorStatus(response.getStatus(), request.getAttribute(ErrorHandler.ERROR_EXCEPTION)), callback);
            return true;
        });
        try {
            server.start();
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("the gateway did not start: " + e.getMessage(), e);
        }
    }

    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    InetSocketAddress address() {
        ServerConnector c = (ServerConnector) server.getConnectors()[0];
        return new InetSocketAddress(c.getHost(), c.getLocalPort());
    }

    @Override
    public void close() {
        if (server != null) {
            try {
                server.stop();
            } catch (Exception e) {
                throw new IllegalStateException("the gateway did not stop", e);
            }
        }
    }

    /**
     * Reads the body without holding a thread while the client is slow (Jetty calls back when bytes arrive), within
     * {@link #bodyDeadline} and {@link #MAX_BODY}: a client that stalls gets a 408 and a closed connection, one that
     * sends too much a 413, one whose framing breaks a 400, as API Gateway answers them. Nothing a client does with
     * its body can take a thread from other clients (64 stalled bodies once took the whole API down).
     */
    private void serve(Request request, Response response, Callback callback) {
        long started = System.nanoTime();
        String method = request.getMethod().toUpperCase(Locale.ROOT);
        String rawPath = request.getHttpURI().getPath() == null ? "/" : request.getHttpURI().getPath();
        String origin = request.getHeaders().get("Origin");
        if ("OPTIONS".equals(method) && origin != null && request.getHeaders().get("Access-Control-Request-Method") != null) {
            finish(request, response, callback, method, rawPath, origin, preflight(origin), started);
            return;
        }
        long declared = request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH);
        if (declared > MAX_BODY) {
            finish(request, response, callback, method, rawPath, origin, closing(message(413, "Request Entity Too Large")), started);
            return;
        }
        new BodyReader(request, body -> {
            Map<String, List<String>> headers = new java.util.LinkedHashMap<>();
            for (HttpField field : request.getHeaders()) {
                headers.computeIfAbsent(field.getName(), k -> new java.util.ArrayList<>()).add(field.getValue());
            }
            Answer answer;
            try {
                answer = EditorSite.owns(rawPath)
                        ? editorSite.answer(method, rawPath, headers, body) // beside the API, as CloudFront serves it beside it
                        : call(method, rawPath, request.getHttpURI().getQuery(), headers, body, Request.getRemoteAddr(request));
            } catch (RuntimeException e) {
                e.printStackTrace();
                answer = message(500, "Internal Server Error");
            }
            finish(request, response, callback, method, rawPath, origin, answer, started);
        }, refusal -> finish(request, response, callback, method, rawPath, origin, closing(refusal), started)).read();
    }

    /** One request's body, gathered chunk by chunk as Jetty offers it; exactly one of the two outcomes runs. */
    private final class BodyReader {
        private final Request request;
        private final java.util.function.Consumer<byte[]> complete;
        private final java.util.function.Consumer<Answer> refuse;
        private final java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        private final java.util.concurrent.atomic.AtomicBoolean settled = new java.util.concurrent.atomic.AtomicBoolean();
        private final Scheduler.Task deadline;

        BodyReader(Request request, java.util.function.Consumer<byte[]> complete, java.util.function.Consumer<Answer> refuse) {
            this.request = request;
            this.complete = complete;
            this.refuse = refuse;
            this.deadline = server.getScheduler().schedule(() -> {
                if (settled.compareAndSet(false, true)) {
                    refuse.accept(message(408, "Request Timeout"));
                }
            }, bodyDeadline.toMillis(), TimeUnit.MILLISECONDS);
        }

        void read() {
            while (!settled.get()) {
                Content.Chunk chunk = request.read();
                if (chunk == null) {
                    request.demand(this::read); // called back when more arrives; no thread waits meanwhile
                    return;
                }
                if (Content.Chunk.isFailure(chunk)) {
                    settle(null, message(400, "Bad Request"));
                    return;
                }
                ByteBuffer bytes = chunk.getByteBuffer();
                if (body.size() + bytes.remaining() > MAX_BODY) {
                    chunk.release();
                    settle(null, message(413, "Request Entity Too Large"));
                    return;
                }
                byte[] copy = new byte[bytes.remaining()];
                bytes.get(copy);
                body.write(copy, 0, copy.length);
                boolean last = chunk.isLast();
                chunk.release();
                if (last) {
                    settle(body.toByteArray(), null);
                    return;
                }
            }
        }

        private void settle(byte[] done, Answer refusal) {
            if (!settled.compareAndSet(false, true)) {
                return; // the deadline answered first
            }
            deadline.cancel();
            if (refusal == null) {
                complete.accept(done);
            } else {
                refuse.accept(refusal);
            }
        }
    }

    /** The connection's remaining bytes are not read, so it cannot carry another request. */
    private static Answer closing(Answer answer) {
        answer.headers().put("Connection", "close");
        return answer;
    }

    /**
     * A CORS preflight, answered by the gateway itself for any path as API Gateway does once CORS is configured:
     * the origin echoed with what it may send, or, for an origin not allowed, no CORS headers at all.
     */
    private Answer preflight(String origin) {
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        if (cors.allows(origin)) {
            headers.put("Access-Control-Allow-Origin", origin);
            headers.put("Access-Control-Allow-Methods", String.join(",", CorsPolicy.ALLOWED_METHODS));
            headers.put("Access-Control-Allow-Headers", String.join(",", CorsPolicy.ALLOWED_HEADERS));
            headers.put("Access-Control-Max-Age", Integer.toString(CorsPolicy.MAX_AGE_SECONDS));
        }
        headers.put("X-DynamoDB-Requests", "0");
        return new Answer(204, headers, new byte[0]);
    }

    private void finish(Request request, Response response, Callback callback, String method, String rawPath,
                        String origin, Answer answer, long started) {
        response.setStatus(answer.status());
        answer.headers().forEach((k, v) -> response.getHeaders().put(k, v));
        // API Gateway names every answer's request id, its own answers' too; a function's answer has it as X-Request-Id.
        response.getHeaders().put(HttpConventions.GATEWAY_REQUEST_ID,
                answer.headers().getOrDefault(HttpConventions.REQUEST_ID, requestId()));
        if (cors.allows(origin)) {
            // API Gateway adds the origin to every answer of an allowed cross-origin request.
            response.getHeaders().put("Access-Control-Allow-Origin", origin);
            response.getHeaders().put("Access-Control-Expose-Headers", String.join(",", CorsPolicy.EXPOSED_HEADERS));
            String vary = answer.headers().get("Vary");
            response.getHeaders().put("Vary", vary == null ? "Origin" : vary + ", Origin");
        }
        boolean empty = answer.body().length == 0 || answer.status() == 204 || "HEAD".equals(method);
        if (!empty) {
            response.getHeaders().put("Content-Length", Integer.toString(answer.body().length));
        }
        response.write(true, empty ? ByteBuffer.allocate(0) : ByteBuffer.wrap(answer.body()), callback);
        if (!quiet) {
            System.out.printf("%s %s %d %dms ddb=%s%n", method, rawPath, answer.status(),
                    (System.nanoTime() - started) / 1_000_000, answer.headers().getOrDefault("X-DynamoDB-Requests", "0"));
        }
    }

    /**
     * What Jetty's own refusals answer: a request it could not parse is the client's malformed request, which the
     * deployed edge refuses with a 4xx, so Jetty's 505 (an unknown protocol version) or 501 becomes a 400. No client
     * input may draw a 5xx; only a failure that is no parse error ({@code cause} not an {@link HttpException}) stays one.
     */
    static int errorStatus(int status, Object cause) {
        if (status < 400 || status >= 500 && (cause == null || cause instanceof HttpException)) {
            return 400;
        }
        return status;
    }

    /** Jetty's refusal as one of the gateway's own answers ({@link #message}): its request id named as every answer's. */
    private static void writeJson(Response response, int status, Callback callback) {
        Answer answer = message(status, status == 400 ? "Bad Request" : HttpStatus.getMessage(status));
        response.setStatus(status);
        answer.headers().forEach((k, v) -> response.getHeaders().put(k, v));
        response.getHeaders().put(HttpConventions.GATEWAY_REQUEST_ID, answer.headers().get(HttpConventions.REQUEST_ID));
        response.write(true, ByteBuffer.wrap(answer.body()), callback);
    }

    /** One request through routing, authorization and the handler, as API Gateway would run it. */
    /** The local stack's own routes beside the API ({@code GET /_local/pushes}): never in the route table, never deployed. */
    private volatile Map<String, java.util.function.Function<String, Answer>> localRoutes = Map.of();

    void localRoute(String path, java.util.function.Function<String, Answer> answer) {
        Map<String, java.util.function.Function<String, Answer>> routes = new java.util.HashMap<>(localRoutes);
        routes.put(path, answer);
        localRoutes = Map.copyOf(routes);
    }

    public Answer call(String method, String rawPath, String rawQuery, Map<String, List<String>> headers, byte[] body, String sourceIp) {
        java.util.function.Function<String, Answer> local = "GET".equals(method) ? localRoutes.get(rawPath) : null;
        if (local != null) {
            return local.apply(rawQuery);
        }
        Route route = RouteTable.match(method, rawPath);
        if (route == null) {
            return message(404, "Not Found");
        }
        Map<String, String> claims = null;
        if (route.access() != Access.PUBLIC) {
            BearerToken.Verdict verdict = BearerToken.verify(header(headers, "authorization"), Instant.now());
            if (verdict.problem() != null) {
                // As API Gateway's JWT authorizer answers: its own body, and why in WWW-Authenticate.
                Answer refused = message(401, "Unauthorized");
                refused.headers().put("WWW-Authenticate", verdict.problem().challenge());
                return refused;
            }
            claims = verdict.claims();
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
        RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler = handlers.computeIfAbsent(route.function(),
                f -> FunctionInstances.<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>of(f).get());
        RequestMeter.reset();
        APIGatewayV2HTTPResponse response;
        long invoked = System.nanoTime();
        long cpuAtInvoke = THREADS.getCurrentThreadCpuTime();
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
        // The handler's own run time, what Lambda bills as duration: the benchmark's cost model reads it.
        out.put(FUNCTION_DURATION_HEADER, Long.toString((System.nanoTime() - invoked) / 1_000));
        if (cpuAtInvoke >= 0) {
            out.put(FUNCTION_CPU_HEADER, Long.toString((THREADS.getCurrentThreadCpuTime() - cpuAtInvoke) / 1_000));
        }
        return withCost(new Answer(response.getStatusCode(), out, bytes));
    }

    /** Microseconds the function's handler ran for this request (the local stack only, as the X-DynamoDB-* headers). */
    public static final String FUNCTION_DURATION_HEADER = "X-Local-Function-Micros";
    /**
     * Of those, the microseconds of CPU the handler's thread used: its own work, without the waits for a core on a
     * shared machine (a Lambda environment has its CPU share to itself) or the engine's work on the engine's threads.
     */
    public static final String FUNCTION_CPU_HEADER = "X-Local-Function-Cpu-Micros";
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    /**
     * Of those, the microseconds its DynamoDB attempts spent between sent and answered: the loopback and the in-process
     * engine's own work, which in AWS is the network and the service, not the function's run time.
     */
    public static final String DYNAMODB_WIRE_HEADER = "X-Local-DynamoDB-Wire-Micros";
    /** The DynamoDB HTTP attempts the handler made, its calls' retries included. */
    public static final String DYNAMODB_ATTEMPTS_HEADER = "X-Local-DynamoDB-Attempts";

    /** The request-cost headers: what handling this request asked of DynamoDB. */
    private static Answer withCost(Answer answer) {
        RequestMeter.Usage usage = RequestMeter.usage();
        answer.headers().put("X-DynamoDB-Requests", Integer.toString(usage.requests()));
        answer.headers().put(DYNAMODB_ATTEMPTS_HEADER, Integer.toString(usage.attempts()));
        answer.headers().put(DYNAMODB_WIRE_HEADER, Long.toString(usage.wireNanos() / 1_000));
        if (usage.capacityReported()) {
            answer.headers().put("X-DynamoDB-Read-Units", units(usage.readUnits()));
            answer.headers().put("X-DynamoDB-Write-Units", units(usage.writeUnits()));
        }
        return answer;
    }

    private static String units(double u) {
        return u == Math.rint(u) ? Long.toString((long) u) : Double.toString(u);
    }

    /** A request header's first value, its name in any case; null when absent. */
    static String header(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
                return e.getValue().get(0);
            }
        }
        return null;
    }

    /**
     * An answer the gateway makes itself (its 401s, an unknown route's 404): like every answer, it names its request id
     * in the body and in X-Request-Id (and so apigw-requestid), so that a client can quote it.
     */
    static Answer message(int status, String message) {
        String id = requestId();
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        headers.put("content-type", "application/json");
        headers.put("X-DynamoDB-Requests", "0");
        headers.put(HttpConventions.REQUEST_ID, id);
        return new Answer(status, headers, ("{\"message\":\"" + message + "\",\"requestId\":\"" + id + "\"}")
                .getBytes(StandardCharsets.UTF_8));
    }

    /** API Gateway's request ids look like this (Bc1aXj0ZoAMEVxw=): 11 bytes, 15 base64 characters and one '='. */
    private static String requestId() {
        byte[] b = new byte[11];
        RANDOM.nextBytes(b);
        return Base64.getEncoder().encodeToString(b);
    }
}

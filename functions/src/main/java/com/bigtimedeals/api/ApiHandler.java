package com.bigtimedeals.api;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;

import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.lambda.ColdStart;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.lambda.TableUse;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.service.IdempotencyKey;
import com.bigtimedeals.service.IdempotencyService;
import com.bigtimedeals.service.Keyed;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpApiEvents;
import com.bigtimedeals.topology.HttpConventions;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;

import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * What every API handler shares: find the route in the route table, check the caller, run one operation,
 * map domain outcomes to status codes, and log one line per request. Subclasses only dispatch.
 */
public abstract class ApiHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>, Resource {
    private static final Logger LOG = LoggerFactory.getLogger(ApiHandler.class);

    private final LambdaFunction function;
    private final Clock clock;
    private final IdempotencyService idempotency;
    private final ColdStart coldStart;

    protected ApiHandler(LambdaFunction function, FunctionRuntime runtime) {
        this.function = function;
        this.clock = runtime.clock();
        this.idempotency = runtime.idempotency();
        this.coldStart = new ColdStart(runtime.initializationType());
        Core.getGlobalContext().register(this);
    }

    /** The function this handler serves, as the topology describes it. */
    public final LambdaFunction function() {
        return function;
    }

    /** Runs one operation of this handler's routes. */
    abstract Reply handle(Operation operation, ApiRequest request);

    /**
     * A read-only request on a representative path, run before the SnapStart snapshot. It must answer 200
     * on any table, even the empty one of a first deploy, so that the success path is what gets primed.
     */
    abstract APIGatewayV2HTTPEvent primingEvent();

    @Override
    public final APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        // The correlation id is set from the request id directly rather than through a JMESPath over the
        // event, which would serialize the whole event with reflection on every request.
        return PowertoolsLogging.withLogging(context, () -> serve(event, context));
    }

    private APIGatewayV2HTTPResponse serve(APIGatewayV2HTTPEvent event, Context context) {
        long started = System.nanoTime();
        TableUse.start();
        String requestId = event.getRequestContext() != null && event.getRequestContext().getRequestId() != null
                ? event.getRequestContext().getRequestId() : context.getAwsRequestId();
        MDC.put("correlation_id", requestId);
        coldStart.mark();
        Route route = RouteTable.byRouteKey(event.getRouteKey());
        Instant now = clock.instant();
        Reply reply = answer(() -> {
            if (route == null || route.function() != function) {
                throw new HttpFailure(404, ErrorCode.NOT_FOUND, "Not Found");
            }
            Caller caller = authorize(route, event, now);
            JsonMediaType.require(event.getBody(), event.getHeaders());
            ApiRequest request = new ApiRequest(event, caller, now, body(route.operation(), event, now));
            String key = "POST".equals(route.method()) ? HttpAnswers.header(event, "idempotency-key") : null;
            if (key == null) {
                return handle(route.operation(), request);
            }
            return idempotently(route, event, caller, key, context, request);
        }, requestId);
        APIGatewayV2HTTPResponse response = HttpAnswers.write(route, event, reply, requestId, now);
        TableUse.Spent spent = TableUse.spent();
        LOG.info("request",
                entry("route", route == null ? event.getRouteKey() : route.routeKey()),
                entry("status", response.getStatusCode()),
                entry("dynamodbRequests", spent.requests()),
                entry("readUnits", spent.readUnits()),
                entry("writeUnits", spent.writeUnits()),
                entry("latencyMs", (System.nanoTime() - started) / 1_000_000));
        return response;
    }

    /** Runs {@code work}, mapping every outcome to an answer: domain outcomes to their 4xx, failures to a bare 5xx. */
    private static Reply answer(Supplier<Reply> work, String requestId) {
        try {
            return work.get();
        } catch (DomainException e) {
            return new Reply(status(e), Json.error(e, requestId));
        } catch (HttpFailure e) {
            Reply r = new Reply(e.status(), Json.error(e.getMessage(), e.code(), null, requestId));
            return new Reply(r.status(), r.body(), null, e.headers());
        } catch (IdempotencyService.Refused e) {
            boolean reused = IdempotencyService.Refused.KEY_REUSED.equals(e.why());
            Reply r = new Reply(reused ? 422 : 409, Json.error(reused
                    ? "this Idempotency-Key was first used with a different request; use a new key for a new request"
                    : "the first request with this Idempotency-Key is still running; retry it shortly",
                    reused ? ErrorCode.IDEMPOTENCY_KEY_REUSED : ErrorCode.IDEMPOTENCY_KEY_IN_USE,
                    HttpConventions.IDEMPOTENCY_KEY, requestId));
            return reused ? r : new Reply(r.status(), r.body(), null,
                    Map.of("Retry-After", Integer.toString(HttpConventions.RETRY_AFTER_SECONDS)));
        } catch (IdempotencyService.LegacyReplay e) {
            // A repeat of a request the code before typed results answered: that answer again, status and body.
            return new Reply(e.status(), e.body(), null, Map.of()).replayed();
        } catch (RuntimeException e) {
            TableUse.Failure failure = TableUse.failure(e);
            LOG.error(failure == TableUse.Failure.OTHER ? "request failed" : "DynamoDB request failed", e);
            // Throttled, or held by another transaction past the code's own retries: the client may try again.
            boolean busy = failure == TableUse.Failure.BUSY;
            return new Reply(busy ? 503 : 500, Json.failure(busy ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL, requestId));
        }
    }

    /**
     * A POST with an {@code Idempotency-Key}: run once per caller, key and request (method, path, body), answered the
     * same within 24 hours (IdempotencyService). Central, so every POST route has it without code of its own. An
     * operation with a request budget ({@link Operation#carriesIdempotencyKey}) is handed the key, and its service
     * runs it under the key inside the operation's own read and transaction and answers a typed {@link Keyed} result;
     * every other runs claimed here, its answer (status, body, headers) being the result its record keeps.
     */
    private Reply idempotently(Route route, APIGatewayV2HTTPEvent event, Caller caller, String key, Context context,
                               ApiRequest request) {
        if (!HttpConventions.isIdempotencyKey(key)) {
            throw DomainException.invalid(HttpConventions.IDEMPOTENCY_KEY, HttpConventions.IDEMPOTENCY_KEY
                    + " must be 1 to " + HttpConventions.IDEMPOTENCY_KEY_MAX + " printable ASCII characters");
        }
        // Per caller: a signed-in route's user; a public POST (none today) would be keyed by the client's address.
        String scope = caller != null ? "user:" + caller.username()
                : "ip:" + event.getRequestContext().getHttp().getSourceIp();
        long lease = function.timeoutSeconds() * 1000L + 1000;
        // Wait for a concurrent request with the key while this invocation still has time to answer.
        long wait = Math.max(0, Math.min(lease, context.getRemainingTimeInMillis() - 1500L));
        IdempotencyKey idempotencyKey = new IdempotencyKey(scope, key, fingerprint(route, event), request.now(), lease, wait);
        if (route.operation().carriesIdempotencyKey()) {
            return handle(route.operation(), request.carrying(idempotencyKey));
        }
        // A refusal or failure is thrown through, so that the key is given back and the answer mapped below.
        return request.answer(idempotency.claimed(idempotencyKey, ReplyRecording.INSTANCE,
                () -> handle(route.operation(), request)), (reply, at) -> reply);
    }

    /** The request a key was first used with: method, path and the exact body. */
    private static String fingerprint(Route route, APIGatewayV2HTTPEvent event) {
        try {
            java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
            sha.update((route.method() + " " + event.getRawPath() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            if (event.getBody() != null) {
                sha.update(event.getIsBase64Encoded() ? java.util.Base64.getDecoder().decode(event.getBody())
                        : event.getBody().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            return java.util.Base64.getEncoder().encodeToString(sha.digest());
        } catch (java.security.NoSuchAlgorithmException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot fingerprint the request", e);
        }
    }

    /** The body read by the operation's declaration; a route without one takes no body. */
    private static JsonBody body(Operation operation, APIGatewayV2HTTPEvent event, Instant now) {
        if (operation.body() != null) {
            return JsonBody.parse(event.getBody(), event.getIsBase64Encoded(), operation.body(), now);
        }
        // Checked here, not in JsonBody: a GET must not load the JSON parser at cold start.
        if (event.getBody() != null && !event.getBody().isBlank()) {
            JsonBody.requireNone(event.getBody(), event.getIsBase64Encoded());
        }
        return null;
    }

    private static Caller authorize(Route route, APIGatewayV2HTTPEvent event, Instant now) {
        if (route.access() == Access.PUBLIC) {
            return null;
        }
        Caller caller = Caller.signedIn(event, now);
        if (route.access() == Access.EDITOR && !caller.isEditor()) {
            throw HttpFailure.forbidden();
        }
        return caller;
    }

    private static int status(DomainException e) {
        return switch (e.kind()) {
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case INVALID -> 400;
            case FORBIDDEN -> 403;
            case UNAVAILABLE -> 503;
            case STALE -> 412;
        };
    }

    @Override
    public void beforeCheckpoint(org.crac.Context<? extends Resource> context) {
        // Runs the whole request path once (JSON, routing, SDK marshalling, HTTP client, logging) so that the
        // snapshot holds loaded, initialised classes instead of paying for them on the first real request.
        APIGatewayV2HTTPResponse primed = prime();
        if (primed.getStatusCode() != 200) {
            // Not fatal: the snapshot is still correct, only less warm. Failing it would fail the deploy.
            // PrimingTest holds every function's priming to a 200.
            LOG.warn("priming answered {}", primed.getStatusCode());
        }
    }

    /** This handler's cold-start mark, a restore hook of its own. */
    ColdStart coldStart() {
        return coldStart;
    }

    /** One priming request; PrimingTest holds it to a 200 that writes nothing. */
    APIGatewayV2HTTPResponse prime() {
        return handleRequest(primingEvent(), new SyntheticContext("snapstart-priming", function.id(), 10_000));
    }

    @Override
    public void afterRestore(org.crac.Context<? extends Resource> context) {
        // Nothing captured here needs renewing: the credentials provider refreshes what it cached before the
        // snapshot once it is stale (DynamoDbClients); the front-page shard choice and the cold-start mark have
        // restore hooks of their own (ShardChoice, ColdStart).
    }

    /** A minimal API Gateway v2 event for priming, for a route of this handler. */
    static APIGatewayV2HTTPEvent primingRequest(String routeKey, boolean signedIn) {
        return HttpApiEvents.minimal(routeKey, Map.of(), signedIn
                ? HttpApiEvents.claims("snapstart-priming", java.util.List.of(Access.USERS_GROUP)) : null, "snapstart-priming");
    }
}

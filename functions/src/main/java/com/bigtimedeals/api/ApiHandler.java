package com.bigtimedeals.api;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.time.Clock;
import java.util.Map;

import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.data.RequestMeter;
import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.lambda.ColdStart;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpApiEvents;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * What every API handler shares: find the route in the route table, check the caller, run one operation,
 * map domain outcomes to status codes, and log one line per request. Subclasses only dispatch.
 */
public abstract class ApiHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>, Resource {
    /** Created on first use, not when the class loads: the container starts logging on a second thread (LoggingStart). */
    private static final class Log {
        static final Logger LOG = LoggerFactory.getLogger(ApiHandler.class);
    }
    private static final Map<String, String> JSON = Map.of("content-type", "application/json");

    private final LambdaFunction function;
    private final Clock clock;
    private final ColdStart coldStart;

    protected ApiHandler(LambdaFunction function, FunctionRuntime runtime) {
        this.function = function;
        this.clock = runtime.clock();
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
        RequestMeter.reset();
        String requestId = event.getRequestContext() != null && event.getRequestContext().getRequestId() != null
                ? event.getRequestContext().getRequestId() : context.getAwsRequestId();
        MDC.put("correlation_id", requestId);
        coldStart.mark();
        Route route = RouteTable.byRouteKey(event.getRouteKey());
        APIGatewayV2HTTPResponse response;
        try {
            if (route == null || route.function() != function) {
                throw new HttpFailure(404, ErrorCode.NOT_FOUND, "Not Found");
            }
            Caller caller = authorize(route, event);
            JsonMediaType.require(event.getBody(), event.getHeaders());
            Reply reply = handle(route.operation(), new ApiRequest(event, caller, clock.instant()));
            response = respond(reply.status(), reply.body());
        } catch (DomainException e) {
            response = respond(status(e), Json.error(e));
        } catch (HttpFailure e) {
            response = respond(e.status(), Json.error(e.getMessage(), e.code(), null));
        } catch (AwsServiceException e) {
            boolean throttled = e.isThrottlingException();
            Log.LOG.error("DynamoDB request failed", e);
            response = respond(throttled ? 503 : 500, Json.failure(throttled ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL, requestId));
        } catch (RuntimeException e) {
            Log.LOG.error("request failed", e);
            response = respond(500, Json.failure(ErrorCode.INTERNAL, requestId));
        }
        RequestMeter.Usage usage = RequestMeter.usage();
        Log.LOG.info("request",
                entry("route", route == null ? event.getRouteKey() : route.routeKey()),
                entry("status", response.getStatusCode()),
                entry("dynamodbRequests", usage.requests()),
                entry("readUnits", usage.readUnits()),
                entry("writeUnits", usage.writeUnits()),
                entry("latencyMs", (System.nanoTime() - started) / 1_000_000));
        return response;
    }

    private Caller authorize(Route route, APIGatewayV2HTTPEvent event) {
        if (route.access() == Access.PUBLIC) {
            return null;
        }
        Caller caller = Caller.from(event, clock.instant());
        if (caller == null) {
            throw HttpFailure.unauthorized();
        }
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
        };
    }

    private static APIGatewayV2HTTPResponse respond(int status, JsonObject body) {
        return APIGatewayV2HTTPResponse.builder()
                .withStatusCode(status)
                .withHeaders(JSON)
                .withBody(body == null ? null : body.toJson())
                .withIsBase64Encoded(false)
                .build();
    }

    @Override
    public void beforeCheckpoint(org.crac.Context<? extends Resource> context) {
        // Runs the whole request path once (JSON, routing, SDK marshalling, HTTP client, logging) so that the
        // snapshot holds loaded, initialised classes instead of paying for them on the first real request.
        APIGatewayV2HTTPResponse primed = prime();
        if (primed.getStatusCode() != 200) {
            // Not fatal: the snapshot is still correct, only less warm. Failing it would fail the deploy.
            // PrimingTest holds every function's priming to a 200.
            Log.LOG.warn("priming answered {}", primed.getStatusCode());
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

package com.bigtimedeals.bench;

import java.util.Map;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.lambda.SyntheticContext;

/**
 * One cold start, in a fresh JVM whose classpath is the shaded function jar: construct the handler as Lambda
 * does, serve one real event against the engine over HTTP, and report times and classes loaded.
 * Arguments: handler class, route key, path parameter name and value (or "-"), signed-in (true/false), and
 * optionally a query string of one parameter ({@code name=value}, or "-") and a JSON body.
 */
public final class ColdStartProbe {
    private ColdStartProbe() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        ProbeTimes times = ProbeTimes.start();
        RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler =
                (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) Class.forName(args[0])
                        .getDeclaredConstructor().newInstance();
        times.constructed();
        String[] route = args[1].split(" ", 2);
        var context = APIGatewayV2HTTPEvent.RequestContext.builder().withRequestId("cold-start")
                .withRouteKey(args[1])
                .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(route[0]).withPath(route[1]).build());
        if (Boolean.parseBoolean(args[4])) {
            context.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                    .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
                            .withClaims(Map.of("cognito:username", "user1", "cognito:groups", "[users]")).build()).build());
        }
        String query = args.length > 5 && !"-".equals(args[5]) ? args[5] : null;
        String body = args.length > 6 ? args[6] : null;
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey(args[1])
                .withRawPath(route[1]).withRequestContext(context.build())
                .withPathParameters("-".equals(args[2]) ? null : Map.of(args[2], args[3]))
                .withRawQueryString(query)
                .withQueryStringParameters(query == null ? null : Map.of(query.split("=", 2)[0], query.split("=", 2)[1]))
                .withHeaders(body == null ? null : Map.of("content-type", "application/json"))
                .withBody(body)
                .build();
        APIGatewayV2HTTPResponse response = handler.handleRequest(event, SyntheticContext.of("cold-start"));
        times.answered(response.getStatusCode());
    }
}

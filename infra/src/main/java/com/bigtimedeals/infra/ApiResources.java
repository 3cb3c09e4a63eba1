package com.bigtimedeals.infra;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.data.Setting;
import com.bigtimedeals.data.Settings;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.CorsPolicy;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.services.apigatewayv2.CorsHttpMethod;
import software.amazon.awscdk.services.apigatewayv2.CorsPreflightOptions;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.apigatewayv2.HttpMethod;
import software.amazon.awscdk.services.apigatewayv2.HttpNoneAuthorizer;
import software.amazon.awscdk.services.apigatewayv2.HttpRoute;
import software.amazon.awscdk.services.apigatewayv2.HttpRouteKey;
import software.amazon.awscdk.services.apigatewayv2.HttpStage;
import software.amazon.awscdk.services.apigatewayv2.IHttpRouteAuthorizer;
import software.amazon.awscdk.services.apigatewayv2.LogGroupLogDestination;
import software.amazon.awscdk.services.apigatewayv2.ThrottleSettings;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;

/**
 * The HTTP API: one function per API handler and access level (a handler's read routes run in a function that can
 * only read), and the API built from the route table behind the Cognito JWT authorizer, with CORS for the CMS,
 * stage throttling and JSON access logs.
 */
final class ApiResources {
    final HttpApi api;
    final HttpStage stage;
    final LogGroup accessLogs;

    ApiResources(Stack stack, StackContext context, DataResources data, Functions functions, Users users, CmsSite cms) {
        // One function per handler and access level: read routes never get write permissions.
        Map<LambdaFunction, Alias> readers = new EnumMap<>(LambdaFunction.class);
        Map<LambdaFunction, Alias> writers = new EnumMap<>(LambdaFunction.class);
        for (LambdaFunction f : LambdaFunction.api()) {
            List<Route> routes = RouteTable.of(f);
            if (routes.stream().anyMatch(r -> !r.writes())) {
                Function fn = functions.create(f.id() + "Read", f);
                data.table.grantReadData(fn);
                readers.put(f, Functions.live(fn));
            }
            if (routes.stream().anyMatch(Route::writes)) {
                Function fn = functions.create(f.id() + "Write", f);
                data.table.grantReadWriteData(fn);
                writers.put(f, Functions.live(fn));
            }
        }
        accessLogs = LogGroup.Builder.create(stack, "ApiAccessLogs").retention(RetentionDays.ONE_MONTH).build();
        // Deployed, the API allows the CMS's own origin, unless cdk.json names others (a custom domain in front of
        // it). The setting's default is for the local stack (a dev server on localhost), never for AWS.
        String corsOrigins = context.given(Setting.CORS_ORIGINS);
        CorsPolicy cors = new CorsPolicy(corsOrigins == null ? List.of(cms.origin()) : Setting.CORS_ORIGINS.list(corsOrigins));
        api = HttpApi.Builder.create(stack, "Api")
                .apiName("big-time-deals")
                .createDefaultStage(false)
                .corsPreflight(CorsPreflightOptions.builder()
                        .allowOrigins(cors.origins())
                        .allowHeaders(CorsPolicy.ALLOWED_HEADERS)
                        .exposeHeaders(CorsPolicy.EXPOSED_HEADERS)
                        .allowMethods(CorsPolicy.ALLOWED_METHODS.stream().map(CorsHttpMethod::valueOf).toList())
                        .maxAge(Duration.seconds(CorsPolicy.MAX_AGE_SECONDS))
                        .build())
                .build();
        Settings settings = context.settings();
        stage = HttpStage.Builder.create(stack, "DefaultStage")
                .httpApi(api)
                .stageName("$default")
                .autoDeploy(true)
                .throttle(ThrottleSettings.builder()
                        .rateLimit(settings.number(Setting.THROTTLE_RATE))
                        .burstLimit(settings.number(Setting.THROTTLE_BURST)).build())
                .accessLogSettings(new AccessLogs(new LogGroupLogDestination(accessLogs)))
                .build();
        IHttpRouteAuthorizer jwt = new HttpJwtAuthorizer("CognitoJwt", users.pool.getUserPoolProviderUrl(),
                HttpJwtAuthorizerProps.builder().jwtAudience(List.of(users.appClient.getUserPoolClientId(),
                        cms.client().getUserPoolClientId())).build());
        Map<Alias, HttpLambdaIntegration> integrations = new LinkedHashMap<>();
        for (Route route : RouteTable.ROUTES) {
            Alias target = (route.writes() ? writers : readers).get(route.function());
            HttpLambdaIntegration integration = integrations.computeIfAbsent(target,
                    a -> new HttpLambdaIntegration(a.getNode().getScope().getNode().getId() + "Integration", a));
            HttpRoute r = HttpRoute.Builder.create(stack, "Route " + route.routeKey())
                    .httpApi(api)
                    .routeKey(HttpRouteKey.with(route.path(), HttpMethod.valueOf(route.method())))
                    .integration(integration)
                    .authorizer(route.access() == Access.PUBLIC ? new HttpNoneAuthorizer() : jwt)
                    .build();
            if (route.access() == Access.PUBLIC) {
                NagSuppressions.addResourceSuppressions(r, List.of(NagPackSuppression.builder().id("AwsSolutions-APIG4")
                        .reason("Public read route of the contract (" + route.routeKey() + "): browsing deals needs no sign-in.")
                        .build()));
            }
        }
    }
}

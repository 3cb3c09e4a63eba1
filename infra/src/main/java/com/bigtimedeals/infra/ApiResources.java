package com.bigtimedeals.infra;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.CorsPolicy;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.bigtimedeals.topology.RouteThrottle;
import com.bigtimedeals.topology.TableAccess;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.CfnResource;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.services.apigatewayv2.CfnStage;
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
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;

/**
 * The HTTP API: one function per API handler and access level (a handler's read routes run in a function that can
 * only read), and the API built from the route table behind the user pool's one Cognito JWT authorizer, with stage throttling, each costly route's own throttle ({@link RouteThrottle}) and
 * JSON access logs. CORS only for the origins cdk.json names: the CMS calls the API on its own origin.
 */
final class ApiResources {
    final HttpApi api;
    final HttpStage stage;
    final LogGroup accessLogs;
    private final Stack stack;
    private final Settings settings;
    private final Map<LambdaFunction, Alias> readers = new EnumMap<>(LambdaFunction.class);
    private final Map<LambdaFunction, Alias> writers = new EnumMap<>(LambdaFunction.class);

    ApiResources(Stack stack, StackContext context, DataResources data, Functions functions) {
        this.stack = stack;
        this.settings = context.settings();
        // One function per handler and access level: read routes never get write permissions, and each only what its
        // routes' code calls (TableAccess).
        Map<LambdaFunction, Integer> reserved = reservedConcurrency(settings);
        for (LambdaFunction f : LambdaFunction.api()) {
            List<Route> routes = RouteTable.of(f);
            if (routes.stream().anyMatch(r -> !r.writes())) {
                Function fn = functions.create(f.id() + "Read", f, reserved.get(f));
                data.grant(fn, TableAccess.of(f, false));
                readers.put(f, Functions.live(fn));
            }
            if (routes.stream().anyMatch(Route::writes)) {
                Function fn = functions.create(f.id() + "Write", f, reserved.get(f));
                data.grant(fn, TableAccess.of(f, true));
                writers.put(f, Functions.live(fn));
            }
        }
        accessLogs = LogGroup.Builder.create(stack, "ApiAccessLogs").retention(RetentionDays.ONE_MONTH).build();
        HttpApi.Builder builder = HttpApi.Builder.create(stack, "Api").apiName("big-time-deals").createDefaultStage(false);
        // Deployed, no browser origin needs CORS: the CMS reaches the API through its own distribution, and the mobile
        // app is no browser. Origins cdk.json names (a CMS dev server, another site) are allowed. The setting's
        // default is the local stack's (a dev server on localhost), never AWS's.
        String corsOrigins = context.given(Setting.CORS_ORIGINS);
        if (corsOrigins != null) {
            CorsPolicy cors = new CorsPolicy(Setting.CORS_ORIGINS.list(corsOrigins));
            builder.corsPreflight(CorsPreflightOptions.builder()
                    .allowOrigins(cors.origins())
                    .allowHeaders(CorsPolicy.ALLOWED_HEADERS)
                    .exposeHeaders(CorsPolicy.EXPOSED_HEADERS)
                    .allowMethods(CorsPolicy.ALLOWED_METHODS.stream().map(CorsHttpMethod::valueOf).toList())
                    .maxAge(Duration.seconds(CorsPolicy.MAX_AGE_SECONDS))
                    .build());
        }
        api = builder.build();
        stage = HttpStage.Builder.create(stack, "DefaultStage")
                .httpApi(api)
                .stageName("$default")
                .autoDeploy(true)
                .throttle(ThrottleSettings.builder()
                        .rateLimit(settings.number(Setting.THROTTLE_RATE))
                        .burstLimit(settings.number(Setting.THROTTLE_BURST)).build())
                .accessLogSettings(new AccessLogs(new LogGroupLogDestination(accessLogs)))
                .build();
    }

    /** {@link Setting#RESERVED_CONCURRENCY} read: each named API function's reserved executions. */
    static Map<LambdaFunction, Integer> reservedConcurrency(Settings settings) {
        Map<LambdaFunction, Integer> out = new EnumMap<>(LambdaFunction.class);
        for (String pair : Setting.RESERVED_CONCURRENCY.list(settings.value(Setting.RESERVED_CONCURRENCY))) {
            int eq = pair.indexOf('=');
            String id = eq < 0 ? pair : pair.substring(0, eq).trim();
            LambdaFunction f = LambdaFunction.api().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException(Setting.RESERVED_CONCURRENCY.contextKey() + " names " + id + ", which is no API function"));
            int n;
            try {
                n = Integer.parseInt(pair.substring(eq + 1).trim());
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                throw new IllegalArgumentException(Setting.RESERVED_CONCURRENCY.contextKey() + ": '" + pair + "' is not Function=N");
            }
            if (eq < 0 || n < 1) {
                throw new IllegalArgumentException(Setting.RESERVED_CONCURRENCY.contextKey() + ": '" + pair + "' is not Function=N with N at least 1");
            }
            out.put(f, n);
        }
        return out;
    }

    /**
     * Every route of the route table; every signed-in one behind the one JWT authorizer, which trusts the user pool's
     * tokens from either app client (the mobile app's, the CMS's). The handlers answer 403 on a /cms route to a token
     * without the editors group. The costly routes get their own throttle.
     */
    void routes(Users users, UserPoolClient cmsClient) {
        IHttpRouteAuthorizer signedIn = new HttpJwtAuthorizer("UsersJwt", users.pool.getUserPoolProviderUrl(),
                HttpJwtAuthorizerProps.builder()
                        .jwtAudience(List.of(users.appClient.getUserPoolClientId(), cmsClient.getUserPoolClientId())).build());
        Map<Alias, HttpLambdaIntegration> integrations = new LinkedHashMap<>();
        Map<String, Object> routeSettings = new LinkedHashMap<>();
        CfnStage cfnStage = (CfnStage) stage.getNode().getDefaultChild();
        for (Route route : RouteTable.ROUTES) {
            Alias target = (route.writes() ? writers : readers).get(route.function());
            HttpLambdaIntegration integration = integrations.computeIfAbsent(target,
                    a -> new HttpLambdaIntegration(a.getNode().getScope().getNode().getId() + "Integration", a));
            HttpRoute r = HttpRoute.Builder.create(stack, "Route " + route.routeKey())
                    .httpApi(api)
                    .routeKey(HttpRouteKey.with(route.path(), HttpMethod.valueOf(route.method())))
                    .integration(integration)
                    .authorizer(route.access() == Access.PUBLIC ? new HttpNoneAuthorizer() : signedIn)
                    .build();
            if (route.access() == Access.PUBLIC) {
                NagSuppressions.addResourceSuppressions(r, List.of(NagPackSuppression.builder().id("AwsSolutions-APIG4")
                        .reason("Public read route of the contract (" + route.routeKey() + "): browsing deals needs no sign-in.")
                        .build()));
            }
            RouteThrottle throttle = RouteThrottle.of(route.operation());
            if (throttle != null) {
                routeSettings.put(route.routeKey(), Map.of(
                        "ThrottlingRateLimit", settings.number(throttle.rate()),
                        "ThrottlingBurstLimit", settings.number(throttle.burst())));
                // A stage's route settings name routes that must exist first.
                cfnStage.addDependency((CfnResource) r.getNode().getDefaultChild());
            }
        }
        cfnStage.setRouteSettings(routeSettings);
    }
}

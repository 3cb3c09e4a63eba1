package com.bigtimedeals.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.CorsPolicy;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.bigtimedeals.data.ItemChanges;
import com.bigtimedeals.topology.StreamMapping;
import com.bigtimedeals.data.CursorCodec;
import com.bigtimedeals.stream.StreamHandler;
import com.bigtimedeals.data.Setting;
import com.bigtimedeals.data.TableDefinition;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.services.apigateway.AccessLogFormat;
import software.amazon.awscdk.services.apigatewayv2.CorsHttpMethod;
import software.amazon.awscdk.services.apigatewayv2.CorsPreflightOptions;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.apigatewayv2.HttpMethod;
import software.amazon.awscdk.services.apigatewayv2.HttpNoneAuthorizer;
import software.amazon.awscdk.services.apigatewayv2.HttpRoute;
import software.amazon.awscdk.services.apigatewayv2.HttpRouteKey;
import software.amazon.awscdk.services.apigatewayv2.HttpStage;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogDestination;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogSettings;
import software.amazon.awscdk.services.apigatewayv2.IHttpRouteAuthorizer;
import software.amazon.awscdk.services.apigatewayv2.LogGroupLogDestination;
import software.amazon.awscdk.services.apigatewayv2.ThrottleSettings;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.Dashboard;
import software.amazon.awscdk.services.cloudwatch.GraphWidget;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.LogQueryVisualizationType;
import software.amazon.awscdk.services.cloudwatch.LogQueryWidget;
import software.amazon.awscdk.services.cloudwatch.Metric;
import software.amazon.awscdk.services.cloudwatch.MetricProps;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.cloudwatch.MathExpression;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.PasswordPolicy;
import software.amazon.awscdk.services.cognito.SignInAliases;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.BillingMode;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexProps;
import software.amazon.awscdk.services.dynamodb.Operation;
import software.amazon.awscdk.services.dynamodb.OperationsMetricOptions;
import software.amazon.awscdk.services.dynamodb.PointInTimeRecoverySpecification;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.StreamViewType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.FilterCriteria;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.SnapStartConf;
import software.amazon.awscdk.services.lambda.StartingPosition;
import software.amazon.awscdk.services.lambda.Tracing;
import software.amazon.awscdk.services.lambda.eventsources.DynamoEventSource;
import software.amazon.awscdk.services.lambda.eventsources.SqsDlq;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.CfnQueryDefinition;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.secretsmanager.SecretStringGenerator;
import software.amazon.awscdk.services.sns.Topic;
import software.amazon.awscdk.services.sns.subscriptions.EmailSubscription;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;
import software.constructs.Construct;

/**
 * Big Time Deals in production: the table from the one table definition, one Lambda function per handler
 * and access level (a handler's read routes run in a function that can only read), the HTTP API generated
 * from the route table behind a Cognito JWT authorizer, the stream consumer, and alarms.
 */
public final class BigTimeDealsStack extends Stack {
    /** API functions: 1 GB buys enough CPU for a SnapStart restore and a few DynamoDB calls; 10 s is far above the budget. */
    static final int API_MEMORY_MB = 1024;
    static final int API_TIMEOUT_SECONDS = 10;
    /** The stream consumer gets a full vCPU (1,769 MB) for fan-out, and 5 minutes, of which the last 30 s are reserved for the checkpoint. */
    static final int STREAM_MEMORY_MB = 1769;
    static final int STREAM_TIMEOUT_SECONDS = StreamMapping.DEPLOYED.timeoutSeconds();
    /** Powertools' {@code service} on every log line, and so the dimension of the consumer's metrics. */
    static final String SERVICE_NAME = "bigtimedeals";

    /**
     * The HTTP API access log, one JSON object per request, with the {@code $context} variables HTTP APIs have.
     * A request the JWT authorizer rejects never reaches a function: {@code authorizerError} is the only record of why.
     */
    static final Map<String, String> ACCESS_LOG_FIELDS = accessLogFields();

    /** Logs Insights, over the access log group: why requests got 401 or 5xx (the README gives it to operators too). */
    static final String WHY_401_OR_5XX_QUERY = String.join("\n",
            "fields @timestamp, routeKey, status, authorizerError, integrationErrorMessage, errorMessage, requestId",
            "| filter status = \"401\" or status like /^5/",
            "| stats count(*) as requests, latest(requestId) as example by routeKey, status, authorizerError, integrationErrorMessage, errorMessage",
            "| sort requests desc");

    private final Table table;
    private final Secret cursorKey;
    private final Map<String, Function> functions = new LinkedHashMap<>();
    private final HttpApi api;
    private final Queue streamFailures;
    private final Topic alarmTopic;

    public BigTimeDealsStack(Construct scope, String id, StackProps props) {
        super(scope, id, props);
        table = table();
        Code code = Code.fromAsset(functionJar().toString());
        // Generated at deploy time, never in source: every function that signs cursors reads it once per container.
        cursorKey = Secret.Builder.create(this, "CursorSigningKey")
                .description("Signs Big Time Deals page cursors (HMAC-SHA256); read once per Lambda container")
                .generateSecretString(SecretStringGenerator.builder().passwordLength(64).excludePunctuation(true).build())
                .build();
        alarmTopic = Topic.Builder.create(this, "Alarms").displayName("Big Time Deals alarms").enforceSsl(true).build();
        String alarmEmail = Setting.ALARM_EMAIL.resolve(context(Setting.ALARM_EMAIL));
        if (alarmEmail != null) {
            alarmTopic.addSubscription(new EmailSubscription(alarmEmail));
        }

        UserPool users = UserPool.Builder.create(this, "Users")
                .selfSignUpEnabled(true)
                .signInAliases(SignInAliases.builder().email(true).username(true).build())
                .passwordPolicy(PasswordPolicy.builder().minLength(12).requireDigits(true).requireLowercase(true)
                        .requireUppercase(true).requireSymbols(true).tempPasswordValidity(Duration.days(3)).build())
                .accountRecovery(AccountRecovery.EMAIL_ONLY)
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
        UserPoolClient appClient = users.addClient("MobileAndCms", software.amazon.awscdk.services.cognito.UserPoolClientOptions.builder()
                .authFlows(AuthFlow.builder().userSrp(true).build())
                .generateSecret(false)
                .build());
        CfnUserPoolGroup.Builder.create(this, "Editors").userPoolId(users.getUserPoolId()).groupName("editors")
                .description("May call the /cms routes").build();

        // One function per handler and access level: read routes never get write permissions.
        Map<LambdaFunction, Alias> readers = new EnumMap<>(LambdaFunction.class);
        Map<LambdaFunction, Alias> writers = new EnumMap<>(LambdaFunction.class);
        for (LambdaFunction f : LambdaFunction.values()) {
            List<Route> routes = RouteTable.of(f);
            if (routes.stream().anyMatch(r -> !r.writes())) {
                Function fn = function(f.id() + "Read", f.handlerClass(), code, API_MEMORY_MB, API_TIMEOUT_SECONDS);
                table.grantReadData(fn);
                readers.put(f, live(fn));
            }
            if (routes.stream().anyMatch(Route::writes)) {
                Function fn = function(f.id() + "Write", f.handlerClass(), code, API_MEMORY_MB, API_TIMEOUT_SECONDS);
                table.grantReadWriteData(fn);
                writers.put(f, live(fn));
            }
        }

        // The editors' web app and its managed login.
        CmsSite cms = new CmsSite(this, "Cms", users);
        LogGroup accessLogs = LogGroup.Builder.create(this, "ApiAccessLogs").retention(RetentionDays.ONE_MONTH).build();
        // Deployed, the API allows the CMS's own origin, unless cdk.json names others (a custom domain in front of
        // it). The setting's default is for the local stack (a dev server on localhost), never for AWS.
        String corsOrigins = context(Setting.CORS_ORIGINS);
        CorsPolicy cors = new CorsPolicy(corsOrigins == null ? List.of(cms.origin()) : Setting.CORS_ORIGINS.list(corsOrigins));
        api = HttpApi.Builder.create(this, "Api")
                .apiName("big-time-deals")
                .createDefaultStage(false)
                .corsPreflight(CorsPreflightOptions.builder()
                        .allowOrigins(cors.origins())
                        .allowHeaders(CorsPolicy.ALLOWED_HEADERS)
                        .allowMethods(CorsPolicy.ALLOWED_METHODS.stream().map(CorsHttpMethod::valueOf).toList())
                        .maxAge(Duration.seconds(CorsPolicy.MAX_AGE_SECONDS))
                        .build())
                .build();
        HttpStage stage = HttpStage.Builder.create(this, "DefaultStage")
                .httpApi(api)
                .stageName("$default")
                .autoDeploy(true)
                .throttle(ThrottleSettings.builder()
                        .rateLimit(Setting.THROTTLE_RATE.number(context(Setting.THROTTLE_RATE)))
                        .burstLimit(Setting.THROTTLE_BURST.number(context(Setting.THROTTLE_BURST))).build())
                .accessLogSettings(new AccessLogs(new LogGroupLogDestination(accessLogs)))
                .build();
        IHttpRouteAuthorizer jwt = new HttpJwtAuthorizer("CognitoJwt", users.getUserPoolProviderUrl(),
                HttpJwtAuthorizerProps.builder().jwtAudience(List.of(appClient.getUserPoolClientId(),
                        cms.client().getUserPoolClientId())).build());
        Map<Alias, HttpLambdaIntegration> integrations = new LinkedHashMap<>();
        List<String> publicRoutes = new ArrayList<>();
        for (Route route : RouteTable.ROUTES) {
            Alias target = (route.writes() ? writers : readers).get(route.function());
            HttpLambdaIntegration integration = integrations.computeIfAbsent(target,
                    a -> new HttpLambdaIntegration(a.getNode().getScope().getNode().getId() + "Integration", a));
            HttpRoute r = HttpRoute.Builder.create(this, "Route " + route.routeKey())
                    .httpApi(api)
                    .routeKey(HttpRouteKey.with(route.path(), HttpMethod.valueOf(route.method())))
                    .integration(integration)
                    .authorizer(route.access() == Access.PUBLIC ? new HttpNoneAuthorizer() : jwt)
                    .build();
            if (route.access() == Access.PUBLIC) {
                publicRoutes.add(r.getNode().getPath());
                NagSuppressions.addResourceSuppressions(r, List.of(NagPackSuppression.builder().id("AwsSolutions-APIG4")
                        .reason("Public read route of the contract (" + route.routeKey() + "): browsing deals needs no sign-in.")
                        .build()));
            }
        }

        streamFailures = Queue.Builder.create(this, "StreamFailures")
                .encryption(QueueEncryption.SQS_MANAGED)
                .enforceSsl(true)
                .retentionPeriod(Duration.days(14))
                .build();
        NagSuppressions.addResourceSuppressions(streamFailures, List.of(NagPackSuppression.builder().id("AwsSolutions-SQS3")
                .reason("This queue is itself the stream consumer's on-failure destination; records land here for an operator.")
                .build()));
        Function consumer = function("StreamConsumer", "com.bigtimedeals.stream.StreamHandler", code, STREAM_MEMORY_MB,
                STREAM_TIMEOUT_SECONDS);
        table.grantReadWriteData(consumer);
        // Batches of 100 keep one batch's fan-out well inside the timeout; a factor of 10 lets blast segments
        // and fan-out work items of different keys run side by side while each item stays in order.
        // The mapping calls the published alias, so the consumer starts from its SnapStart snapshot too.
        live(consumer).addEventSource(DynamoEventSource.Builder.create(table)
                .startingPosition(StartingPosition.TRIM_HORIZON)
                .batchSize(StreamMapping.DEPLOYED.batchSize())
                .maxBatchingWindow(Duration.millis(StreamMapping.DEPLOYED.batchingWindowMillis()))
                .parallelizationFactor(StreamMapping.DEPLOYED.parallelizationFactor())
                .reportBatchItemFailures(true)
                .bisectBatchOnError(StreamMapping.DEPLOYED.bisectOnError())
                .retryAttempts(StreamMapping.DEPLOYED.retryAttempts())
                .maxRecordAge(Duration.hours(6))
                .onFailure(new SqsDlq(streamFailures))
                .filters(ItemChanges.CONSUMER_FILTERS.stream().map(FilterCriteria::filter).toList())
                .build());

        cms.deploy(api.getApiEndpoint());
        alarms(consumer, stage);
        sweeper(code);
        dashboard(consumer, stage, accessLogs);
        CfnQueryDefinition.Builder.create(this, "Why401Or5xx")
                .name("BigTimeDeals/why-401-or-5xx")
                .queryString(WHY_401_OR_5XX_QUERY)
                .logGroupNames(List.of(accessLogs.getLogGroupName()))
                .build();
        CfnOutput.Builder.create(this, "ApiAccessLogGroup").value(accessLogs.getLogGroupName())
                .description("HTTP API access logs (JSON); the saved Logs Insights query BigTimeDeals/why-401-or-5xx reads them").build();
        CfnOutput.Builder.create(this, "AlarmTopicArn").value(alarmTopic.getTopicArn())
                .description("Every alarm and its recovery notify this topic").build();
        CfnOutput.Builder.create(this, "ApiUrl").value(api.getApiEndpoint()).description("Point the mobile app and the CMS here").build();
        CfnOutput.Builder.create(this, "UserPoolId").value(users.getUserPoolId()).build();
        CfnOutput.Builder.create(this, "UserPoolClientId").value(appClient.getUserPoolClientId()).build();
        CfnOutput.Builder.create(this, "TableName").value(table.getTableName()).build();
        suppressions(users);
    }

    private static Map<String, String> accessLogFields() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("requestId", "$context.requestId");
        f.put("requestTime", "$context.requestTime");
        f.put("routeKey", "$context.routeKey");
        f.put("status", "$context.status");
        f.put("responseLatency", "$context.responseLatency");
        f.put("integrationLatency", "$context.integrationLatency");
        f.put("integrationStatus", "$context.integrationStatus");
        f.put("integrationErrorMessage", "$context.integrationErrorMessage");
        f.put("authorizerError", "$context.authorizer.error");
        f.put("errorMessage", "$context.error.message");
        f.put("ip", "$context.identity.sourceIp");
        f.put("userAgent", "$context.identity.userAgent");
        f.put("responseLength", "$context.responseLength");
        return java.util.Collections.unmodifiableMap(f);
    }

    private Table table() {
        Table t = Table.Builder.create(this, "Table")
                .partitionKey(Attribute.builder().name(TableDefinition.PARTITION_KEY).type(AttributeType.STRING).build())
                .sortKey(Attribute.builder().name(TableDefinition.SORT_KEY).type(AttributeType.STRING).build())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .stream(StreamViewType.NEW_AND_OLD_IMAGES)
                .timeToLiveAttribute(TableDefinition.TTL_ATTRIBUTE)
                .pointInTimeRecoverySpecification(PointInTimeRecoverySpecification.builder().pointInTimeRecoveryEnabled(true).build())
                .deletionProtection(true)
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
        for (TableDefinition.Index index : TableDefinition.INDEXES) {
            GlobalSecondaryIndexProps.Builder gsi = GlobalSecondaryIndexProps.builder()
                    .indexName(index.name())
                    .partitionKey(Attribute.builder().name(index.partitionKey()).type(AttributeType.STRING).build())
                    .projectionType(ProjectionType.valueOf(index.projection().name()));
            if (index.sortKey() != null) {
                gsi.sortKey(Attribute.builder().name(index.sortKey()).type(AttributeType.STRING).build());
            }
            if (!index.nonKeyAttributes().isEmpty()) {
                gsi.nonKeyAttributes(index.nonKeyAttributes());
            }
            t.addGlobalSecondaryIndex(gsi.build());
        }
        return t;
    }

    private Function function(String name, String handler, Code code, int memory, int timeoutSeconds) {
        LogGroup logs = LogGroup.Builder.create(this, name + "Logs").retention(RetentionDays.ONE_MONTH)
                .removalPolicy(RemovalPolicy.DESTROY).build();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TABLE_NAME", table.getTableName());
        // Every function gets every function setting, explicitly: the template shows what runs.
        for (Setting s : Setting.values()) {
            if (s.where() == Setting.Where.FUNCTIONS) {
                env.put(s.name(), s.resolve(context(s)));
            }
        }
        env.put("POWERTOOLS_SERVICE_NAME", SERVICE_NAME);
        env.put("POWERTOOLS_LOG_LEVEL", "INFO");
        env.put("POWERTOOLS_METRICS_NAMESPACE", StreamHandler.METRICS_NAMESPACE);
        // Every function signs cursors: the API functions for their pages, the consumer for the front page's.
        env.put(CursorCodec.SECRET_ARN_VARIABLE, cursorKey.getSecretArn());
        Function fn = Function.Builder.create(this, name)
                .runtime(Runtime.JAVA_21)
                .architecture(Architecture.ARM_64)
                .handler(handler)
                .code(code)
                .memorySize(memory)
                .timeout(Duration.seconds(timeoutSeconds))
                .snapStart(SnapStartConf.ON_PUBLISHED_VERSIONS)
                .tracing(Tracing.ACTIVE)
                .logGroup(logs)
                .environment(env)
                .build();
        cursorKey.grantRead(fn);
        functions.put(name, fn);
        return fn;
    }

    /**
     * The stalled-work sweeper (docs/fan-out.md): on a schedule, it touches resumable walks (blast segments,
     * handed-on fan-outs) that made no progress for two consumer timeouts, so their stream records come again.
     */
    private void sweeper(Code code) {
        Function sweep = function("StalledWorkSweeper", "com.bigtimedeals.stream.SweepHandler", code, 512, 60);
        table.grantReadWriteData(sweep);
        software.amazon.awscdk.services.events.Rule.Builder.create(this, "SweepSchedule")
                .schedule(software.amazon.awscdk.services.events.Schedule.rate(Duration.minutes(5)))
                .targets(List.of(new software.amazon.awscdk.services.events.targets.LambdaFunction(live(sweep))))
                .build();
    }

    /** SnapStart applies to published versions; the API calls an alias of the current version. */
    private static Alias live(Function fn) {
        software.amazon.awscdk.Annotations.of(fn).acknowledgeWarning("@aws-cdk/aws-lambda:snapStartRequirePublish",
                "Every caller reaches this function through its 'live' alias of a published version.");
        return Alias.Builder.create(fn, "Live").aliasName("live").version(fn.getCurrentVersion()).build();
    }

    private void alarms(Function consumer, HttpStage stage) {
        alarm("StreamFailuresArrived", streamFailures.metricApproximateNumberOfMessagesVisible(
                MetricOptions.builder().period(Duration.minutes(1)).statistic("Maximum").build()), 0,
                "A stream record exhausted its retries and landed in the on-failure queue");
        alarm("StreamIteratorAge", consumer.metric("IteratorAge", MetricOptions.builder().period(Duration.minutes(1))
                .statistic("Maximum").build()), 60_000, "The stream consumer is more than a minute behind");
        MathExpression errorRate = MathExpression.Builder.create()
                .expression("100 * errors / MAX([errors, requests])")
                .usingMetrics(Map.of("errors", api.metricServerError(MetricOptions.builder().statistic("Sum").build()),
                        "requests", api.metricCount(MetricOptions.builder().statistic("Sum").build())))
                .period(Duration.minutes(5))
                .build();
        alarm("Api5xxRate", errorRate, 1, "More than 1% of API requests answered 5xx");
        for (Map.Entry<String, Function> f : functions.entrySet()) {
            alarm(f.getKey() + "Errors", f.getValue().metricErrors(MetricOptions.builder().period(Duration.minutes(5))
                    .statistic("Sum").build()), 0, f.getKey() + " threw");
            alarm(f.getKey() + "Throttles", f.getValue().metricThrottles(MetricOptions.builder().period(Duration.minutes(5))
                    .statistic("Sum").build()), 0, f.getKey() + " was throttled");
        }
        alarm("TableThrottles", tableThrottles(), 0, "DynamoDB throttled requests");
    }

    /** A math expression takes at most 10 metrics: the operations this product actually uses. */
    private IMetric tableThrottles() {
        return table.metricThrottledRequestsForOperations(OperationsMetricOptions.builder()
                .operations(List.of(Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.SCAN,
                        Operation.PUT_ITEM, Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.BATCH_WRITE_ITEM,
                        Operation.TRANSACT_WRITE_ITEMS))
                .period(Duration.minutes(5)).build());
    }

    /**
     * One dashboard for the operator. Per-route requests, 4xx, 5xx and latency come from the access log (a Logs
     * Insights table), not from the stage's detailed metrics, which would be billed as a custom metric per
     * route and statistic; SnapStart restore duration exists only in each function's REPORT log line.
     */
    private void dashboard(Function consumer, HttpStage stage, LogGroup accessLogs) {
        Dashboard d = Dashboard.Builder.create(this, "Dashboard").defaultInterval(Duration.hours(3)).build();
        MetricOptions sum = MetricOptions.builder().statistic("Sum").period(Duration.minutes(1)).build();
        d.addWidgets(
                graph("API requests, 4xx, 5xx", List.of(api.metricCount(sum), api.metricClientError(sum), api.metricServerError(sum))),
                graph("API latency p50 / p99 (ms)", List.of(
                        api.metricLatency(MetricOptions.builder().statistic("p50").period(Duration.minutes(1)).build()),
                        api.metricLatency(MetricOptions.builder().statistic("p99").period(Duration.minutes(1)).build()))));
        d.addWidgets(LogQueryWidget.Builder.create()
                .title("Per route: requests, 4xx, 5xx, latency p50 / p99 (ms)")
                .logGroupNames(List.of(accessLogs.getLogGroupName()))
                .view(LogQueryVisualizationType.TABLE)
                .queryLines(List.of(
                        "parse status /^(?<clientError>4)/",
                        "| parse status /^(?<serverError>5)/",
                        "| stats count(*) as requests, count(clientError) as r4xx, count(serverError) as r5xx, "
                                + "pct(responseLatency, 50) as p50, pct(responseLatency, 99) as p99 by routeKey",
                        "| sort requests desc"))
                .width(24).height(8)
                .build());
        List<IMetric> durations = new ArrayList<>();
        List<IMetric> errors = new ArrayList<>();
        List<IMetric> throttles = new ArrayList<>();
        for (Map.Entry<String, Function> f : functions.entrySet()) {
            durations.add(f.getValue().metricDuration(MetricOptions.builder().statistic("p99").label(f.getKey()).build()));
            errors.add(f.getValue().metricErrors(MetricOptions.builder().statistic("Sum").label(f.getKey()).build()));
            throttles.add(f.getValue().metricThrottles(MetricOptions.builder().statistic("Sum").label(f.getKey()).build()));
        }
        d.addWidgets(graph("Lambda duration p99 (ms)", durations), graph("Lambda errors", errors), graph("Lambda throttles", throttles));
        d.addWidgets(LogQueryWidget.Builder.create()
                .title("SnapStart restores: count and restore duration p50 / p99 (ms), per function")
                .logGroupNames(functions.values().stream().map(fn -> fn.getLogGroup().getLogGroupName()).toList())
                .view(LogQueryVisualizationType.TABLE)
                .queryLines(List.of(
                        "filter @type = \"REPORT\"",
                        "| parse @message /Restore Duration: (?<restoreMs>[0-9.]+) ms/",
                        "| filter ispresent(restoreMs)",
                        "| stats count(*) as restores, pct(restoreMs, 50) as p50, pct(restoreMs, 99) as p99 by @log"))
                .width(24).height(6)
                .build());
        d.addWidgets(
                graph("Stream iterator age, max (ms)", List.of(consumer.metric("IteratorAge",
                        MetricOptions.builder().statistic("Maximum").period(Duration.minutes(1)).build()))),
                graph("Messages written and record failures", List.of(
                        new Metric(MetricProps.builder().namespace(StreamHandler.METRICS_NAMESPACE)
                                .metricName(StreamHandler.MESSAGES_WRITTEN).statistic("Sum").period(Duration.minutes(1))
                                .dimensionsMap(Map.of(StreamHandler.METRICS_DIMENSION, SERVICE_NAME)).build()),
                        new Metric(MetricProps.builder().namespace(StreamHandler.METRICS_NAMESPACE)
                                .metricName(StreamHandler.RECORD_FAILURES).statistic("Sum").period(Duration.minutes(1))
                                .dimensionsMap(Map.of(StreamHandler.METRICS_DIMENSION, SERVICE_NAME)).build()))),
                graph("On-failure queue depth", List.of(streamFailures.metricApproximateNumberOfMessagesVisible(
                        MetricOptions.builder().statistic("Maximum").period(Duration.minutes(1)).build()))));
        d.addWidgets(
                graph("Table consumed read / write units", List.of(
                        table.metricConsumedReadCapacityUnits(sum), table.metricConsumedWriteCapacityUnits(sum))),
                graph("Table throttled requests", List.of(tableThrottles())));
    }

    private static GraphWidget graph(String title, List<IMetric> metrics) {
        return GraphWidget.Builder.create().title(title).left(metrics).width(metrics.size() > 3 ? 8 : 12).height(6).build();
    }

    /** Every alarm notifies the topic when it fires and again when it recovers, so a person knows both. */
    private void alarm(String id, IMetric metric, double threshold, String description) {
        Alarm alarm = Alarm.Builder.create(this, id + "Alarm")
                .metric(metric)
                .threshold(threshold)
                .evaluationPeriods(1)
                .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
                .treatMissingData(TreatMissingData.NOT_BREACHING)
                .alarmDescription(description)
                .build();
        alarm.addAlarmAction(new SnsAction(alarmTopic));
        alarm.addOkAction(new SnsAction(alarmTopic));
    }

    private void suppressions(UserPool users) {
        NagSuppressions.addResourceSuppressions(cursorKey, List.of(NagPackSuppression.builder().id("AwsSolutions-SMG4")
                .reason("The cursor-signing key is read once per container and baked into SnapStart snapshots; rotating it "
                        + "would invalidate every cursor in flight. Replace it deliberately by redeploying after deleting the secret.")
                .build()));
        NagSuppressions.addResourceSuppressions(alarmTopic, List.of(NagPackSuppression.builder().id("AwsSolutions-SNS2")
                .reason("Alarm notifications carry alarm names and metric values only; CloudWatch cannot publish to a topic "
                        + "encrypted with the AWS-managed SNS key, and a customer key for this is not worth its cost.")
                .build()));
        NagSuppressions.addResourceSuppressions(users, List.of(
                NagPackSuppression.builder().id("AwsSolutions-COG2").reason("Shoppers sign in from the mobile app; MFA is "
                        + "offered by the app, not forced on every deal browser. Editors are enrolled in MFA by the operator.").build(),
                NagPackSuppression.builder().id("AwsSolutions-COG3").reason("Threat protection (advanced security) is a paid "
                        + "Cognito feature plan the operator turns on per account; the pool works the same either way.").build()));
        for (Function fn : functions.values()) {
            NagSuppressions.addResourceSuppressions(fn, List.of(
                    NagPackSuppression.builder().id("AwsSolutions-IAM4")
                            .reason("AWSLambdaBasicExecutionRole only lets the function write its own logs.")
                            .appliesTo(List.of("Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"))
                            .build(),
                    NagPackSuppression.builder().id("AwsSolutions-IAM5")
                            .reason("grantReadData/grantReadWriteData scope DynamoDB to this table and its indexes (index/*); "
                                    + "X-Ray's PutTraceSegments/PutTelemetryRecords accept no resource but *.")
                            .appliesTo(List.of("Resource::<" + getLogicalId((software.amazon.awscdk.CfnElement) table.getNode().getDefaultChild()) + ".Arn>/index/*",
                                    "Resource::*"))
                            .build(),
                    NagPackSuppression.builder().id("AwsSolutions-L1")
                            .reason("Java 21 is the newest Java runtime with SnapStart that this code is built and tested for.")
                            .build()), true);
        }
    }

    /** The {@code cdk.json} (or {@code -c}) override of a setting, or null: the setting's own default applies. */
    private String context(Setting setting) {
        Object v = getNode().tryGetContext(setting.contextKey());
        return v == null ? null : v.toString();
    }

    /** The shaded jar the functions module builds; the reactor builds it before this module. */
    static Path functionJar() {
        for (String candidate : List.of("functions/target/bigtimedeals-functions.jar", "../functions/target/bigtimedeals-functions.jar")) {
            Path p = Path.of(candidate);
            if (Files.exists(p)) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("functions/target/bigtimedeals-functions.jar is missing: run mvn package first");
    }

    /** JSON access logs with the HTTP API fields of {@link #ACCESS_LOG_FIELDS}. */
    private static final class AccessLogs implements IAccessLogSettings {
        private final IAccessLogDestination destination;

        AccessLogs(IAccessLogDestination destination) {
            this.destination = destination;
        }

        @Override
        public IAccessLogDestination getDestination() {
            return destination;
        }

        @Override
        public AccessLogFormat getFormat() {
            StringBuilder json = new StringBuilder("{");
            for (Map.Entry<String, String> f : ACCESS_LOG_FIELDS.entrySet()) {
                // Every value quoted: API Gateway writes "-" for a missing one, which would break bare numbers.
                json.append(json.length() > 1 ? "," : "").append('"').append(f.getKey()).append("\":\"").append(f.getValue()).append('"');
            }
            return AccessLogFormat.custom(json.append('}').toString());
        }
    }
}

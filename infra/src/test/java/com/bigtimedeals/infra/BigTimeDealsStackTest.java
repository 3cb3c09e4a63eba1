package com.bigtimedeals.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Metrics;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/** The synthesized template, checked offline; one synth shared by every test (jsii starts once). */
@Tag("deployment")
class BigTimeDealsStackTest {
    static BigTimeDealsStack stack;
    static Template template;

    static Map<String, Object> cdkJsonContext;

    @BeforeAll
    static synchronized void synth() throws Exception {
        if (template != null) {
            return; // one synth per JVM, shared with DeployedStateTest
        }
        // The context the CLI would pass: what is tested is what `cdk deploy` deploys.
        cdkJsonContext = cdkJsonContext();
        App app = App.Builder.create().context(cdkJsonContext).build();
        stack = new BigTimeDealsStack(app, "BigTimeDeals", StackProps.builder().build());
        Aspects.of(app).add(new AwsSolutionsChecks());
        app.synth();
        template = Template.fromStack(stack);
    }

    /** The shared template's resources by logical id, synthesized once per JVM. */
    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> resources() throws Exception {
        if (template == null) {
            synth();
        }
        return (Map<String, Map<String, Object>>) new ObjectMapper().convertValue(template.toJSON(), Map.class).get("Resources");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> cdkJsonContext() throws java.io.IOException {
        Map<String, Object> cdkJson = new ObjectMapper().readValue(Path.of("..", "cdk.json").toFile(), Map.class);
        return (Map<String, Object>) cdkJson.get("context");
    }

    /** The value the stack deploys for a setting: cdk.json's override if it names one, else the setting's default. */
    static String deployed(Setting setting) {
        Object v = cdkJsonContext.get(setting.contextKey());
        return setting.resolve(v == null ? null : v.toString());
    }

    @Test
    void cdkJsonOverridesOnlySettingsThatExist() {
        Set<String> keys = new HashSet<>();
        for (Setting s : Setting.values()) {
            keys.add(s.contextKey());
        }
        for (String key : cdkJsonContext.keySet()) {
            assertTrue(keys.contains(key) || key.equals("cli-telemetry") || key.startsWith("@aws-cdk"),
                    "cdk.json names '" + key + "', which no Setting reads");
        }
    }

    @Test
    void theTableIsTheOneTableDefinition() {
        List<Map<String, Object>> gsis = new ArrayList<>();
        for (TableDefinition.Index index : TableDefinition.INDEXES) {
            List<Object> keys = new ArrayList<>(List.of(Map.of("AttributeName", index.partitionKey(), "KeyType", "HASH")));
            if (index.sortKey() != null) {
                keys.add(Map.of("AttributeName", index.sortKey(), "KeyType", "RANGE"));
            }
            Map<String, Object> projection = index.nonKeyAttributes().isEmpty()
                    ? Map.of("ProjectionType", index.projection().name())
                    : Map.of("ProjectionType", index.projection().name(), "NonKeyAttributes", index.nonKeyAttributes());
            gsis.add(Map.of("IndexName", index.name(), "KeySchema", keys, "Projection", projection));
        }
        template.hasResource("AWS::DynamoDB::Table", Map.of(
                "DeletionPolicy", "Retain",
                "Properties", Map.of(
                        "KeySchema", List.of(Map.of("AttributeName", "PK", "KeyType", "HASH"), Map.of("AttributeName", "SK", "KeyType", "RANGE")),
                        "BillingMode", "PAY_PER_REQUEST",
                        "StreamSpecification", Map.of("StreamViewType", TableDefinition.streamView().toString()),
                        "PointInTimeRecoverySpecification", Map.of("PointInTimeRecoveryEnabled", true),
                        "DeletionProtectionEnabled", true,
                        "GlobalSecondaryIndexes", Match.arrayWith(gsis.stream().map(g -> (Object) Match.objectLike(g)).toList()))));
        template.resourceCountIs("AWS::DynamoDB::Table", 1);
    }

    @Test
    void everyFunctionIsJava21OnArmWithSnapStartTracingAndConfiguration() {
        Map<String, Map<String, Object>> functions = productFunctions();
        // Each handler runs as a read function and a write function, plus the stream consumer and the sweeper.
        assertEquals(2 * LambdaFunction.api().size() + 2, functions.size());
        Map<String, Object> variables = new java.util.HashMap<>(Map.of("TABLE_NAME", Match.anyValue(),
                "POWERTOOLS_SERVICE_NAME", "bigtimedeals"));
        for (Setting s : Setting.values()) {
            if (s.where() == Setting.Where.FUNCTIONS) {
                variables.put(s.name(), deployed(s));
            }
        }
        assertEquals("17", variables.get("CACHE_SHARDS"), "cdk.json's override reaches the functions");
        template.resourcePropertiesCountIs("AWS::Lambda::Function", Map.of(
                "Runtime", "java21",
                "Architectures", List.of("arm64"),
                "SnapStart", Map.of("ApplyOn", "PublishedVersions"),
                "TracingConfig", Map.of("Mode", "Active"),
                "Environment", Map.of("Variables", Match.objectLike(variables))), functions.size());
        template.allResourcesProperties("AWS::Logs::LogGroup", Map.of("RetentionInDays", 30));
        // And the sign-in trigger, which Cognito calls through its alias too.
        template.resourceCountIs("AWS::Lambda::Alias", 2 * LambdaFunction.api().size() + 3);
        String mapping = template.findResources("AWS::Lambda::EventSourceMapping").toString();
        assertTrue(mapping.contains(":live"), "the stream mapping must call the published alias: " + mapping);
    }

    @Test
    void theStreamConsumerReportsPartialFailuresBisectsRetiresAndDeadLetters() {
        template.hasResourceProperties("AWS::Lambda::EventSourceMapping", Map.of(
                "FunctionResponseTypes", List.of("ReportBatchItemFailures"),
                "BisectBatchOnFunctionError", true,
                "MaximumRetryAttempts", 5,
                "MaximumRecordAgeInSeconds", 21600,
                "ParallelizationFactor", 10,
                "BatchSize", 100,
                "StartingPosition", "TRIM_HORIZON",
                "DestinationConfig", Map.of("OnFailure", Map.of("Destination", Match.anyValue()))));
        String filter = template.findResources("AWS::Lambda::EventSourceMapping").toString();
        for (String type : List.of("Deal", "FeaturedList", "Blast", "BlastSegment", "FanOut")) {
            assertTrue(filter.contains("\\\"" + type + "\\\"") || filter.contains("\"" + type + "\""), "filter lacks " + type + ": " + filter);
        }
        // New inbox messages reach the consumer: each is pushed to the recipient's phones (api.md, "Devices and push").
        assertTrue(filter.contains("Message"), "new messages must reach the push sender: " + filter);
        template.hasResourceProperties("AWS::Events::Rule", Map.of("ScheduleExpression", "rate(1 minute)"));
        template.hasResourceProperties("AWS::SQS::Queue", Map.of("SqsManagedSseEnabled", true));
        template.hasResourceProperties("AWS::SQS::QueuePolicy", Map.of("PolicyDocument", Map.of("Statement",
                Match.arrayWith(List.of(Match.objectLike(Map.of("Effect", "Deny",
                        "Condition", Map.of("Bool", Map.of("aws:SecureTransport", "false")))))))));
    }

    @Test
    void oneApiRoutePerRouteTableEntryWithTheRightAuthorization() {
        Map<String, Map<String, Object>> routes = template.findResources("AWS::ApiGatewayV2::Route");
        assertEquals(RouteTable.ROUTES.size(), routes.size());
        Set<String> keys = new HashSet<>();
        for (Map<String, Object> r : routes.values()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> p = (Map<String, Object>) r.get("Properties");
            String key = (String) p.get("RouteKey");
            keys.add(key);
            Route route = RouteTable.byRouteKey(key);
            assertTrue(route != null, key);
            assertEquals(route.access() == Access.PUBLIC ? "NONE" : "JWT", p.get("AuthorizationType"), key);
        }
        assertEquals(RouteTable.ROUTES.size(), keys.size());
        template.resourcePropertiesCountIs("AWS::ApiGatewayV2::Authorizer", Map.of("AuthorizerType", "JWT",
                "IdentitySource", List.of("$request.header.Authorization")), 1);
        template.hasResourceProperties("AWS::ApiGatewayV2::Stage", Map.of("StageName", "$default",
                "DefaultRouteSettings", Map.of("ThrottlingRateLimit", Setting.THROTTLE_RATE.number(deployed(Setting.THROTTLE_RATE)),
                        "ThrottlingBurstLimit", Setting.THROTTLE_BURST.number(deployed(Setting.THROTTLE_BURST))),
                "AccessLogSettings", Map.of("DestinationArn", Match.anyValue(), "Format", Match.stringLikeRegexp(".*requestId.*"))));
        // Deployed: no CORS (the CMS calls the API on its own origin), unless cdk.json names origins (the setting's
        // default is the local stack's).
        Object named = cdkJsonContext.get(Setting.CORS_ORIGINS.contextKey());
        if (named == null) {
            template.resourcePropertiesCountIs("AWS::ApiGatewayV2::Api", Map.of("CorsConfiguration", Match.anyValue()), 0);
        } else {
            template.hasResourceProperties("AWS::ApiGatewayV2::Api", Map.of("CorsConfiguration",
                    Match.objectLike(Map.of("AllowOrigins", Setting.CORS_ORIGINS.list(named.toString()),
                            "AllowHeaders", com.bigtimedeals.topology.CorsPolicy.ALLOWED_HEADERS,
                            "ExposeHeaders", com.bigtimedeals.topology.CorsPolicy.EXPOSED_HEADERS))));
        }
        template.hasResourceProperties("AWS::Cognito::UserPoolGroup", Map.of("GroupName", Access.EDITORS_GROUP));
        template.hasResourceProperties("AWS::Cognito::UserPool", Map.of("Policies", Map.of("PasswordPolicy",
                Match.objectLike(Map.of("MinimumLength", 12)))));
        for (String output : List.of("ApiUrl", "UserPoolId", "UserPoolClientId")) {
            template.hasOutput(output, Map.of());
        }
    }

    @Test
    void readFunctionsCarryNoWriteActionsAndNothingIsGrantedOnStar() {
        Map<String, Map<String, Object>> functions = productFunctions();
        Map<String, Map<String, Object>> policies = template.findResources("AWS::IAM::Policy");
        int readers = 0;
        for (Map.Entry<String, Map<String, Object>> f : functions.entrySet()) {
            String role = roleOf(f.getValue());
            List<String> actions = new ArrayList<>();
            for (Map<String, Object> policy : policies.values()) {
                String text = policy.toString();
                if (!text.contains("Ref=" + role + "}")) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> statements = (List<Map<String, Object>>) ((Map<String, Object>)
                        ((Map<String, Object>) policy.get("Properties")).get("PolicyDocument")).get("Statement");
                for (Map<String, Object> s : statements) {
                    Object a = s.get("Action");
                    List<String> these = new ArrayList<>();
                    if (a instanceof List<?> list) {
                        list.forEach(x -> these.add(x.toString()));
                    } else {
                        these.add(a.toString());
                    }
                    actions.addAll(these);
                    if ("*".equals(s.get("Resource"))) {
                        // Only actions that accept no narrower resource may be granted on *.
                        for (String action : these) {
                            assertTrue(action.startsWith("xray:") || action.equals("dynamodb:ListStreams"),
                                    f.getKey() + " has " + action + " on *");
                        }
                    }
                }
            }
            if (f.getKey().contains("Read")) {
                readers++;
                for (String write : List.of("dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem",
                        "dynamodb:PartiQLInsert")) {
                    assertFalse(actions.contains(write), f.getKey() + " may " + write);
                }
                // A read function reads in some way: a Query, or items by key (the Votes function's reads are all by key).
                assertTrue(actions.stream().anyMatch(List.of("dynamodb:Query", "dynamodb:GetItem", "dynamodb:BatchGetItem")::contains),
                        f.getKey() + " cannot read");
            }
        }
        assertEquals(LambdaFunction.api().size(), readers);
    }

    /**
     * The product's functions that serve the API and the stream: not CDK's singleton that uploads the CMS files at
     * deploy time (its grants are CDK's, and cdk-nag's suppressions in CmsSite say why they are acceptable), nor the
     * user pool's sign-in trigger.
     */
    private static Map<String, Map<String, Object>> productFunctions() {
        Map<String, Map<String, Object>> functions = new java.util.HashMap<>(template.findResources("AWS::Lambda::Function"));
        functions.keySet().removeIf(id -> id.startsWith("CustomCDKBucketDeployment"));
        // Nor the provider that makes the push platform applications at deploy time (PushPlatformApplicationsTest).
        functions.keySet().removeIf(id -> id.startsWith(PushPlatformApplicationsTest.PROVIDER));
        // The sign-in trigger reads no table, cursor or setting (DeployedStateTest pins its environment and grant).
        functions.keySet().removeIf(id -> id.startsWith(LambdaFunction.EDITORS_GROUP_GATE.id()));
        return functions;
    }

    @SuppressWarnings("unchecked")
    private static String roleOf(Map<String, Object> function) {
        Map<String, Object> props = (Map<String, Object>) function.get("Properties");
        Map<String, Object> role = (Map<String, Object>) props.get("Role");
        return ((List<Object>) role.get("Fn::GetAtt")).get(0).toString();
    }

    @Test
    void alarmsWatchFailuresIteratorAgeErrorsThrottlesAnd5xx() {
        Map<String, Map<String, Object>> alarms = template.findResources("AWS::CloudWatch::Alarm");
        String all = alarms.toString();
        for (String metric : List.of("ApproximateNumberOfMessagesVisible", "IteratorAge", "Errors", "Throttles", "5xx", "ThrottledRequests")) {
            assertTrue(all.contains(metric), "no alarm on " + metric);
        }
        assertTrue(alarms.size() >= 3 + 2 * (2 * LambdaFunction.api().size() + 1));
    }

    @Test
    void theCmsIsAPrivateBucketBehindCloudFrontWithSecurityHeadersAndManagedLoginWithPkce() {
        assertEquals(2, template.findResources("AWS::CloudFront::Distribution").size(), "the CMS's and the mobile API's");
        template.hasResourceProperties("AWS::S3::Bucket", Map.of("PublicAccessBlockConfiguration", Map.of(
                "BlockPublicAcls", true, "BlockPublicPolicy", true, "IgnorePublicAcls", true, "RestrictPublicBuckets", true),
                "LoggingConfiguration", Match.anyValue()));
        template.resourceCountIs("AWS::CloudFront::OriginAccessControl", 1);
        String distribution = template.findResources("AWS::CloudFront::Distribution").entrySet().stream()
                .filter(e -> e.getKey().startsWith("CmsDistribution")).findFirst().orElseThrow().getValue().toString();
        assertTrue(distribution.contains("ViewerProtocolPolicy=https-only"), distribution);
        assertTrue(distribution.contains("OriginAccessControlId="), distribution);
        String headers = template.findResources("AWS::CloudFront::ResponseHeadersPolicy").values().toString();
        for (String expected : List.of("frame-ancestors 'none'", "script-src 'self'", "AccessControlMaxAgeSec=63072000",
                "IncludeSubdomains=true", "FrameOption=DENY")) {
            assertTrue(headers.contains(expected), "no " + expected + " in " + headers);
        }
        template.resourceCountIs("AWS::Cognito::UserPoolDomain", 1); // the one pool's managed login
        template.hasResourceProperties("AWS::Cognito::UserPoolClient", Match.objectLike(Map.of(
                "AllowedOAuthFlows", List.of("code"), "AllowedOAuthFlowsUserPoolClient", true, "GenerateSecret", false)));
        String cmsClient = template.findResources("AWS::Cognito::UserPoolClient", Map.of("Properties",
                Match.objectLike(Map.of("AllowedOAuthFlows", List.of("code"))))).values().toString();
        String origin = "https://, {Fn::GetAtt=[" + template.findResources("AWS::CloudFront::Distribution").keySet().stream()
                .filter(id -> id.startsWith("CmsDistribution")).findFirst().orElseThrow();
        assertTrue(cmsClient.contains("CallbackURLs=[{Fn::Join=[, [" + origin), cmsClient);
        assertTrue(cmsClient.contains("LogoutURLs=[{Fn::Join=[, [" + origin), cmsClient);
        assertTrue(cmsClient.contains("/editor/"), cmsClient);
    }

    @Test
    void everyAlarmNotifiesThePersonWhenItFiresAndWhenItRecovers() {
        Map<String, Map<String, Object>> topics = template.findResources("AWS::SNS::Topic");
        assertEquals(1, topics.size());
        String topic = topics.keySet().iterator().next();
        Map<String, Map<String, Object>> alarms = template.findResources("AWS::CloudWatch::Alarm");
        for (Map.Entry<String, Map<String, Object>> a : alarms.entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> props = (Map<String, Object>) a.getValue().get("Properties");
            assertEquals(List.of(Map.of("Ref", topic)), props.get("AlarmActions"), a.getKey());
            assertEquals(List.of(Map.of("Ref", topic)), props.get("OKActions"), a.getKey());
        }
        // cdk.json names no alarmEmail: no subscription, the operator subscribes some other way.
        template.resourceCountIs("AWS::SNS::Subscription", 0);
    }

    @Test
    void anAlarmEmailInContextSubscribesThatAddress() {
        Map<String, Object> context = new java.util.HashMap<>(cdkJsonContext);
        context.put(Setting.ALARM_EMAIL.contextKey(), "oncall@example.com");
        App app = App.Builder.create().context(context).build();
        Template withEmail = Template.fromStack(new BigTimeDealsStack(app, "WithEmail", StackProps.builder().build()));
        withEmail.hasResourceProperties("AWS::SNS::Subscription", Map.of("Protocol", "email", "Endpoint", "oncall@example.com"));
    }

    @Test
    void theDashboardShowsApiLambdaStreamQueueAndTable() {
        Map<String, Map<String, Object>> dashboards = template.findResources("AWS::CloudWatch::Dashboard");
        assertEquals(1, dashboards.size());
        String body = dashboards.toString().replace("\\", "");
        for (String shown : List.of("\"Count\"", "4xx", "5xx", "Latency", "p50", "p99", "by routeKey",
                "\"Duration\"", "\"Errors\"", "\"Throttles\"", "Restore Duration", "IteratorAge",
                Metrics.MESSAGES_WRITTEN, Metrics.RECORD_FAILURES,
                "ApproximateNumberOfMessagesVisible", "ConsumedReadCapacityUnits", "ConsumedWriteCapacityUnits", "ThrottledRequests")) {
            assertTrue(body.contains(shown), "the dashboard lacks " + shown);
        }
    }

    @Test
    void accessLogsAreJsonWithTheHttpApiFieldsAndTheReadmeHasTheQuery() throws Exception {
        Map<String, Map<String, Object>> stages = template.findResources("AWS::ApiGatewayV2::Stage");
        @SuppressWarnings("unchecked")
        Map<String, Object> settings = (Map<String, Object>) ((Map<String, Object>) stages.values().iterator().next()
                .get("Properties")).get("AccessLogSettings");
        @SuppressWarnings("unchecked")
        Map<String, String> format = new ObjectMapper().readValue((String) settings.get("Format"), Map.class);
        for (String variable : List.of("requestId", "routeKey", "status", "responseLatency", "integrationLatency",
                "integrationErrorMessage", "authorizer.error", "identity.sourceIp", "identity.userAgent")) {
            assertTrue(format.containsValue("$context." + variable), "access log lacks $context." + variable + ": " + format);
        }
        template.hasResourceProperties("AWS::Logs::QueryDefinition", Map.of("QueryString", AccessLogs.WHY_401_OR_5XX_QUERY));
        String readme = java.nio.file.Files.readString(Path.of("..", "README.md"));
        assertTrue(readme.contains(AccessLogs.WHY_401_OR_5XX_QUERY), "README.md must give the deployed query verbatim");
    }

    @Test
    void everyFunctionReadsTheDeployTimeCursorSecret() {
        Map<String, Map<String, Object>> secrets = template.findResources("AWS::SecretsManager::Secret");
        assertEquals(1, secrets.size());
        String secret = secrets.keySet().iterator().next();
        template.hasResourceProperties("AWS::SecretsManager::Secret", Map.of("GenerateSecretString",
                Match.objectLike(Map.of("PasswordLength", 64))));
        // Every product function signs or checks cursors; CDK's CMS-upload singleton has no business with the secret.
        Map<String, Map<String, Object>> functions = productFunctions();
        template.resourcePropertiesCountIs("AWS::Lambda::Function", Map.of("Environment", Map.of("Variables",
                Match.objectLike(Map.of(com.bigtimedeals.platform.CursorCodec.SECRET_ARN_VARIABLE, Map.of("Ref", secret))))),
                functions.size());
        Map<String, Map<String, Object>> policies = template.findResources("AWS::IAM::Policy");
        for (Map.Entry<String, Map<String, Object>> f : functions.entrySet()) {
            String role = roleOf(f.getValue());
            boolean reads = policies.values().stream().map(Object::toString)
                    .anyMatch(p -> p.contains("Ref=" + role + "}") && p.contains("secretsmanager:GetSecretValue") && p.contains("Ref=" + secret));
            assertTrue(reads, f.getKey() + " cannot read the cursor secret");
        }
    }

    /**
     * cfn-lint (pip; preinstalled on the project's machines and CI) finds no error in the template. Where it is
     * missing, CI fails loudly rather than passing a check it never ran; on a laptop the test is reported as
     * skipped with how to install it.
     */
    @Test
    void cfnLintFindsNoErrorInTheTemplate() throws Exception {
        Path file = Path.of("target", "template.json");
        java.nio.file.Files.writeString(file, new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(template.toJSON()));
        Process lint;
        try {
            lint = new ProcessBuilder("cfn-lint", "--format", "parseable", file.toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException absent) {
            if (System.getenv("CI") != null) {
                throw new AssertionError("cfn-lint is not installed on this CI machine (pip install cfn-lint)", absent);
            }
            org.junit.jupiter.api.Assumptions.abort("cfn-lint is not on PATH (pip install cfn-lint); template not linted");
            return;
        }
        String output = new String(lint.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        int exit = lint.waitFor();
        // cfn-lint's exit code is a bit set: 2 = errors, 4 = warnings, 8 = informational.
        List<String> errors = output.lines().filter(l -> l.matches(".*:E\\d{4}:.*")).toList();
        assertTrue((exit & 2) == 0 && errors.isEmpty() && (exit & ~(2 | 4 | 8)) == 0,
                "cfn-lint exit " + exit + ", errors: " + errors + "\n" + output);
    }

    @Test
    void cdkNagAwsSolutionsFindsNoUnsuppressedError() {
        var errors = Annotations.fromStack(stack).findError("*", Match.stringLikeRegexp("AwsSolutions-.*"));
        assertTrue(errors.isEmpty(), "cdk-nag errors: " + errors.stream().map(e -> e.getId() + " " + e.getEntry().getData()).toList());
    }
}

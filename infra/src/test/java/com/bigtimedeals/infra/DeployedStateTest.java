package com.bigtimedeals.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.IndexPartitions;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Metrics;
import com.bigtimedeals.topology.PartitionKeys;
import com.bigtimedeals.topology.PushAccess;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.bigtimedeals.topology.StreamMapping;
import com.bigtimedeals.topology.TableAccess;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The deployed state of every function and every route, read from the topology and held against the synthesized
 * template: what each function runs and is given, what it may do and on what, and which function, alias and
 * authorizer each route reaches. Shares {@link BigTimeDealsStackTest}'s one synth.
 */
@Tag("deployment")
class DeployedStateTest {
    static Map<String, Map<String, Object>> resources;
    static String table;
    static String secret;


    @BeforeAll
    @SuppressWarnings("unchecked")
    static void template() throws Exception {
        if (BigTimeDealsStackTest.template == null) {
            BigTimeDealsStackTest.synth();
        }
        Map<String, Object> json = new ObjectMapper().convertValue(BigTimeDealsStackTest.template.toJSON(), Map.class);
        resources = (Map<String, Map<String, Object>>) json.get("Resources");
        table = only("AWS::DynamoDB::Table");
        secret = only("AWS::SecretsManager::Secret");
    }

    private static String only(String type) {
        List<String> ids = ofType(type);
        assertEquals(1, ids.size(), type);
        return ids.get(0);
    }

    private static List<String> ofType(String type) {
        return resources.entrySet().stream().filter(e -> type.equals(e.getValue().get("Type"))).map(Map.Entry::getKey).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> props(String logicalId) {
        return (Map<String, Object>) resources.get(logicalId).get("Properties");
    }

    /** The logical id of the resource of {@code type} whose construct id is {@code constructId} (CDK adds an 8-hex hash). */
    private static String byConstructId(String type, String constructId) {
        List<String> ids = ofType(type).stream().filter(id -> id.matches(constructId + "[0-9A-F]{8}")).toList();
        assertEquals(1, ids.size(), type + " " + constructId + ": " + ids);
        return ids.get(0);
    }

    /** Every deployed function by its construct id, from the topology: API functions once per access level they serve. */
    static Map<String, LambdaFunction> deployedFunctions() {
        Map<String, LambdaFunction> all = new LinkedHashMap<>();
        for (LambdaFunction f : LambdaFunction.values()) {
            if (f.kind() != LambdaFunction.Kind.API) {
                all.put(f.id(), f);
                continue;
            }
            if (RouteTable.of(f).stream().anyMatch(r -> !r.writes())) {
                all.put(f.id() + "Read", f);
            }
            if (RouteTable.of(f).stream().anyMatch(Route::writes)) {
                all.put(f.id() + "Write", f);
            }
        }
        return all;
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyFunctionRunsItsHandlerWithItsSizeAndExactlyItsEnvironment() {
        Map<String, Object> settings = new HashMap<>();
        for (Setting s : Setting.values()) {
            if (s.where() == Setting.Where.FUNCTIONS) {
                settings.put(s.name(), BigTimeDealsStackTest.deployed(s));
            }
        }
        for (Map.Entry<String, LambdaFunction> d : deployedFunctions().entrySet()) {
            LambdaFunction f = d.getValue();
            Map<String, Object> p = props(byConstructId("AWS::Lambda::Function", d.getKey()));
            assertEquals(f.handlerClass(), p.get("Handler"), d.getKey());
            assertEquals(f.memoryMb(), p.get("MemorySize"), d.getKey());
            assertEquals(f.timeoutSeconds(), p.get("Timeout"), d.getKey());
            // The sign-in trigger reads neither the table, nor the cursor key, nor any setting.
            Map<String, Object> expected = new HashMap<>();
            if (f.kind() != LambdaFunction.Kind.SIGN_IN) {
                expected.putAll(settings);
                expected.put("TABLE_NAME", Map.of("Ref", table));
                expected.put(CursorCodec.SECRET_ARN_VARIABLE, Map.of("Ref", secret));
            }
            // The function that makes push endpoints (the devices write function) is told the applications to make them in.
            if (PushAccess.of(f, !d.getKey().endsWith("Read"))
                    .contains(PushAccess.Action.CREATE_PLATFORM_ENDPOINT)) {
                expected.put(PushAccess.FCM_APPLICATION_VARIABLE, Map.of("Ref", PushPlatformApplicationsTest.FCM));
                expected.put(PushAccess.APNS_APPLICATION_VARIABLE, Map.of("Ref", PushPlatformApplicationsTest.APNS));
            }
            expected.put("POWERTOOLS_SERVICE_NAME", Metrics.SERVICE_NAME);
            expected.put("POWERTOOLS_LOG_LEVEL", "INFO");
            assertEquals(expected, ((Map<String, Object>) p.get("Environment")).get("Variables"), d.getKey());
        }
        int deployed = (int) ofType("AWS::Lambda::Function").stream().filter(id -> !id.startsWith("CustomCDKBucketDeployment")
                && !id.startsWith(PushPlatformApplicationsTest.PROVIDER)).count();
        assertEquals(deployedFunctions().size(), deployed, "no function the topology does not describe");
    }

    /**
     * Each function may do exactly what its code calls (TableAccess, proved against the code by the function tests):
     * every DynamoDB action on the table only under its partition-key families, on an index only by name; nothing
     * else but logs, traces, its cursor key, and, for the consumer, its stream and on-failure queue.
     */
    @Test
    void everyFunctionMayDoExactlyWhatItsCodeCallsOnItsOwnResourcesAndNothingElse() {
        String tableArn = "{Fn::GetAtt=[" + table + ", Arn]}";
        String stream = "{Fn::GetAtt=[" + table + ", StreamArn]}";
        String queue = "{Fn::GetAtt=[" + only("AWS::SQS::Queue") + ", Arn]}";
        for (Map.Entry<String, LambdaFunction> d : deployedFunctions().entrySet()) {
            Set<String> expected = new TreeSet<>();
            for (String action : List.of("xray:PutTraceSegments", "xray:PutTelemetryRecords")) {
                expected.add(action + " on * if {}");
            }
            if (d.getValue().kind() == LambdaFunction.Kind.SIGN_IN) {
                // Its one action, on this account's and region's pools: naming its own pool would be a dependency cycle.
                expected.add("cognito-idp:AdminGetUser on {Fn::Join=[, [arn:, {Ref=AWS::Partition}, :cognito-idp:, "
                        + "{Ref=AWS::Region}, :, {Ref=AWS::AccountId}, :userpool/*]]} if {}");
                assertEquals(String.join("\n", expected), String.join("\n", grants(d.getKey())), d.getKey());
                continue;
            }
            for (String action : List.of("secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret")) {
                expected.add(action + " on {Ref=" + secret + "} if {}");
            }
            for (TableAccess.Grant g : TableAccess.of(d.getValue(), d.getKey().endsWith("Write"))) {
                String resource = g.index() == null ? tableArn : "{Fn::Join=[, [" + tableArn + ", /index/" + g.index().name() + "]]}";
                String condition = g.leadingKeys().isEmpty() ? "{}"
                        : "{ForAllValues:StringLike={dynamodb:LeadingKeys=" + g.leadingKeys() + "}}";
                g.actions().forEach(a -> expected.add("dynamodb:" + a + " on " + resource + " if " + condition));
            }
            // Push (PushAccess): endpoints made only in this stack's two platform applications, published to and
            // deleted only among the endpoints of the applications this stack makes.
            for (PushAccess.Action action : PushAccess.of(d.getValue(), !d.getKey().endsWith("Read"))) {
                List<String> on = action == PushAccess.Action.CREATE_PLATFORM_ENDPOINT
                        ? List.of("{Ref=" + PushPlatformApplicationsTest.FCM + "}", "{Ref=" + PushPlatformApplicationsTest.APNS + "}")
                        : PushPlatformApplicationsTest.endpointPatterns();
                on.forEach(r -> expected.add(action.iam() + " on " + r + " if {}"));
            }
            if (d.getValue() == LambdaFunction.STREAM_CONSUMER) {
                // Reading its stream, and handing what exhausts its retries to the on-failure queue.
                expected.add("dynamodb:ListStreams on * if {}");
                for (String action : List.of("dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator")) {
                    expected.add(action + " on " + stream + " if {}");
                }
                for (String action : List.of("sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl")) {
                    expected.add(action + " on " + queue + " if {}");
                }
            }
            assertEquals(String.join("\n", expected), String.join("\n", grants(d.getKey())), d.getKey());
        }
        // Every table grant names key families, and no statement anywhere grants DynamoDB on the whole table unconditioned.
        for (LambdaFunction f : LambdaFunction.values()) {
            for (boolean writes : new boolean[] {false, true}) {
                TableAccess.of(f, writes).forEach(g -> assertTrue(g.index() != null || !g.partitions().isEmpty(), f + " " + g));
            }
        }
    }

    /**
     * The community's grants, pinned here apart from TableAccess so that a widening there fails: comments and reports
     * are written only by {@code CommentsWrite}, which checks a profile but never writes one; its read deployment writes
     * nothing; a link guard is touched only where deals are created, corrected and taken down; counter shards are
     * changed only by the community's writes and the consumer that aggregates (and, deleting an account, discounts) them.
     */
    @Test
    void theCommunityTouchesOnlyItsOwnFamiliesAndLinkGuardsAndCounterShardsOnlyTheirWriters() {
        String deal = PartitionKeys.DEAL.pattern();
        String reports = PartitionKeys.REPORTS.pattern();
        Map<String, Set<String>> commentsWrite = new TreeMap<>();
        // A report reads the reporter's profile in its one BatchGetItem: reports need one, and its age decides
        // whether the report counts toward community expiry (api.md, "Reports, tightened").
        commentsWrite.put("BatchGetItem", Set.of(deal, reports, PartitionKeys.USER.pattern()));
        commentsWrite.put("ConditionCheckItem", Set.of(PartitionKeys.USER.pattern()));
        // A dismissal reads the report case (the round it closes) before closing it.
        commentsWrite.put("GetItem", Set.of(deal, reports));
        commentsWrite.put("PutItem", Set.of(deal, PartitionKeys.COMMENTS_OF_AUTHOR.pattern(), reports));
        commentsWrite.put("UpdateItem", Set.of(deal, PartitionKeys.DEAL_COUNTERS.pattern(), reports));
        // Posting a comment and filing a report are POSTs: the caller's idempotency records, as every POST deployment,
        // read by the comment's own BatchGetItem too (it carries its key).
        String idempotency = PartitionKeys.IDEMPOTENCY.pattern();
        for (String action : List.of("BatchGetItem", "GetItem", "PutItem", "UpdateItem", "DeleteItem")) {
            commentsWrite.merge(action, Set.of(idempotency), (a, b) -> {
                Set<String> both = new TreeSet<>(a);
                both.addAll(b);
                return both;
            });
        }
        assertEquals(commentsWrite, tableGrants("CommentsWrite"));
        assertEquals(Set.of("BatchGetItem", "GetItem", "Query"), tableGrants("CommentsRead").keySet());
        Set<String> guardTouchers = new TreeSet<>();
        Set<String> shardWriters = new TreeSet<>();
        for (String deployed : deployedFunctions().keySet()) {
            tableGrants(deployed).forEach((action, families) -> {
                if (families.contains(PartitionKeys.LINK_GUARD.pattern())) {
                    guardTouchers.add(deployed);
                }
                if (families.contains(PartitionKeys.DEAL_COUNTERS.pattern()) && !action.endsWith("GetItem")) {
                    shardWriters.add(deployed);
                }
            });
        }
        assertEquals(Set.of("DealsWrite", LambdaFunction.STREAM_CONSUMER.id()), guardTouchers);
        // The counter shards' writers: comments and votes (each in its own transaction), and the account deletion's walk.
        assertEquals(Set.of("CommentsWrite", "VotesWrite", LambdaFunction.STREAM_CONSUMER.id()), shardWriters);
    }

    /**
     * Every Query of a global secondary index is held by {@code dynamodb:LeadingKeys} to the index partitions the
     * function's code reads ({@code IndexPartitions}, from the same key chart the stores write): GSI1 holds every
     * user's unread messages whole (projection ALL), and only the inbox's read deployment may query them; the
     * community's functions may query only the moderation queue there, the deal functions only the latest deals. Only
     * the user index is scanned, by the consumer alone (a blast's segments), and a Scan has no leading key. A PartiQL
     * SELECT of an index (the sweeper's, keyed by an IN on GSI1's partition key) is held the same way, and only the
     * sweeper makes one.
     */
    @Test
    void everyIndexQueryIsHeldToThePartitionsItsCodeReads() {
        String tableArn = "{Fn::GetAtt=[" + table + ", Arn]}";
        Map<String, Map<String, Set<String>>> queried = new TreeMap<>();
        for (String deployed : deployedFunctions().keySet()) {
            for (String grant : grants(deployed)) {
                if (!grant.contains("/index/")) {
                    continue;
                }
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("dynamodb:(\\w+) on \\{Fn::Join=\\[, \\["
                        + java.util.regex.Pattern.quote(tableArn) + ", /index/(\\w+)]]} if (.*)").matcher(grant);
                assertTrue(m.matches(), grant);
                if (m.group(1).equals("Scan")) {
                    assertEquals("UserIndex {}", m.group(2) + " " + m.group(3), deployed + ": " + grant);
                    assertEquals(LambdaFunction.STREAM_CONSUMER.id(), deployed, grant);
                    continue;
                }
                if (m.group(1).equals(TableAccess.PARTIQL_SELECT)) {
                    assertEquals(LambdaFunction.SWEEPER.id(), deployed, grant);
                } else {
                    assertEquals("Query", m.group(1), grant);
                }
                java.util.regex.Matcher keys = java.util.regex.Pattern.compile(
                        "\\{ForAllValues:StringLike=\\{dynamodb:LeadingKeys=\\[(.+)]}}").matcher(m.group(3));
                assertTrue(keys.matches(), "an index Query without LeadingKeys: " + deployed + ": " + grant);
                queried.computeIfAbsent(deployed, d -> new TreeMap<>()).computeIfAbsent(m.group(2), i -> new TreeSet<>())
                        .addAll(List.of(keys.group(1).split(", ")));
            }
        }
        String messages = IndexPartitions.UNREAD_MESSAGES.pattern();
        assertEquals("MESSAGES#*", messages);
        for (Map.Entry<String, Map<String, Set<String>>> q : queried.entrySet()) {
            boolean inbox = q.getKey().equals("InboxRead");
            assertEquals(inbox, q.getValue().getOrDefault("GSI1", Set.of()).contains(messages), q.toString());
        }
        assertEquals(Map.of("GSI1", Set.of(messages)), queried.get("InboxRead"));
        for (String community : List.of("CommentsRead", "CommentsWrite")) {
            assertEquals(Map.of("GSI1", Set.of(IndexPartitions.REPORT_QUEUE.pattern())), queried.get(community), community);
        }
        for (String deals : List.of("DealsRead", "DealsWrite")) {
            assertEquals(Map.of("GSI1", Set.of("DEALS#*")), queried.get(deals), deals);
        }
        assertEquals(Map.of("GSI2", Set.of("BRAND#*#*")), queried.get("BrandsRead"));
        assertEquals(Map.of("GSI3", Set.of("CATEGORY#*#*")), queried.get("CategoriesRead"));
        assertEquals(Set.of(IndexPartitions.UNFINISHED_WALKS.pattern()), queried.get(LambdaFunction.SWEEPER.id()).get("GSI1"));
        // Every index partition family the stores write is some function's to read: none is granted to nobody by mistake.
        Set<String> granted = new TreeSet<>();
        queried.values().forEach(byIndex -> byIndex.values().forEach(granted::addAll));
        Set<String> families = new TreeSet<>();
        for (IndexPartitions p : IndexPartitions.values()) {
            families.add(p.pattern());
        }
        assertEquals(families, granted);
    }

    /** Each DynamoDB action a deployed function may do on the table, with the key families its condition names. */
    private static Map<String, Set<String>> tableGrants(String constructId) {
        java.util.regex.Pattern onTable = java.util.regex.Pattern.compile(
                "dynamodb:(\\w+) on \\{Fn::GetAtt=\\[" + table + ", Arn]} if \\{ForAllValues:StringLike=\\{dynamodb:LeadingKeys=\\[(.*)]}}");
        Map<String, Set<String>> byAction = new TreeMap<>();
        for (String grant : grants(constructId)) {
            java.util.regex.Matcher m = onTable.matcher(grant);
            if (m.matches()) {
                byAction.computeIfAbsent(m.group(1), a -> new TreeSet<>()).addAll(List.of(m.group(2).split(", ")));
            }
        }
        return byAction;
    }

    /**
     * A PartiQL SELECT grant is held by {@code ForAllValues:StringLike} on {@code dynamodb:LeadingKeys}, which is true
     * when the request has no leading key at all ("The ForAllValues set operator also returns true if there are no
     * context keys in the request", IAM User Guide, "Multivalued context key examples"): a SELECT naming no partition
     * key is a full scan and has none, so without more the sweeper's role could read every partition of GSI1 (every
     * user's unread messages) and of the table. Every resource a role may PartiQL-SELECT therefore carries the Developer
     * Guide's guard ("IAM security policies with PartiQL", deny full table scan statements), and no role has any
     * other Deny.
     */
    @Test
    void everyPartiQlSelectIsDeniedFullScans() {
        String fullScan = " if {Bool={dynamodb:FullTableScan=true}}";
        int guarded = 0;
        for (String deployed : deployedFunctions().keySet()) {
            Set<String> expected = new TreeSet<>();
            for (String grant : grants(deployed)) {
                if (grant.startsWith("dynamodb:" + TableAccess.PARTIQL_SELECT + " on ")) {
                    expected.add(grant.substring(0, grant.indexOf(" if ")) + fullScan);
                }
            }
            assertEquals(expected, statements(deployed, "Deny"), deployed);
            guarded += expected.size();
        }
        // The sweeper's two: GSI1's unfinished walks and the table's reminder buckets.
        assertEquals(2, statements(LambdaFunction.SWEEPER.id(), "Deny").size());
        assertEquals(2, guarded);
    }

    /** "action on resource if condition", for every Allow statement of every policy attached to the function's role. */
    private static Set<String> grants(String constructId) {
        return statements(constructId, "Allow");
    }

    /** "action on resource if condition", for every statement of {@code effect} attached to the function's role. */
    @SuppressWarnings("unchecked")
    private static Set<String> statements(String constructId, String effect) {
        Map<String, Object> function = props(byConstructId("AWS::Lambda::Function", constructId));
        String role = ((List<Object>) ((Map<String, Object>) function.get("Role")).get("Fn::GetAtt")).get(0).toString();
        Set<String> grants = new TreeSet<>();
        for (String policy : ofType("AWS::IAM::Policy")) {
            Map<String, Object> p = props(policy);
            if (!((List<Object>) p.get("Roles")).contains(Map.of("Ref", role))) {
                continue;
            }
            for (Map<String, Object> s : (List<Map<String, Object>>) ((Map<String, Object>) p.get("PolicyDocument")).get("Statement")) {
                assertTrue(Set.of("Allow", "Deny").contains(s.get("Effect")), s.toString());
                if (!effect.equals(s.get("Effect"))) {
                    continue;
                }
                List<Object> actions = s.get("Action") instanceof List<?> l ? new ArrayList<>(l) : List.of(s.get("Action"));
                List<Object> on = s.get("Resource") instanceof List<?> l ? new ArrayList<>(l) : List.of(s.get("Resource"));
                Object condition = s.getOrDefault("Condition", Map.of());
                for (Object action : actions) {
                    on.forEach(r -> grants.add(action + " on " + r + " if " + condition));
                }
            }
        }
        return grants;
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyRouteReachesItsFunctionsAliasForItsAccessLevelThroughTheRightAuthorizer() {
        // One JWT authorizer, the user pool's: every signed-in route trusts it; the groups decide the /cms routes.
        String authorizer = only("AWS::ApiGatewayV2::Authorizer");
        Map<String, String> routeIds = new HashMap<>();
        for (String id : ofType("AWS::ApiGatewayV2::Route")) {
            routeIds.put((String) props(id).get("RouteKey"), id);
        }
        assertEquals(new TreeSet<>(RouteTable.ROUTES.stream().map(Route::routeKey).toList()), new TreeSet<>(routeIds.keySet()));
        for (Route route : RouteTable.ROUTES) {
            Map<String, Object> p = props(routeIds.get(route.routeKey()));
            if (route.access() == Access.PUBLIC) {
                assertEquals("NONE", p.get("AuthorizationType"), route.routeKey());
            } else {
                assertEquals("JWT", p.get("AuthorizationType"), route.routeKey());
                assertEquals(Map.of("Ref", authorizer), p.get("AuthorizerId"), route.routeKey());
            }
            List<Object> target = (List<Object>) ((List<Object>) ((Map<String, Object>) p.get("Target")).get("Fn::Join")).get(1);
            String integration = ((Map<String, Object>) target.get(1)).get("Ref").toString();
            Map<String, Object> integrationProps = props(integration);
            assertEquals("2.0", integrationProps.get("PayloadFormatVersion"), route.routeKey());
            String alias = ((Map<String, Object>) integrationProps.get("IntegrationUri")).get("Ref").toString();
            assertEquals("live", props(alias).get("Name"));
            String function = ((Map<String, Object>) props(alias).get("FunctionName")).get("Ref").toString();
            String expected = route.function().id() + (route.writes() ? "Write" : "Read");
            assertEquals(byConstructId("AWS::Lambda::Function", expected), function, route.routeKey() + " reaches " + function);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theStreamMappingIsTheTopologysInEverySettingAndTheSweeperRunsOnItsSchedule() throws Exception {
        StreamMapping m = StreamMapping.DEPLOYED;
        Map<String, Object> p = props(only("AWS::Lambda::EventSourceMapping"));
        assertEquals(m.batchSize(), p.get("BatchSize"));
        assertEquals(m.batchingWindowMillis() / 1000, p.get("MaximumBatchingWindowInSeconds"));
        assertEquals(m.parallelizationFactor(), p.get("ParallelizationFactor"));
        assertEquals(m.retryAttempts(), p.get("MaximumRetryAttempts"));
        assertEquals(m.bisectOnError(), p.get("BisectBatchOnFunctionError"));
        assertEquals(m.maxRecordAgeSeconds(), p.get("MaximumRecordAgeInSeconds"));
        assertEquals(StreamMapping.STARTING_POSITION, p.get("StartingPosition"));
        assertEquals(List.of("ReportBatchItemFailures"), p.get("FunctionResponseTypes"));
        assertEquals(Map.of("Fn::GetAtt", List.of(table, "StreamArn")), p.get("EventSourceArn"));
        ObjectMapper json = new ObjectMapper();
        List<Object> deployedFilters = new ArrayList<>();
        for (Map<String, Object> f : (List<Map<String, Object>>) ((Map<String, Object>) p.get("FilterCriteria")).get("Filters")) {
            deployedFilters.add(json.readValue((String) f.get("Pattern"), Map.class));
        }
        assertEquals(json.convertValue(StreamMapping.FILTERS, List.class), deployedFilters);
        String consumerAlias = byConstructId("AWS::Lambda::Alias", LambdaFunction.STREAM_CONSUMER.id() + "Live");
        assertTrue(p.get("FunctionName").toString().contains("Ref=" + consumerAlias), p.get("FunctionName").toString());
        assertEquals(LambdaFunction.STREAM_CONSUMER.timeoutSeconds(), m.timeoutSeconds(), "the consumer's budget counts down from its timeout");

        Map<String, Object> rule = props(only("AWS::Events::Rule"));
        // EventBridge writes one unit in the singular: rate(1 minute), rate(5 minutes).
        int every = LambdaFunction.SWEEP_EVERY_MINUTES;
        assertEquals("rate(" + every + (every == 1 ? " minute)" : " minutes)"), rule.get("ScheduleExpression"));
        Map<String, Object> target = ((List<Map<String, Object>>) rule.get("Targets")).get(0);
        assertEquals(Map.of("Ref", byConstructId("AWS::Lambda::Alias", LambdaFunction.SWEEPER.id() + "Live")), target.get("Arn"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyFunctionTheConsumerAndTheApiRunOnHasItsErrorsAndThrottlesAlarmOnTheOneTopic() {
        Set<String> alarmed = new LinkedHashSet<>();
        for (String id : ofType("AWS::CloudWatch::Alarm")) {
            Map<String, Object> p = props(id);
            if (("Errors".equals(p.get("MetricName")) || "Throttles".equals(p.get("MetricName"))) && p.get("Dimensions") != null) {
                Map<String, Object> dimension = ((List<Map<String, Object>>) p.get("Dimensions")).get(0);
                alarmed.add(p.get("MetricName") + " " + ((Map<String, Object>) dimension.get("Value")).get("Ref"));
            }
        }
        Set<String> expected = new LinkedHashSet<>();
        for (Map.Entry<String, LambdaFunction> d : deployedFunctions().entrySet()) {
            if (d.getValue() != LambdaFunction.SWEEPER) {
                String fn = byConstructId("AWS::Lambda::Function", d.getKey());
                expected.add("Errors " + fn);
                expected.add("Throttles " + fn);
            }
        }
        assertEquals(new TreeSet<>(expected), new TreeSet<>(alarmed));
        assertNotNull(only("AWS::SNS::Topic"));
    }
}

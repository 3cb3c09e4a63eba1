package com.bigtimedeals.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.PushAccess;
import com.fasterxml.jackson.databind.ObjectMapper;

import software.amazon.awscdk.App;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Template;

/**
 * Mobile push in the synthesized template (issue 39, "the real AWS part" and "least privilege"): the two SNS platform
 * applications made from the secrets the settings name, what their provider may do, and that no function but the
 * devices write function makes endpoints, none but the sender publishes, each only within this stack's two
 * applications, and no SNS action anywhere on {@code *}. Shares {@link BigTimeDealsStackTest}'s synth (cdk.json's
 * context), plus two of its own for the settings.
 */
@Tag("deployment")
class PushPlatformApplicationsTest {
    static final String PROVIDER = "PushPlatformProvider";
    static final String FCM = "FcmPlatformApplication";
    static final String APNS = "ApnsPlatformApplication";

    static Map<String, Map<String, Object>> resources;

    @BeforeAll
    static void template() throws Exception {
        resources = BigTimeDealsStackTest.resources();
    }

    /** An SNS ARN in this stack's account and region as the template renders it (a Fn::Join, printed). */
    static String snsArn(String resource, String platform, String suffix) {
        return "{Fn::Join=[, [arn:, {Ref=AWS::Partition}, :sns:, {Ref=AWS::Region}, :, {Ref=AWS::AccountId}, :" + resource
                + "/" + platform + "/, {Ref=AWS::StackName}, " + suffix + "]]}";
    }

    /**
     * Every endpoint of the applications this stack makes (SNS's endpoint/PLATFORM/APPLICATION/ID), both APNs
     * platforms' included: a device whose application is gone must learn NotFound, not AccessDenied.
     */
    static List<String> endpointPatterns() {
        return List.of(snsArn("endpoint", "GCM", "-fcm/*"), snsArn("endpoint", "APNS", "-apns/*"),
                snsArn("endpoint", "APNS_SANDBOX", "-apns/*"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> props(Map<String, Map<String, Object>> in, String id) {
        return (Map<String, Object>) in.get(id).get("Properties");
    }

    @Test
    void theTwoPlatformApplicationsAreMadeFromTheSecretsTheSettingsName() {
        // The stack as shipped makes both: cdk.json names both secrets (docs/push-credentials.md).
        String fcmSecret = BigTimeDealsStackTest.deployed(Setting.PUSH_FCM_SECRET_NAME);
        String apnsSecret = BigTimeDealsStackTest.deployed(Setting.PUSH_APNS_SECRET_NAME);
        assertNotNull(fcmSecret, "cdk.json names the FCM secret");
        assertNotNull(apnsSecret, "cdk.json names the APNs secret");
        String apnsPlatform = BigTimeDealsStackTest.deployed(Setting.PUSH_APNS_PLATFORM);
        assertEquals(Set.of(FCM, APNS), ofType(resources, PushResources.RESOURCE_TYPE));
        String provider = byConstructId(resources, "AWS::Lambda::Function", PROVIDER);
        for (String[] app : new String[][] {{FCM, "GCM", "-fcm", fcmSecret}, {APNS, apnsPlatform, "-apns", apnsSecret}}) {
            Map<String, Object> p = props(resources, app[0]);
            assertEquals(app[1], p.get("Platform"), app[0]);
            assertEquals(app[3], p.get("SecretId"), app[0]);
            assertEquals("{Fn::Join=[, [{Ref=AWS::StackName}, " + app[2] + "]]}", p.get("Name").toString(), app[0]);
            assertEquals(snsArn("app", app[1], app[2]), p.get("ApplicationArn").toString(), app[0]);
            assertEquals(Map.of("Fn::GetAtt", List.of(provider, "Arn")), p.get("ServiceToken"), app[0]);
            assertEquals("300", p.get("ServiceTimeout"), app[0]);
            assertEquals(BigTimeDealsStackTest.deployed(Setting.PUSH_SECRETS_REVISION), p.get("SecretsRevision"), app[0]);
            // The secret is read by the provider at deploy time, never put in the template.
            assertFalse(p.toString().contains("resolve:secretsmanager"), p.toString());
        }
    }

    @Test
    void onlyTheDevicesWriteFunctionMakesEndpointsAndOnlyInThisStacksTwoApplications() {
        Map<String, List<String>> creators = grantsOf(resources, "sns:CreatePlatformEndpoint");
        assertEquals(Map.of(roleOf(resources, "DevicesWrite"), List.of("{Ref=" + FCM + "}", "{Ref=" + APNS + "}")), creators);
        // And it is told which: the applications' ARNs, in its environment only.
        for (String id : ofType(resources, "AWS::Lambda::Function")) {
            String env = String.valueOf(props(resources, id).get("Environment"));
            boolean told = env.contains(PushAccess.FCM_APPLICATION_VARIABLE) || env.contains(PushAccess.APNS_APPLICATION_VARIABLE);
            assertEquals(id.matches("DevicesWrite[0-9A-F]{8}"), told, id + ": " + env);
        }
    }

    @Test
    void onlyTheSenderPublishesAndOnlyToThisStacksEndpoints() {
        String consumer = roleOf(resources, LambdaFunction.STREAM_CONSUMER.id());
        List<String> endpoints = endpointPatterns();
        assertEquals(Map.of(consumer, endpoints), grantsOf(resources, "sns:Publish"));
        // Endpoints are deleted where the code deletes them: a removed device, a dead one, an account's deletion walk.
        assertEquals(Map.of(consumer, endpoints, roleOf(resources, "DevicesWrite"), endpoints), grantsOf(resources, "sns:DeleteEndpoint"));
    }

    /**
     * SNS's token-management flow (an endpoint that exists for the token but is disabled or holds another token, read
     * and set enabled) is the devices write function's alone, and only on this stack's endpoints: the sender never
     * re-enables an endpoint (a dead device is removed), and the read function calls SNS not at all.
     */
    @Test
    void onlyTheDevicesWriteFunctionReadsAndSetsEndpointAttributesAndOnlyOnThisStacksEndpoints() {
        for (String action : List.of("sns:GetEndpointAttributes", "sns:SetEndpointAttributes")) {
            assertEquals(Map.of(roleOf(resources, "DevicesWrite"), endpointPatterns()), grantsOf(resources, action), action);
        }
        assertEquals(Set.of(PushAccess.Action.CREATE_PLATFORM_ENDPOINT, PushAccess.Action.GET_ENDPOINT_ATTRIBUTES,
                PushAccess.Action.SET_ENDPOINT_ATTRIBUTES, PushAccess.Action.DELETE_ENDPOINT), PushAccess.of(LambdaFunction.DEVICES, true));
        assertEquals(Set.of(), PushAccess.of(LambdaFunction.DEVICES, false), "the read function calls no SNS action");
    }

    @Test
    void noSnsActionIsGrantedOnStarOrByWildcardAndOnlyThePushRolesHaveAny() {
        Set<String> rolesWithSns = new TreeSet<>();
        for (Statement s : statements(resources)) {
            for (String action : s.actions()) {
                assertFalse(action.equals("*") || action.equals("sns:*") || (action.startsWith("sns:") && action.contains("*")),
                        s.roles() + " is granted " + action);
                if (action.startsWith("sns:")) {
                    rolesWithSns.addAll(s.roles());
                    assertFalse(s.resources().contains("*"), s.roles() + " has " + action + " on *");
                }
            }
        }
        assertEquals(new TreeSet<>(Set.of(roleOf(resources, "DevicesWrite"), roleOf(resources, LambdaFunction.STREAM_CONSUMER.id()),
                roleOf(resources, PROVIDER))), rolesWithSns);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theProviderMayReadOnlyTheTwoSecretsAndManageOnlyTheTwoApplications() {
        String role = roleOf(resources, PROVIDER);
        String logs = byConstructId(resources, "AWS::Logs::LogGroup", PROVIDER + "Logs");
        String apnsPlatform = BigTimeDealsStackTest.deployed(Setting.PUSH_APNS_PLATFORM);
        Set<String> expected = new TreeSet<>();
        for (String action : List.of("logs:CreateLogStream", "logs:PutLogEvents")) {
            expected.add(action + " on {Fn::GetAtt=[" + logs + ", Arn]}");
        }
        for (Setting secret : List.of(Setting.PUSH_FCM_SECRET_NAME, Setting.PUSH_APNS_SECRET_NAME)) {
            expected.add("secretsmanager:GetSecretValue on {Fn::Join=[, [arn:, {Ref=AWS::Partition}, :secretsmanager:, "
                    + "{Ref=AWS::Region}, :, {Ref=AWS::AccountId}, :secret:" + BigTimeDealsStackTest.deployed(secret) + "-??????]]}");
        }
        for (String action : List.of("sns:CreatePlatformApplication", "sns:SetPlatformApplicationAttributes", "sns:DeletePlatformApplication")) {
            expected.add(action + " on " + snsArn("app", "GCM", "-fcm"));
            expected.add(action + " on " + snsArn("app", apnsPlatform, "-apns"));
        }
        Set<String> granted = new TreeSet<>();
        for (Statement s : statements(resources)) {
            if (s.roles().contains(role)) {
                assertEquals(Map.of(), s.condition());
                s.actions().forEach(a -> s.resources().forEach(r -> granted.add(a + " on " + r)));
            }
        }
        assertEquals(String.join("\n", expected), String.join("\n", granted));
        // No managed policy (not even AWSLambdaBasicExecutionRole: its logs go to its own group), no inline one.
        Map<String, Object> roleProps = props(resources, role);
        assertEquals(null, roleProps.get("ManagedPolicyArns"), roleProps.toString());
        assertEquals(null, roleProps.get("Policies"), roleProps.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theProviderRunsTheHandlerInlineAndEveryRequestCloudFormationRepeatsIsSafe() throws Exception {
        Map<String, Object> p = props(resources, byConstructId(resources, "AWS::Lambda::Function", PROVIDER));
        assertEquals("nodejs24.x", p.get("Runtime"));
        assertEquals("index.handler", p.get("Handler"));
        assertEquals(PushResources.handlerSource(), ((Map<String, Object>) p.get("Code")).get("ZipFile"));
        // The handler's requests as CloudFormation sends them, at least once, against SNS and Secrets Manager
        // stand-ins: Node runs the CDK app (jsii), so it is on every machine that synthesizes.
        Path handler = Path.of("src", "main", "resources", "push-platform-application.js").toAbsolutePath();
        Path cases = Path.of("src", "test", "resources", "push-platform-application.test.js").toAbsolutePath();
        Process node = new ProcessBuilder("node", cases.toString(), handler.toString()).redirectErrorStream(true).start();
        assertTrue(node.waitFor(60, TimeUnit.SECONDS), "node did not finish");
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, node.exitValue(), output);
        assertTrue(output.contains("ok a create sent again finds the application"), output);
    }

    @Test
    void theApnsSandboxSettingAndAnEmptySecretSettingChangeWhatIsMade() throws Exception {
        Map<String, Object> context = new HashMap<>(BigTimeDealsStackTest.cdkJsonContext);
        context.put(Setting.PUSH_APNS_PLATFORM.contextKey(), "APNS_SANDBOX");
        context.put(Setting.PUSH_FCM_SECRET_NAME.contextKey(), "");
        Map<String, Map<String, Object>> sandbox = synth(context, "Sandbox");
        assertEquals(Set.of(APNS), ofType(sandbox, PushResources.RESOURCE_TYPE));
        assertEquals("APNS_SANDBOX", props(sandbox, APNS).get("Platform"));
        String consumer = roleOf(sandbox, LambdaFunction.STREAM_CONSUMER.id());
        assertEquals(Map.of(consumer, endpointPatterns()), grantsOf(sandbox, "sns:Publish"));
        assertEquals(Map.of(roleOf(sandbox, "DevicesWrite"), List.of("{Ref=" + APNS + "}")), grantsOf(sandbox, "sns:CreatePlatformEndpoint"));
        assertEquals(Map.of(roleOf(sandbox, "DevicesWrite"), endpointPatterns()), grantsOf(sandbox, "sns:SetEndpointAttributes"));

        // Neither secret named: no application, no provider, no endpoint made anywhere, no ARN in any environment
        // (503s). Devices registered before still have endpoints: pushing to one, or removing it, reaches SNS.
        context.put(Setting.PUSH_APNS_SECRET_NAME.contextKey(), "");
        Map<String, Map<String, Object>> none = synth(context, "NoPush");
        assertEquals(Set.of(), ofType(none, PushResources.RESOURCE_TYPE));
        assertTrue(ofType(none, "AWS::Lambda::Function").stream().noneMatch(id -> id.startsWith(PROVIDER)));
        assertEquals(Map.of(), grantsOf(none, "sns:CreatePlatformEndpoint"));
        // Re-registering such a device still enables its endpoint, or finds it gone: the attributes grants stay.
        assertEquals(Map.of(roleOf(none, "DevicesWrite"), endpointPatterns()), grantsOf(none, "sns:GetEndpointAttributes"));
        assertEquals(Map.of(roleOf(none, LambdaFunction.STREAM_CONSUMER.id()), endpointPatterns()), grantsOf(none, "sns:Publish"));
        assertFalse(none.toString().contains(PushAccess.FCM_APPLICATION_VARIABLE));
        assertFalse(none.toString().contains(PushAccess.APNS_APPLICATION_VARIABLE));

        context.put(Setting.PUSH_APNS_PLATFORM.contextKey(), "APNS_PRODUCTION");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> synth(context, "BadPlatform"));
        assertTrue(e.getMessage().contains(Setting.PUSH_APNS_PLATFORM.contextKey()), e.getMessage());
        // A secret is named, not given by ARN: the provider's grant is on the name's ARN.
        context.put(Setting.PUSH_APNS_PLATFORM.contextKey(), "APNS");
        context.put(Setting.PUSH_FCM_SECRET_NAME.contextKey(), "arn:aws:secretsmanager:eu-west-1:123456789012:secret:fcm-AbCdEf");
        e = assertThrows(IllegalArgumentException.class, () -> synth(context, "ArnNotName"));
        assertTrue(e.getMessage().contains(Setting.PUSH_FCM_SECRET_NAME.contextKey()), e.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> synth(Map<String, Object> context, String id) {
        App app = App.Builder.create().context(context).build();
        Template t = Template.fromStack(new BigTimeDealsStack(app, id, StackProps.builder().build()));
        return (Map<String, Map<String, Object>>) new ObjectMapper().convertValue(t.toJSON(), Map.class).get("Resources");
    }

    private static Set<String> ofType(Map<String, Map<String, Object>> in, String type) {
        Set<String> ids = new TreeSet<>();
        in.forEach((id, r) -> {
            if (type.equals(r.get("Type"))) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** The logical id of the resource of {@code type} whose construct id is {@code constructId} (CDK adds an 8-hex hash). */
    private static String byConstructId(Map<String, Map<String, Object>> in, String type, String constructId) {
        List<String> ids = ofType(in, type).stream().filter(id -> id.matches(constructId + "[0-9A-F]{8}")).toList();
        assertEquals(1, ids.size(), type + " " + constructId + ": " + ids);
        return ids.get(0);
    }

    /** The role a function runs as, by the function's construct id. */
    @SuppressWarnings("unchecked")
    private static String roleOf(Map<String, Map<String, Object>> in, String constructId) {
        Map<String, Object> fn = props(in, byConstructId(in, "AWS::Lambda::Function", constructId));
        return ((List<Object>) ((Map<String, Object>) fn.get("Role")).get("Fn::GetAtt")).get(0).toString();
    }

    /** One statement of an identity policy: the roles it is attached to, its actions, resources and condition. */
    record Statement(List<String> roles, List<String> actions, List<String> resources, Object condition) {
    }

    /** Every Allow statement of every IAM policy in the template (AWS::IAM::Policy and roles' inline policies). */
    @SuppressWarnings("unchecked")
    private static List<Statement> statements(Map<String, Map<String, Object>> in) {
        List<Statement> out = new ArrayList<>();
        in.forEach((id, r) -> {
            Map<String, Object> p = (Map<String, Object>) r.get("Properties");
            List<Map<String, Object>> documents = new ArrayList<>();
            List<String> roles = new ArrayList<>();
            if ("AWS::IAM::Policy".equals(r.get("Type")) || "AWS::IAM::ManagedPolicy".equals(r.get("Type"))) {
                documents.add((Map<String, Object>) p.get("PolicyDocument"));
                for (Object role : (List<Object>) p.getOrDefault("Roles", List.of())) {
                    roles.add(String.valueOf(((Map<String, Object>) role).get("Ref")));
                }
            } else if ("AWS::IAM::Role".equals(r.get("Type")) && p.get("Policies") != null) {
                for (Map<String, Object> inline : (List<Map<String, Object>>) p.get("Policies")) {
                    documents.add((Map<String, Object>) inline.get("PolicyDocument"));
                }
                roles.add(id);
            }
            for (Map<String, Object> document : documents) {
                for (Map<String, Object> s : (List<Map<String, Object>>) document.get("Statement")) {
                    if (!"Allow".equals(s.get("Effect"))) {
                        continue;
                    }
                    out.add(new Statement(roles, strings(s.get("Action")), strings(s.get("Resource")), s.getOrDefault("Condition", Map.of())));
                }
            }
        });
        return out;
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            l.forEach(x -> out.add(String.valueOf(x)));
        } else if (o != null) {
            out.add(String.valueOf(o));
        }
        return out;
    }

    /** For one action: each role granted it, with the resources it is granted on. */
    private static Map<String, List<String>> grantsOf(Map<String, Map<String, Object>> in, String action) {
        Map<String, List<String>> out = new TreeMap<>();
        for (Statement s : statements(in)) {
            if (s.actions().contains(action)) {
                assertEquals(Map.of(), s.condition(), action);
                for (String role : s.roles()) {
                    out.computeIfAbsent(role, r -> new ArrayList<>()).addAll(s.resources());
                }
            }
        }
        return out;
    }
}

package com.bigtimedeals.infra;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.PushAccess;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.ArnComponents;
import software.amazon.awscdk.ArnFormat;
import software.amazon.awscdk.Aws;
import software.amazon.awscdk.CustomResource;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.iam.Role;
import software.amazon.awscdk.services.iam.ServicePrincipal;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;

/**
 * SNS mobile push (api.md, "Devices and push"): one platform application for FCM and one for APNs, each made from
 * a Secrets Manager secret the operator creates and a setting names ({@link Setting#PUSH_FCM_SECRET_NAME},
 * {@link Setting#PUSH_APNS_SECRET_NAME}; docs/push-credentials.md), and the only SNS grants in the stack: the devices
 * write function may create endpoints in exactly these two applications and read and set their endpoints' attributes
 * (SNS's token-management flow, enabling a disabled endpoint again), the sender (the stream consumer) may publish
 * only to the endpoints of the applications this stack makes, and both may delete those endpoints. A secret setting left empty makes no application for
 * its platform: registering such a device answers 503, and CreatePlatformEndpoint names no application of it.
 *
 * <p>Why a custom resource: CloudFormation has no platform-application resource type (SNS's are topics, their
 * policies, subscriptions), and a {@code {{resolve:secretsmanager:...}}} reference cannot be used for a secure value
 * in a custom resource's properties (CloudFormation's dynamic-references considerations), nor would it belong there:
 * the properties are shown by the console and passed to the provider in its event. So the provider reads the secret
 * itself, at deploy time, and hands it only to SNS.
 *
 * <p>Why an inline Node.js handler ({@code push-platform-application.js}) and not a Java class: it runs once per
 * deploy, and the Node.js runtime already ships the SDK v3 clients it needs (SNS, Secrets Manager), so it adds no
 * dependency, no asset and no class to the functions' shaded jar, nothing to any API function's cold path, and the
 * code deployed is in the template for review. It answers CloudFormation itself (the response URL) rather than
 * through CDK's provider framework, which would add a second function and role for one request per deploy.
 */
final class PushResources {
    /** The SNS platform of the FCM application (SNS still calls FCM "GCM", in ARNs and payload keys alike). */
    static final String FCM_PLATFORM = "GCM";
    static final List<String> APNS_PLATFORMS = List.of("APNS", "APNS_SANDBOX");
    static final String RESOURCE_TYPE = "Custom::PushPlatformApplication";
    static final String HANDLER_RESOURCE = "/push-platform-application.js";

    /** One platform application as deployed: the custom resource and what grants name of it. */
    record Application(String platform, String suffix, CustomResource resource) {
        /** The application's ARN (the resource's physical id), known only once it exists. */
        String arn() {
            return resource.getRef();
        }
    }

    /**
     * Every application this stack can make, as (platform, name suffix): whose endpoints Publish and DeleteEndpoint
     * are granted on, whichever exist now. A device keeps its endpoint's ARN after the application is gone (a secret
     * setting emptied, {@code pushApnsPlatform} switched): its next push or removal must reach SNS and learn
     * {@code NotFound} (the device is then removed), not be refused by IAM, which would fail the consumer's batch
     * again and again. Every such ARN is still this stack's own: the names are the stack's.
     */
    static final List<List<String>> ENDPOINT_FAMILIES = List.of(List.of(FCM_PLATFORM, "-fcm"),
            List.of(APNS_PLATFORMS.get(0), "-apns"), List.of(APNS_PLATFORMS.get(1), "-apns"));

    final List<Application> applications = new ArrayList<>();
    private final Stack stack;

    PushResources(Stack stack, StackContext context) {
        this.stack = stack;
        Settings settings = context.settings();
        String fcmSecret = settings.value(Setting.PUSH_FCM_SECRET_NAME);
        String apnsSecret = settings.value(Setting.PUSH_APNS_SECRET_NAME);
        String apnsPlatform = settings.value(Setting.PUSH_APNS_PLATFORM);
        if (!APNS_PLATFORMS.contains(apnsPlatform)) {
            throw new IllegalArgumentException(Setting.PUSH_APNS_PLATFORM.contextKey() + " must be one of "
                    + APNS_PLATFORMS + ", not '" + apnsPlatform + "'");
        }
        for (Setting named : List.of(Setting.PUSH_FCM_SECRET_NAME, Setting.PUSH_APNS_SECRET_NAME)) {
            String v = settings.value(named);
            // A name, as Secrets Manager allows them: the grant is on its name-based ARN (name-??????), so an ARN
            // given here would grant nothing the provider could read.
            if (v != null && (v.startsWith("arn:") || !v.matches("[A-Za-z0-9/_+=.@-]{1,512}"))) {
                throw new IllegalArgumentException(named.contextKey() + " must be a secret's name (letters, digits and "
                        + "/_+=.@-), not '" + v + "'");
            }
        }
        if (fcmSecret == null && apnsSecret == null) {
            return;
        }
        LogGroup logs = LogGroup.Builder.create(stack, "PushPlatformProviderLogs").retention(RetentionDays.ONE_MONTH)
                .removalPolicy(RemovalPolicy.DESTROY).build();
        // Its own role, not AWSLambdaBasicExecutionRole: its logs go to its own group only, and it may do nothing else
        // than read these secrets and make, update and delete these applications (statements below).
        Role role = Role.Builder.create(stack, "PushPlatformProviderRole")
                .assumedBy(new ServicePrincipal("lambda.amazonaws.com"))
                .description("Makes the stack's SNS platform applications from their Secrets Manager secrets at deploy time")
                .build();
        role.addToPolicy(PolicyStatement.Builder.create()
                .actions(List.of("logs:CreateLogStream", "logs:PutLogEvents"))
                .resources(List.of(logs.getLogGroupArn())).build());
        Function provider = Function.Builder.create(stack, "PushPlatformProvider")
                .runtime(Runtime.NODEJS_24_X)
                .architecture(Architecture.ARM_64)
                .handler("index.handler")
                .code(Code.fromInline(handlerSource()))
                .memorySize(256)
                // Each request is at most three SDK calls and one response; a minute is ample and frees a stuck one.
                .timeout(Duration.minutes(1))
                .role(role)
                .logGroup(logs)
                .description("Custom::PushPlatformApplication: SNS platform applications from Secrets Manager")
                .build();
        if (fcmSecret != null) {
            applications.add(application(provider, role, "Fcm", FCM_PLATFORM, "-fcm", fcmSecret, settings));
        }
        if (apnsSecret != null) {
            applications.add(application(provider, role, "Apns", apnsPlatform, "-apns", apnsSecret, settings));
        }
    }

    private Application application(Function provider, Role role, String id, String platform, String suffix,
            String secretName, Settings settings) {
        // Named after the stack, so its ARN, and every endpoint ARN in it, is known before it exists: the grants below
        // and the provider's own name these ARNs, not a wildcard over the account's applications.
        String name = Aws.STACK_NAME + suffix;
        String arn = snsArn(stack, "app", platform + "/" + name);
        // GetSecretValue on this one secret: a name-based ARN ends in a hyphen and six random characters.
        String secretArn = stack.formatArn(ArnComponents.builder().service("secretsmanager").resource("secret")
                .resourceName(secretName + "-??????").arnFormat(ArnFormat.COLON_RESOURCE_NAME).build());
        role.addToPolicy(PolicyStatement.Builder.create().actions(List.of("secretsmanager:GetSecretValue"))
                .resources(List.of(secretArn)).build());
        role.addToPolicy(PolicyStatement.Builder.create()
                .actions(List.of("sns:CreatePlatformApplication", "sns:SetPlatformApplicationAttributes",
                        "sns:DeletePlatformApplication"))
                .resources(List.of(arn)).build());
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("Name", name);
        properties.put("Platform", platform);
        properties.put("SecretId", secretName);
        properties.put("ApplicationArn", arn);
        // Changed by the operator after rotating a secret: the one property change that makes CloudFormation send an
        // update, on which the provider reads the secret again (SetPlatformApplicationAttributes).
        properties.put("SecretsRevision", settings.value(Setting.PUSH_SECRETS_REVISION));
        CustomResource resource = CustomResource.Builder.create(stack, id + "PlatformApplication")
                .resourceType(RESOURCE_TYPE)
                .serviceToken(provider.getFunctionArn())
                .properties(properties)
                // A provider that never answers fails the deploy in minutes, not CloudFormation's default hour.
                .serviceTimeout(Duration.minutes(5))
                .build();
        // The role's statements must exist before the provider is called with them.
        resource.getNode().addDependency(role);
        return new Application(platform, suffix, resource);
    }

    /**
     * Every function made so far, given exactly its {@link PushAccess} actions: endpoints made (CreatePlatformEndpoint)
     * only in these applications, with their ARNs in its environment; every other action (Publish, DeleteEndpoint,
     * Get- and SetEndpointAttributes) only on their endpoints. The devices read function and every other function get nothing: their code never calls SNS.
     */
    void grant(Functions functions) {
        functions.all().forEach((id, fn) -> {
            LambdaFunction described = functions.described(id);
            // An API function's read deployment is "<Id>Read"; every other function (its write one, the stream's) writes.
            grant(fn, PushAccess.of(described, !id.endsWith("Read")));
        });
    }

    private void grant(Function fn, Set<PushAccess.Action> actions) {
        if (actions.isEmpty()) {
            return;
        }
        for (PushAccess.Action action : actions) {
            List<String> resources;
            if (action == PushAccess.Action.CREATE_PLATFORM_ENDPOINT) {
                if (applications.isEmpty()) {
                    continue; // no application to make endpoints in: registering answers 503
                }
                for (Application a : applications) {
                    fn.addEnvironment(a.platform().equals(FCM_PLATFORM)
                            ? PushAccess.FCM_APPLICATION_VARIABLE : PushAccess.APNS_APPLICATION_VARIABLE, a.arn());
                }
                resources = applications.stream().map(Application::arn).toList();
            } else {
                // Endpoints of exactly this stack's applications: SNS's endpoint/PLATFORM/APPLICATION/ID.
                resources = ENDPOINT_FAMILIES.stream().map(f -> snsArn(stack, "endpoint", f.get(0) + "/" + Aws.STACK_NAME
                        + f.get(1) + "/*")).toList();
            }
            fn.addToRolePolicy(PolicyStatement.Builder.create().actions(List.of(action.iam())).resources(resources).build());
        }
        if (actions.stream().anyMatch(a -> a != PushAccess.Action.CREATE_PLATFORM_ENDPOINT)) {
            NagSuppressions.addResourceSuppressions(fn, List.of(NagPackSuppression.builder().id("AwsSolutions-IAM5")
                    .reason("SNS names each endpoint endpoint/<platform>/<application>/<id>, the id its own: the grant "
                            + "names the platform applications this stack makes (named after it) and any endpoint in them, no other.")
                    .appliesTo(ENDPOINT_FAMILIES.stream().map(f -> "Resource::arn:<AWS::Partition>:sns:<AWS::Region>:"
                            + "<AWS::AccountId>:endpoint/" + f.get(0) + "/<AWS::StackName>" + f.get(1) + "/*").toList())
                    .build()), true);
        }
    }

    private static String snsArn(Stack stack, String resource, String name) {
        return stack.formatArn(ArnComponents.builder().service("sns").resource(resource).resourceName(name)
                .arnFormat(ArnFormat.SLASH_RESOURCE_NAME).build());
    }

    /** The provider's source, deployed inline (ZipFile): what runs is what the template shows. */
    static String handlerSource() {
        try (InputStream in = PushResources.class.getResourceAsStream(HANDLER_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(HANDLER_RESOURCE + " is missing from the infra module's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

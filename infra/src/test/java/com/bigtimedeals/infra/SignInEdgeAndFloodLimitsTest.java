package com.bigtimedeals.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.EditorSiteHeaders;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.bigtimedeals.topology.RouteThrottle;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/**
 * Who signs in (one user pool, MFA optional with TOTP, the trigger that gates the editors group, both app clients,
 * one authorizer), the
 * CMS's edge (its CSP's exact origins, TLS, the API's paths on its own origin) and the flood limits (each costly
 * route's throttle, the consumer's and sweeper's reserved concurrency), as synthesized. Shares
 * {@link BigTimeDealsStackTest}'s one synth, and makes one more with a custom domain.
 */
@Tag("deployment")
class SignInEdgeAndFloodLimitsTest {
    static Map<String, Map<String, Object>> resources;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void template() throws Exception {
        resources = BigTimeDealsStackTest.resources();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> props(String id) {
        return (Map<String, Object>) resources.get(id).get("Properties");
    }

    /** The one resource of {@code type} whose logical id starts with {@code prefix} (the construct path). */
    private static String one(String type, String prefix) {
        List<String> ids = resources.entrySet().stream().filter(e -> type.equals(e.getValue().get("Type")))
                .map(Map.Entry::getKey).filter(id -> id.matches(prefix + "[0-9A-F]{8}")).toList();
        assertEquals(1, ids.size(), type + " " + prefix + ": " + ids);
        return ids.get(0);
    }

    private static long count(String type) {
        return resources.values().stream().filter(r -> type.equals(r.get("Type"))).count();
    }

    private static List<String> list(Setting setting) {
        return setting.list(BigTimeDealsStackTest.deployed(setting));
    }

    private static int number(Setting setting) {
        return setting.number(BigTimeDealsStackTest.deployed(setting));
    }

    @Test
    @SuppressWarnings("unchecked")
    void onePoolMfaOptionalWithTotpOnlyAndTheTriggerKeepsTheEditorsGroupForThoseWithIt() {
        assertEquals(1, count("AWS::Cognito::UserPool"));
        String users = one("AWS::Cognito::UserPool", "Users");
        Map<String, Object> u = props(users);
        assertEquals("OPTIONAL", u.get("MfaConfiguration"));
        assertEquals(List.of("SOFTWARE_TOKEN_MFA"), u.get("EnabledMfas"), "TOTP only, no SMS");
        assertEquals(Map.of("AllowAdminCreateUserOnly", false), u.get("AdminCreateUserConfig"));
        assertEquals("ESSENTIALS", u.get("UserPoolTier"), "version 2 trigger events, which reach the access token");
        // The pre token generation trigger, version 2, through the gate's live alias.
        Map<String, Object> trigger = (Map<String, Object>) ((Map<String, Object>) u.get("LambdaConfig")).get("PreTokenGenerationConfig");
        assertEquals("V2_0", trigger.get("LambdaVersion"));
        assertTrue(trigger.get("LambdaArn").toString().contains(LambdaFunction.EDITORS_GROUP_GATE.id() + "Live"), trigger.toString());
        // The editors group is the pool's, the only group made by the stack.
        assertEquals("AWS::Cognito::UserPoolGroup", resources.get("Editors").get("Type"));
        Map<String, Object> group = props("Editors");
        assertEquals(Access.EDITORS_GROUP, group.get("GroupName"));
        assertEquals(Map.of("Ref", users), group.get("UserPoolId"));
        assertEquals(1, count("AWS::Cognito::UserPoolGroup"));
        assertEquals(List.of("AwsSolutions-COG2", "AwsSolutions-COG3"), suppressed(users));
    }

    @SuppressWarnings("unchecked")
    private static List<String> suppressed(String id) {
        Map<String, Object> nag = (Map<String, Object>) ((Map<String, Object>) resources.get(id).get("Metadata")).get("cdk_nag");
        return ((List<Map<String, Object>>) nag.get("rules_to_suppress")).stream().map(r -> r.get("id").toString()).sorted().toList();
    }

    @Test
    void theMobileAppSignsInWithTheCodeAndPkceAtItsOwnUrlsAndLearnsNothingOfWhoExists() {
        String users = one("AWS::Cognito::UserPool", "Users");
        Map<String, Object> client = props(one("AWS::Cognito::UserPoolClient", "UsersMobileAndCms"));
        assertEquals(Map.of("Ref", users), client.get("UserPoolId"));
        assertEquals(List.of("code"), client.get("AllowedOAuthFlows"), "no implicit grant");
        assertEquals(true, client.get("AllowedOAuthFlowsUserPoolClient"));
        assertEquals(false, client.get("GenerateSecret"), "a public client: PKCE, no secret");
        assertEquals(list(Setting.MOBILE_CALLBACK_URLS), client.get("CallbackURLs"));
        assertEquals(list(Setting.MOBILE_LOGOUT_URLS), client.get("LogoutURLs"));
        assertEquals("ENABLED", client.get("PreventUserExistenceErrors"));
        assertEquals(List.of("ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"), client.get("ExplicitAuthFlows"));
        assertEquals(60, client.get("AccessTokenValidity"));
        assertEquals(60, client.get("IdTokenValidity"));
        assertEquals(30 * 24 * 60, client.get("RefreshTokenValidity"));
        assertEquals(Map.of("AccessToken", "minutes", "IdToken", "minutes", "RefreshToken", "minutes"), client.get("TokenValidityUnits"));
        assertEquals(Map.of("Ref", users), props(one("AWS::Cognito::UserPoolDomain", "UsersAppSignIn")).get("UserPoolId"));

        Map<String, Object> cms = props(one("AWS::Cognito::UserPoolClient", "UsersCms"));
        assertEquals(Map.of("Ref", users), cms.get("UserPoolId"), "the CMS's own client of the one pool");
        assertEquals(List.of("code"), cms.get("AllowedOAuthFlows"));
        // The CMS, and only it, may change the signed-in account's own settings: an editor's authenticator app.
        assertTrue(((List<?>) cms.get("AllowedOAuthScopes")).contains("aws.cognito.signin.user.admin"), cms.toString());
        assertFalse(((List<?>) client.get("AllowedOAuthScopes")).contains("aws.cognito.signin.user.admin"), client.toString());
        assertEquals(List.of("locale"), cms.get("WriteAttributes"), "a CMS token changes no e-mail address, so sends no password reset elsewhere");
        assertEquals("ENABLED", cms.get("PreventUserExistenceErrors"));
        assertEquals(2, count("AWS::Cognito::UserPoolClient"));
        assertEquals(1, count("AWS::Cognito::UserPoolDomain"), "one managed login per pool");
        assertFalse(resources.toString().contains("implicit"));

        // The CMS's deployed config.json (filled in at deployment) names the pool's sign-in domain and the CMS's client.
        Map<String, Object> upload = props(one("Custom::CDKBucketDeployment", "CmsUploadCustomResource"));
        String markers = upload.get("SourceMarkers").toString();
        assertTrue(markers.contains("{Ref=" + one("AWS::Cognito::UserPoolDomain", "UsersAppSignIn") + "}"), markers);
        assertTrue(markers.contains("{Ref=" + one("AWS::Cognito::UserPoolClient", "UsersCms") + "}"), markers);
        assertFalse(markers.contains("UsersMobileAndCms"), "not the mobile app's client: " + markers);
    }

    @Test
    @SuppressWarnings("unchecked")
    void oneAuthorizerTrustsThePoolThroughBothAppClients() {
        assertEquals(1, count("AWS::ApiGatewayV2::Authorizer"));
        Map<String, Object> jwt = (Map<String, Object>) props(one("AWS::ApiGatewayV2::Authorizer", "ApiUsersJwt")).get("JwtConfiguration");
        assertEquals(Map.of("Fn::GetAtt", List.of(one("AWS::Cognito::UserPool", "Users"), "ProviderURL")), jwt.get("Issuer"));
        assertEquals(List.of(Map.of("Ref", one("AWS::Cognito::UserPoolClient", "UsersMobileAndCms")),
                Map.of("Ref", one("AWS::Cognito::UserPoolClient", "UsersCms"))), jwt.get("Audience"));
        // Every signed-in route uses it (DeployedStateTest); the editors group, not the authorizer, decides /cms (403).
        assertTrue(RouteTable.ROUTES.stream().anyMatch(r -> r.access() == Access.EDITOR));
    }

    /** The CSP with every {@code Ref} as {@code ${id}}: what the browser gets once CloudFormation fills them in. */
    @SuppressWarnings("unchecked")
    private static String csp() {
        Map<String, Object> policy = (Map<String, Object>) props(one("AWS::CloudFront::ResponseHeadersPolicy", "CmsSecurityHeaders"))
                .get("ResponseHeadersPolicyConfig");
        Object value = ((Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) policy.get("SecurityHeadersConfig"))
                .get("ContentSecurityPolicy"))).get("ContentSecurityPolicy");
        List<Object> parts = (List<Object>) ((List<Object>) ((Map<String, Object>) value).get("Fn::Join")).get(1);
        StringBuilder text = new StringBuilder();
        for (Object part : parts) {
            text.append(part instanceof Map<?, ?> ref ? "${" + ref.get("Ref") + "}" : part);
        }
        return text.toString();
    }

    private static List<String> sources(String csp, String directive) {
        for (String d : csp.split(";")) {
            List<String> words = List.of(d.trim().split(" +"));
            if (words.get(0).equals(directive)) {
                return words.subList(1, words.size());
            }
        }
        throw new AssertionError("no " + directive + " in " + csp);
    }

    @Test
    void theCmsMayConnectOnlyToItsOwnOriginItsSignInDomainAndThePoolsApiAndSubmitFormsOnlyToItself() {
        String signIn = "https://${" + one("AWS::Cognito::UserPoolDomain", "UsersAppSignIn") + "}.auth.${AWS::Region}.amazoncognito.com";
        String pool = "https://cognito-idp.${AWS::Region}.${AWS::URLSuffix}";
        String csp = csp();
        assertEquals(List.of("'self'", signIn, pool), sources(csp, "connect-src"));
        assertEquals(List.of("'self'"), sources(csp, "form-action"));
        assertEquals(List.of("'none'"), sources(csp, "frame-ancestors"));
        assertEquals(EditorSiteHeaders.contentSecurityPolicy(signIn, pool), csp, "the local stack serves the same policy");
        assertFalse(csp.contains("*"), csp);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theCmsReachesTheApiOnItsOwnOriginOverTls12WithNothingCached() {
        Map<String, Object> config = (Map<String, Object>) props(one("AWS::CloudFront::Distribution", "CmsDistribution")).get("DistributionConfig");
        String apiOrigin = null;
        for (Map<String, Object> origin : (List<Map<String, Object>>) config.get("Origins")) {
            if (origin.containsKey("CustomOriginConfig")) {
                assertEquals(Map.of("OriginProtocolPolicy", "https-only", "OriginSSLProtocols", List.of("TLSv1.2")), origin.get("CustomOriginConfig"));
                assertEquals(Map.of("Fn::Join", List.of("", List.of(Map.of("Ref", one("AWS::ApiGatewayV2::Api", "Api")), ".execute-api.",
                        Map.of("Ref", "AWS::Region"), ".", Map.of("Ref", "AWS::URLSuffix")))), origin.get("DomainName"));
                apiOrigin = (String) origin.get("Id");
            }
        }
        List<String> patterns = new ArrayList<>();
        for (Map<String, Object> b : (List<Map<String, Object>>) config.get("CacheBehaviors")) {
            patterns.add((String) b.get("PathPattern"));
            assertEquals(apiOrigin, b.get("TargetOriginId"));
            assertEquals("4135ea2d-6df8-44a3-9df3-4b5a84be39ad", b.get("CachePolicyId"), "CachingDisabled");
            assertEquals("b689b0a8-53d0-40ab-baf2-68738e2966ac", b.get("OriginRequestPolicyId"), "AllViewerExceptHostHeader");
            assertEquals(List.of("GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"), b.get("AllowedMethods"));
            assertEquals("https-only", b.get("ViewerProtocolPolicy"));
        }
        assertEquals(CmsSite.apiPathPatterns(), patterns);
        // Every route is reached, and the app's own files never go to the API.
        for (Route route : RouteTable.ROUTES) {
            String path = route.path().replaceAll("\\{[^}]+}", "x");
            assertTrue(patterns.stream().anyMatch(p -> path.startsWith(p.substring(0, p.length() - 1))), route.routeKey());
        }
        for (String file : List.of("/", EditorSiteHeaders.PATH, EditorSiteHeaders.PATH + "index.html", EditorSiteHeaders.PATH + "config.json",
                "/editor")) {
            assertTrue(patterns.stream().noneMatch(p -> file.startsWith(p.substring(0, p.length() - 1))), file);
        }
        assertTrue(patterns.size() <= 25, "CloudFront's default limit of cache behaviors");
        List<Object> errors = new ArrayList<>();
        for (int status : CmsSite.UNCACHED_ERRORS) {
            errors.add(Map.of("ErrorCode", status, "ErrorCachingMinTTL", 0));
        }
        assertEquals(errors, config.get("CustomErrorResponses"), "an error answer is never kept for someone else");
        assertFalse(config.containsKey("ViewerCertificate"), "the default *.cloudfront.net certificate: CFR4 says why");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCustomDomainWithItsCertificateRequiresTls12AndBecomesTheSignInCallback() {
        Map<String, Object> context = new LinkedHashMap<>(BigTimeDealsStackTest.cdkJsonContext);
        context.put(Setting.CMS_DOMAIN_NAME.contextKey(), "cms.bigtimedeals.example");
        context.put(Setting.CMS_CERTIFICATE_ARN.contextKey(), "arn:aws:acm:us-east-1:123456789012:certificate/0b7a2e5c-0000-4000-8000-000000000000");
        App app = App.Builder.create().context(context).build();
        BigTimeDealsStack stack = new BigTimeDealsStack(app, "WithDomain", StackProps.builder().build());
        Aspects.of(app).add(new AwsSolutionsChecks());
        app.synth();
        Template t = Template.fromStack(stack);
        t.hasResourceProperties("AWS::CloudFront::Distribution", Map.of("DistributionConfig", Match.objectLike(Map.of(
                "Aliases", List.of("cms.bigtimedeals.example"),
                "ViewerCertificate", Map.of("AcmCertificateArn", context.get(Setting.CMS_CERTIFICATE_ARN.contextKey()),
                        "MinimumProtocolVersion", "TLSv1.2_2021", "SslSupportMethod", "sni-only")))));
        t.hasResourceProperties("AWS::Cognito::UserPoolClient", Match.objectLike(Map.of(
                "CallbackURLs", List.of("https://cms.bigtimedeals.example/editor/"),
                "LogoutURLs", List.of("https://cms.bigtimedeals.example/editor/"))));
        var errors = Annotations.fromStack(stack).findError("*", Match.stringLikeRegexp("AwsSolutions-.*"));
        assertTrue(errors.isEmpty(), "with TLS 1.2 required, CFR4 needs no suppression: " + errors);
        Map<String, Object> withDomain = (Map<String, Object>) new ObjectMapper().convertValue(t.toJSON(), Map.class).get("Resources");
        withDomain.forEach((id, resource) -> assertFalse(id.startsWith("CmsDistribution") && resource.toString().contains("AwsSolutions-CFR4"), id));

        Map<String, Object> half = new LinkedHashMap<>(BigTimeDealsStackTest.cdkJsonContext);
        half.put(Setting.CMS_DOMAIN_NAME.contextKey(), "cms.bigtimedeals.example");
        App halfApp = App.Builder.create().context(half).build();
        assertThrows(IllegalArgumentException.class, () -> new BigTimeDealsStack(halfApp, "HalfDomain", StackProps.builder().build()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theCostlyRoutesHaveTheirOwnThrottlesFromSettingsAndEveryOtherOnlyTheStagesDefault() {
        String stage = one("AWS::ApiGatewayV2::Stage", "DefaultStage");
        Map<String, Object> expected = new LinkedHashMap<>();
        Set<String> throttledRoutes = new TreeSet<>();
        for (Route route : RouteTable.ROUTES) {
            RouteThrottle throttle = RouteThrottle.of(route.operation());
            if (throttle != null) {
                expected.put(route.routeKey(), Map.of("ThrottlingRateLimit", number(throttle.rate()),
                        "ThrottlingBurstLimit", number(throttle.burst())));
                throttledRoutes.add(one("AWS::ApiGatewayV2::Route", "Route" + route.routeKey().replaceAll("[^A-Za-z0-9]", "")));
            }
        }
        assertEquals(expected, props(stage).get("RouteSettings"));
        for (String key : List.of("DELETE /me", "POST /brands/{brandId}/likes", "DELETE /categories/{categoryId}/watches", "POST /cms/hot-deals",
                "POST /deals/{dealId}/comments", "DELETE /deals/{dealId}/comments/{commentId}", "POST /deals/{dealId}/reports")) {
            assertTrue(expected.containsKey(key), key);
        }
        assertTrue(!expected.containsKey("GET /deals/{dealId}/comments"), "reading a thread has only the stage's default");
        assertTrue(number(Setting.THROTTLE_BLASTS_RATE) < number(Setting.THROTTLE_RATE));
        // The stage names those routes, so CloudFormation must make them first.
        assertTrue(new TreeSet<>((List<String>) resources.get(stage).get("DependsOn")).containsAll(throttledRoutes));
    }

    @Test
    void theConsumerAndTheSweeperHaveConcurrencyOfTheirOwnAndTheApiFunctionsTakeNoneOfIt() {
        assertEquals(number(Setting.CONSUMER_RESERVED_CONCURRENCY),
                props(one("AWS::Lambda::Function", LambdaFunction.STREAM_CONSUMER.id())).get("ReservedConcurrentExecutions"));
        assertEquals(number(Setting.SWEEPER_RESERVED_CONCURRENCY),
                props(one("AWS::Lambda::Function", LambdaFunction.SWEEPER.id())).get("ReservedConcurrentExecutions"));
        long reserved = resources.values().stream().filter(r -> "AWS::Lambda::Function".equals(r.get("Type")))
                .filter(r -> r.toString().contains("ReservedConcurrentExecutions")).count();
        assertEquals(2, reserved);
    }
}

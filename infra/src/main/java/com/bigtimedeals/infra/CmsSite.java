package com.bigtimedeals.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.topology.EditorSiteHeaders;
import com.bigtimedeals.topology.RouteTable;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.Aws;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.certificatemanager.Certificate;
import software.amazon.awscdk.services.cloudfront.AllowedMethods;
import software.amazon.awscdk.services.cloudfront.BehaviorOptions;
import software.amazon.awscdk.services.cloudfront.CachePolicy;
import software.amazon.awscdk.services.cloudfront.Distribution;
import software.amazon.awscdk.services.cloudfront.ErrorResponse;
import software.amazon.awscdk.services.cloudfront.FunctionAssociation;
import software.amazon.awscdk.services.cloudfront.FunctionCode;
import software.amazon.awscdk.services.cloudfront.FunctionEventType;
import software.amazon.awscdk.services.cloudfront.FunctionRuntime;
import software.amazon.awscdk.services.cloudfront.HeadersFrameOption;
import software.amazon.awscdk.services.cloudfront.HeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.HttpVersion;
import software.amazon.awscdk.services.cloudfront.OriginProtocolPolicy;
import software.amazon.awscdk.services.cloudfront.OriginRequestPolicy;
import software.amazon.awscdk.services.cloudfront.OriginSslPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentSecurityPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentTypeOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersFrameOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersStrictTransportSecurity;
import software.amazon.awscdk.services.cloudfront.ResponseSecurityHeadersBehavior;
import software.amazon.awscdk.services.cloudfront.SecurityPolicyProtocol;
import software.amazon.awscdk.services.cloudfront.ViewerProtocolPolicy;
import software.amazon.awscdk.services.cloudfront.origins.HttpOrigin;
import software.amazon.awscdk.services.cloudfront.origins.S3BucketOrigin;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.ClientAttributes;
import software.amazon.awscdk.services.cognito.OAuthScope;
import software.amazon.awscdk.services.cognito.StandardAttributesMask;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientIdentityProvider;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;
import software.amazon.awscdk.services.cognito.UserPoolDomain;
import software.amazon.awscdk.services.s3.BlockPublicAccess;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.BucketEncryption;
import software.amazon.awscdk.services.s3.ObjectOwnership;
import software.amazon.awscdk.services.s3.deployment.BucketDeployment;
import software.amazon.awscdk.services.s3.deployment.ISource;
import software.amazon.awscdk.services.s3.deployment.Source;
import software.constructs.Construct;

/**
 * The editors' web app (cms/) in production: a private S3 bucket read only by CloudFront through origin
 * access control, HTTPS only, with the same security headers as the local stack ({@link EditorSiteHeaders}),
 * and Cognito's managed login for it on the one user pool (the pool's sign-in domain and the CMS's own public app client:
 * authorization code with PKCE, callback and logout at the CMS origin). The same distribution sends the API's
 * paths on to the HTTP API, so the app calls the API on its own origin, as it does on the local stack: no
 * cross-origin call, and a CSP whose {@code connect-src} names only that origin and the sign-in domain. (A CSP naming
 * the API's own {@code execute-api} host while the API allowed the distribution's origin for CORS would be a cycle:
 * each needs the other's generated host name before it exists.)
 */
public final class CmsSite extends Construct {
    /** Where {@code npm run build} in cms/ leaves the app; read from the repository root or infra/. */
    static final List<String> BUILT_APP = List.of("cms/dist", "../cms/dist");
    /** The 4xx and 5xx answers CloudFront would otherwise keep for 10 seconds: an API answer is never another user's. */
    static final List<Integer> UNCACHED_ERRORS = List.of(400, 403, 404, 405, 414, 500, 501, 502, 503, 504);

    private final Bucket bucket;
    private final Distribution distribution;
    private final String customDomain;
    private final UserPoolDomain domain;
    private final UserPoolClient client;

    public CmsSite(Construct scope, String id, UserPool pool, UserPoolDomain signIn, HttpApi api, StackContext context) {
        super(scope, id);
        Bucket logs = logBucket(this, "AccessLogs", "the CMS bucket and distribution");
        bucket = Bucket.Builder.create(this, "App")
                .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                .encryption(BucketEncryption.S3_MANAGED)
                .enforceSsl(true)
                .serverAccessLogsBucket(logs)
                .serverAccessLogsPrefix("s3/")
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();

        // The pool's managed login: its domain is the only origin besides the app's own that the app may call.
        this.domain = signIn;
        ResponseHeadersPolicy headers = ResponseHeadersPolicy.Builder.create(this, "SecurityHeaders")
                .comment("Big Time Deals CMS: CSP, HSTS, no framing")
                .securityHeadersBehavior(ResponseSecurityHeadersBehavior.builder()
                        .contentSecurityPolicy(ResponseHeadersContentSecurityPolicy.builder().override(true)
                                .contentSecurityPolicy(EditorSiteHeaders.contentSecurityPolicy(domain.baseUrl(),
                                        identityProvider())).build())
                        .strictTransportSecurity(ResponseHeadersStrictTransportSecurity.builder().override(true)
                                .accessControlMaxAge(Duration.seconds(EditorSiteHeaders.HSTS_MAX_AGE_SECONDS))
                                .includeSubdomains(true).preload(true).build())
                        .frameOptions(ResponseHeadersFrameOptions.builder().override(true).frameOption(HeadersFrameOption.DENY).build())
                        .contentTypeOptions(ResponseHeadersContentTypeOptions.builder().override(true).build())
                        .referrerPolicy(ResponseHeadersReferrerPolicy.builder().override(true)
                                .referrerPolicy(HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN).build())
                        .build())
                .build();
        // S3 has no directory index behind OAC: /editor/ (and /) is served as /editor/index.html.
        software.amazon.awscdk.services.cloudfront.Function index = software.amazon.awscdk.services.cloudfront.Function.Builder
                .create(this, "DirectoryIndex")
                .runtime(FunctionRuntime.JS_2_0)
                .code(FunctionCode.fromInline("function handler(event) { var r = event.request;"
                        + " if (r.uri === '/' || r.uri === '/editor') { r.uri = '/editor/index.html'; }"
                        + " else if (r.uri.endsWith('/')) { r.uri += 'index.html'; } return r; }"))
                .build();
        // The API's paths go on to the HTTP API over TLS 1.2, uncached, with every header but Host (the JWT
        // authorizer reads Authorization; API Gateway routes by its own host name).
        BehaviorOptions toApi = BehaviorOptions.builder()
                .origin(HttpOrigin.Builder.create(api.getApiId() + ".execute-api." + Aws.REGION + "." + Aws.URL_SUFFIX)
                        .protocolPolicy(OriginProtocolPolicy.HTTPS_ONLY)
                        .originSslProtocols(List.of(OriginSslPolicy.TLS_V1_2))
                        .build())
                .viewerProtocolPolicy(ViewerProtocolPolicy.HTTPS_ONLY)
                .allowedMethods(AllowedMethods.ALLOW_ALL)
                .cachePolicy(CachePolicy.CACHING_DISABLED)
                .originRequestPolicy(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER)
                .responseHeadersPolicy(headers)
                .build();
        Map<String, BehaviorOptions> apiPaths = new LinkedHashMap<>();
        for (String pattern : apiPathPatterns()) {
            apiPaths.put(pattern, toApi);
        }
        Settings settings = context.settings();
        customDomain = settings.value(Setting.CMS_DOMAIN_NAME);
        String certificateArn = settings.value(Setting.CMS_CERTIFICATE_ARN);
        if ((customDomain == null) != (certificateArn == null)) {
            throw new IllegalArgumentException(Setting.CMS_DOMAIN_NAME.contextKey() + " and " + Setting.CMS_CERTIFICATE_ARN.contextKey()
                    + " go together: a domain name needs its certificate");
        }
        Distribution.Builder cdn = Distribution.Builder.create(this, "Distribution")
                .comment("Big Time Deals CMS")
                .defaultBehavior(BehaviorOptions.builder()
                        .origin(S3BucketOrigin.withOriginAccessControl(bucket))
                        .viewerProtocolPolicy(ViewerProtocolPolicy.HTTPS_ONLY)
                        .cachePolicy(CachePolicy.CACHING_OPTIMIZED)
                        .responseHeadersPolicy(headers)
                        .functionAssociations(List.of(FunctionAssociation.builder().function(index)
                                .eventType(FunctionEventType.VIEWER_REQUEST).build()))
                        .build())
                .additionalBehaviors(apiPaths)
                .errorResponses(UNCACHED_ERRORS.stream().map(status -> ErrorResponse.builder().httpStatus(status)
                        .ttl(Duration.seconds(0)).build()).toList())
                .httpVersion(HttpVersion.HTTP2_AND_3)
                .enableLogging(true)
                .logBucket(logs)
                .logFilePrefix("cloudfront/");
        if (customDomain != null) {
            // CloudFront lets a distribution require TLS 1.2 only on a certificate of its own (SNI).
            cdn.domainNames(List.of(customDomain))
                    .certificate(Certificate.fromCertificateArn(this, "Certificate", certificateArn))
                    .minimumProtocolVersion(SecurityPolicyProtocol.TLS_V1_2_2021);
        }
        distribution = cdn.build();
        List<NagPackSuppression> accepted = new ArrayList<>(List.of(
                NagPackSuppression.builder().id("AwsSolutions-CFR1").reason("Editors work from anywhere; no geo restriction.").build(),
                NagPackSuppression.builder().id("AwsSolutions-CFR2").reason("Static files for signed-in editors and the API's "
                        + "own paths, which API Gateway throttles per stage and route. WAF is an operator's per-account choice.").build()));
        if (customDomain == null) {
            accepted.add(NagPackSuppression.builder().id("AwsSolutions-CFR4").reason("Without cmsDomainName and "
                    + "cmsCertificateArn the CMS is served on CloudFront's own *.cloudfront.net certificate, with which "
                    + "CloudFront accepts TLS 1.0 and no minimum can be set; viewers are HTTPS only. Setting both requires TLS 1.2.")
                    .build());
        }
        NagSuppressions.addResourceSuppressions(distribution, accepted);

        String appUrl = origin() + EditorSiteHeaders.PATH;
        client = pool.addClient("Cms", UserPoolClientOptions.builder()
                .generateSecret(false) // a browser app keeps no secret: PKCE protects the code instead
                .supportedIdentityProviders(List.of(UserPoolClientIdentityProvider.COGNITO))
                // The account's own settings too (aws.cognito.signin.user.admin), asked for only by a sign-in the
                // user starts to register an authenticator app: the CMS does that through the pool's API, with such a
                // token. Not its attributes: a token of this client changes no e-mail address (the way to a password
                // reset, and so to the account), whoever holds it. The one attribute named is harmless and there
                // only because Cognito reads an empty list as none given, which leaves every standard attribute writable.
                .oAuth(Users.codeFlow(List.of(appUrl), List.of(appUrl), OAuthScope.COGNITO_ADMIN))
                .writeAttributes(new ClientAttributes().withStandardAttributes(StandardAttributesMask.builder().locale(true).build()))
                .preventUserExistenceErrors(true)
                .enableTokenRevocation(true)
                // An editor signs in again after an hour (the CMS keeps no refresh token); drafts survive it.
                .accessTokenValidity(Duration.hours(1))
                .idTokenValidity(Duration.hours(1))
                .refreshTokenValidity(Duration.hours(1))
                .build());
        CfnOutput.Builder.create(this, "CmsUrl").value(appUrl).description("The editors' web app").build();
    }

    /**
     * A private bucket for CloudFront's (and S3's) standard access logs of {@code what}: retained, TLS only, and
     * written with ACLs, as CloudFront standard logging writes. Not logged itself: that would recurse.
     */
    static Bucket logBucket(Construct scope, String id, String what) {
        Bucket logs = Bucket.Builder.create(scope, id)
                .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                .encryption(BucketEncryption.S3_MANAGED)
                .enforceSsl(true)
                .objectOwnership(ObjectOwnership.OBJECT_WRITER) // CloudFront standard logging writes with ACLs
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
        NagSuppressions.addResourceSuppressions(logs, List.of(NagPackSuppression.builder().id("AwsSolutions-S1")
                .reason("This bucket holds the access logs of " + what + "; logging it would recurse.").build()));
        return logs;
    }

    /**
     * The distribution's path patterns for the API: one per first path segment of the route table ({@code /deals*}
     * covers {@code /deals} and {@code /deals/{dealId}}). None may reach the app's own {@link EditorSiteHeaders#PATH}.
     */
    static List<String> apiPathPatterns() {
        return RouteTable.firstSegments().stream().map(segment -> "/" + segment + "*").toList();
    }

    /** The user pool's own API in this region, where the CMS registers an editor's authenticator app. */
    static String identityProvider() {
        return "https://cognito-idp." + Aws.REGION + "." + Aws.URL_SUFFIX;
    }

    /** The CMS origin: {@code https://} and the custom domain if one is set, else the distribution's: Cognito's callback. */
    public String origin() {
        return "https://" + (customDomain != null ? customDomain : distribution.getDistributionDomainName());
    }

    /** The distribution, for the outputs and the tests. */
    Distribution distribution() {
        return distribution;
    }

    public UserPoolClient client() {
        return client;
    }

    /**
     * Uploads the app and its config (where the API answers, and the managed login). The built files come from cms/dist;
     * a fresh clone has none until {@code npm run build} in cms/, and synth still works: then only the config
     * is deployed, with a warning.
     */
    public void deploy() {
        List<ISource> sources = new ArrayList<>();
        // The API on the app's own origin (''), as on the local stack; the pool's managed login, the CMS's own client.
        sources.add(Source.jsonData("config.json", Map.of("apiUrl", "",
                "signIn", Map.of("kind", "cognito", "domain", domain.baseUrl(), "clientId", client.getUserPoolClientId(),
                        "identityProvider", identityProvider() + "/"))));
        Path built = BUILT_APP.stream().map(Path::of).filter(p -> Files.isRegularFile(p.resolve("index.html"))).findFirst().orElse(null);
        if (built != null) {
            sources.add(Source.asset(built.toAbsolutePath().toString()));
        } else {
            Annotations.of(this).addWarningV2("bigtimedeals:cms-not-built",
                    "cms/dist is missing: run `npm run build` in cms/ before `cdk deploy`, or the CMS has no files to serve.");
        }
        BucketDeployment deployment = BucketDeployment.Builder.create(this, "Upload")
                .sources(sources)
                .destinationBucket(bucket)
                .destinationKeyPrefix(EditorSiteHeaders.PATH.substring(1))
                .distribution(distribution)
                .distributionPaths(List.of("/editor/index.html", "/editor/config.json"))
                .prune(false) // hashed assets of the previous version stay for tabs still running it
                .build();
        // The upload runs in CDK's own singleton function, a sibling of this construct in the stack.
        software.amazon.awscdk.Stack stack = software.amazon.awscdk.Stack.of(this);
        NagSuppressions.addResourceSuppressionsByPath(stack, "/" + stack.getNode().getPath()
                + "/Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C", List.of(
                NagPackSuppression.builder().id("AwsSolutions-IAM4").reason("CDK's upload function writes only its own logs "
                        + "with AWSLambdaBasicExecutionRole.").build(),
                NagPackSuppression.builder().id("AwsSolutions-IAM5").reason("CDK's upload function copies the asset objects "
                        + "into this bucket (object wildcards of the asset and CMS buckets) and invalidates the distribution.").build(),
                NagPackSuppression.builder().id("AwsSolutions-L1").reason("CDK pins the runtime of its own upload function.").build()),
                true);
    }
}

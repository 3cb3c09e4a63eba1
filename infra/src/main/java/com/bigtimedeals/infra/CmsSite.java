package com.bigtimedeals.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.topology.EditorSiteHeaders;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.Aws;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.cloudfront.BehaviorOptions;
import software.amazon.awscdk.services.cloudfront.CachePolicy;
import software.amazon.awscdk.services.cloudfront.Distribution;
import software.amazon.awscdk.services.cloudfront.FunctionAssociation;
import software.amazon.awscdk.services.cloudfront.FunctionCode;
import software.amazon.awscdk.services.cloudfront.FunctionEventType;
import software.amazon.awscdk.services.cloudfront.FunctionRuntime;
import software.amazon.awscdk.services.cloudfront.HeadersFrameOption;
import software.amazon.awscdk.services.cloudfront.HeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.HttpVersion;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentSecurityPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentTypeOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersFrameOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersStrictTransportSecurity;
import software.amazon.awscdk.services.cloudfront.ResponseSecurityHeadersBehavior;
import software.amazon.awscdk.services.cloudfront.ViewerProtocolPolicy;
import software.amazon.awscdk.services.cloudfront.origins.S3BucketOrigin;
import software.amazon.awscdk.services.cognito.CognitoDomainOptions;
import software.amazon.awscdk.services.cognito.OAuthFlows;
import software.amazon.awscdk.services.cognito.OAuthScope;
import software.amazon.awscdk.services.cognito.OAuthSettings;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientIdentityProvider;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;
import software.amazon.awscdk.services.cognito.UserPoolDomain;
import software.amazon.awscdk.services.cognito.UserPoolDomainOptions;
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
 * and Cognito's managed login for it (a user-pool domain and a public app client: authorization code with
 * PKCE, callback and logout at the CMS origin). Its origin is the one the API allows for CORS.
 */
public final class CmsSite extends Construct {
    /** Where {@code npm run build} in cms/ leaves the app; read from the repository root or infra/. */
    static final List<String> BUILT_APP = List.of("cms/dist", "../cms/dist");

    private final Bucket bucket;
    private final Distribution distribution;
    private final UserPoolDomain domain;
    private final UserPoolClient client;

    public CmsSite(Construct scope, String id, UserPool users) {
        super(scope, id);
        Bucket logs = Bucket.Builder.create(this, "AccessLogs")
                .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                .encryption(BucketEncryption.S3_MANAGED)
                .enforceSsl(true)
                .objectOwnership(ObjectOwnership.OBJECT_WRITER) // CloudFront standard logging writes with ACLs
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
        NagSuppressions.addResourceSuppressions(logs, List.of(NagPackSuppression.builder().id("AwsSolutions-S1")
                .reason("This bucket holds the access logs of the CMS bucket and distribution; logging it would recurse.").build()));
        bucket = Bucket.Builder.create(this, "App")
                .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                .encryption(BucketEncryption.S3_MANAGED)
                .enforceSsl(true)
                .serverAccessLogsBucket(logs)
                .serverAccessLogsPrefix("s3/")
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();

        // The Cognito domain and the API both live on AWS hostnames known before deploy, so the CSP names them
        // without referencing the API (which references this distribution for CORS: that would be a cycle).
        String prefix = "bigtimedeals-" + Aws.ACCOUNT_ID;
        String signInOrigin = "https://" + prefix + ".auth." + Aws.REGION + ".amazoncognito.com";
        String apiOrigins = "https://*.execute-api." + Aws.REGION + ".amazonaws.com";
        ResponseHeadersPolicy headers = ResponseHeadersPolicy.Builder.create(this, "SecurityHeaders")
                .comment("Big Time Deals CMS: CSP, HSTS, no framing")
                .securityHeadersBehavior(ResponseSecurityHeadersBehavior.builder()
                        .contentSecurityPolicy(ResponseHeadersContentSecurityPolicy.builder().override(true)
                                .contentSecurityPolicy(EditorSiteHeaders.contentSecurityPolicy(apiOrigins + " " + signInOrigin)).build())
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
        distribution = Distribution.Builder.create(this, "Distribution")
                .comment("Big Time Deals CMS")
                .defaultBehavior(BehaviorOptions.builder()
                        .origin(S3BucketOrigin.withOriginAccessControl(bucket))
                        .viewerProtocolPolicy(ViewerProtocolPolicy.HTTPS_ONLY)
                        .cachePolicy(CachePolicy.CACHING_OPTIMIZED)
                        .responseHeadersPolicy(headers)
                        .functionAssociations(List.of(FunctionAssociation.builder().function(index)
                                .eventType(FunctionEventType.VIEWER_REQUEST).build()))
                        .build())
                .httpVersion(HttpVersion.HTTP2_AND_3)
                .enableLogging(true)
                .logBucket(logs)
                .logFilePrefix("cloudfront/")
                .build();
        NagSuppressions.addResourceSuppressions(distribution, List.of(
                NagPackSuppression.builder().id("AwsSolutions-CFR4").reason("The CMS is served on CloudFront's own "
                        + "*.cloudfront.net certificate until an operator attaches a custom domain; viewers are HTTPS only.").build(),
                NagPackSuppression.builder().id("AwsSolutions-CFR1").reason("Editors work from anywhere; no geo restriction.").build(),
                NagPackSuppression.builder().id("AwsSolutions-CFR2").reason("Static files for signed-in editors; "
                        + "the API it calls has its own throttling. WAF is an operator's per-account choice.").build()));

        domain = users.addDomain("CmsSignIn", UserPoolDomainOptions.builder()
                .cognitoDomain(CognitoDomainOptions.builder().domainPrefix(prefix).build()).build());
        String appUrl = origin() + EditorSiteHeaders.PATH;
        client = users.addClient("Cms", UserPoolClientOptions.builder()
                .generateSecret(false) // a browser app keeps no secret: PKCE protects the code instead
                .supportedIdentityProviders(List.of(UserPoolClientIdentityProvider.COGNITO))
                .oAuth(OAuthSettings.builder()
                        .flows(OAuthFlows.builder().authorizationCodeGrant(true).implicitCodeGrant(false).build())
                        .scopes(List.of(OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE))
                        .callbackUrls(List.of(appUrl))
                        .logoutUrls(List.of(appUrl))
                        .build())
                .preventUserExistenceErrors(true)
                .accessTokenValidity(Duration.hours(1))
                .build());
        CfnOutput.Builder.create(this, "CmsUrl").value(appUrl).description("The editors' web app").build();
    }

    /** The CMS origin, {@code https://<distribution>.cloudfront.net}: the API's CORS origin, Cognito's callback. */
    public String origin() {
        return "https://" + distribution.getDistributionDomainName();
    }

    public UserPoolClient client() {
        return client;
    }

    /**
     * Uploads the app and its config (the API's URL and the managed login). The built files come from cms/dist;
     * a fresh clone has none until {@code npm run build} in cms/, and synth still works: then only the config
     * is deployed, with a warning.
     */
    public void deploy(String apiUrl) {
        List<ISource> sources = new ArrayList<>();
        sources.add(Source.jsonData("config.json", Map.of("apiUrl", apiUrl,
                "signIn", Map.of("kind", "cognito", "domain", domain.baseUrl(), "clientId", client.getUserPoolClientId()))));
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

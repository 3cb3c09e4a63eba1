package com.bigtimedeals.infra;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.PublicCache;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.Aws;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.cloudfront.AllowedMethods;
import software.amazon.awscdk.services.cloudfront.BehaviorOptions;
import software.amazon.awscdk.services.cloudfront.CacheCookieBehavior;
import software.amazon.awscdk.services.cloudfront.CacheHeaderBehavior;
import software.amazon.awscdk.services.cloudfront.CachePolicy;
import software.amazon.awscdk.services.cloudfront.CacheQueryStringBehavior;
import software.amazon.awscdk.services.cloudfront.CachedMethods;
import software.amazon.awscdk.services.cloudfront.Distribution;
import software.amazon.awscdk.services.cloudfront.ErrorResponse;
import software.amazon.awscdk.services.cloudfront.HttpVersion;
import software.amazon.awscdk.services.cloudfront.OriginProtocolPolicy;
import software.amazon.awscdk.services.cloudfront.OriginRequestPolicy;
import software.amazon.awscdk.services.cloudfront.OriginSslPolicy;
import software.amazon.awscdk.services.cloudfront.PriceClass;
import software.amazon.awscdk.services.cloudfront.ViewerProtocolPolicy;
import software.amazon.awscdk.services.cloudfront.origins.HttpOrigin;
import software.amazon.awscdk.services.s3.Bucket;

/**
 * The mobile app's base URL: a CloudFront distribution in front of the HTTP API that keeps public answers as
 * {@link PublicCache} says (each public GET route under its own pattern, keyed by its path and the query strings it
 * reads, for no longer than the function's {@code Cache-Control}), with Origin Shield in the API's region so that a
 * viral deal's copies are fetched from the origin once per expiry, not once per edge location (or in the Region
 * {@link Setting#ORIGIN_SHIELD_REGION} names, where the API's Region has no Origin Shield). Every other path
 * (signed-in, CMS) goes through uncached with every viewer header but Host, so API Gateway's JWT authorizer sees the
 * caller's {@code Authorization}. On the busiest day this is what keeps a deal page read by millions a few Lambda
 * invocations a second (docs/peak-day.md).
 */
final class MobileApiCdn {
    final Distribution distribution;

    MobileApiCdn(Stack stack, HttpApi api, StackContext context) {
        String shieldRegion = context.settings().value(Setting.ORIGIN_SHIELD_REGION);
        // The CloudFront API's own pattern for the field: a region code, not a name.
        if (shieldRegion != null && !shieldRegion.matches("[a-z]{2}-[a-z]+-\\d")) {
            throw new IllegalArgumentException(Setting.ORIGIN_SHIELD_REGION.contextKey() + " must be a region code such as "
                    + "us-east-2, not '" + shieldRegion + "'");
        }
        Bucket logs = CmsSite.logBucket(stack, "MobileApiCdnLogs", "the mobile API's distribution");
        HttpOrigin origin = HttpOrigin.Builder.create(api.getApiId() + ".execute-api." + Aws.REGION + "." + Aws.URL_SUFFIX)
                .protocolPolicy(OriginProtocolPolicy.HTTPS_ONLY)
                .originSslProtocols(List.of(OriginSslPolicy.TLS_V1_2))
                // One more cache layer in the API's own region: every edge's miss for a hot page meets there.
                .originShieldEnabled(true)
                .originShieldRegion(shieldRegion == null ? Aws.REGION : shieldRegion)
                .build();
        Map<String, CachePolicy> policies = new LinkedHashMap<>();
        PublicCache.keyPolicies().forEach((name, queryStrings) -> policies.put(name, CachePolicy.Builder
                .create(stack, "MobileApiCache" + name)
                .comment("Big Time Deals public reads: the path" + (queryStrings.isEmpty() ? "" : " and " + String.join(", ", queryStrings))
                        + ", for no longer than the function's max-age")
                .minTtl(Duration.seconds(PublicCache.MIN_TTL_SECONDS))
                .defaultTtl(Duration.seconds(PublicCache.DEFAULT_TTL_SECONDS))
                .maxTtl(Duration.seconds(PublicCache.MAX_TTL_SECONDS))
                .queryStringBehavior(queryStrings.isEmpty() ? CacheQueryStringBehavior.none()
                        : CacheQueryStringBehavior.allowList(queryStrings.toArray(String[]::new)))
                .headerBehavior(CacheHeaderBehavior.none())
                .cookieBehavior(CacheCookieBehavior.none())
                // The functions gzip when asked: a gzipped copy must only reach clients that asked for gzip.
                .enableAcceptEncodingGzip(true)
                .build()));
        Map<String, BehaviorOptions> behaviours = new LinkedHashMap<>();
        for (PublicCache.Behaviour b : PublicCache.behaviours()) {
            behaviours.put(b.pathPattern(), BehaviorOptions.builder()
                    .origin(origin)
                    .viewerProtocolPolicy(ViewerProtocolPolicy.HTTPS_ONLY)
                    // The same paths take signed-in writes (a comment posted, a vote): forwarded, never cached.
                    .allowedMethods(AllowedMethods.ALLOW_ALL)
                    .cachedMethods(CachedMethods.CACHE_GET_HEAD)
                    .cachePolicy(policies.get(PublicCache.policyName(b.queryStrings())))
                    .originRequestPolicy(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER)
                    .build());
        }
        distribution = Distribution.Builder.create(stack, "MobileApiCdn")
                .comment("Big Time Deals mobile API: public reads cached, the rest passed through")
                .defaultBehavior(BehaviorOptions.builder()
                        .origin(origin)
                        .viewerProtocolPolicy(ViewerProtocolPolicy.HTTPS_ONLY)
                        .allowedMethods(AllowedMethods.ALLOW_ALL)
                        // With caching disabled, AllViewer(ExceptHostHeader) forwards Authorization on every method,
                        // GETs included (AWS Knowledge Center, "cloudfront-authorization-header"); on the cached
                        // behaviours above CloudFront drops it from GETs, which is right: their GETs are public.
                        .cachePolicy(CachePolicy.CACHING_DISABLED)
                        .originRequestPolicy(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER)
                        .build())
                .additionalBehaviors(behaviours)
                // API Gateway's own 401s, 404s and 5xx carry no Cache-Control, which CloudFront would keep 10 seconds.
                .errorResponses(CmsSite.UNCACHED_ERRORS.stream().map(status -> ErrorResponse.builder().httpStatus(status)
                        .ttl(Duration.seconds(0)).build()).toList())
                .httpVersion(HttpVersion.HTTP2_AND_3)
                .priceClass(PriceClass.PRICE_CLASS_ALL)
                .enableLogging(true)
                .logBucket(logs)
                .logFilePrefix("cloudfront/")
                .build();
        NagSuppressions.addResourceSuppressions(distribution, List.of(
                NagPackSuppression.builder().id("AwsSolutions-CFR1").reason("The app's users are anywhere; no geo restriction.").build(),
                NagPackSuppression.builder().id("AwsSolutions-CFR2").reason("The API behind it is throttled per stage and route "
                        + "by API Gateway; WAF is an operator's per-account choice.").build(),
                NagPackSuppression.builder().id("AwsSolutions-CFR4").reason("Served on CloudFront's own *.cloudfront.net "
                        + "certificate, with which no minimum TLS version can be set; viewers are HTTPS only.").build()));
        CfnOutput.Builder.create(stack, "MobileApiUrl").value("https://" + distribution.getDistributionDomainName())
                .description("Point the mobile app here: public reads are cached by CloudFront, the rest reaches the API").build();
    }
}

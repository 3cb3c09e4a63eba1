package com.bigtimedeals.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.PublicCache;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The mobile app's CloudFront distribution in the synthesized template: public GET routes cached with their own
 * path and query strings as the only cache key, for no longer than the functions' max-age, through Origin Shield;
 * everything else passed through uncached with Authorization.
 */
@Tag("deployment")
class MobileApiCdnTest {
    private static final String CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
    private static final String ALL_VIEWER_EXCEPT_HOST = "b689b0a8-53d0-40ab-baf2-68738e2966ac";
    static Map<String, Map<String, Object>> resources;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void template() throws Exception {
        resources = BigTimeDealsStackTest.resources();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> config() {
        List<Map<String, Object>> found = resources.entrySet().stream()
                .filter(e -> e.getKey().startsWith("MobileApiCdn") && "AWS::CloudFront::Distribution".equals(e.getValue().get("Type")))
                .map(e -> (Map<String, Object>) ((Map<String, Object>) e.getValue().get("Properties")).get("DistributionConfig")).toList();
        assertEquals(1, found.size());
        return found.get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cachePolicy(Object ref) {
        String id = (String) ((Map<String, Object>) ref).get("Ref");
        return (Map<String, Object>) ((Map<String, Object>) resources.get(id).get("Properties")).get("CachePolicyConfig");
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyPublicGetRouteIsCachedByItsPathAndTheQueryStringsItReadsAndNothingElse() {
        List<Map<String, Object>> behaviours = (List<Map<String, Object>>) config().get("CacheBehaviors");
        List<String> patterns = new ArrayList<>();
        for (Map<String, Object> b : behaviours) {
            String pattern = (String) b.get("PathPattern");
            patterns.add(pattern);
            PublicCache.Behaviour expected = PublicCache.behaviours().stream().filter(x -> x.pathPattern().equals(pattern)).findFirst().orElseThrow();
            Map<String, Object> policy = cachePolicy(b.get("CachePolicyId"));
            assertEquals(0, policy.get("MinTTL"), pattern);
            assertEquals(0, policy.get("DefaultTTL"), pattern);
            assertEquals(PublicCache.MAX_TTL_SECONDS, policy.get("MaxTTL"), pattern);
            Map<String, Object> key = (Map<String, Object>) policy.get("ParametersInCacheKeyAndForwardedToOrigin");
            assertEquals(Map.of("HeaderBehavior", "none"), key.get("HeadersConfig"), pattern);
            assertEquals(Map.of("CookieBehavior", "none"), key.get("CookiesConfig"), pattern);
            Map<String, Object> query = (Map<String, Object>) key.get("QueryStringsConfig");
            if (expected.queryStrings().isEmpty()) {
                assertEquals(Map.of("QueryStringBehavior", "none"), query, pattern);
            } else {
                assertEquals(Map.of("QueryStringBehavior", "whitelist", "QueryStrings", expected.queryStrings()), query, pattern);
            }
            assertEquals(true, key.get("EnableAcceptEncodingGzip"), pattern);
            assertEquals(List.of("GET", "HEAD"), b.get("CachedMethods"), pattern);
            // Writes on the same paths (a comment, a vote) pass with the caller's Authorization, never cached.
            assertEquals(ALL_VIEWER_EXCEPT_HOST, b.get("OriginRequestPolicyId"), pattern);
        }
        assertEquals(PublicCache.behaviours().stream().map(PublicCache.Behaviour::pathPattern).toList(), patterns,
                "most specific first, as CloudFront matches");
        assertTrue(patterns.size() <= 25, "CloudFront's default limit of cache behaviors");
    }

    @Test
    void reservedConcurrencyIsKeptForTheApiFunctionsTheSettingNames() {
        Map<String, Object> context = new java.util.LinkedHashMap<>(BigTimeDealsStackTest.cdkJsonContext);
        context.put(com.bigtimedeals.platform.Setting.RESERVED_CONCURRENCY.contextKey(), "Votes=700, Inbox=160");
        software.amazon.awscdk.App app = software.amazon.awscdk.App.Builder.create().context(context).build();
        software.amazon.awscdk.assertions.Template t = software.amazon.awscdk.assertions.Template.fromStack(
                new BigTimeDealsStack(app, "Reserved", software.amazon.awscdk.StackProps.builder().build()));
        Map<String, Map<String, Object>> functions = t.findResources("AWS::Lambda::Function");
        Map<String, Object> reserved = new java.util.TreeMap<>();
        functions.forEach((id, f) -> {
            Object n = ((Map<?, ?>) f.get("Properties")).get("ReservedConcurrentExecutions");
            if (n != null && (id.startsWith("Votes") || id.startsWith("Inbox"))) {
                reserved.put(id.replaceAll("[0-9A-F]{8}$", ""), n);
            }
        });
        assertEquals(Map.of("InboxRead", 160, "InboxWrite", 160, "VotesRead", 700, "VotesWrite", 700), reserved);
        context.put(com.bigtimedeals.platform.Setting.RESERVED_CONCURRENCY.contextKey(), "Nope=5");
        software.amazon.awscdk.App wrong = software.amazon.awscdk.App.Builder.create().context(context).build();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new BigTimeDealsStack(wrong, "Wrong", software.amazon.awscdk.StackProps.builder().build()));
        assertTrue(e.getMessage().contains("Nope"), e.getMessage());
    }

    /**
     * Origin Shield runs in some Regions only (CloudFront Developer Guide, "Choosing the AWS Region for Origin
     * Shield"), so the stack's own Region, the default, cannot be the only choice: a stack in a Region without it names
     * the nearest one that has it, as a region code (the CloudFront API's pattern), and nothing else is accepted.
     */
    @Test
    @SuppressWarnings("unchecked")
    void originShieldRunsInTheRegionTheSettingNames() {
        Map<String, Object> context = new java.util.LinkedHashMap<>(BigTimeDealsStackTest.cdkJsonContext);
        context.put(com.bigtimedeals.platform.Setting.ORIGIN_SHIELD_REGION.contextKey(), "us-east-2");
        software.amazon.awscdk.App app = software.amazon.awscdk.App.Builder.create().context(context).build();
        software.amazon.awscdk.assertions.Template t = software.amazon.awscdk.assertions.Template.fromStack(
                new BigTimeDealsStack(app, "Shielded", software.amazon.awscdk.StackProps.builder().build()));
        Map<String, Map<String, Object>> distributions = t.findResources("AWS::CloudFront::Distribution");
        List<Object> shields = new ArrayList<>();
        distributions.values().forEach(d -> {
            Map<String, Object> config = (Map<String, Object>) ((Map<String, Object>) d.get("Properties")).get("DistributionConfig");
            ((List<Map<String, Object>>) config.get("Origins")).forEach(o -> {
                if (o.containsKey("OriginShield")) {
                    shields.add(o.get("OriginShield"));
                }
            });
        });
        assertEquals(List.of(Map.of("Enabled", true, "OriginShieldRegion", "us-east-2")), shields);
        context.put(com.bigtimedeals.platform.Setting.ORIGIN_SHIELD_REGION.contextKey(), "US East (Ohio)");
        software.amazon.awscdk.App wrong = software.amazon.awscdk.App.Builder.create().context(context).build();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new BigTimeDealsStack(wrong, "WrongShield", software.amazon.awscdk.StackProps.builder().build()));
        assertTrue(e.getMessage().contains("originShieldRegion"), e.getMessage());
    }

    @Test
    @SuppressWarnings("unchecked")
    void signedInAndCmsRoutesGoThroughUncachedWithAuthorizationThroughOriginShield() {
        Map<String, Object> config = config();
        Map<String, Object> fallback = (Map<String, Object>) config.get("DefaultCacheBehavior");
        assertEquals(CACHING_DISABLED, fallback.get("CachePolicyId"));
        assertEquals(ALL_VIEWER_EXCEPT_HOST, fallback.get("OriginRequestPolicyId"));
        assertEquals("https-only", fallback.get("ViewerProtocolPolicy"));
        List<Map<String, Object>> origins = (List<Map<String, Object>>) config.get("Origins");
        assertEquals(1, origins.size());
        assertEquals(Map.of("Enabled", true, "OriginShieldRegion", Map.of("Ref", "AWS::Region")), origins.get(0).get("OriginShield"));
        for (Map<String, Object> b : (List<Map<String, Object>>) config.get("CacheBehaviors")) {
            String pattern = (String) b.get("PathPattern");
            assertFalse(pattern.startsWith("/me") || pattern.startsWith("/cms"), pattern);
        }
        List<Object> errors = new ArrayList<>();
        for (int status : CmsSite.UNCACHED_ERRORS) {
            errors.add(Map.of("ErrorCode", status, "ErrorCachingMinTTL", 0));
        }
        assertEquals(errors, config.get("CustomErrorResponses"), "an error answer is never kept for someone else");
        Map<String, Object> outputs = (Map<String, Object>) new ObjectMapper()
                .convertValue(BigTimeDealsStackTest.template.toJSON(), Map.class).get("Outputs");
        assertTrue(outputs.containsKey("MobileApiUrl"), outputs.keySet().toString());
    }
}

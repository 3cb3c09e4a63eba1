package com.bigtimedeals.topology;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the CDN in front of the mobile app's API keeps public answers, stated once: the CDK app builds the CloudFront
 * distribution's cache behaviours and policies from it, and the local CDN stand-in ({@code local.CdnStandIn}) that
 * the peak simulation reads through applies the same values.
 *
 * <ul>
 *   <li>Only public GET routes are cached; every other route (signed-in, CMS, and any path no public route has) goes
 *       through uncached, with every viewer header but Host, Authorization included.</li>
 *   <li>The functions say how long: a cached copy lives for their {@code Cache-Control: max-age} and never beyond it
 *       (minimum and default TTL 0, so an answer without max-age, or with {@code no-store}/{@code private}, is never
 *       kept; maximum TTL the functions' own {@link HttpConventions#PUBLIC_MAX_AGE_SECONDS}). A stale copy is
 *       revalidated with its ETag: a 304 from the function costs the DynamoDB requests of the read, not its bytes.</li>
 *   <li>The cache key is the path and the query strings the route reads, nothing else (no header, no cookie, no other
 *       query string): a client adding {@code ?utm=…} or a token shares the anonymous copy. The one exception is
 *       {@code Accept-Encoding}, normalised to gzip or none, because the functions compress when asked: without it a
 *       client that cannot read gzip could be served a gzipped copy.</li>
 * </ul>
 */
public final class PublicCache {
    /** The least a cached copy lives: 0, so the functions' {@code no-store}, {@code private} and {@code max-age=0} hold. */
    public static final int MIN_TTL_SECONDS = 0;
    /** How long a copy lives when the function names no max-age: not at all. */
    public static final int DEFAULT_TTL_SECONDS = 0;
    /** The most a copy lives: the functions' own max-age, so the CDN never keeps an answer beyond what they said. */
    public static final int MAX_TTL_SECONDS = HttpConventions.PUBLIC_MAX_AGE_SECONDS;

    /** One cached route: the distribution's path pattern for it and the query strings in its cache key. */
    public record Behaviour(Route route, String pathPattern, List<String> queryStrings) {
        /** Whether a request path is this behaviour's (CloudFront's {@code *} matches any characters, {@code /} included). */
        public boolean matches(String path) {
            return path.matches(java.util.regex.Pattern.quote(pathPattern).replace("*", "\\E.*\\Q"));
        }
    }

    private PublicCache() {
    }

    /**
     * The query strings a public GET route reads, and so its cache key; null for a route that is not cached.
     * PublicCacheTest holds that every public GET route has one, so that a new public route cannot be added without
     * deciding what its cached copies are keyed by.
     */
    public static List<String> queryStrings(Operation operation) {
        return switch (operation) {
            case GET_FRONT_PAGE, GET_DEAL, GET_EDITORS_CHOICE, LIST_BRANDS, GET_BRAND, LIST_CATEGORIES, GET_CATEGORY ->
                    List.of();
            case LIST_DEALS, LIST_BRAND_DEALS, LIST_CATEGORY_DEALS, LIST_HOT_DEALS, LIST_COMMENTS -> List.of("limit", "cursor");
            case LIST_HOTTEST_DEALS -> List.of("window");
            case SEARCH_DEALS -> List.of("q", "limit", "cursor");
            default -> null;
        };
    }

    /**
     * Every cached route's behaviour, most specific pattern first (CloudFront takes the first pattern that matches):
     * {@code /deals/*&#47;comments} before {@code /deals/*}, which would match it too.
     */
    public static List<Behaviour> behaviours() {
        return RouteTable.ROUTES.stream()
                .filter(r -> r.access() == Access.PUBLIC && r.method().equals("GET"))
                .map(r -> new Behaviour(r, r.path().replaceAll("\\{[^}]+}", "*"), queryStrings(r.operation())))
                .sorted(Comparator.comparingInt((Behaviour b) -> -b.pathPattern().split("/").length)
                        .thenComparing(b -> b.pathPattern().contains("*") ? 1 : 0)
                        .thenComparing(Behaviour::pathPattern))
                .toList();
    }

    /** The behaviour a GET of {@code path} is cached under, or null when it goes through uncached. */
    public static Behaviour behaviourFor(String path) {
        for (Behaviour b : behaviours()) {
            if (b.matches(path)) {
                return b;
            }
        }
        return null;
    }

    /**
     * The distinct cache keys' query string lists, each with a name for its cache policy: CloudFront allows 20 cache
     * policies an account by default, so behaviours that key alike share one.
     */
    public static Map<String, List<String>> keyPolicies() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Behaviour b : behaviours()) {
            out.putIfAbsent(policyName(b.queryStrings()), b.queryStrings());
        }
        return out;
    }

    /** The cache policy's name part for a list of query strings: {@code Path}, {@code PathLimitCursor}, … */
    public static String policyName(List<String> queryStrings) {
        StringBuilder name = new StringBuilder("Path");
        for (String q : queryStrings) {
            name.append(Character.toUpperCase(q.charAt(0))).append(q.substring(1));
        }
        return name.toString();
    }
}

package com.bigtimedeals.local;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.bigtimedeals.topology.PublicCache;

/**
 * The CDN in front of the mobile app's API, stood in for in process: what the deployed CloudFront distribution does
 * with a request, by the values it is built from ({@link PublicCache}), so a simulation that reads through it sees
 * the origin load the deployment would see. A GET on a cached route is answered from a copy while the copy is fresh
 * (for the origin's {@code max-age}, never beyond {@link PublicCache#MAX_TTL_SECONDS}); a stale copy with an ETag is
 * revalidated ({@code If-None-Match}: a 304 renews it); concurrent misses for one key wait for one origin request (as
 * CloudFront collapses them); answers that are not 200, or that say {@code no-store}, {@code private} or no max-age,
 * are never kept. Every other request goes through. Viewers' own {@code If-None-Match} is answered 304 from the copy.
 * One edge location: Origin Shield makes the deployed distribution's origin load that of one cache per region.
 */
public final class CdnStandIn {
    private static final Pattern MAX_AGE = Pattern.compile("(?:^|[,\\s])(?:s-maxage|max-age)=(\\d+)");

    /** What a viewer gets: status, headers (lower-case names) and body bytes, and whether a copy answered it. */
    public record Answer(int status, Map<String, String> headers, byte[] body, boolean fromCache) {
    }

    private record Copy(int status, Map<String, String> headers, byte[] body, String etag, long storedNanos, long ttlNanos) {
        boolean fresh(long now) {
            return now - storedNanos < ttlNanos;
        }
    }

    private final URI origin;
    private final HttpClient http;
    private final LongSupplier nanos;
    private final ConcurrentHashMap<String, Copy> copies = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, CompletableFuture<Copy>> inFlight = new ConcurrentHashMap<>();
    private final AtomicLong viewerRequests = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong originRequests = new AtomicLong();
    private final AtomicLong revalidations = new AtomicLong();

    public CdnStandIn(URI origin, HttpClient http, LongSupplier nanos) {
        this.origin = origin;
        this.http = http;
        this.nanos = nanos;
    }

    public CdnStandIn(URI origin) {
        this(origin, HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build(),
                System::nanoTime);
    }

    /**
     * A viewer's request. {@code pathAndQuery} as sent ({@code /deals?limit=5}); {@code headers} the viewer's, which
     * reach the origin on a miss or a pass-through, as the deployed origin request policy forwards every viewer header.
     */
    public Answer request(String method, String pathAndQuery, Map<String, String> headers, byte[] body)
            throws IOException, InterruptedException {
        viewerRequests.incrementAndGet();
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        PublicCache.Behaviour behaviour = ("GET".equals(method) || "HEAD".equals(method)) ? PublicCache.behaviourFor(path) : null;
        if (behaviour == null) {
            return fetch(method, pathAndQuery, headers, body, null).asAnswer(false);
        }
        boolean gzip = headerValue(headers, "accept-encoding").toLowerCase(Locale.ROOT).contains("gzip");
        String key = cacheKey(path, q < 0 ? "" : pathAndQuery.substring(q + 1), behaviour.queryStrings(), gzip);
        String ifNoneMatch = headerValue(headers, "if-none-match");
        Copy copy = copies.get(key);
        long now = nanos.getAsLong();
        if (copy != null && copy.fresh(now)) {
            hits.incrementAndGet();
            return served(copy, ifNoneMatch, true);
        }
        // One origin request per key at a time; the others wait for its copy (CloudFront's request collapsing).
        CompletableFuture<Copy> mine = new CompletableFuture<>();
        CompletableFuture<Copy> running = inFlight.putIfAbsent(key, mine);
        if (running != null) {
            try {
                Copy shared = running.join();
                hits.incrementAndGet();
                return served(shared, ifNoneMatch, true);
            } catch (RuntimeException failed) {
                // The collapsed request failed: this one asks on its own.
                return fetch(method, pathAndQuery, headers, body, null).asAnswer(false);
            }
        }
        try {
            Fetched got = fetch(method, pathAndQuery, withoutConditional(headers), body, copy == null ? null : copy.etag());
            Copy next;
            if (got.status() == 304 && copy != null) {
                revalidations.incrementAndGet();
                next = new Copy(copy.status(), copy.headers(), copy.body(), copy.etag(), nanos.getAsLong(), ttlNanos(got.headers()));
            } else {
                next = new Copy(got.status(), got.headers(), got.body(), got.headers().get("etag"), nanos.getAsLong(),
                        got.status() == 200 ? ttlNanos(got.headers()) : 0);
            }
            if (next.ttlNanos() > 0) {
                copies.put(key, next);
            } else {
                copies.remove(key);
            }
            mine.complete(next);
            return served(next, ifNoneMatch, false);
        } catch (IOException | InterruptedException | RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inFlight.remove(key, mine);
        }
    }

    private static Answer served(Copy copy, String ifNoneMatch, boolean fromCache) {
        if (copy.status() == 200 && copy.etag() != null && !ifNoneMatch.isEmpty() && weakMatch(ifNoneMatch, copy.etag())) {
            return new Answer(304, copy.headers(), new byte[0], fromCache);
        }
        return new Answer(copy.status(), copy.headers(), copy.body(), fromCache);
    }

    private static boolean weakMatch(String ifNoneMatch, String etag) {
        String bare = etag.startsWith("W/") ? etag.substring(2) : etag;
        for (String candidate : ifNoneMatch.split(",")) {
            String c = candidate.trim();
            if (c.equals("*") || (c.startsWith("W/") ? c.substring(2) : c).equals(bare)) {
                return true;
            }
        }
        return false;
    }

    /** How long the deployed cache policy keeps an answer: the origin's max-age within the policy's TTLs, or not at all. */
    public static long ttlNanos(Map<String, String> headers) {
        String cc = headers.getOrDefault("cache-control", "").toLowerCase(Locale.ROOT);
        if (cc.contains("no-store") || cc.contains("no-cache") || cc.contains("private")) {
            return 0; // with a minimum TTL of 0 CloudFront honours these
        }
        Matcher m = MAX_AGE.matcher(cc);
        long seconds = m.find() ? Long.parseLong(m.group(1)) : PublicCache.DEFAULT_TTL_SECONDS;
        seconds = Math.max(PublicCache.MIN_TTL_SECONDS, Math.min(PublicCache.MAX_TTL_SECONDS, seconds));
        return seconds * 1_000_000_000L;
    }

    /** The path, the allow-listed query strings (sorted, decoded values) and the normalised Accept-Encoding. */
    static String cacheKey(String path, String query, List<String> allowed, boolean gzip) {
        TreeMap<String, List<String>> kept = new TreeMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (allowed.contains(name)) {
                kept.computeIfAbsent(name, n -> new ArrayList<>()).add(eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return path + "?" + kept + (gzip ? " gzip" : "");
    }

    private record Fetched(int status, Map<String, String> headers, byte[] body) {
        Answer asAnswer(boolean fromCache) {
            return new Answer(status, headers, body, fromCache);
        }
    }

    private Fetched fetch(String method, String pathAndQuery, Map<String, String> headers, byte[] body, String revalidate)
            throws IOException, InterruptedException {
        originRequests.incrementAndGet();
        HttpRequest.Builder b = HttpRequest.newBuilder(origin.resolve(pathAndQuery)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach((name, value) -> {
            if (!isRestricted(name)) {
                b.header(name, value);
            }
        });
        if (revalidate != null) {
            b.setHeader("If-None-Match", revalidate);
        }
        HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        Map<String, String> out = new TreeMap<>();
        r.headers().map().forEach((name, values) -> out.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
        return new Fetched(r.statusCode(), Map.copyOf(out), r.body());
    }

    private static boolean isRestricted(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.equals("host") || n.equals("connection") || n.equals("content-length") || n.equals("expect") || n.equals("upgrade");
    }

    private static Map<String, String> withoutConditional(Map<String, String> headers) {
        Map<String, String> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        out.putAll(headers);
        out.remove("if-none-match");
        return out;
    }

    private static String headerValue(Map<String, String> headers, String name) {
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return "";
    }

    public long viewerRequests() {
        return viewerRequests.get();
    }

    /** Viewer requests answered from a copy, without a request to the origin. */
    public long hits() {
        return hits.get();
    }

    /** Requests that reached the origin: misses, revalidations and pass-throughs. */
    public long originRequests() {
        return originRequests.get();
    }

    /** Origin requests that were revalidations answered 304. */
    public long revalidations() {
        return revalidations.get();
    }
}

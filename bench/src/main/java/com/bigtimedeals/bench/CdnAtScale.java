package com.bigtimedeals.bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

import com.bigtimedeals.topology.LambdaFunction;

/**
 * What the CDN sends to the origin at 50,000 viewer requests a second, modelled per cache key from the local run.
 * <p>
 * Why not scale the local origin rate linearly: a cached key's origin requests follow its expiries, not its viewers.
 * Origin Shield makes every edge's misses for a key meet in one cache, which asks the origin once per expiry (a fetch
 * or an ETag revalidation, collapsed), however many viewers ask. At 50,000 requests a second the same keys (the same
 * deals, lists, brands, categories and front page) get 1/F = 125 times the viewers over the same run, so far more of
 * them find a fresh copy than at 400 a second.
 * <p>
 * The model, per key K (the request as sent, path and whole query: at least as fine as the CDN's cache key):
 * origin requests at 50k = min(125 x viewer requests, W + 1 + 125 x E), where W = ceil(run seconds / the shortest TTL
 * K's answers carried) is the expiries in the run (each costs one origin request: the first fetch plus one a window),
 * and E the local origin requests the windows do not explain (answers not kept, such as a 404, and any beyond W + 1),
 * scaled linearly. It is never below the local count. Conservative by construction:
 * <ul>
 *   <li>Keys whose number grows with users are scaled linearly (every origin request x 125): search strings ({@code
 *       /search}; real users type many more than the mix's words) and any request with a {@code cursor} (deeper
 *       pages). The deals, lists, brands and categories are the same set at both scales.</li>
 *   <li>The windows count from the run's start for every key, a key seen late included.</li>
 *   <li>Each modelled origin request costs what that key's origin requests cost here on average (DynamoDB units and
 *       Lambda time: a revalidation reads what a fetch reads, to compute its ETag).</li>
 *   <li>Signed-in and CMS requests pass through (never cached) and scale linearly.</li>
 * </ul>
 */
final class CdnAtScale {
    /** The one key's tallies: viewers; origin requests, those kept and their shortest TTL; their cost. */
    private static final class Key {
        final LongAdder viewers = new LongAdder();
        final LongAdder origin = new LongAdder();
        final LongAdder kept = new LongAdder();
        final AtomicLong shortestTtlNanos = new AtomicLong(Long.MAX_VALUE);
        final DoubleAdder reads = new DoubleAdder();
        final DoubleAdder writes = new DoubleAdder();
        final DoubleAdder billedMillis = new DoubleAdder();
        volatile LambdaFunction function;
    }

    private final Map<String, Key> keys = new ConcurrentHashMap<>();

    /** Whether a key's population grows with users, so that it is scaled linearly (above). */
    static boolean growsWithUsers(String pathAndQuery) {
        return pathAndQuery.startsWith("/search") || pathAndQuery.contains("cursor=");
    }

    /** A cached route's viewer request. */
    void viewer(String pathAndQuery) {
        key(pathAndQuery).viewers.increment();
    }

    /** The origin request a cached route's viewer request caused, its answer's TTL (0: not kept) and what it cost. */
    void origin(String pathAndQuery, long ttlNanos, double reads, double writes, LambdaFunction function, double billedMillis) {
        Key k = key(pathAndQuery);
        k.origin.increment();
        if (ttlNanos > 0) {
            k.kept.increment();
            k.shortestTtlNanos.accumulateAndGet(ttlNanos, Math::min);
        }
        k.reads.add(reads);
        k.writes.add(writes);
        k.billedMillis.add(billedMillis);
        if (function != null) {
            k.function = function;
        }
    }

    private Key key(String pathAndQuery) {
        return keys.computeIfAbsent(pathAndQuery, p -> new Key());
    }

    /**
     * The cached routes at 50,000 requests a second, in local-run terms (divide by F for full-scale counts): origin
     * requests, DynamoDB units and Lambda time the CDN would let through per the local run's viewers, and what the
     * linear extrapolation counted (the local figures), so the caller replaces the one with the other.
     */
    record Modelled(long viewers, double origin, double localOrigin, double reads, double localReads, double writes, double localWrites,
                    Map<LambdaFunction, double[]> byFunction) {
    }

    /** The model above for a run of {@code seconds} at partition scale {@code scale} (F). */
    Modelled atFullScale(double seconds, double scale) {
        double up = 1 / scale;
        long viewers = 0;
        double origin = 0;
        double localOrigin = 0;
        double[] units = {0, 0, 0, 0};
        Map<LambdaFunction, double[]> byFunction = new java.util.EnumMap<>(LambdaFunction.class);
        for (Map.Entry<String, Key> e : keys.entrySet()) {
            Key k = e.getValue();
            viewers += k.viewers.sum();
            long o = k.origin.sum();
            if (o == 0) {
                continue;
            }
            double modelled; // origin requests at full scale
            if (growsWithUsers(e.getKey()) || k.kept.sum() == 0) {
                modelled = o * up;
            } else {
                long windows = (long) Math.ceil(seconds * 1e9 / k.shortestTtlNanos.get());
                long unexplained = (o - k.kept.sum()) + Math.max(0, k.kept.sum() - (windows + 1));
                modelled = Math.max(o, Math.min(k.viewers.sum() * up, windows + 1 + unexplained * up));
            }
            double share = modelled * scale / o; // of this key's local origin requests and their cost
            origin += o * share;
            localOrigin += o;
            units[0] += k.reads.sum() * share;
            units[1] += k.reads.sum();
            units[2] += k.writes.sum() * share;
            units[3] += k.writes.sum();
            if (k.function != null) {
                double[] f = byFunction.computeIfAbsent(k.function, x -> new double[4]);
                f[0] += o * share;
                f[1] += o;
                f[2] += k.billedMillis.sum() * share;
                f[3] += k.billedMillis.sum();
            }
        }
        return new Modelled(viewers, origin, localOrigin, units[0], units[1], units[2], units[3], byFunction);
    }
}

package com.bigtimedeals.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.DealCounts;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.FrontPage;
import com.bigtimedeals.domain.Page;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The front page served from one compact item: featured deals plus the first page of latest deals, deflated, in
 * N identical copies ({@code DEALSCACHE#1..N}, {@code CACHE_SHARDS}: the reader and the stream consumer are given
 * the same N) so that reads spread over N partitions. Every rebuild takes a version from an atomic counter before
 * it reads, and each copy is written only over an older version: a rebuild that read older data can never replace
 * a newer one (docs/data-model.md, cache races).
 */
public final class FrontPageCache {
    /** The first page of latest deals the front page shows. */
    public static final int LATEST = 25;
    /** The item attribute naming the payload's layout ({@link DealCodec#FRONT_PAGE_FORMAT}). */
    static final String FORMAT = "format";

    private final Table table;
    private final int shards;
    private final ShardChoice shardChoice = new ShardChoice();

    public FrontPageCache(Table table, int shards) {
        if (shards < 1) {
            throw new IllegalArgumentException("CACHE_SHARDS must be at least 1");
        }
        this.table = table;
        this.shards = shards;
    }

    public int shards() {
        return shards;
    }

    /**
     * Access pattern: Front Page. One eventually consistent GetItem of a random copy; null when there is no copy
     * this code can read: before the first build, or written by a stream consumer deployed ahead of this reader in
     * a payload format it does not know (the caller then serves the live query). The copy comes from a
     * {@link ShardChoice}, re-seeded after a SnapStart restore.
     */
    public FrontPage read() {
        return readCopy(shardChoice.next(shards));
    }

    /** One copy, {@code 1..shards()}: {@link #read()} picks one; a test checks them all. */
    public FrontPage readCopy(int shard) {
        return readCopy(shard, false);
    }

    private FrontPage readCopy(int shard, boolean consistent) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.dealsCache(shard)).consistentRead(consistent).build()).item();
        if (item == null || item.isEmpty()) {
            return null;
        }
        ItemReader r = new ItemReader(item);
        long format = r.has(FORMAT) ? r.number(FORMAT) : 1;
        if (format != DealCodec.FRONT_PAGE_FORMAT) {
            return null;
        }
        return DealCodec.decompress(r.number("version"), item.get("payload").b());
    }

    /** The front page read straight from its sources, for before the first rebuild and for the rebuild itself. */
    public static FrontPage live(long version, FeaturedStore featured, DealStore deals) {
        Page<com.bigtimedeals.domain.Deal> latest = deals.latest(LATEST, null);
        return new FrontPage(version, featured.get(FeaturedList.FRONT_PAGE), latest.items(), latest.nextCursor());
    }

    /** Takes the next rebuild version. Taken before reading the sources, so a higher version saw newer data. */
    public long nextVersion() {
        return take(List.of()).version();
    }

    /**
     * How long a deal a rebuild was started for stays on the version item's list of recent ones: far longer than the
     * index lag (under a second in the service), so a rebuild racing another, or one soon after it, knows of it.
     */
    static final java.time.Duration RECENT = java.time.Duration.ofSeconds(10);

    /** A rebuild's version, and the deals this and every rebuild that took one in the last {@link #RECENT} touched. */
    record Taken(long version, java.util.Set<String> touched) {
    }

    /**
     * Takes the next version and, in the same write, adds {@code touched} (as {@code <epoch ms>#<dealId>}) to the
     * version item's recent set; the answer holds every rebuild's recent entries. Rebuilds run side by side (one per
     * stream lane, and an editor's expiry from the API), each knowing only its own batch's deals: a later version
     * that read the copy before an earlier rebuild wrote it would otherwise write back a page without that rebuild's
     * new deal, or with its taken-down one, from an index that lags both. Entries past {@link #RECENT} are removed
     * by whoever sees them (idempotent). The set holds at most {@link #RECENT_CAP} entries (the add is conditioned on
     * its size): the item is rewritten by every rebuild and billed by its size, and a bulk import must not grow it
     * toward the 400 KB item limit, where every take would fail. A take that finds it full adds nothing and reads
     * its own touched deals as before; only a rebuild racing it inside the same seconds can then miss them.
     */
    Taken take(java.util.Collection<String> touched) {
        try {
            return take(touched, true);
        } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException full) {
            return take(touched, false);
        }
    }

    /** Entries the recent set may hold: about 2.6 KB at 41 bytes an entry, 3 write units a take at most. */
    static final int RECENT_CAP = 64;

    private Taken take(java.util.Collection<String> touched, boolean record) {
        long now = table.clock().millis();
        Map<String, String> names = new HashMap<>(Map.of("#t", Keys.TYPE));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":one", AttributeValue.fromN("1"),
                ":type", AttributeValue.fromS(Keys.CACHE_VERSION)));
        String add = "ADD version :one";
        String condition = null;
        if (record && !touched.isEmpty()) {
            add += ", #r :mine";
            names.put("#r", RECENT_ATTRIBUTE);
            values.put(":mine", AttributeValue.fromSs(touched.stream().map(id -> now + "#" + id).distinct().toList()));
            values.put(":cap", AttributeValue.fromN(Integer.toString(RECENT_CAP - touched.size())));
            condition = "attribute_not_exists(#r) OR size(#r) <= :cap";
        }
        Map<String, AttributeValue> after = table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                .key(Keys.dealsCacheVersion())
                .updateExpression(add + " SET #t = :type")
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .returnValues(ReturnValue.ALL_NEW)
                .build()).attributes();
        java.util.Set<String> recent = new java.util.LinkedHashSet<>(touched);
        List<String> stale = new ArrayList<>();
        AttributeValue set = after.get(RECENT_ATTRIBUTE);
        if (set != null && set.hasSs()) {
            for (String entry : set.ss()) {
                int hash = entry.indexOf('#');
                long at = hash > 0 ? parseMillis(entry.substring(0, hash)) : -1;
                if (at >= now - RECENT.toMillis()) {
                    recent.add(entry.substring(hash + 1));
                } else {
                    stale.add(entry);
                }
            }
        }
        if (!stale.isEmpty()) {
            table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(Keys.dealsCacheVersion())
                    .updateExpression("DELETE #r :stale")
                    .expressionAttributeNames(Map.of("#r", RECENT_ATTRIBUTE))
                    .expressionAttributeValues(Map.of(":stale", AttributeValue.fromSs(stale))).build());
        }
        return new Taken(Long.parseLong(after.get("version").n()), recent);
    }

    private static final String RECENT_ATTRIBUTE = "recent";

    private static long parseMillis(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return -1; // not ours: dropped as stale
        }
    }

    /** Rebuilds every copy; returns how many copies this rebuild wrote (0 when a newer one got there first). */
    public int rebuild(FeaturedStore featured, DealStore deals) {
        return rebuild(featured, deals, Map.of(), List.of());
    }

    /** A rebuild for counts alone ({@code fresh}), no deal touched. */
    public int rebuild(FeaturedStore featured, DealStore deals, Map<String, DealCounts> fresh) {
        return rebuild(featured, deals, fresh, List.of());
    }

    /**
     * Rebuilds every copy with the newest counts of each deal it shows: {@code fresh} (what the stream just
     * aggregated), the sources it read, or the copy it replaces, whichever is newest by version. The latest deals
     * come from an index that may not have caught up with the deal items yet: the deals the copy showed and those
     * this and any recent rebuild was started for ({@code touched}: created, corrected, taken down, expired; see
     * {@link #take}) are checked against the deal items where the index disagrees
     * ({@link DealStore#latestForFrontPage}), so a new deal is on the page from its own rebuild and a taken-down one
     * is not; and without the older copy's counts a rebuild could show a temperature older than the one already
     * cached.
     */
    public int rebuild(FeaturedStore featured, DealStore deals, Map<String, DealCounts> fresh,
                       java.util.Collection<String> touched) {
        for (int attempt = 1; ; attempt++) {
            long started = System.nanoTime();
            Taken taken = take(touched);
            Map<String, DealCounts> newest = new HashMap<>(fresh);
            FrontPage previous = readCopy(1, true);
            if (previous != null) {
                previous.featured().forEach(d -> newest.merge(d.id(), d.counts(), DealCounts::newer));
                previous.latest().forEach(d -> newest.merge(d.id(), d.counts(), DealCounts::newer));
            }
            Page<Deal> latest = deals.latestForFrontPage(LATEST, previous == null ? List.of() : previous.latest(),
                    taken.touched());
            List<Deal> featuredDeals = featured.get(FeaturedList.FRONT_PAGE);
            // A rebuild that took longer than half the recent window (throttled and retried) may race one that
            // took a version after its own touched deals left the set: it starts again, with a fresh version.
            if (System.nanoTime() - started > RECENT.toNanos() / 2 && attempt < 3) {
                continue;
            }
            return write(new FrontPage(taken.version(), withNewest(featuredDeals, newest), withNewest(latest.items(), newest),
                    latest.nextCursor()));
        }
    }

    private static List<Deal> withNewest(List<Deal> deals, Map<String, DealCounts> newest) {
        List<Deal> out = new ArrayList<>(deals.size());
        for (Deal d : deals) {
            DealCounts known = newest.get(d.id());
            out.add(known == null ? d : d.withCounts(d.counts().newer(known)));
        }
        return out;
    }

    /** The deals the cached front page shows (featured and latest), by id; empty before the first build. */
    public java.util.Set<String> showing() {
        FrontPage page = readCopy(1, false);
        java.util.Set<String> ids = new java.util.HashSet<>();
        if (page != null) {
            page.featured().forEach(d -> ids.add(d.id()));
            page.latest().forEach(d -> ids.add(d.id()));
        }
        return ids;
    }

    /** Writes each copy unless a newer version is already there. */
    public int write(FrontPage page) {
        int written = 0;
        for (int shard = 1; shard <= shards; shard++) {
            Map<String, AttributeValue> item = item(page, shard);
            try {
                table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                        .conditionExpression("attribute_not_exists(version) OR version < :v")
                        .expressionAttributeValues(Map.of(":v", AttributeValue.fromN(Long.toString(page.version()))))
                        .build());
                written++;
            } catch (ConditionalCheckFailedException e) {
                // A newer rebuild already wrote this copy: ours is stale, and losing is the point.
            }
        }
        return written;
    }

    static Map<String, AttributeValue> item(FrontPage page, int shard) {
        return new ItemWriter(Keys.dealsCache(shard), Keys.DEALS_CACHE)
                .number("version", page.version())
                .number(FORMAT, DealCodec.FRONT_PAGE_FORMAT)
                .value("payload", AttributeValue.fromB(DealCodec.compress(page)))
                .build();
    }

    /** The stored size of one copy as DynamoDB counts it (names plus values), for the 8 KB target. */
    public static int itemBytes(FrontPage page) {
        int bytes = 0;
        for (Map.Entry<String, AttributeValue> e : item(page, 1).entrySet()) {
            bytes += e.getKey().length();
            AttributeValue v = e.getValue();
            if (v.s() != null) {
                bytes += v.s().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            } else if (v.b() != null) {
                bytes += v.b().asByteArrayUnsafe().length;
            } else if (v.n() != null) {
                bytes += 21;
            }
        }
        return bytes;
    }
}

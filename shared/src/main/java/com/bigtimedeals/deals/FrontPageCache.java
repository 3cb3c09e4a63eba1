package com.bigtimedeals.deals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.ParallelWrites;
import com.bigtimedeals.platform.ShardChoice;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Transactions;

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
    private final DealCounters counters;
    /**
     * Copies written at once: each is a conditional PutItem of its own (its own version check), independent of the
     * others, and one after another the ten of a rebuild waited on ten round trips in every batch that rebuilds the
     * page, and were a sixth of the stream consumer's first batch on its one thread. Threads start with the first
     * rebuild; a holder that never writes the page starts none.
     */
    static final int COPIES_IN_FLIGHT = 5;
    private final ParallelWrites copyWrites = new ParallelWrites(COPIES_IN_FLIGHT, "front-page-copy");

    public FrontPageCache(Table table, int shards) {
        if (shards < 1) {
            throw new IllegalArgumentException("CACHE_SHARDS must be at least 1");
        }
        this.table = table;
        this.shards = shards;
        this.counters = new DealCounters(table);
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
                .key(DealKeys.dealsCache(shard)).consistentRead(consistent).build()).item();
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
    public static FrontPage live(long version, FeaturedSource featured, DealStore deals) {
        Page<com.bigtimedeals.deals.Deal> latest = deals.latest(LATEST, null);
        return new FrontPage(version, featured.frontPage(), latest.items(), latest.nextCursor());
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
                ":type", AttributeValue.fromS(DealKeys.CACHE_VERSION)));
        String add = "ADD version :one";
        String condition = null;
        if (record && !touched.isEmpty()) {
            add += ", #r :mine";
            names.put("#r", RECENT_ATTRIBUTE);
            // A loop, not a stream's map and distinct: on a consumer's first batch that pipeline was about 20 classes and
            // two lambdas linked for a handful of ids.
            java.util.Set<String> mine = new java.util.LinkedHashSet<>();
            for (String id : touched) {
                mine.add(now + "#" + id);
            }
            values.put(":mine", AttributeValue.fromSs(new java.util.ArrayList<>(mine)));
            values.put(":cap", AttributeValue.fromN(Integer.toString(RECENT_CAP - touched.size())));
            condition = "attribute_not_exists(#r) OR size(#r) <= :cap";
        }
        // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
        UpdateItemRequest request = UpdateItemRequest.builder().tableName(table.name())
                .key(DealKeys.dealsCacheVersion())
                .updateExpression(add + " SET #t = :type")
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .returnValues(ReturnValue.ALL_NEW)
                .build();
        Map<String, AttributeValue> after = Transactions.retrying(() -> table.client().updateItem(request)).attributes();
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
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.dealsCacheVersion())
                    .updateExpression("DELETE #r :stale")
                    .expressionAttributeNames(Map.of("#r", RECENT_ATTRIBUTE))
                    .expressionAttributeValues(Map.of(":stale", AttributeValue.fromSs(stale))).build()));
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
    public int rebuild(FeaturedSource featured, DealStore deals) {
        return rebuild(featured, deals, Map.of(), List.of());
    }

    /** A rebuild for counts alone ({@code fresh}), no deal touched. */
    public int rebuild(FeaturedSource featured, DealStore deals, Map<String, DealCounts> fresh) {
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
    public int rebuild(FeaturedSource featured, DealStore deals, Map<String, DealCounts> fresh,
                       java.util.Collection<String> touched) {
        return rebuild(featured, deals, fresh, touched, false);
    }

    /** With {@code exact}, the exact counters of every deal shown are read too (see {@link #rebuildCoalesced}). */
    private int rebuild(FeaturedSource featured, DealStore deals, Map<String, DealCounts> fresh,
                        java.util.Collection<String> touched, boolean exact) {
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
            List<Deal> featuredDeals = featured.frontPage();
            if (exact) {
                java.util.Set<String> shown = new java.util.LinkedHashSet<>();
                featuredDeals.forEach(d -> shown.add(d.id()));
                latest.items().forEach(d -> shown.add(d.id()));
                counters.read(shown).forEach((id, c) -> newest.merge(id, c, DealCounts::newer));
            }
            // A rebuild that took longer than half the recent window (throttled and retried) may race one that
            // took a version after its own touched deals left the set: it starts again, with a fresh version.
            if (System.nanoTime() - started > RECENT.toNanos() / 2 && attempt < 3) {
                continue;
            }
            return write(new FrontPage(taken.version(), withNewest(featuredDeals, newest), withNewest(latest.items(), newest),
                    latest.nextCursor()));
        }
    }

    /**
     * Counts-only rebuilds start at most once per this window, however many stream batches (shards, lanes) ask for
     * one (issue 41: ten copies of several KB rewritten per batch made the {@code DEALSCACHE#n} partitions the
     * table's busiest). Far inside the stream delay.
     */
    static final long COALESCE_MILLIS = 1_000;
    /** How long one wait for the gate sleeps at most before looking again. */
    private static final long GATE_POLL_MILLIS = 100;

    /**
     * A rebuild for counts alone (votes and comments on deals the page shows), coalesced: at most one starts per
     * {@link #COALESCE_MILLIS} across every consumer, and no change is lost, also the last one of a quiet moment.
     *
     * <p>The gate item holds {@code at} (when the last coalesced rebuild started), {@code seq} (bumped by every
     * caller that found the gate shut) and {@code claimed} (the {@code seq} the last winner saw when it opened
     * the gate). A caller first tries to open the gate (a conditional UpdateItem: {@code at} at least a window
     * ago). The winner rebuilds, and its rebuild reads the exact counters of every deal it shows
     * ({@link DealCounters#read}) after opening the gate. A caller that finds the gate shut records itself
     * ({@code ADD seq}, its number {@code s}) and waits for the window to pass: once a winner's {@code claimed}
     * is at least {@code s}, that winner opened the gate after this caller's counts were committed (they were
     * committed before their stream records reached the caller), so its exact read holds them, and the caller is
     * done; otherwise it opens the gate itself. A winner that fails mid-rebuild fails its batch, whose deals are
     * still behind on their items, so its retry rebuilds again. Every caller thus ends with a rebuild that started
     * after its change, at most one window late. A clock that does not move while we sleep (a test's) and a gate
     * that stays shut past the stream delay both end in a plain rebuild: never a change lost for the sake of
     * coalescing.
     */
    public int rebuildCoalesced(FeaturedSource featured, DealStore deals, Map<String, DealCounts> fresh) {
        Long mine = null;
        for (int wait = 0; wait < 4 * COALESCE_MILLIS / GATE_POLL_MILLIS; wait++) {
            long now = table.clock().millis();
            if (openGate(now)) {
                return rebuild(featured, deals, fresh, List.of(), true);
            }
            Map<String, AttributeValue> gate;
            if (mine == null) {
                gate = Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                        .key(DealKeys.dealsCacheGate()).updateExpression("ADD seq :one")
                        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                        .returnValues(ReturnValue.ALL_NEW).build())).attributes();
                mine = Long.parseLong(gate.get("seq").n());
            } else {
                gate = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                        .key(DealKeys.dealsCacheGate()).consistentRead(true).build()).item();
            }
            if (number(gate, "claimed") >= mine) {
                return 0; // a rebuild that started after this change was committed covers it
            }
            long due = number(gate, "at") + COALESCE_MILLIS - now;
            try {
                Thread.sleep(Math.max(1, Math.min(due, GATE_POLL_MILLIS)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            if (table.clock().millis() == now) {
                break; // a clock that stands still: the window would never pass
            }
        }
        return rebuild(featured, deals, fresh, List.of(), true);
    }

    /** Opens the coalescing gate at {@code now} if the last coalesced rebuild started a window ago or earlier. */
    private boolean openGate(long now) {
        try {
            // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.dealsCacheGate())
                    .updateExpression("SET #at = :now, claimed = if_not_exists(seq, :zero)")
                    .conditionExpression("attribute_not_exists(#at) OR #at <= :since")
                    .expressionAttributeNames(Map.of("#at", "at"))
                    .expressionAttributeValues(Map.of(":now", AttributeValue.fromN(Long.toString(now)),
                            ":since", AttributeValue.fromN(Long.toString(now - COALESCE_MILLIS)),
                            ":zero", AttributeValue.fromN("0")))
                    .build()));
            return true;
        } catch (ConditionalCheckFailedException shut) {
            return false;
        }
    }

    private static long number(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null || v.n() == null ? -1 : Long.parseLong(v.n());
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
        // Every copy holds the same payload: deflated once, not once per copy (ten times the encoding's CPU on a
        // consumer's first batch, where none of it is compiled yet).
        AttributeValue payload = payload(page);
        List<Integer> copies = new ArrayList<>(shards);
        for (int shard = 1; shard <= shards; shard++) {
            copies.add(shard);
        }
        int written = 0;
        for (int n : copyWrites.run(copies, (shards + COPIES_IN_FLIGHT - 1) / COPIES_IN_FLIGHT, slice -> write(page, payload, slice))) {
            written += n;
        }
        return written;
    }

    private int write(FrontPage page, AttributeValue payload, List<Integer> copies) {
        int written = 0;
        for (int shard : copies) {
            try {
                // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
                Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item(page, shard, payload))
                        .conditionExpression("attribute_not_exists(version) OR version < :v")
                        .expressionAttributeValues(Map.of(":v", AttributeValue.fromN(Long.toString(page.version()))))
                        .build()));
                written++;
            } catch (ConditionalCheckFailedException e) {
                // A newer rebuild already wrote this copy: ours is stale, and losing is the point.
            }
        }
        return written;
    }

    static Map<String, AttributeValue> item(FrontPage page, int shard) {
        return item(page, shard, payload(page));
    }

    private static Map<String, AttributeValue> item(FrontPage page, int shard, AttributeValue payload) {
        return new ItemWriter(DealKeys.dealsCache(shard), DealKeys.DEALS_CACHE)
                .number("version", page.version())
                .number(FORMAT, DealCodec.FRONT_PAGE_FORMAT)
                .value("payload", payload)
                .build();
    }

    private static AttributeValue payload(FrontPage page) {
        return AttributeValue.fromB(DealCodec.compress(page));
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

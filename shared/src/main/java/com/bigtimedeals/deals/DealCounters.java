package com.bigtimedeals.deals;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.ShardChoice;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A deal's named counters (hot and cold votes, comments), kept exact under contention (docs/data-model.md, "Deal
 * counters"). They live in small items apart from the deal, each under a partition key of its own
 * ({@code COUNTERS#<dealId>#<k>}), laid out as {@link #VIEWS} views of {@link #SHARDS_PER_VIEW} shards: every change
 * adds to one shard chosen at random <em>in each view</em>, inside the caller's transaction, so each view alone holds
 * every committed change and its sum is the exact value. A reader reads one view chosen at random ({@link #keys},
 * {@link #sum}): at 2,000 votes a second on one deal each vote must read every part of an exact sum, so with one view
 * every shard partition served a read unit per vote (0.67 of its 3,000); with two, each serves half the votes' reads,
 * while each shard takes 2,000 x 2 units / 24 = 167 of its 1,000 write units (issue 41). The deal item itself is
 * neither written nor read per vote: whether the deal is live comes from {@link #LIVE_MARKERS} small marker items
 * written with the deal and marked in its takedown's transaction ({@link #liveMarker}). The stream consumer
 * aggregates the sums into every copy of the deal.
 *
 * <p>Each shard also counts its own writes ({@code v}); the sum of those over a view is the counters'
 * {@link DealCounts#version} (every view counts every change once, so the views agree). Every shard's count only
 * grows, so a reading taken after another has a version at least as high: a copy is only ever replaced by a reading
 * with a higher version, and a replayed or reordered aggregation never sets an older value over a newer one.
 *
 * <p>A table holding deals from before the views and markers is brought to this layout by {@link DealCountersUpgrade}
 * before this code serves it: their markers written, and view 1 set to view 0's sums (docs/data-model.md).
 */
public final class DealCounters {
    /** The counters a deal has; each is a number attribute of every shard item (absent: 0). */
    public enum Counter {
        HOT("hot"), COLD("cold"), COMMENTS("comments");

        private final String attribute;

        Counter(String attribute) {
            this.attribute = attribute;
        }

        public String attribute() {
            return attribute;
        }
    }

    /**
     * Views per deal: each change is written once per view, and each reader reads one. Two halve every shard's reads
     * (the vote's exact sum) for one more counter write per change. Readers and writers must agree on it.
     */
    public static final int VIEWS = 2;
    /**
     * Shards per view. A vote writes one shard of each view in a transaction (2 write units for an item under 1 KB),
     * so 24 shards take 2,000 votes a second at a sixth of DynamoDB's 1,000 write units each (16 gave a quarter, whose
     * busiest 10 s in the scaled simulation, about one vote a second per shard, came out above half the limit by
     * chance); every exact read costs one read unit per shard of the view it reads.
     */
    public static final int SHARDS_PER_VIEW = 24;
    /** Every shard of every view. */
    public static final int SHARDS = VIEWS * SHARDS_PER_VIEW;
    /**
     * Liveness markers per deal: a vote reads one at random with its view, so each serves a quarter of the votes'
     * reads (a single one would be read by every vote, as the deal item was).
     */
    public static final int LIVE_MARKERS = 4;
    private static final ShardChoice READ_CHOICE = new ShardChoice();

    /** Attempts of one counted transaction, each on a freshly chosen shard, before the caller gets a 503. */
    static final int ATTEMPTS = Transactions.CONFLICT_ATTEMPTS;
    /** The write count of one shard. */
    public static final String WRITES = "v";

    private final Table table;
    private final ShardChoice shardChoice = new ShardChoice();

    public DealCounters(Table table) {
        this.table = table;
    }

    /**
     * The keys of every shard of one view of a deal, chosen at random: read them in the same BatchGetItem as the deal
     * (or the caller's vote), then {@link #sum} them. Never mix two views in one sum.
     */
    public static List<Map<String, AttributeValue>> keys(String dealId) {
        return keys(dealId, READ_CHOICE.next(VIEWS) - 1);
    }

    /** Tables this process has seen recorded upgraded ({@code UPGRADE#counter-views}), by name. */
    private static final java.util.Set<String> UPGRADED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * What to read for one exact sum of a deal's counters on {@code table}: {@link #keys(String)} once this process has
     * seen the table's upgrade record ({@link DealCountersUpgrade}); until then view 0, which holds the counts in both
     * layouts (the old 8 shards are its first 8, and today's code writes every view), and the record's key, so the same
     * BatchGetItem finds out ({@link #learn}). Between a deploy and {@code ./bigtimedeals upgrade} no read answers 0
     * for an old deal's counts; once upgraded a process reads no key more than before.
     */
    public static List<Map<String, AttributeValue>> keys(Table table, String dealId) {
        if (upgraded(table)) {
            return keys(dealId);
        }
        List<Map<String, AttributeValue>> keys = new ArrayList<>(keys(dealId, 0));
        keys.add(DealKeys.upgrade(DealCountersUpgrade.NAME));
        return keys;
    }

    /** Whether this process knows {@code table} upgraded. */
    public static boolean upgraded(Table table) {
        return UPGRADED.contains(table.name());
    }

    /** Notes the table upgraded when its record is among {@code items} (read with {@link #keys(Table, String)}). */
    public static void learn(Table table, Collection<Map<String, AttributeValue>> items) {
        for (Map<String, AttributeValue> item : items) {
            if (DealKeys.UPGRADE.equals(new ItemReader(item).type())) {
                UPGRADED.add(table.name());
                return;
            }
        }
    }

    /** Tests: this process forgets it saw {@code table} upgraded, as another process that has not read it yet. */
    static void forgetUpgrade(Table table) {
        UPGRADED.remove(table.name());
    }

    /** The upgrade recorded it done: this process reads today's layout from now on. */
    static void upgradedNow(Table table) {
        UPGRADED.add(table.name());
    }

    /** The keys of the shards of view {@code view}. */
    public static List<Map<String, AttributeValue>> keys(String dealId, int view) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(SHARDS_PER_VIEW);
        for (int shard = 0; shard < SHARDS_PER_VIEW; shard++) {
            keys.add(DealKeys.dealCounters(dealId, view * SHARDS_PER_VIEW + shard));
        }
        return keys;
    }

    /** The key of one of the deal's liveness markers, chosen at random. */
    public static Map<String, AttributeValue> liveMarker(String dealId) {
        return DealKeys.dealLive(dealId, READ_CHOICE.next(LIVE_MARKERS) - 1);
    }

    /** True for a liveness marker of a deal that is live (written with the deal, not marked by a takedown). */
    public static boolean isLiveMarker(Map<String, AttributeValue> item) {
        return item != null && DealKeys.DEAL_LIVE.equals(new ItemReader(item).type()) && !item.containsKey(DealCodec.TAKEN_DOWN_AT);
    }

    /** The Puts of a new deal's markers, for its creation's transaction (each fails if it exists: the deal is new). */
    static List<TransactWriteItem> newMarkers(String table, String dealId) {
        List<TransactWriteItem> puts = new ArrayList<>(LIVE_MARKERS);
        for (int m = 0; m < LIVE_MARKERS; m++) {
            puts.add(TransactWriteItem.builder().put(software.amazon.awssdk.services.dynamodb.model.Put.builder()
                    .tableName(table).item(new ItemWriter(DealKeys.dealLive(dealId, m), DealKeys.DEAL_LIVE).string("dealId", dealId).build())
                    .build()).build());
        }
        return puts;
    }

    /**
     * The Updates that mark every marker taken down, for the takedown's transaction: a vote that reads any marker
     * after the takedown committed answers 404. Unconditional (a repeat sets the same moment again), and they touch
     * no counter shard, so a takedown never conflicts with the votes it races.
     */
    static List<TransactWriteItem> markersDown(String table, String dealId, String at) {
        List<TransactWriteItem> updates = new ArrayList<>(LIVE_MARKERS);
        for (int m = 0; m < LIVE_MARKERS; m++) {
            updates.add(TransactWriteItem.builder().update(Update.builder().tableName(table).key(DealKeys.dealLive(dealId, m))
                    .updateExpression("SET #down = :at, #t = :type, #d = :deal")
                    .expressionAttributeNames(Map.of("#down", DealCodec.TAKEN_DOWN_AT, "#t", Keys.TYPE, "#d", "dealId"))
                    .expressionAttributeValues(Map.of(":at", AttributeValue.fromS(at), ":type", AttributeValue.fromS(DealKeys.DEAL_LIVE),
                            ":deal", AttributeValue.fromS(dealId)))
                    .build()).build());
        }
        return updates;
    }

    /** True for a shard of the first view: its changes alone name every change (each is written to every view). */
    public static boolean inFirstView(ItemReader shard) {
        return !shard.has("shard") || shard.number("shard") < SHARDS_PER_VIEW;
    }

    /** True for a shard item of this deal. */
    static boolean isShardOf(String dealId, Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return DealKeys.DEAL_COUNTERS.equals(r.type()) && dealId.equals(r.string("dealId"));
    }

    /** The deal's counters from whichever of its shards are among {@code items}; a shard never written counts 0. */
    public static DealCounts sum(String dealId, Collection<Map<String, AttributeValue>> items) {
        long hot = 0;
        long cold = 0;
        long comments = 0;
        long writes = 0;
        for (Map<String, AttributeValue> item : items) {
            if (isShardOf(dealId, item)) {
                ItemReader r = new ItemReader(item);
                hot += r.number(Counter.HOT.attribute());
                cold += r.number(Counter.COLD.attribute());
                comments += r.number(Counter.COMMENTS.attribute());
                writes += r.number(WRITES);
            }
        }
        return new DealCounts(hot, cold, comments, writes, null);
    }

    /**
     * The exact counters of many deals: strongly consistent BatchGetItems of their shards (100 keys each), so a
     * change committed before the call is in the answer. Deals never counted read as {@link DealCounts#NONE}.
     */
    public Map<String, DealCounts> read(Collection<String> dealIds) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        boolean upgraded = upgraded(table);
        for (String id : new LinkedHashSet<>(dealIds)) {
            keys.addAll(upgraded ? keys(id) : keys(id, 0));
        }
        if (!upgraded) {
            keys.add(DealKeys.upgrade(DealCountersUpgrade.NAME));
        }
        List<Map<String, AttributeValue>> read = TableReads.batchGetConsistent(table, keys);
        learn(table, read);
        Map<String, List<Map<String, AttributeValue>>> byDeal = new HashMap<>();
        for (Map<String, AttributeValue> item : read) {
            if (!DealKeys.DEAL_COUNTERS.equals(new ItemReader(item).type())) {
                continue; // the upgrade record
            }
            byDeal.computeIfAbsent(new ItemReader(item).string("dealId"), k -> new ArrayList<>()).add(item);
        }
        Map<String, DealCounts> counts = new HashMap<>();
        for (String id : dealIds) {
            counts.put(id, sum(id, byDeal.getOrDefault(id, List.of())));
        }
        return counts;
    }

    /**
     * The Update actions that add {@code delta} to one counter of the deal, on one shard of each view chosen at
     * random: put them in your own transaction (each creates its shard on its first write). {@link #commit} does that
     * and retries.
     */
    public List<TransactWriteItem> add(String dealId, Counter counter, long delta) {
        return add(dealId, Map.of(counter, delta));
    }

    /** Several counters of one deal changed together, on one shard per view (a vote switched from cold to hot). */
    public List<TransactWriteItem> add(String dealId, Map<Counter, Long> deltas) {
        List<TransactWriteItem> adds = new ArrayList<>(VIEWS);
        for (int view = 0; view < VIEWS; view++) {
            adds.add(add(dealId, deltas, view * SHARDS_PER_VIEW + shardChoice.next(SHARDS_PER_VIEW) - 1));
        }
        return adds;
    }

    TransactWriteItem add(String dealId, Map<Counter, Long> deltas, int shard) {
        if (deltas.isEmpty()) {
            throw new IllegalArgumentException("no counter to change");
        }
        StringBuilder add = new StringBuilder("ADD #w :one");
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        names.put("#w", WRITES);
        names.put("#t", Keys.TYPE);
        names.put("#d", "dealId");
        names.put("#s", "shard");
        values.put(":one", AttributeValue.fromN("1"));
        values.put(":type", AttributeValue.fromS(DealKeys.DEAL_COUNTERS));
        values.put(":deal", AttributeValue.fromS(dealId));
        values.put(":shard", AttributeValue.fromN(Integer.toString(shard)));
        int n = 0;
        for (Map.Entry<Counter, Long> d : new EnumMap<>(deltas).entrySet()) {
            add.append(", #c").append(n).append(" :c").append(n);
            names.put("#c" + n, d.getKey().attribute());
            values.put(":c" + n, AttributeValue.fromN(Long.toString(d.getValue())));
            n++;
        }
        return TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(DealKeys.dealCounters(dealId, shard))
                .updateExpression(add + " SET #t = :type, #d = :deal, #s = :shard")
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build()).build();
    }

    /**
     * Commits {@code writes} together with a change of the deal's counters, in one transaction, the counters' actions
     * last (so a cancellation's reasons line up with {@code writes}). A conflict with another transaction or a
     * throttled partition is transient: the change moves to another shard, chosen afresh, and the transaction is
     * tried again with jittered backoff; after {@link #ATTEMPTS} the caller gets UNAVAILABLE (a 503 with a message,
     * never a 500). A cancellation for any other reason (a condition of {@code writes}) is the caller's to read.
     * Every attempt carries its own ClientRequestToken, so the SDK's own retry of an attempt that did commit (its
     * answer lost) is answered from the first commit instead of counting twice.
     */
    public void commit(List<TransactWriteItem> writes, String dealId, Map<Counter, Long> deltas) {
        for (int attempt = 1; ; attempt++) {
            List<TransactWriteItem> items = new ArrayList<>(writes);
            items.addAll(add(dealId, deltas));
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(items)
                        .clientRequestToken(UUID.randomUUID().toString()).build());
                return;
            } catch (TransactionCanceledException e) {
                if (!Contention.isContention(e)) {
                    throw e;
                }
                if (attempt >= ATTEMPTS) {
                    throw DomainException.unavailable("too many concurrent changes to this deal; try again");
                }
                Transactions.backOff(attempt);
            }
        }
    }
}

package com.bigtimedeals.deals;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The stream consumer's side of the deal counters: reads deals together with their exact counts, and writes those
 * counts onto the deal item (from which the latest-deals indexes copy them). Every write is conditioned on the
 * counts' version ({@link DealCounters}) and, shard by shard, on the write counts the stored reading saw: only a
 * reading at or past it in every shard replaces it, so a replayed, late or reordered aggregation changes nothing, and
 * one that crossed another's ({@link Applied#CROSSED}) is read again rather than taken for covered.
 */
public final class DealCountsStore {
    private final Table table;

    public DealCountsStore(Table table) {
        this.table = table;
    }

    /**
     * A live deal as its item stores it (content, and the counts the last aggregation wrote onto it), and its exact
     * counts now ({@code hotSince} taken from the item, which keeps it).
     */
    public record Reading(Deal deal, DealCounts exact, long peak, Instant postedAt, long[] shardWrites, long[] storedWrites) {
        public Reading(Deal deal, DealCounts exact) {
            this(deal, exact, 0, deal.createdAt());
        }

        public Reading(Deal deal, DealCounts exact, long peak, Instant postedAt) {
            this(deal, exact, peak, postedAt, new long[DealCounters.SHARDS_PER_VIEW], null);
        }

        /**
         * The deal item already carries these counts or newer, shard by shard (an item from before it kept its
         * shards' write counts: by version alone): every copy of them was written before it. A higher version that
         * is behind this reading in some shard (two readings crossed, neither a snapshot) is not up to date.
         */
        public boolean upToDate() {
            return deal.counts().version() >= exact.version()
                    && (storedWrites == null || dominates(storedWrites, shardWrites));
        }

        /** The deal with its exact counts: what every copy should show. */
        public Deal counted() {
            return deal.withCounts(exact);
        }
    }

    /**
     * The live deals among {@code dealIds} with their exact counts: strongly consistent BatchGetItems of each deal and
     * the first view of its shards (4 deals to a request), with each first-view shard's write count. Deals taken down or never made are left out.
     */
    public Map<String, Reading> read(Collection<String> dealIds) {
        List<String> ids = new ArrayList<>(new LinkedHashSet<>(dealIds));
        int perRequest = TableReads.MAX_BATCH_GET / (DealCounters.SHARDS_PER_VIEW + 1);
        Map<String, Reading> readings = new LinkedHashMap<>();
        for (int from = 0; from < ids.size(); from += perRequest) {
            List<Map<String, AttributeValue>> keys = new ArrayList<>();
            for (String id : ids.subList(from, Math.min(ids.size(), from + perRequest))) {
                keys.add(DealKeys.deal(id));
                // The first view, always: what it read is what CountsGate records as covered, shard by shard.
                keys.addAll(DealCounters.keys(id, 0));
            }
            Map<String, List<Map<String, AttributeValue>>> shards = new HashMap<>();
            Map<String, Map<String, AttributeValue>> deals = new HashMap<>();
            for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                    .consistentRead(true).build())) {
                ItemReader r = new ItemReader(item);
                if (DealKeys.DEAL.equals(r.type())) {
                    deals.put(r.string("id"), item);
                } else {
                    shards.computeIfAbsent(r.string("dealId"), k -> new ArrayList<>()).add(item);
                }
            }
            for (String id : ids.subList(from, Math.min(ids.size(), from + perRequest))) {
                Map<String, AttributeValue> item = deals.get(id);
                if (DealCodec.isLiveDeal(item)) {
                    Deal deal = DealCodec.read(item);
                    DealCounts exact = DealCounters.sum(id, shards.getOrDefault(id, List.of()))
                            .withHotSince(deal.counts().hotSince());
                    ItemReader r = new ItemReader(item);
                    long[] writes = new long[DealCounters.SHARDS_PER_VIEW];
                    for (Map<String, AttributeValue> shard : shards.getOrDefault(id, List.of())) {
                        ItemReader sr = new ItemReader(shard);
                        int k = sr.has("shard") ? (int) sr.number("shard") : -1;
                        if (k >= 0 && k < writes.length) {
                            writes[k] = sr.has(DealCounters.WRITES) ? sr.number(DealCounters.WRITES) : 0;
                        }
                    }
                    readings.put(id, new Reading(deal, exact, r.has(PEAK) ? r.number(PEAK) : 0, DealCodec.postedAt(item), writes,
                            storedWrites(item)));
                }
            }
        }
        return readings;
    }

    /** What writing counts onto a deal item came to. */
    public enum Applied {
        /** Written. */
        APPLIED,
        /** The item already held these counts or newer: nothing to do. */
        NEWER_THERE,
        /** Taken down (or never a deal): copies written for it must go again. */
        GONE,
        /**
         * The item holds a reading with more writes that is behind this one in some shard (BatchGetItem is no
         * snapshot across shards): neither is the deal's state now. Read again and write every copy again: a reading
         * taken after this answer is at or past both, shard by shard.
         */
        CROSSED
    }

    /**
     * On the deal item: each first-view shard's write count as the reading it carries saw them (a list, in shard
     * order). Its counts are only replaced by a reading at or past it in every shard, so the readings the item holds
     * one after another each include the one before, and what it holds covers whatever an earlier one covered.
     */
    static final String COUNTED_WRITES = "countedWrites";

    /** Whether {@code a} saw every shard at {@code b}'s count or later. */
    static boolean dominates(long[] a, long[] b) {
        for (int k = 0; k < b.length; k++) {
            if ((k < a.length ? a[k] : 0) < b[k]) {
                return false;
            }
        }
        return true;
    }

    private static long[] storedWrites(Map<String, AttributeValue> item) {
        AttributeValue v = item == null ? null : item.get(COUNTED_WRITES);
        if (v == null || !v.hasL()) {
            return null;
        }
        long[] writes = new long[v.l().size()];
        for (int k = 0; k < writes.length; k++) {
            writes[k] = Long.parseLong(v.l().get(k).n());
        }
        return writes;
    }

    /**
     * Writes {@code counts}, read at {@code shardWrites}, onto the deal item, only over a reading it is at or past in
     * every shard (and has more writes than) and only while the deal is live. Its stream record reads as no change to
     * the deal (only its counts moved), so it sets nothing off.
     */
    public Applied apply(String dealId, DealCounts counts, long[] shardWrites) {
        Map<String, String> names = new HashMap<>(Map.of("#h", DealCodec.HOT, "#c", DealCodec.COLD, "#m", DealCodec.COMMENTS,
                "#v", DealCodec.COUNTERS_VERSION, "#t", Keys.TYPE, "#down", DealCodec.TAKEN_DOWN_AT, "#w", COUNTED_WRITES));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":h", number(counts.hot()), ":c", number(counts.cold()),
                ":m", number(counts.comments()), ":v", number(counts.version()), ":deal", AttributeValue.fromS(DealKeys.DEAL)));
        List<AttributeValue> list = new ArrayList<>();
        StringBuilder atOrPast = new StringBuilder();
        for (int k = 0; k < shardWrites.length; k++) {
            list.add(number(shardWrites[k]));
            values.put(":w" + k, number(shardWrites[k]));
            atOrPast.append(k == 0 ? "" : " AND ").append("#w[").append(k).append("] <= :w").append(k);
        }
        values.put(":w", AttributeValue.fromL(list));
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.deal(dealId))
                    .updateExpression("SET #h = :h, #c = :c, #m = :m, #v = :v, #w = :w")
                    .conditionExpression("attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#down)"
                            + " AND (attribute_not_exists(#v) OR (#v < :v AND (attribute_not_exists(#w) OR ("
                            + atOrPast + "))))")
                    .expressionAttributeNames(names).expressionAttributeValues(values)
                    .build()));
            return Applied.APPLIED;
        } catch (ConditionalCheckFailedException e) {
            // The rare path: one consistent read of what stands says which refusal it was.
            Map<String, AttributeValue> item = item(dealId);
            if (!DealCodec.isLiveDeal(item)) {
                return Applied.GONE;
            }
            long[] stored = storedWrites(item);
            return stored == null || dominates(stored, shardWrites) ? Applied.NEWER_THERE : Applied.CROSSED;
        }
    }

    /**
     * Records that the deal turned hot at {@code at}, once: the first call sets it, every later one (another lane's
     * aggregation, a replay) finds it set and gets the moment that stands. Null when the deal is gone. The hot list
     * is keyed by this moment, so there is one entry per deal however many aggregations see it cross.
     */
    public Instant markHot(String dealId, Instant at) {
        Instant moment = at.truncatedTo(ChronoUnit.SECONDS);
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.deal(dealId))
                    .updateExpression("SET #hs = :at")
                    .conditionExpression("attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#down)"
                            + " AND attribute_not_exists(#hs)")
                    .expressionAttributeNames(Map.of("#hs", DealCodec.HOT_SINCE, "#t", Keys.TYPE,
                            "#down", DealCodec.TAKEN_DOWN_AT))
                    .expressionAttributeValues(Map.of(":at", AttributeValue.fromS(moment.toString()),
                            ":deal", AttributeValue.fromS(DealKeys.DEAL)))
                    .build()));
            return moment;
        } catch (ConditionalCheckFailedException e) {
            Map<String, AttributeValue> item = item(dealId);
            return DealCodec.isLiveDeal(item) ? new ItemReader(item).instant(DealCodec.HOT_SINCE) : null;
        }
    }

    /**
     * On the deal item: the highest temperature the aggregation ever read for the deal (absent: 0, its temperature at
     * creation). It only grows, so a threshold at or below it has been reached once already and is never matched
     * again, however the temperature falls and rises.
     */
    static final String PEAK = "peakTemperature";

    /**
     * Raises the deal's peak temperature to {@code to}, only upward and only while the deal is live; false when the
     * peak already stood at {@code to} or higher (another lane or a replay got there) or the deal is gone. Written after
     * the crossing's messages, before the counts: a crash between them delivers the same messages again (their ids
     * are fixed), never loses them.
     */
    public boolean raisePeak(String dealId, long to) {
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.deal(dealId))
                    .updateExpression("SET #p = :p")
                    .conditionExpression("attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#down)"
                            + " AND (attribute_not_exists(#p) OR #p < :p)")
                    .expressionAttributeNames(Map.of("#p", PEAK, "#t", Keys.TYPE, "#down", DealCodec.TAKEN_DOWN_AT))
                    .expressionAttributeValues(Map.of(":p", number(to), ":deal", AttributeValue.fromS(DealKeys.DEAL)))
                    .build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /** A taken-down deal as its tombstone keeps it (content, counts, when it turned hot); null for anything else. */
    public Deal tombstone(String dealId) {
        Map<String, AttributeValue> item = item(dealId);
        return item != null && DealKeys.DEAL.equals(new ItemReader(item).type()) && item.containsKey(DealCodec.TAKEN_DOWN_AT)
                ? DealCodec.read(item) : null;
    }

    /** The deal item as it stands, read consistently (only on the rare paths above). */
    Map<String, AttributeValue> item(String dealId) {
        return table.client().getItem(GetItemRequest.builder().tableName(table.name()).key(DealKeys.deal(dealId))
                .consistentRead(true).build()).item();
    }

    private static AttributeValue number(long n) {
        return AttributeValue.fromN(Long.toString(n));
    }
}

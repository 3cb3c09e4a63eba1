package com.bigtimedeals.data;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.bigtimedeals.domain.DealCounts;
import com.bigtimedeals.domain.DomainException;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A deal's named counters (hot and cold votes, comments), kept exact under contention (docs/data-model.md, "Deal
 * counters"). They live in {@link #SHARDS} small items apart from the deal, each under a partition key of its own
 * ({@code COUNTERS#<dealId>#<k>}): every change adds to one shard chosen at random, inside the caller's transaction,
 * so no item and no partition takes more than its share of a burst, and the deal item itself is never written per
 * vote. The true value is the sum over the shards, read in the same strongly consistent BatchGetItem as the deal
 * ({@link #keys}, {@link #sum}). The stream consumer aggregates the sums into every copy of the deal.
 *
 * <p>Each shard also counts its own writes ({@code v}); the sum of those is the counters' {@link DealCounts#version}.
 * Every shard's count only grows, so a reading taken after another has a version at least as high: a copy is only
 * ever replaced by a reading with a higher version, and a replayed or reordered aggregation never sets an older value
 * over a newer one.
 */
public final class DealCounters {
    /** The counters a deal has; each is a number attribute of every shard item (absent: 0). */
    public enum Counter {
        HOT("hot"), COLD("cold"), COMMENTS("comments");

        private final String attribute;

        Counter(String attribute) {
            this.attribute = attribute;
        }

        String attribute() {
            return attribute;
        }
    }

    /**
     * Shards per deal. A vote writes one shard in a transaction (2 write units for an item under 1 KB), so 8 shards
     * take 8 x 500 = 4,000 votes a second before any partition reaches DynamoDB's 1,000 write units, and each shard a
     * few hundred a second at most in the benchmark's burst; every exact read costs one read unit per shard.
     * Readers and writers must agree on it: growing it needs the new shards counted by every reader first.
     */
    public static final int SHARDS = 8;
    /** Attempts of one counted transaction, each on a freshly chosen shard, before the caller gets a 503. */
    static final int ATTEMPTS = Transactions.CONFLICT_ATTEMPTS;
    /** The write count of one shard. */
    static final String WRITES = "v";

    private final Table table;
    private final ShardChoice shardChoice = new ShardChoice();

    public DealCounters(Table table) {
        this.table = table;
    }

    /** The keys of every shard of a deal: read them in the same BatchGetItem as the deal, then {@link #sum} them. */
    static List<Map<String, AttributeValue>> keys(String dealId) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(SHARDS);
        for (int shard = 0; shard < SHARDS; shard++) {
            keys.add(Keys.dealCounters(dealId, shard));
        }
        return keys;
    }

    /** True for a shard item of this deal. */
    static boolean isShardOf(String dealId, Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return Keys.DEAL_COUNTERS.equals(r.type()) && dealId.equals(r.string("dealId"));
    }

    /** The deal's counters from whichever of its shards are among {@code items}; a shard never written counts 0. */
    static DealCounts sum(String dealId, Collection<Map<String, AttributeValue>> items) {
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
        for (String id : new LinkedHashSet<>(dealIds)) {
            keys.addAll(keys(id));
        }
        Map<String, List<Map<String, AttributeValue>>> byDeal = new HashMap<>();
        for (Map<String, AttributeValue> item : TableReads.batchGetConsistent(table, keys)) {
            byDeal.computeIfAbsent(new ItemReader(item).string("dealId"), k -> new ArrayList<>()).add(item);
        }
        Map<String, DealCounts> counts = new HashMap<>();
        for (String id : dealIds) {
            counts.put(id, sum(id, byDeal.getOrDefault(id, List.of())));
        }
        return counts;
    }

    /**
     * The Update action that adds {@code delta} to one counter of the deal, on a shard chosen at random: put it in
     * your own transaction (it creates the shard on its first write). {@link #commit} does that and retries.
     */
    public TransactWriteItem add(String dealId, Counter counter, long delta) {
        return add(dealId, Map.of(counter, delta));
    }

    /** Several counters of one deal changed together, on one shard (a vote switched from cold to hot). */
    public TransactWriteItem add(String dealId, Map<Counter, Long> deltas) {
        return add(dealId, deltas, shardChoice.next(SHARDS) - 1);
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
        values.put(":type", AttributeValue.fromS(Keys.DEAL_COUNTERS));
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
                .key(Keys.dealCounters(dealId, shard))
                .updateExpression(add + " SET #t = :type, #d = :deal, #s = :shard")
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build()).build();
    }

    /**
     * Commits {@code writes} together with a change of the deal's counters, in one transaction, the counter's action
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
            items.add(add(dealId, deltas));
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

package com.bigtimedeals.deals;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Coalesces the stream consumer's aggregations of one deal's counts across every lane and shard: at most one starts
 * per pace ({@code COUNTS_PACE_MS}), and no change is left behind. Each aggregation rewrites the deal item, which all
 * three latest-deals indexes project, and refreshes its featured copies and the front page: at 2,000 votes a second on
 * one deal, every lane's batch each second did so (issue 41: GSI1's latest-deals partition, the deal item and the
 * front page's gate were the busiest partitions after the votes').
 *
 * <p>One small gate item per deal ({@code COUNTERS#<dealId>#gate}) holds {@code at} (when the last aggregation was
 * claimed) and {@code covered}: the write count of each first-view shard as the last finished aggregation read them.
 * A batch knows, from its records, each first-view shard its changes moved and that shard's write count after them;
 * a reading covers the batch when it saw every one of those shards at that count or later, and then its counts (the
 * sum of what it read) hold the batch's changes. So a batch first reads the gate: covered, it is done. Otherwise it
 * claims the gate (a conditional write on {@code at}, possible once the pace has passed) and aggregates, or waits
 * for the pace to pass and looks again: a later aggregation, by itself or another lane, covers it. The claimer writes
 * {@code covered} only after every copy is written, and only over a reading with fewer writes, so a covered batch's
 * counts are in every copy. A claimer that fails leaves the gate claimed and uncovered: the pace passes and another
 * batch (or its own redelivery) claims it again. A budget running out, or a clock that stands still (a test's), ends
 * in an aggregation of the batch's own: never a change lost for the sake of coalescing.
 */
public final class CountsGate {
    /** What a batch is to do with one deal's counts. */
    public enum Outcome {
        /** A finished aggregation's reading covers the batch: nothing to do. */
        COVERED,
        /** The batch claimed the gate: it aggregates, then calls {@link #covered}. */
        CLAIMED,
        /** Aggregate anyway (the budget or the clock ran out while waiting). */
        UNGATED
    }

    private static final long JITTER_MILLIS = 300;
    private final Table table;
    private final long paceMillis;

    public CountsGate(Table table, long paceMillis) {
        this.table = table;
        this.paceMillis = paceMillis;
    }

    /**
     * Covered, claimed or ungated, for a batch whose changes need {@code needed} (first-view shard to its write count);
     * waits while another aggregation is within the pace and {@code budgetLeft} says there is time.
     */
    public Outcome await(String dealId, Map<Integer, Long> needed, BooleanSupplier budgetLeft) {
        for (int round = 0; round < 8; round++) {
            // Eventually consistent (half the units: every waiting lane reads it), one gate per deal, so several deals'
            // gates are never read as one snapshot, and need not be: each deal is judged by its own gate alone. A stale
            // gate is an earlier state of it: its `covered` was true of the copies when written (after them), so it
            // only looks less covered than it is, and claimed longer ago, and the claim's condition on the `at` it saw
            // refuses a stale claim. Either way the batch aggregates itself: a wasted aggregation, never a lost change
            // (CountsGateTest#aStaleGateCostsAnAggregationNeverAChange).
            Map<String, AttributeValue> gate = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(DealKeys.countsGate(dealId)).build()).item();
            if (covers(gate, needed)) {
                return Outcome.COVERED;
            }
            long now = table.clock().millis();
            long at = number(gate, "at");
            if (at < 0 || at <= now - paceMillis) {
                if (claim(dealId, at, now)) {
                    return Outcome.CLAIMED;
                }
                continue; // another batch claimed it first: it may cover this one
            }
            if (!budgetLeft.getAsBoolean()) {
                return Outcome.UNGATED;
            }
            try {
                // Until the pace has passed, and a little jitter: the batches that waited do not all look again at
                // the same moment, and the first to look usually claims and covers the rest.
                Thread.sleep(Math.max(1, at + paceMillis - now) + java.util.concurrent.ThreadLocalRandom.current().nextInt((int) JITTER_MILLIS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Outcome.UNGATED;
            }
            if (table.clock().millis() == now) {
                return Outcome.UNGATED; // a clock that stands still: the pace would never pass
            }
        }
        return Outcome.UNGATED;
    }

    /** Whether the gate's last finished reading saw every shard of {@code needed} at its count or later. */
    static boolean covers(Map<String, AttributeValue> gate, Map<Integer, Long> needed) {
        if (gate == null || !gate.containsKey("covered") || needed.isEmpty() || needed.containsKey(-1)) {
            return false;
        }
        String[] seen = gate.get("covered").s().split(",");
        for (Map.Entry<Integer, Long> n : needed.entrySet()) {
            if (n.getKey() < 0 || n.getKey() >= seen.length || Long.parseLong(seen[n.getKey()]) < n.getValue()) {
                return false;
            }
        }
        return true;
    }

    private boolean claim(String dealId, long seenAt, long now) {
        Map<String, String> names = Map.of("#at", "at", "#t", Keys.TYPE, "#d", "dealId");
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":now", AttributeValue.fromN(Long.toString(now)));
        values.put(":type", AttributeValue.fromS(DealKeys.COUNTS_GATE));
        values.put(":deal", AttributeValue.fromS(dealId));
        String condition = "attribute_not_exists(#at)";
        if (seenAt >= 0) {
            values.put(":seen", AttributeValue.fromN(Long.toString(seenAt)));
            condition = "#at = :seen";
        }
        UpdateItemRequest claim = UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.countsGate(dealId))
                .updateExpression("SET #at = :now, #t = :type, #d = :deal").conditionExpression(condition)
                .expressionAttributeNames(names).expressionAttributeValues(values).build();
        try {
            Transactions.retrying(() -> table.client().updateItem(claim));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /**
     * Records what a finished aggregation read (each first-view shard's write count, in shard order), over any
     * reading with fewer writes only: called after every copy, the deal item last, carries those counts.
     */
    public void covered(String dealId, long[] shardWrites) {
        long sum = 0;
        StringBuilder vector = new StringBuilder();
        for (long w : shardWrites) {
            sum += w;
            vector.append(vector.length() == 0 ? "" : ",").append(w);
        }
        UpdateItemRequest reading = UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.countsGate(dealId))
                .updateExpression("SET #c = :c, #s = :s, #t = :type, #d = :deal")
                .conditionExpression("attribute_not_exists(#s) OR #s < :s")
                .expressionAttributeNames(Map.of("#c", "covered", "#s", "coveredWrites", "#t", Keys.TYPE, "#d", "dealId"))
                .expressionAttributeValues(Map.of(":c", AttributeValue.fromS(vector.toString()),
                        ":s", AttributeValue.fromN(Long.toString(sum)), ":type", AttributeValue.fromS(DealKeys.COUNTS_GATE),
                        ":deal", AttributeValue.fromS(dealId)))
                .build();
        try {
            Transactions.retrying(() -> table.client().updateItem(reading));
        } catch (ConditionalCheckFailedException e) {
            // A reading with as many writes or more is recorded already: it covers at least as much.
        }
    }

    private static long number(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null || v.n() == null ? -1 : Long.parseLong(v.n());
    }
}

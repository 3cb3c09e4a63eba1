package com.bigtimedeals.engine.core;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.commit.Change;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.PartitionThroughput;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/**
 * A single-item write, atomic per item: under the item's lock it reads the current item, lets the operation
 * decide the new one (checking its condition against exactly the item it replaces), counts the capacity and
 * commits. No table-wide lock is taken and readers never wait.
 */
public final class WritePath {
    /** What the item becomes, given what it is (null when absent); null deletes it. */
    @FunctionalInterface
    public interface Decision {
        Map<String, Value> decide(Map<String, Value> current);
    }

    /** The item before and after, and what the write consumed. */
    public record Outcome(Map<String, Value> before, Map<String, Value> after, Capacity capacity) {
    }

    private WritePath() {
    }

    public static ApiException transactionConflict() {
        return new ApiException(ApiException.DYNAMODB + "TransactionConflictException", "Transaction is ongoing for the item");
    }

    public static Outcome write(Context ctx, Table table, Map<String, Value> keyMap, Decision decision) {
        return write(ctx, table, keyMap, decision, false);
    }

    public static Outcome write(Context ctx, Table table, Map<String, Value> keyMap, Decision decision, boolean byTtl) {
        byte[] key = table.key(keyMap);
        ItemLocks.ItemId id = new ItemLocks.ItemId(table.id, key);
        if (!ctx.locks().lockForWrite(id)) {
            throw transactionConflict();
        }
        try {
            byte[] oldBytes = table.items.get(key);
            Map<String, Value> before = oldBytes == null ? null : ItemCodec.decode(oldBytes);
            Map<String, Value> after = decision.decide(before);
            long oldSize = oldBytes == null ? 0 : ItemCodec.size(oldBytes);
            long newSize = after == null ? 0 : Sizes.of(after);
            Capacity capacity = capacity(table, before, oldSize, after, newSize);
            if (!byTtl) {
                // Expiry deletes are free in the service, and never throttled.
                if (ctx.throughput().enabledFor(table)) {
                    // Index partitions are worked out only where limits apply: every other write skips the cost.
                    ctx.throughput().take(table, true, draws(table, keyMap, before, oldSize, after, newSize, 1));
                }
            }
            if (table.deleted()) {
                throw ApiException.resourceNotFound("Requested resource not found");
            }
            if (!(before == null ? after == null : before.equals(after))) {
                byte[] newBytes = after == null ? null : ItemCodec.encode(after, newSize);
                ctx.committer().commit(List.of(new Change(table, key, before, oldBytes, after, newBytes, byTtl)));
            }
            return new Outcome(before, after, capacity);
        } finally {
            ctx.locks().unlock(id);
        }
    }

    /**
     * The partitions a write of one item draws units from, {@code factor} times a plain write's (2 in a
     * transaction): the table's, which also serves its local indexes (they live in its item collections), and each
     * global index partition the write updates, both of them when the write moves the item from one index partition
     * to another. A hot index partition then throttles the table writes that would update it, as in the service.
     */
    public static List<PartitionThroughput.Draw> draws(Table table, Map<String, Value> keyMap, Map<String, Value> before, long oldSize,
                                               Map<String, Value> after, long newSize, double factor) {
        List<PartitionThroughput.Draw> draws = new java.util.ArrayList<>();
        double tableUnits = Capacity.write(Math.max(oldSize, newSize));
        for (Index index : table.indexes()) {
            if (!index.global()) {
                tableUnits += Capacity.indexWrite(index, before, oldSize, after, newSize);
                continue;
            }
            byte[] from = before == null ? null : index.partition(before);
            byte[] to = after == null ? null : index.partition(after);
            if (from != null && to != null && java.util.Arrays.equals(from, to)) {
                draws.add(new PartitionThroughput.Draw(index, to, factor * Capacity.indexWrite(index, before, oldSize, after, newSize)));
                continue;
            }
            if (from != null) {
                draws.add(new PartitionThroughput.Draw(index, from, factor * Capacity.write(index.entrySize(before, oldSize))));
            }
            if (to != null) {
                draws.add(new PartitionThroughput.Draw(index, to, factor * Capacity.write(index.entrySize(after, newSize))));
            }
        }
        draws.add(0, new PartitionThroughput.Draw(null, Table.partitionPrefix(keyMap.get(table.key().partitionKey())), factor * tableUnits));
        return draws;
    }

    /** The write units of changing one item from {@code before} to {@code after}, on the table and each index. */
    public static Capacity capacity(Table table, Map<String, Value> before, long oldSize, Map<String, Value> after, long newSize) {
        Capacity c = new Capacity(table.name());
        c.addTable(Capacity.write(Math.max(oldSize, newSize)));
        for (Index index : table.indexes()) {
            c.addIndex(index, Capacity.indexWrite(index, before, oldSize, after, newSize));
        }
        return c;
    }
}

package com.bigtimedeals.engine.core;

import java.util.Map;

import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/** A single-item read by key: readers take no lock and never wait for writers. */
public final class ItemReads {
    /** The stored item (null when absent) and the read units it cost. */
    public record Outcome(byte[] stored, Capacity capacity) {
    }

    private ItemReads() {
    }

    /** Reads the item at a checked {@code key}, drawing its units from the partition's throughput. */
    public static Outcome get(Context ctx, Table table, Map<String, Value> key, boolean consistent) {
        byte[] stored = table.items.get(table.key(key));
        Capacity capacity = new Capacity(table.name());
        capacity.addTable(Capacity.read(stored == null ? 0 : ItemCodec.size(stored), consistent));
        ctx.throughput().take(table, Table.partitionPrefix(key.get(table.key().partitionKey())), false, capacity.total());
        return new Outcome(stored, capacity);
    }
}

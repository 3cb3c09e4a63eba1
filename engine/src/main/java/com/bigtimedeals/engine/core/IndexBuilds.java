package com.bigtimedeals.engine.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;

/** Building the global indexes an UpdateTable created: back-filling them, then making them ACTIVE. */
public final class IndexBuilds {
    private IndexBuilds() {
    }

    /**
     * Fills new indexes from the items already in the table. Each item is indexed under its own lock, so a write
     * racing the back-fill can never leave an older version of it in the index.
     */
    public static void backfill(Context ctx, Table table) {
        List<Index> fresh = new ArrayList<>();
        for (TableDef.IndexDef d : table.def().globalIndexes()) {
            if ("CREATING".equals(d.status())) {
                fresh.add(table.index(d.name()));
            }
        }
        for (byte[] key : table.items.keySet()) {
            ItemLocks.ItemId id = new ItemLocks.ItemId(table.id, key);
            ctx.locks().lock(id);
            try {
                byte[] stored = table.items.get(key);
                if (stored == null) {
                    continue;
                }
                Map<String, com.bigtimedeals.engine.value.Value> item = ItemCodec.decode(stored);
                for (Index index : fresh) {
                    byte[] indexKey = index.key(item);
                    if (indexKey != null && index.entries.put(indexKey, stored) == null) {
                        index.count.incrementAndGet();
                        index.bytes.addAndGet(index.entrySize(item, ItemCodec.size(stored)));
                    }
                }
            } finally {
                ctx.locks().unlock(id);
            }
        }
    }

    /** The new indexes are filled: they become ACTIVE. */
    public static void markActive(Context ctx, Table table) {
        synchronized (table) {
            List<TableDef.IndexDef> gsis = new ArrayList<>();
            for (TableDef.IndexDef d : table.def().globalIndexes()) {
                gsis.add("CREATING".equals(d.status()) ? d.withStatus("ACTIVE") : d);
            }
            TableDef active = table.def().withIndexes(table.def().attributeDefinitions(), List.copyOf(gsis));
            ctx.committer().defineTable(table, () -> table.define(active));
        }
    }
}

package com.bigtimedeals.engine.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

import com.bigtimedeals.engine.codec.Bytes;
import com.bigtimedeals.engine.codec.KeyCodec;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.value.Value;

/**
 * A live table: its definition, its items (a sorted map from table key to the stored item, read without locks),
 * its secondary indexes, its stream and its expiry index. Writes reach it only through the write path
 * (the commit point, {@code commit.Committer}), which applies each committed change here under the item's lock.
 */
public final class Table {
    /** An internal number that names the table in the durable log, so log records need not repeat its name. */
    public final long id;
    private volatile TableDef def;
    /** Replaced only by a bulk load before the engine serves (see {@link SortedArrays}). */
    public volatile ConcurrentSkipListMap<byte[], byte[]> items = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
    private volatile List<Index> indexes;
    public final AtomicLong itemCount = new AtomicLong();
    public final AtomicLong sizeBytes = new AtomicLong();
    public final TableSettings settings = new TableSettings();
    /** The stream records go to while the stream is enabled; null when it is not. */
    public volatile StreamLog stream;
    public final TtlIndex ttl = new TtlIndex();
    /** Index updates waiting out the configured GSI propagation delay. */
    public final IndexLag lag = new IndexLag(this);
    private volatile boolean deleted;

    public Table(long id, TableDef def) {
        this.id = id;
        this.def = def;
        this.indexes = buildIndexes(def, List.of());
    }

    private static List<Index> buildIndexes(TableDef def, List<Index> existing) {
        List<Index> out = new ArrayList<>();
        for (TableDef.IndexDef d : def.localIndexes()) {
            out.add(reuse(existing, d, def.key()));
        }
        for (TableDef.IndexDef d : def.globalIndexes()) {
            out.add(reuse(existing, d, def.key()));
        }
        return List.copyOf(out);
    }

    private static Index reuse(List<Index> existing, TableDef.IndexDef d, KeySchema tableKey) {
        for (Index i : existing) {
            if (i.name().equals(d.name())) {
                i.def = d;
                return i;
            }
        }
        return new Index(d, tableKey);
    }

    public TableDef def() {
        return def;
    }

    public String name() {
        return def.name();
    }

    public KeySchema key() {
        return def.key();
    }

    /** Replaces the definition; index maps that still exist are kept, new ones start empty. */
    public synchronized void define(TableDef newDef) {
        this.def = newDef;
        this.indexes = buildIndexes(newDef, indexes);
    }

    public List<Index> indexes() {
        return indexes;
    }

    public Index index(String name) {
        for (Index i : indexes) {
            if (i.name().equals(name)) {
                return i;
            }
        }
        return null;
    }

    public boolean deleted() {
        return deleted;
    }

    public void markDeleted() {
        deleted = true;
    }

    /**
     * Loads {@code size} stored items whose keys are in ascending order into an empty table, with its indexes,
     * counters and expiry index: the fast path for reopening a store (no item is decoded to index it).
     */
    public void loadSorted(byte[][] keys, byte[][] values, int size) {
        items = SortedArrays.ofSorted(keys, values, size);
        long bytes = 0;
        for (int i = 0; i < size; i++) {
            bytes += com.bigtimedeals.engine.codec.ItemCodec.size(values[i]);
        }
        itemCount.set(size);
        sizeBytes.set(bytes);
        indexes.parallelStream().forEach(index -> {
            byte[][] indexKeys = new byte[size][];
            byte[][] indexValues = new byte[size][];
            int n = 0;
            long indexBytes = 0;
            for (int i = 0; i < size; i++) {
                byte[] key = index.key(values[i]);
                if (key != null) {
                    indexKeys[n] = key;
                    indexValues[n++] = values[i];
                    indexBytes += index.entrySize(values[i]);
                }
            }
            index.entries = SortedArrays.sortAndBuild(indexKeys, indexValues, n);
            index.count.set(n);
            index.bytes.set(indexBytes);
        });
        if (def.ttlEnabled()) {
            for (int i = 0; i < size; i++) {
                Long second = TtlIndex.expiry(com.bigtimedeals.engine.codec.ItemCodec.attribute(values[i], def.ttlAttribute()));
                if (second != null) {
                    ttl.add(second, keys[i]);
                }
            }
        }
    }

    /** The table key of an item or a key map that holds the key attributes with their schema types. */
    public byte[] key(Map<String, Value> item) {
        KeySchema k = def.key();
        Bytes out = KeyCodec.partition(item.get(k.partitionKey()));
        if (k.sortKey() != null) {
            KeyCodec.append(out, item.get(k.sortKey()));
        }
        return out.toArray();
    }

    /** The key prefix of every item in one partition. */
    public static byte[] partitionPrefix(Value partition) {
        return KeyCodec.partition(partition).toArray();
    }

    public byte[] get(byte[] key) {
        return items.get(key);
    }
}

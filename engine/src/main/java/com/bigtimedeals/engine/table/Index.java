package com.bigtimedeals.engine.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import com.bigtimedeals.engine.codec.Bytes;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.KeyCodec;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.value.Value;

/**
 * One secondary index: a sorted map from index key (see {@link KeyCodec}) to the table's stored item. Entries
 * share the table's item arrays rather than copying projections, which keeps three indexes over a million items
 * within a small heap; the projection is applied when the index is read.
 */
public final class Index {
    /** Status and throughput change with UpdateTable; the key schema and projection never do. */
    public volatile TableDef.IndexDef def;
    public final KeySchema tableKey;
    /** Replaced only by a bulk load before the engine serves (see {@link SortedArrays}). */
    public volatile ConcurrentSkipListMap<byte[], byte[]> entries = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
    public final AtomicLong count = new AtomicLong();
    public final AtomicLong bytes = new AtomicLong();
    /** Attributes a KEYS_ONLY or INCLUDE projection keeps; null for ALL. */
    private final Set<String> projected;

    public Index(TableDef.IndexDef def, KeySchema tableKey) {
        this.def = def;
        this.tableKey = tableKey;
        if ("ALL".equals(def.projectionType())) {
            projected = null;
        } else {
            Set<String> p = new HashSet<>();
            p.add(tableKey.partitionKey());
            if (tableKey.sortKey() != null) {
                p.add(tableKey.sortKey());
            }
            p.addAll(def.key().attributes());
            if (def.nonKeyAttributes() != null) {
                p.addAll(def.nonKeyAttributes());
            }
            projected = p;
        }
    }

    public String name() {
        return def.name();
    }

    public boolean global() {
        return def.global();
    }

    public boolean projectsAll() {
        return projected == null;
    }

    public boolean projects(String attribute) {
        return projected == null || projected.contains(attribute);
    }

    /**
     * The index key of an item, or null when the item lacks an index key attribute (sparse indexes) or, for items
     * written before the index was created, has one of another type (a back-fill leaves those out).
     */
    public byte[] key(Map<String, Value> item) {
        return key(item::get);
    }

    /**
     * The index key of a stored item, read from its encoding without building its values (bulk loads); null as
     * for {@link #key(Map)}.
     */
    public byte[] key(byte[] stored) {
        return key(name -> ItemCodec.attribute(stored, name));
    }

    /**
     * The index key from an item's attributes however they are read: decoded values or a stored encoding. A
     * multi-attribute key holds its partition values, then its sort values, in key schema order; an item lacking
     * any of them is not in the index (Developer Guide, multi-attribute keys: every key attribute must be present).
     */
    private byte[] key(Function<String, Value> attribute) {
        KeySchema k = def.key();
        List<Value> partition = new ArrayList<>(k.partitionKeys().size());
        for (int i = 0; i < k.partitionKeys().size(); i++) {
            Value p = attribute.apply(k.partitionKeys().get(i));
            if (p == null || p.type() != k.partitionTypes().get(i) || tooLong(p, 2048)) {
                return null;
            }
            partition.add(p);
        }
        List<Value> sort = new ArrayList<>(k.sortKeys().size());
        for (int i = 0; i < k.sortKeys().size(); i++) {
            Value s = attribute.apply(k.sortKeys().get(i));
            if (s == null || s.type() != k.sortTypes().get(i) || tooLong(s, 1024)) {
                return null;
            }
            sort.add(s);
        }
        Bytes out = KeyCodec.partition(partition);
        for (Value s : sort) {
            KeyCodec.append(out, s);
        }
        KeyCodec.appendTableKey(out, attribute.apply(tableKey.partitionKey()),
                tableKey.sortKey() == null ? null : attribute.apply(tableKey.sortKey()));
        return out.toArray();
    }

    /**
     * The index partition an item is in (its partition key's encoding, as {@link Table#partitionPrefix}), or null
     * when the item is not in the index: the partition its writes and reads draw throughput from.
     */
    public byte[] partition(Map<String, Value> item) {
        return key(item) == null ? null : KeyCodec.partition(item.get(def.key().partitionKey())).toArray();
    }

    /** Key values over the service's key size limits are never indexed (a back-fill leaves such items out). */
    private static boolean tooLong(Value v, int limit) {
        if (v instanceof Value.S s) {
            return s.value().length() > limit / 3 && s.value().getBytes(java.nio.charset.StandardCharsets.UTF_8).length > limit;
        }
        return v instanceof Value.B b && b.length() > limit;
    }

    /** The item as the index holds it: only the projected attributes. */
    public Map<String, Value> project(Map<String, Value> item) {
        if (projected == null) {
            return item;
        }
        Map<String, Value> out = new LinkedHashMap<>();
        for (Map.Entry<String, Value> e : item.entrySet()) {
            if (projected.contains(e.getKey())) {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    /** Bytes of the index entry: the projected item's size, by the service's rules. */
    public long entrySize(byte[] stored) {
        if (projected == null) {
            return ItemCodec.size(stored);
        }
        return Sizes.of(project(ItemCodec.decode(stored)));
    }

    public long entrySize(Map<String, Value> item, long fullSize) {
        return projected == null ? fullSize : Sizes.of(project(item));
    }
}

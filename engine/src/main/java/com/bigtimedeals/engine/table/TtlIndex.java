package com.bigtimedeals.engine.table;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.ConcurrentSkipListSet;

import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.value.Value;

/**
 * The items of a TTL-enabled table ordered by expiry, so the background sweep finds what is due without scanning
 * the table. Holds only items whose TTL attribute is a number (the documented rule: any other type is ignored).
 */
public final class TtlIndex {
    public record Entry(long expiresAtSecond, byte[] key) {
    }

    private static final Comparator<Entry> ORDER = Comparator.comparingLong(Entry::expiresAtSecond)
            .thenComparing(Entry::key, Arrays::compareUnsigned);

    private final ConcurrentSkipListSet<Entry> entries = new ConcurrentSkipListSet<>(ORDER);

    /** The second an item expires at, or null when its TTL attribute does not count. */
    public static Long expiry(Value ttlValue) {
        if (!(ttlValue instanceof Value.N n)) {
            return null;
        }
        BigDecimal v = n.value();
        if (v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0 || v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE / 2)) < 0) {
            return null;
        }
        return v.setScale(0, java.math.RoundingMode.FLOOR).longValueExact();
    }

    public void add(long second, byte[] key) {
        entries.add(new Entry(second, key));
    }

    public void remove(long second, byte[] key) {
        entries.remove(new Entry(second, key));
    }

    /**
     * Indexes the items already in the table by expiry, when its TTL is switched on. Writes from then on keep the index
     * themselves; an item both indexed here and rewritten meanwhile may leave a stale entry, which the sweep checks and
     * drops.
     */
    public void fill(java.util.Map<byte[], byte[]> items, String attribute) {
        for (java.util.Map.Entry<byte[], byte[]> e : items.entrySet()) {
            Long second = expiry(ItemCodec.attribute(e.getValue(), attribute));
            if (second != null) {
                add(second, e.getKey());
            }
        }
    }

    public void clear() {
        entries.clear();
    }

    /** The earliest entry, or null. */
    public Entry first() {
        return entries.isEmpty() ? null : entries.first();
    }

    public Iterable<Entry> all() {
        return entries;
    }

    public void remove(Entry e) {
        entries.remove(e);
    }
}

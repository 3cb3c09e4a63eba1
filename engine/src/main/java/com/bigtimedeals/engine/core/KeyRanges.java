package com.bigtimedeals.engine.core;

import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.Bytes;
import com.bigtimedeals.engine.codec.KeyCodec;
import com.bigtimedeals.engine.expr.KeyCondition;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.expr.SortKeyCondition;
import com.bigtimedeals.engine.value.Value;

/**
 * The stored-key ranges reads cover: the one a Query's key condition selects (one partition, narrowed by any sort key
 * condition), and a parallel Scan's segment.
 */
public final class KeyRanges {
    public static final String OUTSIDE_BOUNDARIES = "The provided starting key is outside query boundaries based on provided condition";

    /** [from, to) of stored keys, within the partition whose keys all begin with {@code partition}. */
    public record Range(byte[] partition, byte[] from, byte[] to) {
    }

    /**
     * The hash tokens [low, high) one segment of a parallel Scan holds; the whole table without segments. The service
     * splits the hash into 4096 buckets and gives each segment the buckets from ceil(4096 * segment / total)
     * (dynalite's captures: which keys each of 4096 segments holds).
     */
    public record Segment(long low, long high) {
        public static Segment of(Long segment, Long total) {
            if (total == null || total <= 1) {
                return new Segment(0, 1L << 32);
            }
            return new Segment(ceilDiv(4096 * segment, total) << 20, ceilDiv(4096 * (segment + 1), total) << 20);
        }

        public byte[] from() {
            return token(low);
        }

        /** The end of the range, null for the end of the table. */
        public byte[] to() {
            return high >= (1L << 32) ? null : token(high);
        }

        /** Whether a stored key of this table falls in the segment. */
        public boolean holds(byte[] storedKey) {
            long t = KeyCodec.token(storedKey);
            return t >= low && t < high;
        }

        private static long ceilDiv(long a, long b) {
            return -Math.floorDiv(-a, b);
        }

        private static byte[] token(long t) {
            return new Bytes(4).putInt((int) t).toArray();
        }
    }

    private KeyRanges() {
    }

    public static Range of(KeyCondition key) {
        Bytes keyPrefix = KeyCodec.partition(key.partitionValues());
        for (Value v : key.sortPrefix()) {
            KeyCodec.append(keyPrefix, v);
        }
        byte[] prefix = keyPrefix.toArray();
        SortKeyCondition sort = key.sortKey();
        if (sort == null) {
            return new Range(prefix, prefix, KeyCodec.prefixEnd(prefix));
        }
        byte[][] bounds = bounds(prefix, sort);
        return new Range(prefix, bounds[0], bounds[1]);
    }

    /** Refuses an ExclusiveStartKey outside what the key condition selects, with the service's words. */
    public static void checkStart(KeyCondition key, KeySchema schema, Map<String, Value> start) {
        boolean inPartition = true;
        for (int i = 0; i < schema.partitionKeys().size(); i++) {
            inPartition &= key.partitionValues().get(i).equals(start.get(schema.partitionKeys().get(i)));
        }
        SortKeyCondition sort = key.sortKey();
        boolean inRange = sort == null || sort.test(start.get(sort.attribute()));
        for (int i = 0; i < key.sortPrefix().size(); i++) {
            inRange &= key.sortPrefix().get(i).equals(start.get(schema.sortKeys().get(i)));
        }
        // With a sort key condition the range is checked first, and a key of another partition that fits it
        // is refused as a restart of a one-row query (mhart/dynalite's actions/query.js, its captures).
        if (!inRange) {
            throw ApiException.validation("The provided starting key does not match the range key predicate");
        }
        if (!inPartition) {
            // The service's wording today (characterised against it in 2026 by others' suites): "condition",
            // singular; mhart/dynalite's older captures end in "conditions".
            throw ApiException.validation(sort == null ? OUTSIDE_BOUNDARIES
                    : "The query can return at most one row and cannot be restarted");
        }
    }

    /** [from, to) of the keys a sort key condition selects within a partition's prefix. */
    static byte[][] bounds(byte[] prefix, SortKeyCondition sort) {
        byte[] end = KeyCodec.prefixEnd(prefix);
        byte[] at = with(prefix, sort.first());
        byte[] atEnd = KeyCodec.prefixEnd(at);
        switch (sort.op()) {
            case EQ:
                return new byte[][] {at, atEnd};
            case LT:
                return new byte[][] {prefix, at};
            case LE:
                return new byte[][] {prefix, atEnd};
            case GT:
                return new byte[][] {atEnd, end};
            case GE:
                return new byte[][] {at, end};
            case BETWEEN:
                return new byte[][] {at, KeyCodec.prefixEnd(with(prefix, sort.second()))};
            case BEGINS_WITH: {
                Bytes b = new Bytes(prefix.length + 32);
                b.put(prefix);
                KeyCodec.appendPrefix(b, sort.first());
                byte[] p = b.toArray();
                return new byte[][] {p, KeyCodec.prefixEnd(p)};
            }
            default:
                throw new IllegalStateException(sort.op().name());
        }
    }

    private static byte[] with(byte[] prefix, Value v) {
        Bytes b = new Bytes(prefix.length + 32);
        b.put(prefix);
        KeyCodec.append(b, v);
        return b.toArray();
    }
}

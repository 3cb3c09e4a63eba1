package com.bigtimedeals.engine.codec;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.bigtimedeals.engine.value.Value;

/**
 * Keys as byte strings whose unsigned order is the service's order, so every table and index is one sorted map and
 * a Query is one contiguous range. A table key is {@code hash(partition) | partition | sort}; an index key is
 * {@code hash(index partition) | index partition | index sort | hash(table key) | table partition | table sort},
 * so items that share an index key follow the service's order of their table keys and page exactly once. The leading 4 bytes are the service's own
 * partition hash ({@link PartitionHash}): a Scan walks partitions in the service's order, and parallel Scan
 * segments are the service's hash ranges.
 *
 * <p>Each component is self-delimiting: strings and binaries are escaped (0x00 becomes 0x00 0xFF) and end in
 * 0x00 0x01; numbers are sign, exponent and digits, ordered numerically.
 */
public final class KeyCodec {
    private KeyCodec() {
    }

    public static void append(Bytes out, Value v) {
        if (v instanceof Value.S s) {
            appendEscaped(out, s.value().getBytes(StandardCharsets.UTF_8));
        } else if (v instanceof Value.B b) {
            appendEscaped(out, b.toByteArray());
        } else if (v instanceof Value.N n) {
            appendNumber(out, n.value());
        } else {
            throw new IllegalArgumentException("not a key type: " + v.type());
        }
    }

    /** The escaped bytes of a string or binary without its terminator: every longer value starts with them. */
    public static void appendPrefix(Bytes out, Value v) {
        byte[] raw = v instanceof Value.S s ? s.value().getBytes(StandardCharsets.UTF_8) : ((Value.B) v).toByteArray();
        for (byte b : raw) {
            out.put(b);
            if (b == 0) {
                out.put(0xFF);
            }
        }
    }

    private static void appendEscaped(Bytes out, byte[] raw) {
        for (byte b : raw) {
            out.put(b);
            if (b == 0) {
                out.put(0xFF);
            }
        }
        out.put(0).put(1);
    }

    /**
     * value = 0.d1d2...dn x 10^e with d1 != 0. Positive: 0xC0, e + 0x8000 (two bytes), digits + 1, then 0x00.
     * Negative: 0x40, the exponent inverted, 10 - digit, then 0xFF (so that a longer magnitude sorts first).
     */
    private static void appendNumber(Bytes out, BigDecimal value) {
        int sign = value.signum();
        if (sign == 0) {
            out.put(0x80);
            return;
        }
        String digits = value.unscaledValue().abs().toString();
        int exponent = digits.length() - value.scale();
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        int e = exponent + 0x8000;
        if (sign > 0) {
            out.put(0xC0).put(e >>> 8).put(e);
            for (int i = 0; i < end; i++) {
                out.put(digits.charAt(i) - '0' + 1);
            }
            out.put(0x00);
        } else {
            int inverted = ~e & 0xFFFF;
            out.put(0x40).put(inverted >>> 8).put(inverted);
            for (int i = 0; i < end; i++) {
                out.put(10 - (digits.charAt(i) - '0'));
            }
            out.put(0xFF);
        }
    }

    /** Starts a key: reserves the hash, appends the partition value, then fills the hash in. */
    public static Bytes partition(Value partition) {
        Bytes out = new Bytes(48);
        out.putInt(PartitionHash.token(partition));
        append(out, partition);
        return out;
    }

    /**
     * Starts the key of a multi-attribute partition: the hash of all its values, then each value in key schema
     * order (each self-delimiting, so equal leading values sort together); one value is {@link #partition(Value)}.
     */
    public static Bytes partition(java.util.List<Value> partition) {
        if (partition.size() == 1) {
            return partition(partition.get(0));
        }
        Bytes out = new Bytes(64);
        out.putInt(PartitionHash.token(partition));
        for (Value v : partition) {
            append(out, v);
        }
        return out;
    }

    /**
     * Appends a table key to an index key: the service's hash of the whole table key first, so that index entries
     * sharing an index key come in the service's order, then the key itself (which keeps entries unique).
     */
    public static void appendTableKey(Bytes out, Value partition, Value sort) {
        out.putInt(PartitionHash.token(partition, sort));
        append(out, partition);
        if (sort != null) {
            append(out, sort);
        }
    }

    /** The smallest byte string greater than every string that starts with {@code prefix}. */
    public static byte[] prefixEnd(byte[] prefix) {
        int n = prefix.length;
        while (n > 0 && prefix[n - 1] == (byte) 0xFF) {
            n--;
        }
        if (n == 0) {
            return null;
        }
        byte[] end = Arrays.copyOf(prefix, n);
        end[n - 1]++;
        return end;
    }

    /** The hash token of a stored key (its first four bytes), unsigned. */
    public static long token(byte[] key) {
        return Bytes.getInt(key, 0) & 0xFFFFFFFFL;
    }

    public static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }
}

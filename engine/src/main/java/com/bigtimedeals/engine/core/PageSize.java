package com.bigtimedeals.engine.core;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.bigtimedeals.engine.value.Value;

/**
 * What an item counts towards the 1 MB that ends a Query or Scan page. The service measures its own stored form,
 * not the item size of the Developer Guide: every attribute name counts one byte, each value carries a type and
 * length overhead, the sort key is kept apart, and every started 3 KB of an item adds a fixed 18 bytes plus the
 * sort key. The formula is the one dynalite fitted to the byte against the service (a page of 25 items ends one
 * item earlier when an attribute grows by one byte past the boundary).
 */
public final class PageSize {
    private PageSize() {
    }

    public static long of(Map<String, Value> item, String sortKey) {
        long size = 0;
        long sortKeySize = 0;
        for (Map.Entry<String, Value> e : item.entrySet()) {
            if (e.getKey().equals(sortKey)) {
                sortKeySize = value(e.getValue(), false);
            } else {
                size += stored(e.getValue(), true) + 1;
            }
        }
        return 2 + size + (1 + (1 + size) / 3072) * (18 + sortKeySize);
    }

    private static long stored(Value v, boolean compact) {
        long size = value(v, compact);
        if (!compact) {
            return size;
        }
        return switch (v.type()) {
            case S -> size + (size < 128 ? 1 : size < 16384 ? 2 : 3);
            case B, N -> size + 1;
            case SS -> size + ((Value.SS) v).values().size() + 1;
            case NS -> size + ((Value.NS) v).values().size() + 1;
            case BS -> size + ((Value.BS) v).values().size() + 1;
            case NULL -> 0;
            case BOOL -> 1;
            default -> size;
        };
    }

    private static long value(Value v, boolean compact) {
        switch (v.type()) {
            case S:
                return utf8(((Value.S) v).value());
            case B:
                return ((Value.B) v).length();
            case N:
                return number(((Value.N) v).value());
            case SS: {
                long sum = 0;
                for (String s : ((Value.SS) v).values()) {
                    sum += utf8(s);
                }
                return sum;
            }
            case NS: {
                long sum = 0;
                for (BigDecimal n : ((Value.NS) v).values()) {
                    sum += number(n);
                }
                return sum;
            }
            case BS: {
                long sum = 0;
                for (Value.B b : ((Value.BS) v).values()) {
                    sum += b.length();
                }
                return sum;
            }
            case L: {
                long sum = 3;
                for (Value member : ((Value.L) v).values()) {
                    sum += 1 + stored(member, compact);
                }
                return sum;
            }
            case M: {
                Map<String, Value> members = ((Value.M) v).values();
                long sum = 3 + members.size();
                for (Map.Entry<String, Value> e : members.entrySet()) {
                    sum += stored(e.getValue(), compact) + (compact ? 1 : utf8(e.getKey()));
                }
                return sum;
            }
            default:
                return 1;
        }
    }

    /** A number: a byte, then its significant digits in pairs aligned on the decimal point, and a sign byte. */
    private static long number(BigDecimal n) {
        if (n.signum() == 0) {
            return 1;
        }
        BigDecimal stripped = n.stripTrailingZeros();
        int digits = stripped.precision();
        int exponent = digits - 1 - stripped.scale();
        boolean padded = digits % 2 == 0 && exponent % 2 == 0;
        return 1 + (digits + 1) / 2 + (padded ? 1 : 0) + (n.signum() < 0 ? 1 : 0);
    }

    private static long utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}

package com.bigtimedeals.engine.codec;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;

/**
 * Item sizes. Delegates to {@link ItemSize}; until that arrives from the expression work it falls back to a
 * local reckoning of the documented rules (TEMPORARY stand-in, removed once ItemSize is implemented).
 */
public final class Sizes {
    private static volatile boolean delegate = true;

    private Sizes() {
    }

    public static long of(Map<String, Value> item) {
        if (delegate) {
            try {
                return ItemSize.of(item);
            } catch (UnsupportedOperationException e) {
                delegate = false;
            }
        }
        long size = 0;
        for (Map.Entry<String, Value> e : item.entrySet()) {
            size += utf8(e.getKey()) + value(e.getValue());
        }
        return size;
    }

    private static long utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static long number(BigDecimal n) {
        if (n.signum() == 0) {
            return 1;
        }
        int digits = n.precision();
        return 1 + (digits + 1) / 2 + (n.signum() < 0 ? 1 : 0);
    }

    private static long value(Value v) {
        switch (v.type()) {
            case S:
                return utf8(((Value.S) v).value());
            case N:
                return number(((Value.N) v).value());
            case B:
                return ((Value.B) v).length();
            case BOOL:
            case NULL:
                return 1;
            case SS: {
                long s = 0;
                for (String x : ((Value.SS) v).values()) {
                    s += utf8(x);
                }
                return s;
            }
            case NS: {
                long s = 0;
                for (BigDecimal x : ((Value.NS) v).values()) {
                    s += number(x);
                }
                return s;
            }
            case BS: {
                long s = 0;
                for (Value.B x : ((Value.BS) v).values()) {
                    s += x.length();
                }
                return s;
            }
            case L: {
                long s = 3;
                for (Value x : ((Value.L) v).values()) {
                    s += 1 + value(x);
                }
                return s;
            }
            case M: {
                long s = 3;
                for (Map.Entry<String, Value> e : ((Value.M) v).values().entrySet()) {
                    s += 1 + utf8(e.getKey()) + value(e.getValue());
                }
                return s;
            }
            default:
                return 0;
        }
    }
}

package com.bigtimedeals.engine.expr;

import java.math.BigDecimal;
import java.util.Base64;

import com.bigtimedeals.engine.value.Ordering;
import com.bigtimedeals.engine.value.Value;

/** How expressions compare, search and measure values, and how the service names values in its messages. */
final class Values {
    private Values() {
    }

    /** Only strings, numbers and binaries have an order; every other comparison but equality is false. */
    static boolean isOrderable(Value v) {
        return v instanceof Value.S || v instanceof Value.N || v instanceof Value.B;
    }

    /** The order of two values, or null when they cannot be ordered against each other (types differ). */
    static Integer compare(Value a, Value b) {
        if (a == null || b == null || a.type() != b.type() || !isOrderable(a)) {
            return null;
        }
        return Ordering.compare(a, b);
    }

    /** {@code begins_with}: a string prefix of a string, or a byte prefix of a binary. */
    static boolean beginsWith(Value value, Value prefix) {
        if (value instanceof Value.S s && prefix instanceof Value.S p) {
            return s.value().startsWith(p.value());
        }
        if (value instanceof Value.B b && prefix instanceof Value.B p) {
            if (b.length() < p.length()) {
                return false;
            }
            for (int i = 0; i < p.length(); i++) {
                if (b.byteAt(i) != p.byteAt(i)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * {@code contains}: a substring of a string, a byte subsequence of a binary, a member of a set of the operand's
     * type, or an element of a list equal to the operand.
     */
    static boolean contains(Value container, Value member) {
        if (container == null || member == null) {
            return false;
        }
        if (container instanceof Value.S s) {
            return member instanceof Value.S m && s.value().contains(m.value());
        }
        if (container instanceof Value.B b) {
            return member instanceof Value.B m && indexOf(b, m) >= 0;
        }
        if (container instanceof Value.SS ss) {
            return member instanceof Value.S m && ss.values().contains(m.value());
        }
        if (container instanceof Value.NS ns) {
            return member instanceof Value.N m && ns.values().contains(m.value());
        }
        if (container instanceof Value.BS bs) {
            return member instanceof Value.B m && bs.values().contains(m);
        }
        if (container instanceof Value.L list) {
            return list.values().contains(member);
        }
        return false;
    }

    /** Where {@code part} first occurs in {@code whole}, or -1. */
    private static int indexOf(Value.B whole, Value.B part) {
        int n = whole.length();
        int m = part.length();
        outer:
        for (int i = 0; i + m <= n; i++) {
            for (int j = 0; j < m; j++) {
                if (whole.byteAt(i + j) != part.byteAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /**
     * {@code size}: a string's length, a binary's bytes, a set's members, a list's or map's elements; numbers,
     * Booleans and nulls have no size (null), so a comparison against it is false.
     */
    static Value size(Value v) {
        long size;
        if (v instanceof Value.S s) {
            size = s.value().length();
        } else if (v instanceof Value.B b) {
            size = b.length();
        } else if (v instanceof Value.SS ss) {
            size = ss.values().size();
        } else if (v instanceof Value.NS ns) {
            size = ns.values().size();
        } else if (v instanceof Value.BS bs) {
            size = bs.values().size();
        } else if (v instanceof Value.L l) {
            size = l.values().size();
        } else if (v instanceof Value.M m) {
            size = m.values().size();
        } else {
            return null;
        }
        return new Value.N(BigDecimal.valueOf(size));
    }

    /** The service's long type names, used by the ADD and DELETE operand checks. */
    static String longTypeName(Value v) {
        return switch (v.type()) {
            case S -> "STRING";
            case N -> "NUMBER";
            case B -> "BINARY";
            case BOOL -> "BOOLEAN";
            case NULL -> "NULL";
            case L -> "LIST";
            case M -> "MAP";
            case SS -> "STRING_SET";
            case NS -> "NUMBER_SET";
            case BS -> "BINARY_SET";
        };
    }

    /** A value as the service quotes one in messages: {@code AttributeValue: {S:a}}. */
    static String describe(Value v) {
        String content;
        if (v instanceof Value.S s) {
            content = s.value();
        } else if (v instanceof Value.N n) {
            content = n.text();
        } else if (v instanceof Value.B b) {
            content = Base64.getEncoder().encodeToString(b.toByteArray());
        } else if (v instanceof Value.Bool b) {
            content = String.valueOf(b.value());
        } else if (v instanceof Value.Null) {
            content = "true";
        } else {
            content = v.toString();
        }
        return "AttributeValue: {" + v.type().name() + ":" + content + "}";
    }
}

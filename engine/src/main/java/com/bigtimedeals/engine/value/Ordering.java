package com.bigtimedeals.engine.value;

/**
 * The service's order on scalar values, used for sort keys and for the comparison operators: numbers by value,
 * strings by the unsigned bytes of their UTF-8 encoding, binaries by unsigned bytes.
 */
public final class Ordering {
    private Ordering() {
    }

    /**
     * Compares two values of one scalar type (S, N or B); anything else is the caller's mistake, since the
     * service never orders across types.
     */
    public static int compare(Value a, Value b) {
        if (a instanceof Value.N x && b instanceof Value.N y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof Value.S x && b instanceof Value.S y) {
            return compareUtf8(x.value(), y.value());
        }
        if (a instanceof Value.B x && b instanceof Value.B y) {
            return compareBytes(x, y);
        }
        throw new IllegalArgumentException("not comparable: " + a.type() + " and " + b.type());
    }

    /**
     * UTF-8 byte order equals code point order, which differs from {@link String#compareTo} (UTF-16 units) only
     * where a supplementary character meets one in U+E000..U+FFFF; compare by code point there.
     */
    public static int compareUtf8(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                if (Character.isSurrogate(x) || Character.isSurrogate(y)) {
                    return Integer.compare(a.codePointAt(i), b.codePointAt(i));
                }
                return Character.compare(x, y);
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    public static int compareBytes(Value.B a, Value.B b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            int c = Integer.compare(a.byteAt(i) & 0xFF, b.byteAt(i) & 0xFF);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length(), b.length());
    }
}

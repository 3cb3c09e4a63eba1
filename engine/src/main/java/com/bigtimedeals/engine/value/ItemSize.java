package com.bigtimedeals.engine.value;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Item and attribute sizes by the Developer Guide's rules ("Item sizes and formats"): they decide the 400 KB
 * item limit, the key size limits and every capacity unit charged.
 * <ul>
 * <li>an attribute costs the UTF-8 length of its name plus the size of its value;</li>
 * <li>a string costs its UTF-8 length, a binary its raw byte length;</li>
 * <li>a number costs one byte plus one per pair of significant digits, counted the way the service stores it
 * (base 100, aligned on the decimal point), plus one byte when negative; zero costs one byte;</li>
 * <li>a Boolean or a null costs one byte;</li>
 * <li>a list or a map costs three bytes plus one per element, plus its elements (for a map, each element's
 * name and value);</li>
 * <li>a set costs the sum of its members.</li>
 * </ul>
 */
public final class ItemSize {
    /** The largest item the service stores: 400 KB, compared as {@code size > MAX_ITEM_BYTES} to refuse. */
    public static final long MAX_ITEM_BYTES = 400 * 1024;

    private static final int CONTAINER_OVERHEAD = 3;
    private static final int ELEMENT_OVERHEAD = 1;

    private ItemSize() {
    }

    /** The longest attribute name the service accepts, in UTF-8 bytes (64 KB itself is refused). */
    public static final int MAX_NAME_BYTES = 65535;
    /**
     * The service's answer to a longer name, wherever a request names one (an item's attributes and the keys of its maps
     * at any depth, ExpressionAttributeNames, AttributesToGet), measured against it (ExtendDB issue 365, 2026-09-16):
     * the "1 validation error detected" prefix is part of it, though no request member is named.
     */
    public static final String NAME_TOO_LARGE =
            "1 validation error detected: Attribute name is too large, must be less than 65536 bytes";

    /** Whether an attribute name is over {@link #MAX_NAME_BYTES} (counted only when it could be). */
    public static boolean nameTooLarge(String name) {
        return name.length() > MAX_NAME_BYTES / 3 && utf8Length(name) > MAX_NAME_BYTES;
    }

    /** Bytes of a whole item: for each attribute, the UTF-8 length of its name plus the size of its value. */
    public static long of(Map<String, Value> item) {
        long size = 0;
        for (Map.Entry<String, Value> attribute : item.entrySet()) {
            size += utf8Length(attribute.getKey()) + of(attribute.getValue());
        }
        return size;
    }

    /** Bytes of one value. */
    public static long of(Value value) {
        if (value instanceof Value.S s) {
            return utf8Length(s.value());
        }
        if (value instanceof Value.N n) {
            return numberSize(n.value());
        }
        if (value instanceof Value.B b) {
            return b.length();
        }
        if (value instanceof Value.Bool || value instanceof Value.Null) {
            return 1;
        }
        if (value instanceof Value.SS ss) {
            long size = 0;
            for (String member : ss.values()) {
                size += utf8Length(member);
            }
            return size;
        }
        if (value instanceof Value.NS ns) {
            long size = 0;
            for (BigDecimal member : ns.values()) {
                size += numberSize(member);
            }
            return size;
        }
        if (value instanceof Value.BS bs) {
            long size = 0;
            for (Value.B member : bs.values()) {
                size += member.length();
            }
            return size;
        }
        if (value instanceof Value.L l) {
            return listSize(l);
        }
        Value.M m = (Value.M) value;
        return CONTAINER_OVERHEAD + ELEMENT_OVERHEAD * (long) m.values().size() + of(m.values());
    }

    private static long listSize(Value.L list) {
        long size = CONTAINER_OVERHEAD;
        for (Value element : list.values()) {
            size += ELEMENT_OVERHEAD + of(element);
        }
        return size;
    }

    /**
     * The service stores a number as an exponent byte and base-100 digits aligned on the decimal point (so
     * {@code 15} is one digit pair but {@code 1.5} is two), with a terminator byte for negatives. This matches the
     * byte costs measured against the service, where the guide's "one byte per two digits" only approximates.
     */
    public static long numberSize(BigDecimal number) {
        if (number.signum() == 0) {
            return 1;
        }
        BigDecimal normal = number.stripTrailingZeros();
        int digits = normal.precision();
        // Power of ten of the most significant digit.
        int exponent = digits - normal.scale() - 1;
        boolean evenExponent = (exponent & 1) == 0;
        // With an even exponent the leading digit sits alone in the low half of its base-100 pair.
        long pairs = evenExponent ? (digits + 2) / 2 : (digits + 1) / 2;
        return 1 + pairs + (normal.signum() < 0 ? 1 : 0);
    }

    /** The UTF-8 length of a string, without encoding it. */
    public static long utf8Length(String text) {
        long length = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                length += 4;
                i++;
            } else {
                // A lone surrogate is sent as U+FFFD by every UTF-8 encoder: three bytes.
                length += 3;
            }
        }
        return length;
    }
}

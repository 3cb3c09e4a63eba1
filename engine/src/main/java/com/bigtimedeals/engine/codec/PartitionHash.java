package com.bigtimedeals.engine.codec;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import com.bigtimedeals.engine.value.Value;

/**
 * The service's partition hash, so that a Scan returns partitions in the service's order and a parallel Scan
 * segment holds the keys it holds in the service: MD5 of the salt {@code Outliers} and the key value's bytes
 * (UTF-8 for strings, the bytes for binaries, the service's number serialisation for numbers), as dynalite
 * established against the service ("should return items in string/number hash order" and "from correct hash
 * segments"). The first four bytes of the digest are the key's token.
 */
final class PartitionHash {
    private static final byte[] SALT = "Outliers".getBytes(StandardCharsets.US_ASCII);
    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    });

    private PartitionHash() {
    }

    static int token(Value partition) {
        return token(partition, null);
    }

    /**
     * The token of a whole table key ({@code sort} null on a hash-only table): index entries that share an index
     * key follow it, as the service orders them.
     */
    static int token(Value partition, Value sort) {
        MessageDigest md5 = MD5.get();
        md5.reset();
        md5.update(SALT);
        update(md5, partition);
        if (sort != null) {
            update(md5, sort);
        }
        byte[] d = md5.digest();
        return (d[0] & 0xFF) << 24 | (d[1] & 0xFF) << 16 | (d[2] & 0xFF) << 8 | (d[3] & 0xFF);
    }

    /**
     * The token of a multi-attribute partition key: its values in key schema order (the service's own hash of such a
     * key is not published; this keeps a Scan's order stable and segments covering every item once).
     */
    static int token(java.util.List<Value> partition) {
        MessageDigest md5 = MD5.get();
        md5.reset();
        md5.update(SALT);
        for (Value v : partition) {
            update(md5, v);
        }
        byte[] d = md5.digest();
        return (d[0] & 0xFF) << 24 | (d[1] & 0xFF) << 16 | (d[2] & 0xFF) << 8 | (d[3] & 0xFF);
    }

    private static void update(MessageDigest md5, Value v) {
        if (v instanceof Value.S s) {
            md5.update(s.value().getBytes(StandardCharsets.UTF_8));
        } else if (v instanceof Value.B b) {
            md5.update(b.toByteArray());
        } else {
            md5.update(number(((Value.N) v).value()));
        }
    }

    /**
     * A number as the service serialises it for hashing: an exponent byte (base 100, offset by 64, inverted for
     * negatives), then pairs of digits as one byte each plus one (101 minus the pair for negatives), and a closing
     * 102 on short negatives; zero is the single byte 0x80.
     */
    static byte[] number(BigDecimal value) {
        if (value.signum() == 0) {
            return new byte[] {(byte) 0x80};
        }
        BigDecimal stripped = value.stripTrailingZeros();
        String digits = stripped.unscaledValue().abs().toString();
        boolean negative = value.signum() < 0;
        int exponent = digits.length() - stripped.scale();
        int appendZero = exponent % 2 != 0 ? 1 : 0;
        int length = (digits.length() + appendZero + 1) / 2;
        int[] bytes = new int[length < 20 && negative ? length + 2 : length + 1];
        if (length < 20 && negative) {
            bytes[length + 1] = 102;
        }
        bytes[0] = Math.floorDiv(exponent + appendZero, 2) - 64;
        if (negative) {
            bytes[0] = ~bytes[0];
        }
        for (int i = 0; i < digits.length(); i++) {
            int at = (i + appendZero) / 2 + 1;
            int digit = digits.charAt(i) - '0';
            if ((i + appendZero) % 2 == 0) {
                bytes[at] = digit * 10;
            } else {
                bytes[at] += digit;
            }
            if ((i + appendZero) % 2 != 0 || i == digits.length() - 1) {
                bytes[at] = negative ? 101 - bytes[at] : bytes[at] + 1;
            }
        }
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = (byte) bytes[i];
        }
        return out;
    }
}

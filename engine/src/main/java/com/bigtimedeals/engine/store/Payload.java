package com.bigtimedeals.engine.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.bigtimedeals.engine.codec.Bytes;

/**
 * Reads the fields of one frame's payload, every length checked against what is there: a payload whose checksum
 * holds but whose fields do not fit (written by another program, or a bug) is refused as {@link Malformed}, never
 * read past its end.
 */
final class Payload {
    /** A payload whose fields do not fit it. */
    static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message);
        }
    }

    private final byte[] b;
    private int p;

    Payload(byte[] b) {
        this.b = b;
    }

    private void need(int n) {
        if (n < 0 || b.length - p < n) {
            throw new Malformed("a field runs past the end of its record (" + n + " bytes at " + p + " of " + b.length + ")");
        }
    }

    byte b() {
        need(1);
        return b[p++];
    }

    boolean bool() {
        byte v = b();
        if (v != 0 && v != 1) {
            throw new Malformed("a flag holds " + v);
        }
        return v == 1;
    }

    int i() {
        need(4);
        int v = Bytes.getInt(b, p);
        p += 4;
        return v;
    }

    long l() {
        need(8);
        long v = Bytes.getLong(b, p);
        p += 8;
        return v;
    }

    byte[] bytes() {
        byte[] out = bytesOrNull();
        if (out == null) {
            throw new Malformed("a value that must be present is absent");
        }
        return out;
    }

    byte[] bytesOrNull() {
        int n = i();
        if (n == -1) {
            return null;
        }
        need(n);
        byte[] out = Arrays.copyOfRange(b, p, p + n);
        p += n;
        return out;
    }

    String string() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    /** A count of entries each at least {@code minBytes} long: a count the payload cannot hold is refused. */
    int count(int minBytes) {
        int n = i();
        if (n < 0 || (long) n * minBytes > b.length - p) {
            throw new Malformed("a count of " + n + " does not fit its record");
        }
        return n;
    }

    void end() {
        if (p != b.length) {
            throw new Malformed((b.length - p) + " bytes left over after the last field");
        }
    }

    static void putString(Bytes out, String s) {
        DurableStore.putBytes(out, s == null ? null : s.getBytes(StandardCharsets.UTF_8));
    }
}

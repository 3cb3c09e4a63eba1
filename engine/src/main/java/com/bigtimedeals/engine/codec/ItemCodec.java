package com.bigtimedeals.engine.codec;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * The compact form items are stored in: one byte array per item, so a million items cost a million arrays rather
 * than millions of small objects. Layout: the item's size by the service's rules (4 bytes, so capacity and limits
 * never re-measure a stored item), the attribute count, then each attribute as name and tagged value.
 */
public final class ItemCodec {
    private static final int S = 1, N = 2, B = 3, TRUE = 4, FALSE = 5, NULL = 6, SS = 7, NS = 8, BS = 9, L = 10, M = 11;

    private ItemCodec() {
    }

    public static byte[] encode(Map<String, Value> item, long size) {
        Bytes out = new Bytes(256);
        out.putInt((int) size);
        out.putVarint(item.size());
        for (Map.Entry<String, Value> e : item.entrySet()) {
            putString(out, e.getKey());
            putValue(out, e.getValue());
        }
        return out.toArray();
    }

    /** The item's size by the service's rules, as stored. */
    public static int size(byte[] encoded) {
        return Bytes.getInt(encoded, 0);
    }

    private static void putString(Bytes out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.putVarint(b.length);
        out.put(b);
    }

    private static void putValue(Bytes out, Value v) {
        switch (v.type()) {
            case S:
                out.put(S);
                putString(out, ((Value.S) v).value());
                break;
            case N:
                out.put(N);
                putString(out, ((Value.N) v).value().toString());
                break;
            case B: {
                out.put(B);
                byte[] b = ((Value.B) v).toByteArray();
                out.putVarint(b.length);
                out.put(b);
                break;
            }
            case BOOL:
                out.put(((Value.Bool) v).value() ? TRUE : FALSE);
                break;
            case NULL:
                out.put(NULL);
                break;
            case SS:
                out.put(SS);
                out.putVarint(((Value.SS) v).values().size());
                for (String s : ((Value.SS) v).values()) {
                    putString(out, s);
                }
                break;
            case NS:
                out.put(NS);
                out.putVarint(((Value.NS) v).values().size());
                for (BigDecimal n : ((Value.NS) v).values()) {
                    putString(out, n.toString());
                }
                break;
            case BS:
                out.put(BS);
                out.putVarint(((Value.BS) v).values().size());
                for (Value.B b : ((Value.BS) v).values()) {
                    byte[] bytes = b.toByteArray();
                    out.putVarint(bytes.length);
                    out.put(bytes);
                }
                break;
            case L:
                out.put(L);
                out.putVarint(((Value.L) v).values().size());
                for (Value e : ((Value.L) v).values()) {
                    putValue(out, e);
                }
                break;
            case M:
                out.put(M);
                out.putVarint(((Value.M) v).values().size());
                for (Map.Entry<String, Value> e : ((Value.M) v).values().entrySet()) {
                    putString(out, e.getKey());
                    putValue(out, e.getValue());
                }
                break;
            default:
                throw new IllegalStateException(v.type().name());
        }
    }

    /** A read position over one encoded item. */
    private static final class Cursor {
        final byte[] b;
        int p;

        Cursor(byte[] b, int p) {
            this.b = b;
            this.p = p;
        }

        int varint() {
            int result = 0;
            int shift = 0;
            while (true) {
                int x = b[p++];
                result |= (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    return result;
                }
                shift += 7;
            }
        }

        String string() {
            int n = varint();
            String s = new String(b, p, n, StandardCharsets.UTF_8);
            p += n;
            return s;
        }

        byte[] bytes() {
            int n = varint();
            byte[] out = new byte[n];
            System.arraycopy(b, p, out, 0, n);
            p += n;
            return out;
        }
    }

    public static Map<String, Value> decode(byte[] encoded) {
        Cursor c = new Cursor(encoded, 4);
        int n = c.varint();
        Map<String, Value> item = new LinkedHashMap<>(Math.max(4, n * 2));
        for (int i = 0; i < n; i++) {
            String name = c.string();
            item.put(name, value(c));
        }
        return item;
    }

    /** One top-level attribute, without decoding the rest of the item; null when absent. */
    public static Value attribute(byte[] encoded, String name) {
        Cursor c = new Cursor(encoded, 4);
        int n = c.varint();
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < n; i++) {
            int len = c.varint();
            boolean match = len == wanted.length && java.util.Arrays.equals(encoded, c.p, c.p + len, wanted, 0, len);
            c.p += len;
            if (match) {
                return value(c);
            }
            skip(c);
        }
        return null;
    }

    private static void skip(Cursor c) {
        int tag = c.b[c.p++];
        switch (tag) {
            case S:
            case N:
            case B: {
                int n = c.varint();
                c.p += n;
                break;
            }
            case TRUE:
            case FALSE:
            case NULL:
                break;
            case SS:
            case NS:
            case BS: {
                int n = c.varint();
                for (int i = 0; i < n; i++) {
                    int length = c.varint();
                    c.p += length;
                }
                break;
            }
            case L: {
                int n = c.varint();
                for (int i = 0; i < n; i++) {
                    skip(c);
                }
                break;
            }
            case M: {
                int n = c.varint();
                for (int i = 0; i < n; i++) {
                    int length = c.varint();
                    c.p += length;
                    skip(c);
                }
                break;
            }
            default:
                throw new IllegalStateException("bad tag " + tag);
        }
    }

    private static Value value(Cursor c) {
        int tag = c.b[c.p++];
        switch (tag) {
            case S:
                return new Value.S(c.string());
            case N:
                return new Value.N(new BigDecimal(c.string()));
            case B:
                return new Value.B(c.bytes());
            case TRUE:
                return Value.Bool.TRUE;
            case FALSE:
                return Value.Bool.FALSE;
            case NULL:
                return Value.Null.INSTANCE;
            case SS: {
                int n = c.varint();
                Set<String> set = new LinkedHashSet<>(n * 2);
                for (int i = 0; i < n; i++) {
                    set.add(c.string());
                }
                return new Value.SS(set);
            }
            case NS: {
                int n = c.varint();
                Set<BigDecimal> set = new LinkedHashSet<>(n * 2);
                for (int i = 0; i < n; i++) {
                    set.add(new BigDecimal(c.string()));
                }
                return new Value.NS(set);
            }
            case BS: {
                int n = c.varint();
                Set<Value.B> set = new LinkedHashSet<>(n * 2);
                for (int i = 0; i < n; i++) {
                    set.add(new Value.B(c.bytes()));
                }
                return new Value.BS(set);
            }
            case L: {
                int n = c.varint();
                List<Value> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(value(c));
                }
                return new Value.L(list);
            }
            case M: {
                int n = c.varint();
                Map<String, Value> map = new LinkedHashMap<>(Math.max(4, n * 2));
                for (int i = 0; i < n; i++) {
                    String name = c.string();
                    map.put(name, value(c));
                }
                return new Value.M(map);
            }
            default:
                throw new IllegalStateException("bad tag " + tag);
        }
    }

    /** Writes the stored item straight to the wire form, without building values (the common read path). */
    public static void writeJson(byte[] encoded, JsonGenerator out) throws IOException {
        Cursor c = new Cursor(encoded, 4);
        writeMap(c, out);
    }

    private static void writeMap(Cursor c, JsonGenerator out) throws IOException {
        int n = c.varint();
        out.writeStartObject();
        for (int i = 0; i < n; i++) {
            int len = c.varint();
            out.writeFieldName(FieldNames.of(c.b, c.p, len));
            c.p += len;
            writeValue(c, out);
        }
        out.writeEndObject();
    }

    /**
     * Attribute names as the JSON writer wants them, kept once: a table's items repeat a handful of names, and every
     * item read or stream record written would otherwise decode each name into a new String and escape it again.
     * Bounded in slots and in name length, and a slot, once filled, is kept: the names a process meets first (a
     * table's keys and common attributes) stay, while names that are many and short-lived (one per deal in a ranking
     * item, or a client's arbitrary names) fall back to a String each, as without the cache, instead of evicting
     * them. An entry is immutable, so a thread reading a slot while another fills it sees no entry or a whole one.
     */
    private static final class FieldNames {
        private static final int SLOTS = 512;
        private static final int MAX_CACHED_BYTES = 64;
        private static final Entry[] CACHE = new Entry[SLOTS];

        private record Entry(byte[] utf8, SerializedString name) {
        }

        static SerializableString of(byte[] b, int from, int len) {
            if (len > MAX_CACHED_BYTES) {
                return new SerializedString(new String(b, from, len, StandardCharsets.UTF_8));
            }
            int h = 1;
            for (int i = from; i < from + len; i++) {
                h = 31 * h + b[i];
            }
            int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
            Entry e = CACHE[slot];
            if (e != null && Arrays.equals(e.utf8, 0, e.utf8.length, b, from, from + len)) {
                return e.name;
            }
            SerializedString name = new SerializedString(new String(b, from, len, StandardCharsets.UTF_8));
            if (e == null) {
                CACHE[slot] = new Entry(Arrays.copyOfRange(b, from, from + len), name);
            }
            return name;
        }
    }

    private static void writeValue(Cursor c, JsonGenerator out) throws IOException {
        int tag = c.b[c.p++];
        out.writeStartObject();
        switch (tag) {
            case S: {
                int n = c.varint();
                out.writeFieldName("S");
                out.writeUTF8String(c.b, c.p, n);
                c.p += n;
                break;
            }
            case N:
                out.writeStringField("N", Numbers.text(new BigDecimal(c.string())));
                break;
            case B: {
                int n = c.varint();
                out.writeFieldName("B");
                out.writeBinary(c.b, c.p, n);
                c.p += n;
                break;
            }
            case TRUE:
                out.writeBooleanField("BOOL", true);
                break;
            case FALSE:
                out.writeBooleanField("BOOL", false);
                break;
            case NULL:
                out.writeBooleanField("NULL", true);
                break;
            case SS: {
                int n = c.varint();
                out.writeArrayFieldStart("SS");
                for (int i = 0; i < n; i++) {
                    int len = c.varint();
                    out.writeUTF8String(c.b, c.p, len);
                    c.p += len;
                }
                out.writeEndArray();
                break;
            }
            case NS: {
                int n = c.varint();
                out.writeArrayFieldStart("NS");
                for (int i = 0; i < n; i++) {
                    out.writeString(Numbers.text(new BigDecimal(c.string())));
                }
                out.writeEndArray();
                break;
            }
            case BS: {
                int n = c.varint();
                out.writeArrayFieldStart("BS");
                for (int i = 0; i < n; i++) {
                    int len = c.varint();
                    out.writeBinary(c.b, c.p, len);
                    c.p += len;
                }
                out.writeEndArray();
                break;
            }
            case L: {
                int n = c.varint();
                out.writeArrayFieldStart("L");
                for (int i = 0; i < n; i++) {
                    writeValue(c, out);
                }
                out.writeEndArray();
                break;
            }
            case M:
                out.writeFieldName("M");
                writeMap(c, out);
                break;
            default:
                throw new IllegalStateException("bad tag " + tag);
        }
        out.writeEndObject();
    }
}

package com.bigtimedeals.engine.codec;

import java.util.Arrays;

/** A growable byte buffer for encoding keys, items and log records without intermediate streams. */
public final class Bytes {
    private byte[] data;
    private int size;

    public Bytes(int capacity) {
        data = new byte[Math.max(16, capacity)];
    }

    public Bytes() {
        this(64);
    }

    private void ensure(int more) {
        if (size + more > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, size + more));
        }
    }

    public Bytes put(int b) {
        ensure(1);
        data[size++] = (byte) b;
        return this;
    }

    public Bytes put(byte[] bytes) {
        return put(bytes, 0, bytes.length);
    }

    public Bytes put(byte[] bytes, int offset, int length) {
        ensure(length);
        System.arraycopy(bytes, offset, data, size, length);
        size += length;
        return this;
    }

    public Bytes putInt(int v) {
        ensure(4);
        data[size++] = (byte) (v >>> 24);
        data[size++] = (byte) (v >>> 16);
        data[size++] = (byte) (v >>> 8);
        data[size++] = (byte) v;
        return this;
    }

    public Bytes putLong(long v) {
        putInt((int) (v >>> 32));
        return putInt((int) v);
    }

    /** Unsigned LEB128. */
    public Bytes putVarint(int v) {
        ensure(5);
        while ((v & ~0x7F) != 0) {
            data[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        data[size++] = (byte) v;
        return this;
    }

    public void setInt(int position, int v) {
        data[position] = (byte) (v >>> 24);
        data[position + 1] = (byte) (v >>> 16);
        data[position + 2] = (byte) (v >>> 8);
        data[position + 3] = (byte) v;
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }

    public byte[] array() {
        return data;
    }

    public byte[] toArray() {
        return Arrays.copyOf(data, size);
    }

    public static int getInt(byte[] b, int p) {
        return ((b[p] & 0xFF) << 24) | ((b[p + 1] & 0xFF) << 16) | ((b[p + 2] & 0xFF) << 8) | (b[p + 3] & 0xFF);
    }

    public static long getLong(byte[] b, int p) {
        return ((long) getInt(b, p) << 32) | (getInt(b, p + 4) & 0xFFFFFFFFL);
    }
}

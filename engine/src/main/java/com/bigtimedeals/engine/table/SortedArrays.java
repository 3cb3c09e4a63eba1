package com.bigtimedeals.engine.table;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Entries already in key order, turned into a sorted map in one linear pass ({@link ConcurrentSkipListMap}'s
 * constructor builds from a sorted map without a single search), so that reopening a million-item store takes
 * seconds rather than minutes of one-by-one inserts.
 */
public final class SortedArrays extends AbstractMap<byte[], byte[]> implements SortedMap<byte[], byte[]> {
    private static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

    private final byte[][] keys;
    private final byte[][] values;
    private final int size;

    private SortedArrays(byte[][] keys, byte[][] values, int size) {
        this.keys = keys;
        this.values = values;
        this.size = size;
    }

    /** A skip-list map of {@code size} entries whose keys are already in ascending order. */
    public static ConcurrentSkipListMap<byte[], byte[]> ofSorted(byte[][] keys, byte[][] values, int size) {
        return new ConcurrentSkipListMap<>(new SortedArrays(keys, values, size));
    }

    /** Sorts {@code size} entries by key, then builds the map (index entries come in table order). */
    public static ConcurrentSkipListMap<byte[], byte[]> sortAndBuild(byte[][] keys, byte[][] values, int size) {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> ORDER.compare(keys[a], keys[b]));
        byte[][] k = new byte[size][];
        byte[][] v = new byte[size][];
        for (int i = 0; i < size; i++) {
            k[i] = keys[order[i]];
            v[i] = values[order[i]];
        }
        return ofSorted(k, v, size);
    }

    @Override
    public Comparator<? super byte[]> comparator() {
        return ORDER;
    }

    @Override
    public Set<Map.Entry<byte[], byte[]>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<byte[], byte[]>> iterator() {
                return new Iterator<>() {
                    private int i;

                    @Override
                    public boolean hasNext() {
                        return i < size;
                    }

                    @Override
                    public Map.Entry<byte[], byte[]> next() {
                        if (i >= size) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<byte[], byte[]> e = new SimpleImmutableEntry<>(keys[i], values[i]);
                        i++;
                        return e;
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    @Override
    public SortedMap<byte[], byte[]> subMap(byte[] fromKey, byte[] toKey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SortedMap<byte[], byte[]> headMap(byte[] toKey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SortedMap<byte[], byte[]> tailMap(byte[] fromKey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public byte[] firstKey() {
        return keys[0];
    }

    @Override
    public byte[] lastKey() {
        return keys[size - 1];
    }
}

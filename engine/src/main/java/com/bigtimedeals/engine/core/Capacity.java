package com.bigtimedeals.engine.core;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.value.Value;

/**
 * Capacity units by the documented rules: reads in 4 KB steps (half for eventually consistent reads), writes in
 * 1 KB steps on the larger of the old and new item, every index write counted, transactions twice. One instance
 * collects what one request consumed on one table; ops.CapacityJson writes it on the wire.
 */
public final class Capacity {
    private final String table;
    private double tableUnits;
    private final Map<String, Double> globalIndexes = new LinkedHashMap<>();
    private final Map<String, Double> localIndexes = new LinkedHashMap<>();

    public Capacity(String table) {
        this.table = table;
    }

    /** Read units for {@code bytes} read in one go (an item, or everything a Query or Scan page examined). */
    public static double read(long bytes, boolean consistent) {
        double units = Math.max(1, Math.ceil(bytes / 4096.0));
        return consistent ? units : units / 2;
    }

    public static double write(long bytes) {
        return Math.max(1, Math.ceil(bytes / 1024.0));
    }

    public String table() {
        return table;
    }

    public double tableUnits() {
        return tableUnits;
    }

    /** Units by global secondary index name, in the order first consumed (read-only). */
    public Map<String, Double> globalIndexes() {
        return java.util.Collections.unmodifiableMap(globalIndexes);
    }

    /** Units by local secondary index name, in the order first consumed (read-only). */
    public Map<String, Double> localIndexes() {
        return java.util.Collections.unmodifiableMap(localIndexes);
    }

    /** Adds what another request part consumed on the same table (a batch's or a transaction's items). */
    public void add(Capacity other) {
        tableUnits += other.tableUnits;
        other.globalIndexes.forEach((k, v) -> globalIndexes.merge(k, v, Double::sum));
        other.localIndexes.forEach((k, v) -> localIndexes.merge(k, v, Double::sum));
    }

    public void addTable(double units) {
        tableUnits += units;
    }

    public void addIndex(Index index, double units) {
        if (units == 0) {
            return;
        }
        (index.global() ? globalIndexes : localIndexes).merge(index.name(), units, Double::sum);
    }

    public double total() {
        double t = tableUnits;
        for (double v : globalIndexes.values()) {
            t += v;
        }
        for (double v : localIndexes.values()) {
            t += v;
        }
        return t;
    }

    /** Scales everything (transactions consume twice what plain requests do). */
    public void scale(double factor) {
        tableUnits *= factor;
        globalIndexes.replaceAll((k, v) -> v * factor);
        localIndexes.replaceAll((k, v) -> v * factor);
    }

    /**
     * Units an item write costs on one index: nothing when the item is in the index neither before nor after or
     * its projection did not change; one write to add or remove an entry; two when its index key changed.
     */
    public static double indexWrite(Index index, Map<String, Value> oldItem, long oldSize, Map<String, Value> newItem, long newSize) {
        byte[] oldKey = oldItem == null ? null : index.key(oldItem);
        byte[] newKey = newItem == null ? null : index.key(newItem);
        if (oldKey == null && newKey == null) {
            return 0;
        }
        long oldEntry = oldKey == null ? 0 : index.entrySize(oldItem, oldSize);
        long newEntry = newKey == null ? 0 : index.entrySize(newItem, newSize);
        if (oldKey == null) {
            return write(newEntry);
        }
        if (newKey == null) {
            return write(oldEntry);
        }
        if (!Arrays.equals(oldKey, newKey)) {
            return write(oldEntry) + write(newEntry);
        }
        if (index.projectsAll() ? oldItem.equals(newItem) : index.project(oldItem).equals(index.project(newItem))) {
            return 0;
        }
        return write(Math.max(oldEntry, newEntry));
    }
}

package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Capacity units by the documented rules: reads in 4 KB steps (half for eventually consistent reads), writes in
 * 1 KB steps on the larger of the old and new item, every index write counted, transactions twice. One instance
 * collects what one request consumed on one table.
 */
final class Capacity {
    final String table;
    double tableUnits;
    double readUnits;
    double writeUnits;
    final Map<String, Double> globalIndexes = new LinkedHashMap<>();
    final Map<String, Double> localIndexes = new LinkedHashMap<>();

    Capacity(String table) {
        this.table = table;
    }

    /** Read units for {@code bytes} read in one go (an item, or everything a Query or Scan page examined). */
    static double read(long bytes, boolean consistent) {
        double units = Math.max(1, Math.ceil(bytes / 4096.0));
        return consistent ? units : units / 2;
    }

    static double write(long bytes) {
        return Math.max(1, Math.ceil(bytes / 1024.0));
    }

    void addTable(double units) {
        tableUnits += units;
    }

    void addIndex(Index index, double units) {
        if (units == 0) {
            return;
        }
        (index.global() ? globalIndexes : localIndexes).merge(index.name(), units, Double::sum);
    }

    double total() {
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
    void scale(double factor) {
        tableUnits *= factor;
        globalIndexes.replaceAll((k, v) -> v * factor);
        localIndexes.replaceAll((k, v) -> v * factor);
    }

    /**
     * Units an item write costs on one index: nothing when the item is in the index neither before nor after or
     * its projection did not change; one write to add or remove an entry; two when its index key changed.
     */
    static double indexWrite(Index index, Map<String, Value> oldItem, long oldSize, Map<String, Value> newItem, long newSize) {
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

    /** Writes {@code ConsumedCapacity} (TOTAL or INDEXES); {@code kind} "Read"/"Write" adds the per-kind units. */
    void write(JsonGenerator out, String mode, String kind) throws IOException {
        out.writeStartObject();
        out.writeStringField("TableName", table);
        out.writeNumberField("CapacityUnits", total());
        if (kind != null) {
            out.writeNumberField(kind + "CapacityUnits", total());
        }
        if ("INDEXES".equals(mode)) {
            out.writeObjectFieldStart("Table");
            out.writeNumberField("CapacityUnits", tableUnits);
            if (kind != null) {
                out.writeNumberField(kind + "CapacityUnits", tableUnits);
            }
            out.writeEndObject();
            writeIndexes(out, "LocalSecondaryIndexes", localIndexes, kind);
            writeIndexes(out, "GlobalSecondaryIndexes", globalIndexes, kind);
        }
        out.writeEndObject();
    }

    private static void writeIndexes(JsonGenerator out, String field, Map<String, Double> units, String kind) throws IOException {
        if (units.isEmpty()) {
            return;
        }
        out.writeObjectFieldStart(field);
        for (Map.Entry<String, Double> e : units.entrySet()) {
            out.writeObjectFieldStart(e.getKey());
            out.writeNumberField("CapacityUnits", e.getValue());
            if (kind != null) {
                out.writeNumberField(kind + "CapacityUnits", e.getValue());
            }
            out.writeEndObject();
        }
        out.writeEndObject();
    }

    /** Writes the {@code ConsumedCapacity} member when the request asked for it. */
    void writeField(JsonGenerator out, String mode) throws IOException {
        if ("TOTAL".equals(mode) || "INDEXES".equals(mode)) {
            out.writeFieldName("ConsumedCapacity");
            write(out, mode, null);
        }
    }

    static boolean wanted(String mode) {
        return "TOTAL".equals(mode) || "INDEXES".equals(mode);
    }
}

package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;

import com.bigtimedeals.engine.core.Capacity;
import com.fasterxml.jackson.core.JsonGenerator;

/** The one writer of the {@code ConsumedCapacity} shape, from the core's {@link Capacity}. */
final class CapacityJson {
    private CapacityJson() {
    }

    /** Writes {@code ConsumedCapacity} (TOTAL or INDEXES); {@code kind} "Read"/"Write" adds the per-kind units. */
    static void write(JsonGenerator out, Capacity c, String mode, String kind) throws IOException {
        out.writeStartObject();
        out.writeStringField("TableName", c.table());
        out.writeNumberField("CapacityUnits", c.total());
        if (kind != null) {
            out.writeNumberField(kind + "CapacityUnits", c.total());
        }
        if ("INDEXES".equals(mode)) {
            out.writeObjectFieldStart("Table");
            out.writeNumberField("CapacityUnits", c.tableUnits());
            if (kind != null) {
                out.writeNumberField(kind + "CapacityUnits", c.tableUnits());
            }
            out.writeEndObject();
            writeIndexes(out, "LocalSecondaryIndexes", c.localIndexes(), kind);
            writeIndexes(out, "GlobalSecondaryIndexes", c.globalIndexes(), kind);
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

    /**
     * The {@code ConsumedCapacity} member of a multi-table request (batches, transactions), when {@code mode} asks for
     * it: one entry per table, in request order; {@code kind} as in {@link #write}.
     */
    static void writeList(JsonGenerator out, String mode, Collection<Capacity> consumed, String kind) throws IOException {
        if (!wanted(mode)) {
            return;
        }
        out.writeArrayFieldStart("ConsumedCapacity");
        for (Capacity c : consumed) {
            write(out, c, mode, kind);
        }
        out.writeEndArray();
    }

    /** Writes the {@code ConsumedCapacity} member when the request asked for it. */
    static void writeField(JsonGenerator out, Capacity c, String mode) throws IOException {
        if ("TOTAL".equals(mode) || "INDEXES".equals(mode)) {
            out.writeFieldName("ConsumedCapacity");
            write(out, c, mode, null);
        }
    }

    /** Whether a ReturnConsumedCapacity mode asks for the member. */
    static boolean wanted(String mode) {
        return "TOTAL".equals(mode) || "INDEXES".equals(mode);
    }
}

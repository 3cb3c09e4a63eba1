package com.bigtimedeals.engine.ops;

import java.io.IOException;

import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.fasterxml.jackson.core.JsonGenerator;

/** Writes a TableDescription in the service's shape. */
final class TableDescriptions {
    private TableDescriptions() {
    }

    static void write(JsonGenerator out, Table table, String status) throws IOException {
        write(out, table, table.def(), status);
    }

    /** The description of {@code table} as {@code def} defines it: the definition an operation answered with. */
    static void write(JsonGenerator out, Table table, TableDef def, String status) throws IOException {
        boolean creating = "CREATING".equals(status);
        out.writeStartObject();
        out.writeArrayFieldStart("AttributeDefinitions");
        for (TableDef.AttributeDefinition a : def.attributeDefinitions()) {
            out.writeStartObject();
            out.writeStringField("AttributeName", a.name());
            out.writeStringField("AttributeType", a.type());
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeStringField("TableName", def.name());
        keySchema(out, def.key());
        out.writeStringField("TableStatus", status);
        out.writeFieldName("CreationDateTime");
        seconds(out, def.createdMillis());
        throughput(out, def.throughput());
        out.writeNumberField("TableSizeBytes", creating ? 0 : table.sizeBytes.get());
        out.writeNumberField("ItemCount", creating ? 0 : table.itemCount.get());
        out.writeStringField("TableArn", def.arn());
        out.writeStringField("TableId", def.tableId());
        if (def.payPerRequest() || def.lastUpdateToPayPerRequestMillis() != 0) {
            out.writeObjectFieldStart("BillingModeSummary");
            out.writeStringField("BillingMode", def.billingMode());
            if (def.lastUpdateToPayPerRequestMillis() != 0) {
                out.writeFieldName("LastUpdateToPayPerRequestDateTime");
                seconds(out, def.lastUpdateToPayPerRequestMillis());
            }
            out.writeEndObject();
        }
        localIndexes(out, table, def, creating);
        globalIndexes(out, table, def, creating);
        settings(out, def);
        out.writeBooleanField("DeletionProtectionEnabled", def.deletionProtection());
        out.writeEndObject();
    }

    private static void localIndexes(JsonGenerator out, Table table, TableDef def, boolean creating) throws IOException {
        if (def.localIndexes().isEmpty()) {
            return;
        }
        out.writeArrayFieldStart("LocalSecondaryIndexes");
        for (TableDef.IndexDef i : def.localIndexes()) {
            out.writeStartObject();
            out.writeStringField("IndexName", i.name());
            keySchema(out, i.key());
            projection(out, i);
            indexContents(out, table, def, i, creating);
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    private static void globalIndexes(JsonGenerator out, Table table, TableDef def, boolean creating) throws IOException {
        if (def.globalIndexes().isEmpty()) {
            return;
        }
        out.writeArrayFieldStart("GlobalSecondaryIndexes");
        for (TableDef.IndexDef i : def.globalIndexes()) {
            out.writeStartObject();
            out.writeStringField("IndexName", i.name());
            keySchema(out, i.key());
            projection(out, i);
            out.writeStringField("IndexStatus", creating ? "CREATING" : i.status());
            if ("CREATING".equals(i.status()) && !creating) {
                out.writeBooleanField("Backfilling", false);
            }
            throughput(out, i.throughput() == null ? TableDef.Throughput.NONE : i.throughput());
            indexContents(out, table, def, i, creating);
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    /** An index's size, item count (none yet while its table is being created) and ARN. */
    private static void indexContents(JsonGenerator out, Table table, TableDef def, TableDef.IndexDef i, boolean creating) throws IOException {
        Index index = table.index(i.name());
        out.writeNumberField("IndexSizeBytes", creating || index == null ? 0 : index.bytes.get());
        out.writeNumberField("ItemCount", creating || index == null ? 0 : index.count.get());
        out.writeStringField("IndexArn", def.arn() + "/index/" + i.name());
    }

    /** The stream, encryption and table class, each only when set. */
    private static void settings(JsonGenerator out, TableDef def) throws IOException {
        if (def.streamEnabled()) {
            out.writeObjectFieldStart("StreamSpecification");
            out.writeBooleanField("StreamEnabled", true);
            out.writeStringField("StreamViewType", def.streamViewType());
            out.writeEndObject();
        }
        if (def.latestStreamLabel() != null) {
            out.writeStringField("LatestStreamLabel", def.latestStreamLabel());
            out.writeStringField("LatestStreamArn", def.streamArn());
        }
        if (def.sseEnabled()) {
            out.writeObjectFieldStart("SSEDescription");
            out.writeStringField("Status", "ENABLED");
            out.writeStringField("SSEType", def.sseType());
            out.writeStringField("KMSMasterKeyArn", def.kmsKeyArn());
            out.writeEndObject();
        }
        if (def.tableClass() != null) {
            out.writeObjectFieldStart("TableClassSummary");
            out.writeStringField("TableClass", def.tableClass());
            out.writeEndObject();
        }
    }

    /**
     * The shorter description DeleteTable answers: no key schema, attribute definitions, indexes or creation time,
     * as the service leaves them out there.
     */
    static void writeDeleted(JsonGenerator out, Table table) throws IOException {
        TableDef def = table.def();
        out.writeStartObject();
        out.writeStringField("TableName", def.name());
        out.writeStringField("TableStatus", "DELETING");
        throughput(out, def.throughput());
        out.writeNumberField("TableSizeBytes", table.sizeBytes.get());
        out.writeNumberField("ItemCount", table.itemCount.get());
        out.writeStringField("TableArn", def.arn());
        out.writeStringField("TableId", def.tableId());
        if (def.payPerRequest() || def.lastUpdateToPayPerRequestMillis() != 0) {
            out.writeObjectFieldStart("BillingModeSummary");
            out.writeStringField("BillingMode", def.billingMode());
            if (def.lastUpdateToPayPerRequestMillis() != 0) {
                out.writeFieldName("LastUpdateToPayPerRequestDateTime");
                seconds(out, def.lastUpdateToPayPerRequestMillis());
            }
            out.writeEndObject();
        }
        if (def.streamEnabled()) {
            out.writeObjectFieldStart("StreamSpecification");
            out.writeBooleanField("StreamEnabled", true);
            out.writeStringField("StreamViewType", def.streamViewType());
            out.writeEndObject();
        }
        if (def.latestStreamLabel() != null) {
            out.writeStringField("LatestStreamLabel", def.latestStreamLabel());
            out.writeStringField("LatestStreamArn", def.streamArn());
        }
        out.writeBooleanField("DeletionProtectionEnabled", def.deletionProtection());
        out.writeEndObject();
    }

    static void keySchema(JsonGenerator out, KeySchema key) throws IOException {
        out.writeArrayFieldStart("KeySchema");
        for (String name : key.partitionKeys()) {
            out.writeStartObject();
            out.writeStringField("AttributeName", name);
            out.writeStringField("KeyType", "HASH");
            out.writeEndObject();
        }
        for (String name : key.sortKeys()) {
            out.writeStartObject();
            out.writeStringField("AttributeName", name);
            out.writeStringField("KeyType", "RANGE");
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    private static void projection(JsonGenerator out, TableDef.IndexDef i) throws IOException {
        out.writeObjectFieldStart("Projection");
        out.writeStringField("ProjectionType", i.projectionType());
        if (i.nonKeyAttributes() != null) {
            out.writeArrayFieldStart("NonKeyAttributes");
            for (String a : i.nonKeyAttributes()) {
                out.writeString(a);
            }
            out.writeEndArray();
        }
        out.writeEndObject();
    }

    private static void throughput(JsonGenerator out, TableDef.Throughput t) throws IOException {
        out.writeObjectFieldStart("ProvisionedThroughput");
        if (t.lastIncreaseMillis() != 0) {
            out.writeFieldName("LastIncreaseDateTime");
            seconds(out, t.lastIncreaseMillis());
        }
        if (t.lastDecreaseMillis() != 0) {
            out.writeFieldName("LastDecreaseDateTime");
            seconds(out, t.lastDecreaseMillis());
        }
        out.writeNumberField("NumberOfDecreasesToday", t.decreasesToday());
        out.writeNumberField("ReadCapacityUnits", t.read());
        out.writeNumberField("WriteCapacityUnits", t.write());
        out.writeEndObject();
    }

    /** Timestamps go on the wire as epoch seconds with a fraction, as the service sends them. */
    static void seconds(JsonGenerator out, long millis) throws IOException {
        out.writeNumber(java.math.BigDecimal.valueOf(millis, 3));
    }
}

package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.commit.Streams;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.IndexBuilds;
import com.bigtimedeals.engine.core.TableUpdates;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * UpdateTable: streams on and off, billing mode and provisioned throughput, global secondary indexes created
 * (back-filled at once), updated and deleted, deletion protection and table class.
 */
public final class UpdateTable implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("AttributeDefinitions", list(valueStruct("AttributeDefinition")
                    .field("AttributeName", string().notNull().length(1, 255))
                    .field("AttributeType", string().notNull().oneOf("B", "N", "S"))))
            .field("TableName", Shape.tableNameMember().required())
            .field("ProvisionedThroughput", TableShapes.throughput())
            .field("BillingMode", string().oneOf("PROVISIONED", "PAY_PER_REQUEST"))
            .field("GlobalSecondaryIndexUpdates", list(valueStruct("GlobalSecondaryIndexUpdate")
                    .field("Update", fieldStruct("UpdateGlobalSecondaryIndexAction")
                            .field("IndexName", TableShapes.indexName())
                            .field("ProvisionedThroughput", TableShapes.throughput())
                            .field("OnDemandThroughput", TableShapes.onDemandThroughput()))
                    .field("Create", fieldStruct("CreateGlobalSecondaryIndexAction")
                            .field("Projection", TableShapes.projection().notNull())
                            .field("IndexName", TableShapes.indexName())
                            .field("ProvisionedThroughput", TableShapes.throughput())
                            .field("KeySchema", TableShapes.globalIndexKeySchema())
                            .field("OnDemandThroughput", TableShapes.onDemandThroughput()))
                    .field("Delete", fieldStruct("DeleteGlobalSecondaryIndexAction")
                            .field("IndexName", TableShapes.indexName()))))
            .field("StreamSpecification", TableShapes.streamSpecification())
            .field("SSESpecification", TableShapes.sseSpecification())
            .field("DeletionProtectionEnabled", bool())
            .field("TableClass", string().oneOf("STANDARD", "STANDARD_INFREQUENT_ACCESS"))
            .field("OnDemandThroughput", TableShapes.onDemandThroughput())
            .field("ReplicaUpdates", list(valueStruct("ReplicationGroupUpdate")));

    private static final long MAX_UNITS = 1_000_000_000_000L;

    private final Context ctx;

    public UpdateTable(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    static String bounds(Map<String, Object> throughput) {
        Long read = Req.number(throughput, "ReadCapacityUnits");
        Long write = Req.number(throughput, "WriteCapacityUnits");
        if (read != null && read > MAX_UNITS) {
            return "Given value " + read + " for ReadCapacityUnits is out of bounds";
        }
        if (write != null && write > MAX_UNITS) {
            return "Given value " + write + " for WriteCapacityUnits is out of bounds";
        }
        return null;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        validate(req);
        Table table = ctx.catalog().requireNamed(Req.string(req, "TableName"));
        boolean[] gsiCreated = {false};
        synchronized (table) {
            TableDef def = table.def();
            TableDef updated = billing(req, def);
            updated = IndexUpdates.apply(req, updated, gsiCreated);
            TableUpdates.StreamChange streamChange = streamChange(Req.map(req, "StreamSpecification"), def);
            if (streamChange == TableUpdates.StreamChange.OPEN) {
                updated = updated.withStream(true, Req.string(Req.map(req, "StreamSpecification"), "StreamViewType"), Streams.label(ctx.now()));
            } else if (streamChange == TableUpdates.StreamChange.CLOSE) {
                updated = updated.withStream(false, null, def.latestStreamLabel());
            }
            TableUpdates.define(ctx, table, settings(req, def, updated), streamChange);
            if (gsiCreated[0]) {
                IndexBuilds.backfill(ctx, table);
            }
        }
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.write(out, table, "UPDATING");
        out.writeEndObject();
        if (gsiCreated[0]) {
            IndexBuilds.markActive(ctx, table);
        }
    }

    /** What the request's StreamSpecification does to the table's stream; enabling an enabled one is refused. */
    private static TableUpdates.StreamChange streamChange(Map<String, Object> stream, TableDef def) {
        if (stream == null) {
            return TableUpdates.StreamChange.NONE;
        }
        boolean enable = Req.flag(stream, "StreamEnabled");
        if (enable && def.streamEnabled()) {
            throw ApiException.validation("Table already has an enabled stream: TableName: " + def.name());
        }
        if (!enable && !def.streamEnabled()) {
            throw ApiException.validation("Table does not have a stream enabled, so the stream cannot be disabled: TableName: " + def.name());
        }
        return enable ? TableUpdates.StreamChange.OPEN : TableUpdates.StreamChange.CLOSE;
    }

    /** Deletion protection, table class and encryption: the request's where it sets them, the table's otherwise. */
    private TableDef settings(Map<String, Object> req, TableDef def, TableDef updated) {
        Map<String, Object> sse = Req.map(req, "SSESpecification");
        boolean protection = Req.has(req, "DeletionProtectionEnabled") ? Req.flag(req, "DeletionProtectionEnabled") : def.deletionProtection();
        String tableClass = Req.has(req, "TableClass") ? Req.string(req, "TableClass") : def.tableClass();
        boolean sseOn = sse != null ? Req.flag(sse, "Enabled") : def.sseEnabled();
        return updated.withSettings(protection, tableClass, sseOn,
                sseOn ? (sse != null ? Req.string(sse, "SSEType", "KMS") : def.sseType()) : null,
                sseOn ? (def.kmsKeyArn() != null ? def.kmsKeyArn() : "arn:aws:kms:" + ctx.settings().region() + ":"
                        + ctx.settings().accountId() + ":key/" + java.util.UUID.nameUUIDFromBytes(def.name().getBytes())) : null);
    }

    private void validate(Map<String, Object> req) {
        boolean any = false;
        for (String p : List.of("ProvisionedThroughput", "BillingMode", "StreamSpecification", "GlobalSecondaryIndexUpdates",
                "SSESpecification", "ReplicaUpdates", "DeletionProtectionEnabled", "TableClass", "OnDemandThroughput")) {
            Object v = req.get(p);
            if (v != null && !(v instanceof List<?> l && l.isEmpty())) {
                any = true;
            }
        }
        if (!any) {
            throw ApiException.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
        }
        Map<String, Object> throughput = Req.map(req, "ProvisionedThroughput");
        if ("PROVISIONED".equals(Req.string(req, "BillingMode")) && throughput == null) {
            throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        if (throughput != null) {
            String bounds = bounds(throughput);
            if (bounds != null) {
                throw ApiException.validation(bounds);
            }
        }
        List<Object> updates = Req.list(req, "GlobalSecondaryIndexUpdates");
        if (updates != null) {
            int createsAndDeletes = 0;
            for (Object o : updates) {
                Map<String, Object> u = Req.asMap(o);
                createsAndDeletes += u.containsKey("Create") || u.containsKey("Delete") ? 1 : 0;
            }
            if (createsAndDeletes > 1) {
                throw ApiException.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
            }
            Set<String> names = new HashSet<>();
            for (Object o : updates) {
                Map<String, Object> u = Req.asMap(o);
                if (u.size() > 1) {
                    throw ApiException.validation("One or more parameter values were invalid: Only one of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete can be specified");
                }
                Map<String, Object> action = Req.has(u, "Update") ? Req.map(u, "Update")
                        : Req.has(u, "Create") ? Req.map(u, "Create") : Req.map(u, "Delete");
                if (action == null) {
                    throw ApiException.validation("One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null");
                }
                String name = Req.string(action, "IndexName");
                if (!names.add(name)) {
                    throw ApiException.validation("One or more parameter values were invalid: Only one global secondary index update per index is allowed simultaneously. Index: " + name);
                }
            }
        }
        Map<String, Object> stream = Req.map(req, "StreamSpecification");
        if (stream != null) {
            String error = CreateTable.streamError(stream);
            if (error != null) {
                throw ApiException.validation(error);
            }
        }
    }

    private TableDef billing(Map<String, Object> req, TableDef def) {
        String mode = Req.string(req, "BillingMode");
        Map<String, Object> throughput = Req.map(req, "ProvisionedThroughput");
        String target = mode != null ? mode : def.billingMode();
        if (throughput != null && "PAY_PER_REQUEST".equals(target)) {
            throw ApiException.validation("One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        }
        long now = ctx.now();
        if ("PAY_PER_REQUEST".equals(target)) {
            if (def.payPerRequest()) {
                return def;
            }
            List<TableDef.IndexDef> gsis = new ArrayList<>();
            for (TableDef.IndexDef i : def.globalIndexes()) {
                gsis.add(i.withThroughput(TableDef.Throughput.NONE));
            }
            return def.withBilling("PAY_PER_REQUEST", now, TableDef.Throughput.NONE, gsis);
        }
        if (throughput == null) {
            return def;
        }
        TableDef.Throughput current = def.throughput();
        long read = Req.number(throughput, "ReadCapacityUnits");
        long write = Req.number(throughput, "WriteCapacityUnits");
        if (!def.payPerRequest() && read == current.read() && write == current.write()) {
            throw ApiException.validation("The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: "
                    + current.read() + ". Requested ReadCapacityUnits: " + read + ". Current WriteCapacityUnits provisioned for the table: "
                    + current.write() + ". Requested WriteCapacityUnits: " + write + ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.");
        }
        boolean increase = read > current.read() || write > current.write();
        boolean decrease = read < current.read() || write < current.write();
        TableDef.Throughput updated = new TableDef.Throughput(read, write,
                increase ? now : current.lastIncreaseMillis(), decrease && !def.payPerRequest() ? now : current.lastDecreaseMillis(),
                current.decreasesToday() + (decrease && !def.payPerRequest() ? 1 : 0));
        List<TableDef.IndexDef> gsis = def.globalIndexes();
        if (def.payPerRequest()) {
            List<String> missing = new ArrayList<>();
            for (TableDef.IndexDef i : gsis) {
                if (!updatesIndex(req, i.name())) {
                    missing.add(i.name());
                }
            }
            if (!missing.isEmpty()) {
                throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + String.join(",", missing));
            }
        }
        return def.withBilling("PROVISIONED", def.lastUpdateToPayPerRequestMillis(), updated, gsis);
    }

    private static boolean updatesIndex(Map<String, Object> req, String index) {
        List<Object> updates = Req.list(req, "GlobalSecondaryIndexUpdates");
        if (updates == null) {
            return false;
        }
        for (Object o : updates) {
            Map<String, Object> update = Req.map(Req.asMap(o), "Update");
            if (update != null && index.equals(Req.string(update, "IndexName")) && Req.has(update, "ProvisionedThroughput")) {
                return true;
            }
        }
        return false;
    }
}

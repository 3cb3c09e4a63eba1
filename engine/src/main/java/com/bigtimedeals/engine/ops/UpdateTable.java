package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.commit.Streams;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.IndexBuilds;
import com.bigtimedeals.engine.core.TableUpdates;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * UpdateTable: streams on and off, billing mode and provisioned throughput, global secondary indexes created
 * (back-filled at once), updated and deleted, deletion protection and table class.
 */
public final class UpdateTable extends TypedOperation<UpdateTable.Request, UpdateTable.Outcome> {
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

    /** The members whose presence makes a request an update; one is required. */
    private static final List<String> UPDATES = List.of("ProvisionedThroughput", "BillingMode", "StreamSpecification",
            "GlobalSecondaryIndexUpdates", "SSESpecification", "ReplicaUpdates", "DeletionProtectionEnabled", "TableClass",
            "OnDemandThroughput");

    public UpdateTable(Context ctx) {
        super(ctx, SHAPE);
    }

    /**
     * The request, decoded and checked once; a member left out is null ({@code attributes} and {@code indexUpdates}
     * empty). ReplicaUpdates and OnDemandThroughput count as updates and change nothing: the engine has one region
     * and meters no on-demand maximum.
     */
    record Request(String tableName, List<TableDef.AttributeDefinition> attributes, String billingMode,
                   TableDef.Throughput throughput, List<IndexUpdates.IndexUpdate> indexUpdates, TableSpecs.StreamSpec stream,
                   Boolean deletionProtection, String tableClass, TableSpecs.EncryptionSpec encryption) {
    }

    /** The table updated, and the definition it was answered with (new indexes still CREATING). */
    record Outcome(Table table, TableDef answered) {
    }

    static String bounds(TableDef.Throughput throughput) {
        if (throughput.read() > MAX_UNITS) {
            return "Given value " + throughput.read() + " for ReadCapacityUnits is out of bounds";
        }
        if (throughput.write() > MAX_UNITS) {
            return "Given value " + throughput.write() + " for WriteCapacityUnits is out of bounds";
        }
        return null;
    }

    /** The service's checks that need no table, in its order, as each part is decoded. */
    @Override
    Request decode(Map<String, Object> req) {
        requireAnUpdate(req);
        String billing = Req.string(req, "BillingMode");
        TableDef.Throughput throughput = TableSpecs.throughput(Req.map(req, "ProvisionedThroughput"));
        if ("PROVISIONED".equals(billing) && throughput == null) {
            throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        String bounds = throughput == null ? null : bounds(throughput);
        if (bounds != null) {
            throw ApiException.validation(bounds);
        }
        List<IndexUpdates.IndexUpdate> indexUpdates = IndexUpdates.decode(Req.list(req, "GlobalSecondaryIndexUpdates"));
        TableSpecs.StreamSpec stream = TableSpecs.stream(Req.map(req, "StreamSpecification"));
        String streamError = stream == null ? null : stream.error();
        if (streamError != null) {
            throw ApiException.validation(streamError);
        }
        return new Request(Req.string(req, "TableName"), TableSpecs.attributes(Req.list(req, "AttributeDefinitions")), billing,
                throughput, indexUpdates, stream, Req.bool(req, "DeletionProtectionEnabled"), Req.string(req, "TableClass"),
                TableSpecs.encryption(Req.map(req, "SSESpecification")));
    }

    private static void requireAnUpdate(Map<String, Object> req) {
        for (String member : UPDATES) {
            Object v = req.get(member);
            if (v != null && !(v instanceof List<?> l && l.isEmpty())) {
                return;
            }
        }
        throw ApiException.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
    }

    /** Redefines the table under its monitor, back-filling a created index before it is made ACTIVE. */
    @Override
    Outcome run(Request r) {
        Table table = ctx.catalog().requireNamed(r.tableName());
        TableDef answered;
        boolean created;
        synchronized (table) {
            TableDef def = table.def();
            IndexUpdates.Applied indexes = IndexUpdates.apply(r.attributes(), r.indexUpdates(), billing(r, def));
            created = indexes.created();
            TableDef updated = indexes.def();
            TableUpdates.StreamChange streamChange = streamChange(r.stream(), def);
            if (streamChange == TableUpdates.StreamChange.OPEN) {
                updated = updated.withStream(true, r.stream().viewType(), Streams.label(ctx.now()));
            } else if (streamChange == TableUpdates.StreamChange.CLOSE) {
                updated = updated.withStream(false, null, def.latestStreamLabel());
            }
            TableUpdates.define(ctx, table, settings(r, def, updated), streamChange);
            if (created) {
                IndexBuilds.backfill(ctx, table);
            }
            answered = table.def();
        }
        if (created) {
            IndexBuilds.markActive(ctx, table);
        }
        return new Outcome(table, answered);
    }

    @Override
    void encode(JsonGenerator out, Request request, Outcome outcome) throws IOException {
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.write(out, outcome.table(), outcome.answered(), "UPDATING");
        out.writeEndObject();
    }

    /** What the request's StreamSpecification does to the table's stream; enabling an enabled one is refused. */
    private static TableUpdates.StreamChange streamChange(TableSpecs.StreamSpec stream, TableDef def) {
        if (stream == null) {
            return TableUpdates.StreamChange.NONE;
        }
        if (stream.enabled() && def.streamEnabled()) {
            throw ApiException.validation("Table already has an enabled stream: TableName: " + def.name());
        }
        if (!stream.enabled() && !def.streamEnabled()) {
            throw ApiException.validation("Table does not have a stream enabled, so the stream cannot be disabled: TableName: " + def.name());
        }
        return stream.enabled() ? TableUpdates.StreamChange.OPEN : TableUpdates.StreamChange.CLOSE;
    }

    /** Deletion protection, table class and encryption: the request's where it sets them, the table's otherwise. */
    private TableDef settings(Request r, TableDef def, TableDef updated) {
        TableSpecs.EncryptionSpec sse = r.encryption();
        boolean protection = r.deletionProtection() != null ? r.deletionProtection() : def.deletionProtection();
        String tableClass = r.tableClass() != null ? r.tableClass() : def.tableClass();
        boolean sseOn = sse != null ? sse.enabled() : def.sseEnabled();
        return updated.withSettings(protection, tableClass, sseOn,
                sseOn ? (sse != null ? sse.type() : def.sseType()) : null,
                sseOn ? (def.kmsKeyArn() != null ? def.kmsKeyArn() : "arn:aws:kms:" + ctx.settings().region() + ":"
                        + ctx.settings().accountId() + ":key/" + java.util.UUID.nameUUIDFromBytes(def.name().getBytes())) : null);
    }

    private TableDef billing(Request r, TableDef def) {
        TableDef.Throughput requested = r.throughput();
        String target = r.billingMode() != null ? r.billingMode() : def.billingMode();
        if (requested != null && "PAY_PER_REQUEST".equals(target)) {
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
        if (requested == null) {
            return def;
        }
        TableDef.Throughput current = def.throughput();
        long read = requested.read();
        long write = requested.write();
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
                if (!IndexUpdates.givesThroughput(r.indexUpdates(), i.name())) {
                    missing.add(i.name());
                }
            }
            if (!missing.isEmpty()) {
                throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + String.join(",", missing));
            }
        }
        return def.withBilling("PROVISIONED", def.lastUpdateToPayPerRequestMillis(), updated, gsis);
    }
}

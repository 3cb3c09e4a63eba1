package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.IndexUpdates;
import com.bigtimedeals.engine.core.TableSpecs;
import com.bigtimedeals.engine.core.TableUpdates;
import com.bigtimedeals.engine.table.TableDef;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * UpdateTable, decoded with every check that needs no table, then run by the core ({@link TableUpdates#update}):
 * streams on and off, billing mode and provisioned throughput, global secondary indexes created
 * (back-filled at once), updated and deleted, deletion protection and table class.
 */
public final class UpdateTable extends TypedOperation<TableUpdates.Update, TableUpdates.Updated> {
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

    /**
     * The members whose presence makes a request an update; one is required. ReplicaUpdates and OnDemandThroughput
     * count and change nothing: the engine has one region and meters no on-demand maximum.
     */
    private static final List<String> UPDATES = List.of("ProvisionedThroughput", "BillingMode", "StreamSpecification",
            "GlobalSecondaryIndexUpdates", "SSESpecification", "ReplicaUpdates", "DeletionProtectionEnabled", "TableClass",
            "OnDemandThroughput");

    public UpdateTable(Context ctx) {
        super(ctx, SHAPE);
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
    TableUpdates.Update decode(Map<String, Object> req) {
        requireAnUpdate(req);
        String billing = Req.string(req, "BillingMode");
        TableDef.Throughput throughput = TableSpecDecoder.throughput(Req.map(req, "ProvisionedThroughput"));
        if ("PROVISIONED".equals(billing) && throughput == null) {
            throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        String bounds = throughput == null ? null : bounds(throughput);
        if (bounds != null) {
            throw ApiException.validation(bounds);
        }
        List<IndexUpdates.IndexUpdate> indexUpdates = TableSpecDecoder.indexUpdates(Req.list(req, "GlobalSecondaryIndexUpdates"));
        TableSpecs.StreamSpec stream = TableSpecDecoder.stream(Req.map(req, "StreamSpecification"));
        String streamError = stream == null ? null : stream.error();
        if (streamError != null) {
            throw ApiException.validation(streamError);
        }
        return new TableUpdates.Update(Req.string(req, "TableName"), TableSpecDecoder.attributes(Req.list(req, "AttributeDefinitions")), billing,
                throughput, indexUpdates, stream, Req.bool(req, "DeletionProtectionEnabled"), Req.string(req, "TableClass"),
                TableSpecDecoder.encryption(Req.map(req, "SSESpecification")));
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

    @Override
    TableUpdates.Updated run(TableUpdates.Update update) {
        return TableUpdates.update(ctx, update);
    }

    @Override
    void encode(JsonGenerator out, TableUpdates.Update request, TableUpdates.Updated updated) throws IOException {
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.write(out, updated.table(), updated.answered(), "UPDATING");
        out.writeEndObject();
    }
}

package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.commit.Streams;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.TableSpecs;
import com.bigtimedeals.engine.core.Tables;
import com.bigtimedeals.engine.core.Tagging;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.fasterxml.jackson.core.JsonGenerator;

/** CreateTable, with the service's checks of key schema, attribute definitions, indexes and billing mode. */
public final class CreateTable extends TypedOperation<CreateTable.Request, Table> {
    private static final Shape SHAPE = Shape.request()
            .field("AttributeDefinitions", list(valueStruct("AttributeDefinition")
                    .field("AttributeName", string().notNull().length(1, 255))
                    .field("AttributeType", string().notNull().oneOf("B", "N", "S"))).notNull())
            .field("TableName", string().required().pattern("[a-zA-Z0-9_.-]+").length(3, 255))
            .field("BillingMode", string().oneOf("PROVISIONED", "PAY_PER_REQUEST"))
            .field("ProvisionedThroughput", TableShapes.throughput())
            .field("KeySchema", TableShapes.keySchema())
            .field("LocalSecondaryIndexes", list(valueStruct("LocalSecondaryIndex")
                    .field("IndexName", TableShapes.indexName())
                    .field("KeySchema", TableShapes.keySchema())
                    .field("Projection", TableShapes.projection().notNull())))
            .field("GlobalSecondaryIndexes", list(valueStruct("GlobalSecondaryIndex")
                    .field("IndexName", TableShapes.indexName())
                    .field("KeySchema", TableShapes.globalIndexKeySchema())
                    .field("Projection", TableShapes.projection().notNull())
                    .field("ProvisionedThroughput", TableShapes.throughput())
                    .field("OnDemandThroughput", TableShapes.onDemandThroughput())))
            .field("StreamSpecification", TableShapes.streamSpecification())
            .field("SSESpecification", TableShapes.sseSpecification())
            .field("Tags", TableShapes.tags())
            .field("TableClass", string().oneOf("STANDARD", "STANDARD_INFREQUENT_ACCESS"))
            .field("DeletionProtectionEnabled", bool())
            .field("OnDemandThroughput", TableShapes.onDemandThroughput())
            .field("ResourcePolicy", string());

    public CreateTable(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once: the definition the table is created with. */
    record Request(TableDef definition) {
    }

    /** The request's parts, decoded once ({@link TableSpecs}) before the service's checks run on them. */
    private record Parts(String name, String billing, TableDef.Throughput throughput, List<TableDef.AttributeDefinition> attributes,
                         List<TableSpecs.KeyElement> keySchema, List<TableSpecs.IndexSpec> localIndexes,
                         List<TableSpecs.IndexSpec> globalIndexes, TableSpecs.StreamSpec stream, List<Tagging.Tag> tags,
                         TableSpecs.EncryptionSpec encryption, boolean deletionProtection, String tableClass) {
        boolean payPerRequest() {
            return "PAY_PER_REQUEST".equals(billing);
        }
    }

    @Override
    Table run(Request r) {
        return Tables.create(ctx, r.definition());
    }

    @Override
    Request decode(Map<String, Object> req) {
        Parts parts = new Parts(Req.string(req, "TableName"), Req.string(req, "BillingMode"),
                TableSpecDecoder.throughput(Req.map(req, "ProvisionedThroughput")), TableSpecDecoder.attributes(Req.list(req, "AttributeDefinitions")),
                TableSpecDecoder.keySchema(Req.list(req, "KeySchema")), TableSpecDecoder.indexes(Req.list(req, "LocalSecondaryIndexes")),
                TableSpecDecoder.indexes(Req.list(req, "GlobalSecondaryIndexes")), TableSpecDecoder.stream(Req.map(req, "StreamSpecification")),
                TableSpecDecoder.tags(Req.list(req, "Tags")), TableSpecDecoder.encryption(Req.map(req, "SSESpecification")),
                Req.flag(req, "DeletionProtectionEnabled"), Req.string(req, "TableClass"));
        String error = validate(parts);
        if (error != null) {
            throw ApiException.validation(error);
        }
        return new Request(definition(parts));
    }

    @Override
    void encode(JsonGenerator out, Request request, Table created) throws IOException {
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.write(out, created, "CREATING");
        out.writeEndObject();
    }

    private TableDef definition(Parts p) {
        long now = ctx.now();
        String name = p.name();
        List<TableDef.AttributeDefinition> attributes = List.copyOf(p.attributes());
        boolean payPerRequest = p.payPerRequest();
        List<TableDef.IndexDef> gsis = new ArrayList<>();
        if (p.globalIndexes() != null) {
            for (TableSpecs.IndexSpec i : p.globalIndexes()) {
                gsis.add(i.definition(true, attributes, payPerRequest ? TableDef.Throughput.NONE : i.provisioned()));
            }
        }
        List<TableDef.IndexDef> lsis = new ArrayList<>();
        if (p.localIndexes() != null) {
            for (TableSpecs.IndexSpec i : p.localIndexes()) {
                lsis.add(i.definition(false, attributes, null));
            }
        }
        boolean streamEnabled = p.stream() != null && p.stream().enabled();
        Map<String, String> tags = new LinkedHashMap<>();
        if (p.tags() != null) {
            for (Tagging.Tag t : p.tags()) {
                tags.put(t.key(), t.value());
            }
        }
        boolean sseEnabled = p.encryption() != null && p.encryption().enabled();
        return new TableDef(name, UUID.randomUUID().toString(), ctx.tableArn(name), now, attributes,
                TableSpecs.key(p.keySchema(), attributes),
                payPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED", payPerRequest ? now : 0,
                payPerRequest ? TableDef.Throughput.NONE : p.throughput(),
                List.copyOf(gsis), List.copyOf(lsis),
                streamEnabled, streamEnabled ? p.stream().viewType() : null,
                streamEnabled ? Streams.label(now) : null,
                null, false, Map.copyOf(tags), p.deletionProtection(),
                p.tableClass(), sseEnabled, sseEnabled ? p.encryption().type() : null,
                sseEnabled ? "arn:aws:kms:" + ctx.settings().region() + ":" + ctx.settings().accountId()
                        + ":key/" + UUID.nameUUIDFromBytes(name.getBytes()) : null);
    }

    private static List<String> attributeNames(List<TableDef.AttributeDefinition> definitions) {
        List<String> out = new ArrayList<>(definitions.size());
        for (TableDef.AttributeDefinition d : definitions) {
            out.add(d.name());
        }
        return out;
    }

    /** The service's checks after the constraint pass, in the service's order; null when the request is valid. */
    private static String validate(Parts p) {
        String error = billingError(p.billing(), p.throughput());
        if (error != null) {
            return error;
        }
        List<String> defined = attributeNames(p.attributes());
        List<String> keys = TableSpecs.names(p.keySchema());
        error = keySchemaError(defined, p.keySchema(), keys);
        if (error != null) {
            return error;
        }
        List<TableSpecs.IndexSpec> lsis = p.localIndexes();
        List<TableSpecs.IndexSpec> gsis = p.globalIndexes();
        if (lsis == null && gsis == null && keys.size() != defined.size()) {
            return "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions";
        }
        Set<String> indexNames = new HashSet<>();
        Set<String> used = new LinkedHashSet<>(keys);
        if (lsis != null) {
            if (p.keySchema().size() != 2 && !lsis.isEmpty()) {
                return "One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex";
            }
            error = indexesError(lsis, "LocalSecondaryIndexes", 5, "Number of LocalSecondaryIndexes exceeds per-table limit of 5",
                    defined, indexNames, p.billing(), keys.get(0), used);
            if (error != null) {
                return error;
            }
        }
        if (gsis != null) {
            error = indexesError(gsis, "GlobalSecondaryIndexes", 20, "GlobalSecondaryIndex count exceeds the per-table limit of 20",
                    defined, indexNames, p.billing(), null, used);
            if (error != null) {
                return error;
            }
        }
        if (used.size() != defined.size()) {
            return "One or more parameter values were invalid: Some AttributeDefinitions are not used. AttributeDefinitions: "
                    + TableSpecs.bracketed(defined) + ", keys used: " + TableSpecs.bracketed(new ArrayList<>(used));
        }
        String projections = projectionLimit(lsis, gsis);
        if (projections != null) {
            return projections;
        }
        if (p.tags() != null && p.tags().size() > 50) {
            return "One or more parameter values were invalid: The number of tags exceeds the limit of 50 tags per resource";
        }
        return p.stream() == null ? null : p.stream().error();
    }

    /** BillingMode against ProvisionedThroughput, and the throughput's bounds. */
    private static String billingError(String billing, TableDef.Throughput throughput) {
        if ("PAY_PER_REQUEST".equals(billing)) {
            return throughput == null ? null
                    : "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST";
        }
        if (throughput == null) {
            return "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED";
        }
        return UpdateTable.bounds(throughput);
    }

    /** The table's KeySchema against AttributeDefinitions, then the definitions' own duplicates. */
    private static String keySchemaError(List<String> defined, List<TableSpecs.KeyElement> keySchema, List<String> keys) {
        if (keys.size() > defined.size()) {
            return "Invalid KeySchema: Some index key attribute have no definition";
        }
        if (!defined.containsAll(keys)) {
            return "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: "
                    + TableSpecs.bracketed(keys) + ", AttributeDefinitions: " + TableSpecs.bracketed(defined);
        }
        if (keys.size() == 2 && keys.get(0).equals(keys.get(1))) {
            return "Both the Hash Key and the Range Key element in the KeySchema have the same name";
        }
        if (!keySchema.get(0).hash()) {
            return "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
        }
        if (keySchema.size() == 2 && keySchema.get(1).hash()) {
            return "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type";
        }
        Set<String> distinct = new HashSet<>();
        for (String d : defined) {
            if (!distinct.add(d)) {
                return "One or more parameter values were invalid: Duplicate AttributeName found in AttributeDefinitions: " + d;
            }
        }
        return null;
    }

    /**
     * One list of indexes (local or global): not empty, each index valid ({@link TableSpecs.IndexSpec#error}, its key
     * attributes added to {@code used}), then no more than {@code limit} of them.
     */
    private static String indexesError(List<TableSpecs.IndexSpec> indexes, String member, int limit, String overLimit, List<String> defined,
                                       Set<String> indexNames, String billing, String tablePartitionKey, Set<String> used) {
        if (indexes.isEmpty()) {
            return "One or more parameter values were invalid: List of " + member + " is empty";
        }
        for (TableSpecs.IndexSpec index : indexes) {
            String error = index.error(defined, indexNames, billing, tablePartitionKey);
            if (error != null) {
                return error;
            }
            used.addAll(index.keyNames());
        }
        return indexes.size() > limit ? "One or more parameter values were invalid: " + overLimit : null;
    }

    /** The documented limit: at most 100 non-key attributes projected over all of a table's indexes. */
    private static String projectionLimit(List<TableSpecs.IndexSpec> lsis, List<TableSpecs.IndexSpec> gsis) {
        Set<String> projected = new HashSet<>();
        for (List<TableSpecs.IndexSpec> indexes : java.util.Arrays.asList(lsis, gsis)) {
            if (indexes == null) {
                continue;
            }
            for (TableSpecs.IndexSpec i : indexes) {
                if (i.nonKeyAttributes() != null) {
                    projected.addAll(i.nonKeyAttributes());
                }
            }
        }
        if (projected.size() > 100) {
            return "One or more parameter values were invalid: The number of projected attributes in all indexes exceeds the limit of 100 attributes. Number of projected attributes: " + projected.size();
        }
        return null;
    }
}

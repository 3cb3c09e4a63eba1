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
import com.bigtimedeals.engine.core.Tables;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.value.Value;
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

    @Override
    Table run(Request r) {
        return Tables.create(ctx, r.definition());
    }

    @Override
    Request decode(Map<String, Object> req) {
        String error = validate(req);
        if (error != null) {
            throw ApiException.validation(error);
        }
        return new Request(definition(req, Req.string(req, "TableName")));
    }

    @Override
    void encode(JsonGenerator out, Request request, Table created) throws IOException {
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.write(out, created, "CREATING");
        out.writeEndObject();
    }

    private TableDef definition(Map<String, Object> req, String name) {
        long now = ctx.now();
        List<TableDef.AttributeDefinition> attributes = new ArrayList<>();
        for (Object o : Req.list(req, "AttributeDefinitions")) {
            Map<String, Object> a = Req.asMap(o);
            attributes.add(new TableDef.AttributeDefinition(Req.string(a, "AttributeName"), Req.string(a, "AttributeType")));
        }
        KeySchema key = keySchema(Req.list(req, "KeySchema"), attributes);
        boolean payPerRequest = "PAY_PER_REQUEST".equals(Req.string(req, "BillingMode"));
        TableDef.Throughput throughput = payPerRequest ? TableDef.Throughput.NONE : throughput(Req.map(req, "ProvisionedThroughput"));
        List<TableDef.IndexDef> gsis = new ArrayList<>();
        if (Req.has(req, "GlobalSecondaryIndexes")) {
            for (Object o : Req.list(req, "GlobalSecondaryIndexes")) {
                Map<String, Object> i = Req.asMap(o);
                gsis.add(index(i, true, attributes, payPerRequest ? TableDef.Throughput.NONE : throughput(Req.map(i, "ProvisionedThroughput"))));
            }
        }
        List<TableDef.IndexDef> lsis = new ArrayList<>();
        if (Req.has(req, "LocalSecondaryIndexes")) {
            for (Object o : Req.list(req, "LocalSecondaryIndexes")) {
                lsis.add(index(Req.asMap(o), false, attributes, null));
            }
        }
        Map<String, Object> stream = Req.map(req, "StreamSpecification");
        boolean streamEnabled = stream != null && Req.flag(stream, "StreamEnabled");
        Map<String, String> tags = new LinkedHashMap<>();
        if (Req.has(req, "Tags")) {
            for (Object o : Req.list(req, "Tags")) {
                Map<String, Object> t = Req.asMap(o);
                tags.put(Req.string(t, "Key"), Req.string(t, "Value"));
            }
        }
        Map<String, Object> sse = Req.map(req, "SSESpecification");
        boolean sseEnabled = sse != null && Req.flag(sse, "Enabled");
        return new TableDef(name, UUID.randomUUID().toString(), ctx.tableArn(name), now, List.copyOf(attributes), key,
                payPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED", payPerRequest ? now : 0, throughput,
                List.copyOf(gsis), List.copyOf(lsis),
                streamEnabled, streamEnabled ? Req.string(stream, "StreamViewType") : null,
                streamEnabled ? Streams.label(now) : null,
                null, false, Map.copyOf(tags), Req.flag(req, "DeletionProtectionEnabled"),
                Req.string(req, "TableClass"), sseEnabled, sseEnabled ? Req.string(sse, "SSEType", "KMS") : null,
                sseEnabled ? "arn:aws:kms:" + ctx.settings().region() + ":" + ctx.settings().accountId()
                        + ":key/" + UUID.nameUUIDFromBytes(name.getBytes()) : null);
    }

    static TableDef.Throughput throughput(Map<String, Object> t) {
        return new TableDef.Throughput(Req.number(t, "ReadCapacityUnits"), Req.number(t, "WriteCapacityUnits"), 0, 0, 0);
    }

    /** A validated key schema: its HASH elements make the partition key, its RANGE elements the sort key, in order. */
    static KeySchema keySchema(List<Object> elements, List<TableDef.AttributeDefinition> attributes) {
        List<String> partition = new ArrayList<>();
        List<Value.Type> partitionTypes = new ArrayList<>();
        List<String> sort = new ArrayList<>();
        List<Value.Type> sortTypes = new ArrayList<>();
        for (Object o : elements) {
            String name = Req.string(Req.asMap(o), "AttributeName");
            boolean hash = "HASH".equals(Req.string(Req.asMap(o), "KeyType"));
            (hash ? partition : sort).add(name);
            (hash ? partitionTypes : sortTypes).add(type(name, attributes));
        }
        return new KeySchema(partition, partitionTypes, sort, sortTypes);
    }

    private static Value.Type type(String attribute, List<TableDef.AttributeDefinition> attributes) {
        for (TableDef.AttributeDefinition a : attributes) {
            if (a.name().equals(attribute)) {
                return Value.Type.valueOf(a.type());
            }
        }
        throw new IllegalStateException("validated: " + attribute);
    }

    static TableDef.IndexDef index(Map<String, Object> i, boolean global, List<TableDef.AttributeDefinition> attributes,
                                   TableDef.Throughput throughput) {
        Map<String, Object> projection = Req.map(i, "Projection");
        List<String> nonKey = Req.strings(projection, "NonKeyAttributes");
        return new TableDef.IndexDef(Req.string(i, "IndexName"), global, keySchema(Req.list(i, "KeySchema"), attributes),
                Req.string(projection, "ProjectionType"), nonKey == null ? null : List.copyOf(nonKey), throughput, "ACTIVE");
    }

    private static List<String> names(List<Object> elements, String member) {
        List<String> out = new ArrayList<>();
        for (Object o : elements) {
            out.add(Req.string(Req.asMap(o), member));
        }
        return out;
    }

    /** The service's checks after the constraint pass, in the service's order; null when the request is valid. */
    static String validate(Map<String, Object> req) {
        String billing = Req.string(req, "BillingMode");
        String error = billingError(billing, Req.map(req, "ProvisionedThroughput"));
        if (error != null) {
            return error;
        }
        List<Object> definitions = Req.list(req, "AttributeDefinitions");
        List<String> defined = names(definitions, "AttributeName");
        List<Object> keySchema = Req.list(req, "KeySchema");
        List<String> keys = names(keySchema, "AttributeName");
        error = keySchemaError(defined, keySchema, keys);
        if (error != null) {
            return error;
        }
        List<Object> lsis = Req.list(req, "LocalSecondaryIndexes");
        List<Object> gsis = Req.list(req, "GlobalSecondaryIndexes");
        if (lsis == null && gsis == null && keys.size() != defined.size()) {
            return "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions";
        }
        Set<String> indexNames = new HashSet<>();
        Set<String> used = new LinkedHashSet<>(keys);
        if (lsis != null) {
            if (keySchema.size() != 2 && !lsis.isEmpty()) {
                return "One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex";
            }
            error = indexesError(lsis, "LocalSecondaryIndexes", 5, "Number of LocalSecondaryIndexes exceeds per-table limit of 5",
                    defined, indexNames, billing, keys.get(0), used);
            if (error != null) {
                return error;
            }
        }
        if (gsis != null) {
            error = indexesError(gsis, "GlobalSecondaryIndexes", 20, "GlobalSecondaryIndex count exceeds the per-table limit of 20",
                    defined, indexNames, billing, null, used);
            if (error != null) {
                return error;
            }
        }
        if (used.size() != defined.size()) {
            return "One or more parameter values were invalid: Some AttributeDefinitions are not used. AttributeDefinitions: "
                    + bracketed(defined) + ", keys used: " + bracketed(new ArrayList<>(used));
        }
        String projections = projectionLimit(lsis, gsis);
        if (projections != null) {
            return projections;
        }
        List<Object> tags = Req.list(req, "Tags");
        if (tags != null && tags.size() > 50) {
            return "One or more parameter values were invalid: The number of tags exceeds the limit of 50 tags per resource";
        }
        Map<String, Object> stream = Req.map(req, "StreamSpecification");
        return stream == null ? null : streamError(stream);
    }

    /** BillingMode against ProvisionedThroughput, and the throughput's bounds. */
    private static String billingError(String billing, Map<String, Object> throughput) {
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
    private static String keySchemaError(List<String> defined, List<Object> keySchema, List<String> keys) {
        if (keys.size() > defined.size()) {
            return "Invalid KeySchema: Some index key attribute have no definition";
        }
        if (!defined.containsAll(keys)) {
            return "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: "
                    + bracketed(keys) + ", AttributeDefinitions: " + bracketed(defined);
        }
        if (keys.size() == 2 && keys.get(0).equals(keys.get(1))) {
            return "Both the Hash Key and the Range Key element in the KeySchema have the same name";
        }
        if (!"HASH".equals(Req.string(Req.asMap(keySchema.get(0)), "KeyType"))) {
            return "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
        }
        if (keySchema.size() == 2 && !"RANGE".equals(Req.string(Req.asMap(keySchema.get(1)), "KeyType"))) {
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
     * One list of indexes (local or global): not empty, each index valid ({@link #indexError}, its key attributes
     * added to {@code used}), then no more than {@code limit} of them.
     */
    private static String indexesError(List<Object> indexes, String member, int limit, String overLimit, List<String> defined,
                                       Set<String> indexNames, String billing, String tablePartitionKey, Set<String> used) {
        if (indexes.isEmpty()) {
            return "One or more parameter values were invalid: List of " + member + " is empty";
        }
        for (Object o : indexes) {
            Map<String, Object> index = Req.asMap(o);
            String error = indexError(index, defined, indexNames, billing, tablePartitionKey);
            if (error != null) {
                return error;
            }
            used.addAll(names(Req.list(index, "KeySchema"), "AttributeName"));
        }
        return indexes.size() > limit ? "One or more parameter values were invalid: " + overLimit : null;
    }

    static String streamError(Map<String, Object> stream) {
        boolean enabled = Req.flag(stream, "StreamEnabled");
        if (enabled && !Req.has(stream, "StreamViewType")) {
            return "One or more parameter values were invalid: StreamViewType is required when StreamEnabled is true";
        }
        if (!enabled && Req.has(stream, "StreamViewType")) {
            return "One or more parameter values were invalid: StreamViewType cannot be specified when StreamEnabled is false";
        }
        return null;
    }

    /** The documented limit: at most 100 non-key attributes projected over all of a table's indexes. */
    private static String projectionLimit(List<Object> lsis, List<Object> gsis) {
        Set<String> projected = new HashSet<>();
        for (List<Object> indexes : java.util.Arrays.asList(lsis, gsis)) {
            if (indexes == null) {
                continue;
            }
            for (Object o : indexes) {
                List<String> nonKey = Req.strings(Req.map(Req.asMap(o), "Projection"), "NonKeyAttributes");
                if (nonKey != null) {
                    projected.addAll(nonKey);
                }
            }
        }
        if (projected.size() > 100) {
            return "One or more parameter values were invalid: The number of projected attributes in all indexes exceeds the limit of 100 attributes. Number of projected attributes: " + projected.size();
        }
        return null;
    }

    /** Checks one index; {@code tableHash} is the table's hash key for a local index, null for a global one. */
    static String indexError(Map<String, Object> index, List<String> defined, Set<String> indexNames, String billing, String tableHash) {
        boolean global = tableHash == null;
        String indexName = Req.string(index, "IndexName");
        List<Object> indexKeySchema = Req.list(index, "KeySchema");
        List<String> indexKeys = names(indexKeySchema, "AttributeName");
        if (!defined.containsAll(indexKeys)) {
            return "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: "
                    + bracketed(indexKeys) + ", AttributeDefinitions: " + bracketed(defined);
        }
        if (global) {
            String error = globalKeyError(indexKeySchema, indexKeys);
            if (error != null) {
                return error;
            }
        } else {
            if (indexKeys.size() == 2 && indexKeys.get(0).equals(indexKeys.get(1))) {
                return "Both the Hash Key and the Range Key element in the KeySchema have the same name";
            }
            if (!"HASH".equals(Req.string(Req.asMap(indexKeySchema.get(0)), "KeyType"))) {
                return "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
            }
            if (indexKeySchema.size() > 2) {
                return "One or more parameter values were invalid: Local secondary indexes do not support multi-attribute keys";
            }
            if (indexKeySchema.size() == 2 && !"RANGE".equals(Req.string(Req.asMap(indexKeySchema.get(1)), "KeyType"))) {
                return "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type";
            }
        }
        if (!global) {
            if (indexKeySchema.size() != 2) {
                return "One or more parameter values were invalid: Index KeySchema does not have a range key for index: " + indexName;
            }
            if (!indexKeys.get(0).equals(tableHash)) {
                return "One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                        + indexName + ". index hash key: " + indexKeys.get(0) + ", table hash key: " + tableHash;
            }
        }
        Map<String, Object> projection = Req.map(index, "Projection");
        String type = Req.string(projection, "ProjectionType");
        if (type == null) {
            return "One or more parameter values were invalid: Unknown ProjectionType: null";
        }
        if (Req.has(projection, "NonKeyAttributes") && !"INCLUDE".equals(type)) {
            return "One or more parameter values were invalid: ProjectionType is " + type + ", but NonKeyAttributes is specified";
        }
        if ("INCLUDE".equals(type) && !Req.has(projection, "NonKeyAttributes")) {
            return "One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified";
        }
        if (global) {
            if ("PAY_PER_REQUEST".equals(billing) && Req.has(index, "ProvisionedThroughput")) {
                return "One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: "
                        + indexName + " when BillingMode is PAY_PER_REQUEST";
            }
            if (!"PAY_PER_REQUEST".equals(billing) && !Req.has(index, "ProvisionedThroughput")) {
                return "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + indexName;
            }
        }
        if (!indexNames.add(indexName)) {
            return "One or more parameter values were invalid: Duplicate index name: " + indexName;
        }
        return null;
    }

    /**
     * A global index's key: one to four HASH elements, then up to four RANGE elements, each attribute once
     * (Developer Guide, "Multi-attribute keys pattern": a multi-attribute partition or sort key has up to four
     * attributes, in the order the key schema lists them). A two-element key keeps the single-attribute messages.
     */
    private static String globalKeyError(List<Object> elements, List<String> names) {
        if (elements.size() == 2 && names.get(0).equals(names.get(1))) {
            return "Both the Hash Key and the Range Key element in the KeySchema have the same name";
        }
        if (!"HASH".equals(Req.string(Req.asMap(elements.get(0)), "KeyType"))) {
            return "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
        }
        int hashes = 0;
        int ranges = 0;
        for (Object o : elements) {
            if ("HASH".equals(Req.string(Req.asMap(o), "KeyType"))) {
                if (ranges > 0) {
                    return "Invalid KeySchema: HASH key elements must come before RANGE key elements";
                }
                hashes++;
            } else {
                ranges++;
            }
        }
        if (hashes > KeySchema.MAX_ATTRIBUTES) {
            return "Invalid KeySchema: The number of HASH key elements exceeds the limit of " + KeySchema.MAX_ATTRIBUTES;
        }
        if (ranges > KeySchema.MAX_ATTRIBUTES) {
            return "Invalid KeySchema: The number of RANGE key elements exceeds the limit of " + KeySchema.MAX_ATTRIBUTES;
        }
        if (new HashSet<>(names).size() != names.size()) {
            return "Invalid KeySchema: Some key attributes appear more than once";
        }
        return null;
    }

    static String bracketed(List<String> names) {
        return "[" + String.join(", ", names) + "]";
    }
}

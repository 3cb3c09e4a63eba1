package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeValue;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.map;
import static com.bigtimedeals.engine.api.Shape.parameterizedMap;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** BatchGetItem: up to 100 items from one or more tables; what does not fit in 16 MB comes back unprocessed. */
public final class BatchGetItem implements Operation {
    static final long RESPONSE_BYTES = 16L * 1024 * 1024;

    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("RequestItems", map("KeysAndAttributes", valueStruct("KeysAndAttributes")
                    .field("Keys", list(parameterizedMap(attributeValue())).notNull().minLength(1).genericMessage())
                    .field("AttributesToGet", ItemShapes.attributesToGet())
                    .field("ConsistentRead", bool())
                    .field("ProjectionExpression", string())
                    .field("ExpressionAttributeNames", stringMap()))
                    .notNull().jsonEcho()
                    .keys(Shape.batchTableKey()));

    private final Context ctx;

    public BatchGetItem(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    private record TableRequest(String name, Map<String, Object> raw, List<Map<String, Value>> keys, Projection projection, boolean consistent) {
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Map<String, Object> requestItems = Req.map(req, "RequestItems");
        if (requestItems.isEmpty()) {
            // A semantic check of the service's, sent bare (issue 37: the service's answer to an empty map).
            throw ApiException.validation("The requestItems parameter is required for BatchGetItem");
        }
        for (Map.Entry<String, Object> e : requestItems.entrySet()) {
            if (Req.list(Req.asMap(e.getValue()), "Keys").size() > 100) {
                throw ApiException.validation("1 validation error detected: Value at 'RequestItems." + e.getKey()
                        + ".member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100");
            }
        }
        List<TableRequest> requests = new ArrayList<>();
        int total = 0;
        for (Map.Entry<String, Object> e : requestItems.entrySet()) {
            Map<String, Object> t = Req.asMap(e.getValue());
            Expressions ex = new Expressions("BatchGetItem", t);
            ex.checkParameters(List.of("ProjectionExpression"), List.of("AttributesToGet"), null);
            ItemShapes.noDuplicates(Req.strings(t, "AttributesToGet"));
            Projection projection = Projections.parse(ex, t);
            Expressions.requireAllUsed(ex, t);
            List<Map<String, Value>> keys = new ArrayList<>();
            Set<Map<String, Value>> seen = new HashSet<>();
            for (Object k : Req.list(t, "Keys")) {
                Map<String, Value> key = ex.attributes(Req.asMap(k));
                if (!seen.add(key)) {
                    throw ApiException.validation("Provided list of item keys contains duplicates");
                }
                keys.add(key);
                if (++total > 100) {
                    throw ApiException.validation("Too many items requested for the BatchGetItem call");
                }
            }
            requests.add(new TableRequest(e.getKey(), t, keys, projection, Req.flag(t, "ConsistentRead")));
        }
        List<Table> tables = new ArrayList<>();
        for (TableRequest r : requests) {
            Table table = ctx.catalog().require(r.name);
            for (Map<String, Value> key : r.keys) {
                ItemKeys.checkKey(table, key);
            }
            tables.add(table);
        }

        String mode = Req.string(req, "ReturnConsumedCapacity");
        long responseBytes = 0;
        Map<String, List<Map<String, Value>>> unprocessed = new LinkedHashMap<>();
        List<Capacity> consumed = new ArrayList<>();
        out.writeStartObject();
        out.writeObjectFieldStart("Responses");
        for (int i = 0; i < requests.size(); i++) {
            TableRequest r = requests.get(i);
            Table table = tables.get(i);
            Capacity capacity = new Capacity(table.name());
            out.writeArrayFieldStart(r.name);
            for (Map<String, Value> key : r.keys) {
                if (responseBytes > RESPONSE_BYTES || ctx.faults().fires(Faults.Kind.UNPROCESSED, "BatchGetItem", r.name)) {
                    unprocessed.computeIfAbsent(r.name, n -> new ArrayList<>()).add(key);
                    continue;
                }
                byte[] stored = table.items.get(table.key(key));
                double units = Capacity.read(stored == null ? 0 : ItemCodec.size(stored), r.consistent);
                try {
                    ctx.throughput().take(table, Table.partitionPrefix(key.get(table.key().partitionKey())), false, units);
                } catch (ApiException throttled) {
                    unprocessed.computeIfAbsent(r.name, n -> new ArrayList<>()).add(key);
                    continue;
                }
                capacity.addTable(units);
                if (stored != null) {
                    responseBytes += ItemCodec.size(stored);
                    if (r.projection == null) {
                        ItemCodec.writeJson(stored, out);
                    } else {
                        ValueJson.writeItem(out, r.projection.apply(ItemCodec.decode(stored)));
                    }
                }
            }
            out.writeEndArray();
            consumed.add(capacity);
        }
        out.writeEndObject();
        out.writeObjectFieldStart("UnprocessedKeys");
        for (TableRequest r : requests) {
            List<Map<String, Value>> keys = unprocessed.get(r.name);
            if (keys == null) {
                continue;
            }
            out.writeObjectFieldStart(r.name);
            out.writeArrayFieldStart("Keys");
            for (Map<String, Value> key : keys) {
                ValueJson.writeItem(out, key);
            }
            out.writeEndArray();
            if (Req.has(r.raw, "ConsistentRead")) {
                out.writeBooleanField("ConsistentRead", r.consistent);
            }
            if (Req.has(r.raw, "ProjectionExpression")) {
                out.writeStringField("ProjectionExpression", Req.string(r.raw, "ProjectionExpression"));
            }
            if (Req.has(r.raw, "AttributesToGet")) {
                out.writeArrayFieldStart("AttributesToGet");
                for (String a : Req.strings(r.raw, "AttributesToGet")) {
                    out.writeString(a);
                }
                out.writeEndArray();
            }
            if (Req.has(r.raw, "ExpressionAttributeNames")) {
                out.writeObjectFieldStart("ExpressionAttributeNames");
                for (Map.Entry<String, Object> n : Req.map(r.raw, "ExpressionAttributeNames").entrySet()) {
                    out.writeStringField(n.getKey(), (String) n.getValue());
                }
                out.writeEndObject();
            }
            out.writeEndObject();
        }
        out.writeEndObject();
        writeConsumed(out, mode, consumed);
        out.writeEndObject();
    }

    /** ConsumedCapacity of a multi-table request: one entry per table, in request order. */
    static void writeConsumed(JsonGenerator out, String mode, List<Capacity> consumed) throws IOException {
        if (!CapacityJson.wanted(mode)) {
            return;
        }
        out.writeArrayFieldStart("ConsumedCapacity");
        for (Capacity c : consumed) {
            CapacityJson.write(out, c, mode, null);
        }
        out.writeEndArray();
    }
}

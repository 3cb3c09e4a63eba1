package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.map;
import static com.bigtimedeals.engine.api.Shape.parameterizedList;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * BatchWriteItem: up to 25 puts and deletes over one or more tables, each atomic on its own item (the batch as a
 * whole is not). Items refused by throughput limits, a running transaction or an injected fault come back as
 * UnprocessedItems, as the service returns them.
 */
public final class BatchWriteItem implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("ReturnItemCollectionMetrics", ItemShapes.returnItemCollectionMetrics())
            .field("RequestItems", map("java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>",
                    parameterizedList(valueStruct("WriteRequest")
                            .field("PutRequest", fieldStruct("PutRequest").field("Item", attributeMap().notNull()))
                            .field("DeleteRequest", fieldStruct("DeleteRequest").field("Key", attributeMap().notNull()))))
                    .notNull()
                    .keys(Shape.batchTableKey())
                    .values(Shape.list(null).length(1, 25)));

    private final Context ctx;

    public BatchWriteItem(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    /** One write of the batch: a put (item) or a delete (key only). */
    private record Write(String table, Map<String, Value> key, Map<String, Value> item) {
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Map<String, Object> requestItems = Req.map(req, "RequestItems");
        if (requestItems.isEmpty()) {
            // Regions answer this one either way while the service moves to its newer validation wording.
            throw ApiException.validation("The requestItems parameter is required for BatchWriteItem");
        }
        Expressions ex = new Expressions("BatchWriteItem", req);
        List<Write> writes = new ArrayList<>();
        for (Map.Entry<String, Object> e : requestItems.entrySet()) {
            for (Object o : Req.list(requestItems, e.getKey())) {
                Map<String, Object> w = Req.asMap(o);
                Map<String, Object> put = Req.map(w, "PutRequest");
                Map<String, Object> delete = Req.map(w, "DeleteRequest");
                if ((put == null) == (delete == null)) {
                    throw ApiException.validation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
                }
                if (put != null) {
                    Map<String, Value> item = ex.attributes(Req.map(put, "Item"));
                    if (Sizes.of(item) > PutItem.MAX_ITEM_BYTES) {
                        throw ApiException.validation("Item size has exceeded the maximum allowed size");
                    }
                    writes.add(new Write(e.getKey(), null, item));
                } else {
                    writes.add(new Write(e.getKey(), ex.attributes(Req.map(delete, "Key")), null));
                }
            }
        }
        if (writes.size() > 25) {
            throw ApiException.validation("Too many items requested for the BatchWriteItem call");
        }
        Map<String, Table> tables = new LinkedHashMap<>();
        Set<Object> seen = new HashSet<>();
        List<Map<String, Value>> keys = new ArrayList<>();
        for (Write w : writes) {
            Table table = tables.computeIfAbsent(w.table, ctx.catalog()::require);
            Map<String, Value> key;
            if (w.item != null) {
                try {
                    ItemKeys.checkItem(table, w.item);
                } catch (ApiException e) {
                    // A batch words a missing or mistyped table key attribute as a key that does not match the schema.
                    String m = e.getMessage();
                    if (m.startsWith("One or more parameter values were invalid: Missing the key ")
                            || m.startsWith("One or more parameter values were invalid: Type mismatch for key ")) {
                        throw ApiException.validation(ItemKeys.SCHEMA_MISMATCH);
                    }
                    throw e;
                }
                key = ItemKeys.keyOf(table.key(), w.item);
            } else {
                ItemKeys.checkKey(table, w.key);
                key = w.key;
            }
            if (!seen.add(List.of(table.id, ByteBuffer.wrap(table.key(key))))) {
                throw ApiException.validation("Provided list of item keys contains duplicates");
            }
            keys.add(key);
        }

        Map<String, Capacity> consumed = new LinkedHashMap<>();
        for (String name : tables.keySet()) {
            consumed.put(name, new Capacity(name));
        }
        Map<String, List<Write>> unprocessed = new LinkedHashMap<>();
        ApiException lastThrottle = null;
        for (int i = 0; i < writes.size(); i++) {
            Write w = writes.get(i);
            Table table = tables.get(w.table);
            if (ctx.faults().fires(Faults.Kind.UNPROCESSED, "BatchWriteItem", w.table)) {
                unprocessed.computeIfAbsent(w.table, n -> new ArrayList<>()).add(w);
                continue;
            }
            try {
                WritePath.Outcome o = WritePath.write(ctx, table, keys.get(i), current -> w.item);
                Capacity c = consumed.get(w.table);
                c.add(o.capacity());
            } catch (ApiException refused) {
                String type = refused.shortType();
                if (!type.equals("ProvisionedThroughputExceededException") && !type.equals("ThrottlingException")
                        && !type.equals("TransactionConflictException")) {
                    throw refused;
                }
                lastThrottle = refused;
                unprocessed.computeIfAbsent(w.table, n -> new ArrayList<>()).add(w);
            }
        }
        int left = 0;
        for (List<Write> l : unprocessed.values()) {
            left += l.size();
        }
        if (lastThrottle != null && left == writes.size()) {
            throw lastThrottle;
        }
        String mode = Req.string(req, "ReturnConsumedCapacity");
        out.writeStartObject();
        out.writeObjectFieldStart("UnprocessedItems");
        for (Map.Entry<String, List<Write>> e : unprocessed.entrySet()) {
            out.writeArrayFieldStart(e.getKey());
            for (Write w : e.getValue()) {
                out.writeStartObject();
                if (w.item != null) {
                    out.writeObjectFieldStart("PutRequest");
                    ValueJson.writeItemField(out, "Item", w.item);
                } else {
                    out.writeObjectFieldStart("DeleteRequest");
                    ValueJson.writeItemField(out, "Key", w.key);
                }
                out.writeEndObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
        BatchGetItem.writeConsumed(out, mode, new ArrayList<>(consumed.values()));
        if ("SIZE".equals(Req.string(req, "ReturnItemCollectionMetrics"))) {
            out.writeObjectFieldStart("ItemCollectionMetrics");
            for (Map.Entry<String, Table> e : tables.entrySet()) {
                if (e.getValue().def().localIndexes().isEmpty()) {
                    continue;
                }
                out.writeArrayFieldStart(e.getKey());
                for (int i = 0; i < writes.size(); i++) {
                    if (writes.get(i).table.equals(e.getKey())) {
                        WriteConditions.writeCollectionMetrics(out, e.getValue(), keys.get(i));
                    }
                }
                out.writeEndArray();
            }
            out.writeEndObject();
        }
        out.writeEndObject();
    }
}

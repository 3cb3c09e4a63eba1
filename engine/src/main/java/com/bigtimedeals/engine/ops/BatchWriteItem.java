package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.map;
import static com.bigtimedeals.engine.api.Shape.parameterizedList;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.core.BatchWrites;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * BatchWriteItem: up to 25 puts and deletes over one or more tables, decoded into a {@link Request}, run by the core's
 * {@link BatchWrites}, its outcome encoded; writes the core leaves unprocessed come back as UnprocessedItems.
 */
public final class BatchWriteItem extends TypedOperation<BatchWriteItem.Request, BatchWrites.Outcome> {
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

    public BatchWriteItem(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once: its writes in request order and what the answer should carry. */
    record Request(List<BatchWrites.Write> writes, String capacityMode, boolean collectionMetrics) {
    }

    @Override
    Request decode(Map<String, Object> req) {
        return decode(new Expressions("BatchWriteItem", req), req);
    }

    @Override
    BatchWrites.Outcome run(Request request) {
        return BatchWrites.run(ctx, request.writes());
    }

    static Request decode(Expressions ex, Map<String, Object> req) {
        Map<String, Object> requestItems = Req.map(req, "RequestItems");
        if (requestItems.isEmpty()) {
            // Regions answer this one either way while the service moves to its newer validation wording.
            throw ApiException.validation("The requestItems parameter is required for BatchWriteItem");
        }
        List<BatchWrites.Write> writes = new ArrayList<>();
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
                    if (Sizes.of(item) > ItemSize.MAX_ITEM_BYTES) {
                        throw ApiException.validation("Item size has exceeded the maximum allowed size");
                    }
                    writes.add(new BatchWrites.Write(e.getKey(), null, item));
                } else {
                    writes.add(new BatchWrites.Write(e.getKey(), ex.attributes(Req.map(delete, "Key")), null));
                }
            }
        }
        if (writes.size() > 25) {
            throw ApiException.validation("Too many items requested for the BatchWriteItem call");
        }
        return new Request(writes, Req.string(req, "ReturnConsumedCapacity"),
                "SIZE".equals(Req.string(req, "ReturnItemCollectionMetrics")));
    }

    @Override
    void encode(JsonGenerator out, Request request, BatchWrites.Outcome done) throws IOException {
        out.writeStartObject();
        out.writeObjectFieldStart("UnprocessedItems");
        for (Map.Entry<String, List<BatchWrites.Write>> e : done.unprocessed().entrySet()) {
            out.writeArrayFieldStart(e.getKey());
            for (BatchWrites.Write w : e.getValue()) {
                out.writeStartObject();
                if (w.item() != null) {
                    out.writeObjectFieldStart("PutRequest");
                    ValueJson.writeItemField(out, "Item", w.item());
                } else {
                    out.writeObjectFieldStart("DeleteRequest");
                    ValueJson.writeItemField(out, "Key", w.key());
                }
                out.writeEndObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
        CapacityJson.writeList(out, request.capacityMode(), done.consumed().values(), null);
        if (request.collectionMetrics()) {
            out.writeObjectFieldStart("ItemCollectionMetrics");
            for (Map.Entry<String, Table> e : done.tables().entrySet()) {
                if (e.getValue().def().localIndexes().isEmpty()) {
                    continue;
                }
                out.writeArrayFieldStart(e.getKey());
                for (int i = 0; i < request.writes().size(); i++) {
                    if (request.writes().get(i).table().equals(e.getKey())) {
                        WriteConditions.writeCollectionMetrics(out, e.getValue(), done.keys().get(i));
                    }
                }
                out.writeEndArray();
            }
            out.writeEndObject();
        }
        out.writeEndObject();
    }
}

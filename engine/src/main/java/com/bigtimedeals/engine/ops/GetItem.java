package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemReads;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** GetItem: one item by key, never taking a lock (every read here is strongly consistent). */
public final class GetItem extends TypedOperation<GetItem.Request, ItemReads.Outcome> {
    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("AttributesToGet", ItemShapes.attributesToGet())
            .field("TableName", Shape.tableNameMember())
            .field("Key", attributeMap().notNull())
            .field("ConsistentRead", bool())
            .field("ProjectionExpression", string())
            .field("ExpressionAttributeNames", stringMap());

    public GetItem(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once. */
    record Request(String tableName, Map<String, Value> key, Projection projection, boolean consistent, String capacityMode) {
    }

    @Override
    Request decode(Map<String, Object> req) {
        return decode(new Expressions("GetItem", req), req);
    }

    @Override
    ItemReads.Outcome run(Request r) {
        Table table = ctx.catalog().require(r.tableName());
        KeyAccess.check(table, r.projection() == null ? null : r.projection().nestedTopLevelNames());
        ItemKeys.checkKey(table, r.key());
        return ItemReads.get(ctx, table, r.key(), r.consistent());
    }

    static Request decode(Expressions ex, Map<String, Object> req) {
        ex.checkParameters(List.of("ProjectionExpression"), List.of("AttributesToGet"), null);
        Map<String, Value> key = ex.attributes(Req.map(req, "Key"));
        ItemShapes.noDuplicates(Req.strings(req, "AttributesToGet"));
        Projection projection = Projections.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        return new Request(Req.string(req, "TableName"), key, projection, Req.flag(req, "ConsistentRead"),
                Req.string(req, "ReturnConsumedCapacity"));
    }

    @Override
    void encode(JsonGenerator out, Request r, ItemReads.Outcome read) throws IOException {
        out.writeStartObject();
        if (read.stored() != null) {
            out.writeFieldName("Item");
            if (r.projection() == null) {
                ItemCodec.writeJson(read.stored(), out);
            } else {
                ValueJson.writeItem(out, r.projection().apply(ItemCodec.decode(read.stored())));
            }
        }
        CapacityJson.writeField(out, read.capacity(), r.capacityMode());
        out.writeEndObject();
    }
}

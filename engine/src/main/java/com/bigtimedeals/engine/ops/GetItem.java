package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** GetItem: one item by key, never taking a lock (every read here is strongly consistent). */
public final class GetItem implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("AttributesToGet", ItemShapes.attributesToGet())
            .field("TableName", Shape.tableNameMember())
            .field("Key", attributeMap().notNull())
            .field("ConsistentRead", bool())
            .field("ProjectionExpression", string())
            .field("ExpressionAttributeNames", stringMap());

    private final Context ctx;

    public GetItem(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Expressions ex = new Expressions("GetItem", req);
        ex.checkParameters(List.of("ProjectionExpression"), List.of("AttributesToGet"), null);
        Map<String, Value> key = ex.attributes(Req.map(req, "Key"));
        ItemShapes.noDuplicates(Req.strings(req, "AttributesToGet"));
        Projection projection = Projections.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        Table table = ctx.catalog().require(Req.string(req, "TableName"));
        KeyAccess.check(ex, table, projection == null ? null : projection.nestedTopLevelNames());
        ItemKeys.checkKey(table, key);
        byte[] stored = table.items.get(table.key(key));
        boolean consistent = Req.flag(req, "ConsistentRead");
        Capacity capacity = new Capacity(table.name());
        capacity.addTable(Capacity.read(stored == null ? 0 : ItemCodec.size(stored), consistent));
        ctx.throughput().take(table, Table.partitionPrefix(key.get(table.key().partitionKey())), false, capacity.total());
        out.writeStartObject();
        if (stored != null) {
            out.writeFieldName("Item");
            if (projection == null) {
                ItemCodec.writeJson(stored, out);
            } else {
                ValueJson.writeItem(out, projection.apply(ItemCodec.decode(stored)));
            }
        }
        CapacityJson.writeField(out, capacity, Req.string(req, "ReturnConsumedCapacity"));
        out.writeEndObject();
    }
}

package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.core.ItemWrites;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** PutItem: replaces an item whole, optionally under a condition. */
public final class PutItem extends TypedOperation<PutItem.Request, WriteConditions.Written> {
    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("TableName", Shape.tableNameMember())
            .field("Item", attributeMap().notNull())
            .field("ConditionalOperator", ItemShapes.conditionalOperator())
            .field("Expected", ItemShapes.expected())
            .field("ReturnValues", ItemShapes.returnValues())
            .field("ReturnItemCollectionMetrics", ItemShapes.returnItemCollectionMetrics())
            .field("ConditionExpression", string())
            .field("ExpressionAttributeValues", attributeMap())
            .field("ExpressionAttributeNames", stringMap())
            .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure());

    public PutItem(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once. */
    record Request(String tableName, Map<String, Value> item, WriteConditions.Conditional conditional) {
    }

    @Override
    Request decode(Map<String, Object> req) {
        return decode(new Expressions("PutItem", req), req);
    }

    @Override
    WriteConditions.Written run(Request r) {
        WriteConditions.Conditional c = r.conditional();
        Table table = ctx.catalog().require(r.tableName());
        KeyAccess.check(table, c.condition().nestedTopLevelNames());
        ItemKeys.checkItem(table, r.item());
        WritePath.Outcome o = ItemWrites.put(ctx, table, r.item(), c.condition(), c.returnOldOnFailure());
        return new WriteConditions.Written(table, r.item(), c.returnOld() ? o.before() : null, o.capacity());
    }

    @Override
    void encode(JsonGenerator out, Request r, WriteConditions.Written written) throws IOException {
        WriteConditions.writeResult(out, written, r.conditional().answer());
    }

    static Request decode(Expressions ex, Map<String, Object> req) {
        ex.checkParameters(List.of("ConditionExpression"), List.of("Expected", "ConditionalOperator"), "Expected");
        Map<String, Value> item = ex.attributes(Req.map(req, "Item"));
        boolean returnOld = WriteConditions.returnsOld(req);
        if (Sizes.of(item) > ItemSize.MAX_ITEM_BYTES) {
            throw ApiException.validation("Item size has exceeded the maximum allowed size");
        }
        return new Request(Req.string(req, "TableName"), item, WriteConditions.conditional(ex, req, returnOld));
    }
}

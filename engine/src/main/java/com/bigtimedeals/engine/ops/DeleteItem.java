package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.core.ItemWrites;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** DeleteItem: removes an item, optionally under a condition; deleting a missing item succeeds. */
public final class DeleteItem extends TypedOperation<DeleteItem.Request, WriteConditions.Written> {
    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("TableName", Shape.tableNameMember())
            .field("ReturnValues", ItemShapes.returnValues())
            .field("ReturnItemCollectionMetrics", ItemShapes.returnItemCollectionMetrics())
            .field("Key", attributeMap().notNull())
            .field("ConditionalOperator", ItemShapes.conditionalOperator())
            .field("Expected", ItemShapes.expected())
            .field("ConditionExpression", string())
            .field("ExpressionAttributeValues", attributeMap())
            .field("ExpressionAttributeNames", stringMap())
            .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure());

    public DeleteItem(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once. */
    record Request(String tableName, Map<String, Value> key, WriteConditions.Conditional conditional) {
    }

    @Override
    Request decode(Map<String, Object> req) {
        return decode(new Expressions("DeleteItem", req), req);
    }

    @Override
    WriteConditions.Written run(Request r) {
        WriteConditions.Conditional c = r.conditional();
        Table table = ctx.catalog().require(r.tableName());
        KeyAccess.check(table, c.condition().nestedTopLevelNames());
        ItemKeys.checkKey(table, r.key());
        WritePath.Outcome o = ItemWrites.delete(ctx, table, r.key(), c.condition(), c.returnOldOnFailure());
        return new WriteConditions.Written(table, r.key(), c.returnOld() ? o.before() : null, o.capacity());
    }

    @Override
    void encode(JsonGenerator out, Request r, WriteConditions.Written written) throws IOException {
        WriteConditions.writeResult(out, written, r.conditional().answer());
    }

    static Request decode(Expressions ex, Map<String, Object> req) {
        ex.checkParameters(List.of("ConditionExpression"), List.of("Expected", "ConditionalOperator"), "Expected");
        Map<String, Value> key = ex.attributes(Req.map(req, "Key"));
        boolean returnOld = WriteConditions.returnsOld(req);
        return new Request(Req.string(req, "TableName"), key, WriteConditions.conditional(ex, req, returnOld));
    }
}

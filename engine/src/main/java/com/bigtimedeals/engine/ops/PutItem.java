package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** PutItem: replaces an item whole, optionally under a condition. */
public final class PutItem implements Operation {
    static final long MAX_ITEM_BYTES = 400 * 1024;

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

    private final Context ctx;

    public PutItem(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Expressions ex = new Expressions("PutItem", req);
        ex.checkParameters(List.of("ConditionExpression"), List.of("Expected", "ConditionalOperator"), "Expected");
        Map<String, Value> item = ex.attributes(Req.map(req, "Item"));
        String returnValues = Req.string(req, "ReturnValues");
        if (returnValues != null && !returnValues.equals("ALL_OLD") && !returnValues.equals("NONE")) {
            throw ApiException.validation("ReturnValues can only be ALL_OLD or NONE");
        }
        if (Sizes.of(item) > MAX_ITEM_BYTES) {
            throw ApiException.validation("Item size has exceeded the maximum allowed size");
        }
        Condition condition = WriteConditions.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        Table table = ctx.catalog().require(Req.string(req, "TableName"));
        KeyAccess.check(ex, table, condition.nestedTopLevelNames());
        ItemKeys.checkItem(table, item);
        String onFailure = Req.string(req, "ReturnValuesOnConditionCheckFailure");
        WritePath.Outcome o = WritePath.write(ctx, table, ItemKeys.keyOf(table.key(), item), current -> {
            WriteConditions.check(condition, current, onFailure);
            return item;
        });
        WriteConditions.writeResult(out, "ALL_OLD".equals(returnValues) ? o.before() : null, o.capacity(), req, table, item);
    }
}

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
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** DeleteItem: removes an item, optionally under a condition; deleting a missing item succeeds. */
public final class DeleteItem implements Operation {
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

    private final Context ctx;

    public DeleteItem(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Expressions ex = new Expressions("DeleteItem", req);
        ex.checkParameters(List.of("ConditionExpression"), List.of("Expected", "ConditionalOperator"), "Expected");
        Map<String, Value> key = ex.attributes(Req.map(req, "Key"));
        String returnValues = Req.string(req, "ReturnValues");
        if (returnValues != null && !returnValues.equals("ALL_OLD") && !returnValues.equals("NONE")) {
            throw ApiException.validation("ReturnValues can only be ALL_OLD or NONE");
        }
        Condition condition = WriteConditions.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        Table table = ctx.catalog().require(Req.string(req, "TableName"));
        KeyAccess.check(ex, table, condition.nestedTopLevelNames());
        ItemKeys.checkKey(table, key);
        String onFailure = Req.string(req, "ReturnValuesOnConditionCheckFailure");
        WritePath.Outcome o = WritePath.write(ctx, table, key, current -> {
            WriteConditions.check(condition, current, onFailure);
            return null;
        });
        WriteConditions.writeResult(out, "ALL_OLD".equals(returnValues) ? o.before() : null, o.capacity(), req, table, key);
    }
}

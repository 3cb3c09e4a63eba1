package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.core.ItemWrites;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.expr.Update;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** UpdateItem: edits an item in place (creating it when missing), optionally under a condition. */
public final class UpdateItem extends TypedOperation<UpdateItem.Request, WriteConditions.Written> {
    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("TableName", Shape.tableNameMember())
            .field("ReturnItemCollectionMetrics", ItemShapes.returnItemCollectionMetrics())
            .field("ReturnValues", ItemShapes.returnValues())
            .field("Key", attributeMap().notNull())
            .field("ConditionalOperator", ItemShapes.conditionalOperator())
            .field("Expected", ItemShapes.expected())
            .field("AttributeUpdates", ItemShapes.attributeUpdates())
            .field("ConditionExpression", string())
            .field("UpdateExpression", string())
            .field("ExpressionAttributeValues", attributeMap())
            .field("ExpressionAttributeNames", stringMap())
            .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure());

    public UpdateItem(Context ctx) {
        super(ctx, SHAPE);
    }

    /**
     * The update of a request (UpdateExpression or legacy AttributeUpdates); null when it has neither. Whether it
     * touches a key attribute is checked later ({@link #checkKeys}), after the request's other expressions. Every
     * update path (UpdateItem, a transaction's Update, PartiQL's UPDATE) parses here.
     */
    static Update parseUpdate(Expressions ex, Map<String, Object> req, Set<String> keyAttributes) {
        String text = Req.string(req, "UpdateExpression");
        Update update = null;
        try {
            if (text != null) {
                update = ex.context().update(text);
            } else {
                Map<String, Object> updates = Req.map(req, "AttributeUpdates");
                if (updates != null) {
                    update = Legacy.attributeUpdates(ItemShapes.attributeUpdates(ex, updates), keyAttributes);
                }
            }
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
        if (update != null) {
            checkNames(ex, update);
        }
        return update;
    }

    /**
     * The attribute names an update gives its targets (from ExpressionAttributeNames, or AttributeUpdates' keys) are
     * known from the request, as a PutItem's are: refused by PutItem's own check, with its messages and wording.
     */
    private static void checkNames(Expressions ex, Update update) {
        for (String name : update.topLevelNames()) {
            try {
                AttributeValues.checkName(name);
            } catch (AttributeValues.Invalid e) {
                throw ex.invalid(e.getMessage());
            }
        }
    }

    /** Refuses an update of a key attribute: the service's last check of the request. */
    static void checkKeys(Expressions ex, Update update, Table table) {
        if (update == null || table == null) {
            return;
        }
        try {
            update.checkKeyAttributes(keyAttributes(table));
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
    }

    static Set<String> keyAttributes(Table table) {
        return table.key().sortKey() == null ? Set.of(table.key().partitionKey())
                : Set.of(table.key().partitionKey(), table.key().sortKey());
    }

    /** The request, decoded and checked as far as it can be without the table's keys. */
    record Request(Table table, Map<String, Value> key, Update update, Condition condition, String returnValues,
                   boolean returnOldOnFailure, WriteConditions.Answer answer) {
    }

    @Override
    Request decode(Map<String, Object> req) {
        return decode(new Expressions("UpdateItem", req), req);
    }

    @Override
    WriteConditions.Written run(Request r) {
        ItemKeys.checkKey(r.table(), r.key());
        WritePath.Outcome o = ItemWrites.update(ctx, r.table(), r.key(), r.update(), r.condition(), r.returnOldOnFailure());
        return new WriteConditions.Written(r.table(), r.key(), returned(r.returnValues(), r.update(), o), o.capacity());
    }

    @Override
    void encode(JsonGenerator out, Request r, WriteConditions.Written written) throws IOException {
        WriteConditions.writeResult(out, written, r.answer());
    }

    Request decode(Expressions ex, Map<String, Object> req) {
        ex.checkParameters(List.of("UpdateExpression", "ConditionExpression"), List.of("AttributeUpdates", "Expected", "ConditionalOperator"), "Expected");
        Map<String, Value> key = ex.attributes(Req.map(req, "Key"));
        // Parse errors come before a missing table, as in the service; key attributes need the table when it exists.
        Table found = ctx.catalog().get(Req.string(req, "TableName"));
        Update update = parseUpdate(ex, req, found == null ? Set.of() : keyAttributes(found));
        Condition condition = WriteConditions.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        checkKeys(ex, update, found);
        Table table = found != null ? found : ctx.catalog().require(Req.string(req, "TableName"));
        KeyAccess.check(table, update == null ? null : update.nestedTopLevelNames(), condition.nestedTopLevelNames());
        return new Request(table, key, update, condition, Req.string(req, "ReturnValues"),
                "ALL_OLD".equals(Req.string(req, "ReturnValuesOnConditionCheckFailure")), WriteConditions.Answer.of(req));
    }

    /** The attributes ReturnValues asks for. */
    static Map<String, Value> returned(String returnValues, Update update, WritePath.Outcome o) {
        if (returnValues == null) {
            return null;
        }
        switch (returnValues) {
            case "ALL_OLD":
                return o.before();
            case "ALL_NEW":
                return o.after();
            case "UPDATED_OLD":
                return o.before() == null || update == null ? null : update.updatedAttributes(o.before());
            case "UPDATED_NEW":
                return update == null ? null : update.updatedAttributes(o.after());
            default:
                return null;
        }
    }
}

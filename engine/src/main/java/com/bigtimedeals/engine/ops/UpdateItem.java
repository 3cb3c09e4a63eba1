package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.expr.Update;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** UpdateItem: edits an item in place (creating it when missing), optionally under a condition. */
public final class UpdateItem implements Operation {
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

    private final Context ctx;

    public UpdateItem(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
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

    /**
     * The item after an update: applied to the current item, or to the bare key when there is none; checked
     * against the size limit, the nesting every stored item keeps ({@link AttributeValues#checkLevels}; {@code SET a.b = :v}
     * can nest deeper than any value of the request) and the indexes' key types. Every
     * update path (UpdateItem, a transaction's Update, PartiQL's UPDATE) comes through here. Errors found while
     * applying (an operand of the wrong type, a path that does not exist) are the service's validation errors.
     */
    static Map<String, Value> apply(Table table, Update update, Map<String, Value> current, Map<String, Value> key) {
        if (current == null && update != null && update.removesOnly()) {
            // The service does not create an item for an update that only takes away (REMOVE, DELETE): there is
            // nothing to take from a missing item. Any other update, even an empty AttributeUpdates, creates it.
            return null;
        }
        Map<String, Value> after;
        try {
            if (update == null) {
                after = current != null ? current : new LinkedHashMap<>(key);
            } else {
                after = current != null ? update.apply(current) : update.applyToMissing(new LinkedHashMap<>(key));
            }
        } catch (ExpressionException e) {
            throw ApiException.validation(e.getMessage());
        }
        if (Sizes.of(after) > PutItem.MAX_ITEM_BYTES) {
            throw ApiException.validation("Item size to update has exceeded the maximum allowed size");
        }
        try {
            AttributeValues.checkLevels(after);
        } catch (AttributeValues.Invalid e) {
            throw ApiException.validation(e.getMessage());
        }
        ItemKeys.checkIndexKeys(table, after, true);
        return after;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Expressions ex = new Expressions("UpdateItem", req);
        ex.checkParameters(List.of("UpdateExpression", "ConditionExpression"), List.of("AttributeUpdates", "Expected", "ConditionalOperator"), "Expected");
        Map<String, Value> key = ex.attributes(Req.map(req, "Key"));
        // Parse errors come before a missing table, as in the service; key attributes need the table when it exists.
        Table found = ctx.catalog().get(Req.string(req, "TableName"));
        Update update = parseUpdate(ex, req, found == null ? Set.of() : keyAttributes(found));
        Condition condition = WriteConditions.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        checkKeys(ex, update, found);
        Table table = found != null ? found : ctx.catalog().require(Req.string(req, "TableName"));
        KeyAccess.check(ex, table, update == null ? null : update.nestedTopLevelNames(), condition.nestedTopLevelNames());
        ItemKeys.checkKey(table, key);
        String onFailure = Req.string(req, "ReturnValuesOnConditionCheckFailure");
        WritePath.Outcome o = WritePath.write(ctx, table, key, current -> {
            WriteConditions.check(condition, current, onFailure);
            return apply(table, update, current, key);
        });
        WriteConditions.writeResult(out, returned(Req.string(req, "ReturnValues"), update, o), o.capacity(), req, table, key);
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

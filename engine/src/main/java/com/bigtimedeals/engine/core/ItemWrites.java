package com.bigtimedeals.engine.core;

import java.util.LinkedHashMap;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.ConditionalCheckFailed;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Update;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;

/**
 * The single-item writes (put, delete, update), each under a condition checked against exactly the item it replaces,
 * through the {@link WritePath}. The requests were checked by the protocol; these answer typed outcomes.
 */
public final class ItemWrites {
    private ItemWrites() {
    }

    /** Replaces the item whole; {@code item} was checked against the table's keys. */
    public static WritePath.Outcome put(Context ctx, Table table, Map<String, Value> item, Condition condition,
                                        boolean returnOldOnFailure) {
        return WritePath.write(ctx, table, ItemKeys.keyOf(table.key(), item), current -> {
            check(condition, current, returnOldOnFailure);
            return item;
        });
    }

    /** Removes the item; deleting a missing item succeeds. */
    public static WritePath.Outcome delete(Context ctx, Table table, Map<String, Value> key, Condition condition,
                                           boolean returnOldOnFailure) {
        return WritePath.write(ctx, table, key, current -> {
            check(condition, current, returnOldOnFailure);
            return null;
        });
    }

    /** Edits the item in place, creating it when missing ({@link #apply}); a null update only touches it. */
    public static WritePath.Outcome update(Context ctx, Table table, Map<String, Value> key, Update update,
                                           Condition condition, boolean returnOldOnFailure) {
        return WritePath.write(ctx, table, key, current -> {
            check(condition, current, returnOldOnFailure);
            return apply(table, update, current, key);
        });
    }

    /** Checks the condition against the item it would replace (a missing item has no attributes). */
    public static void check(Condition condition, Map<String, Value> current, boolean returnOldOnFailure) {
        if (condition == Condition.ALWAYS) {
            return;
        }
        boolean holds;
        try {
            holds = condition.test(current == null ? Map.of() : current);
        } catch (ExpressionException e) {
            throw ApiException.validation(e.getMessage());
        }
        if (!holds) {
            throw new ConditionalCheckFailed(returnOldOnFailure ? current : null);
        }
    }

    /**
     * The item after an update: applied to the current item, or to the bare key when there is none; checked
     * against the size limit, the nesting every stored item keeps ({@link AttributeValues#checkLevels}; {@code SET a.b = :v}
     * can nest deeper than any value of the request) and the indexes' key types. Every
     * update path (UpdateItem, a transaction's Update, PartiQL's UPDATE) comes through here. Errors found while
     * applying (an operand of the wrong type, a path that does not exist) are the service's validation errors.
     */
    public static Map<String, Value> apply(Table table, Update update, Map<String, Value> current, Map<String, Value> key) {
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
        if (Sizes.of(after) > ItemSize.MAX_ITEM_BYTES) {
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
}

package com.bigtimedeals.engine.expr;

import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/** A parsed update expression (or legacy AttributeUpdates). */
public interface Update {
    /**
     * The new item: {@code item} (the empty map for a missing item) with every action applied, never modified in
     * place. Throws {@link ExpressionException} with the service's message where the service fails the update
     * at run time (an operand of the wrong type, a path that does not exist, ...).
     */
    Map<String, Value> apply(Map<String, Value> item);

    /**
     * The new item when there is none yet: the update applied to the item's key alone, with REMOVE and DELETE
     * ignored even on paths that would be invalid on an existing item (as the service does: REMOVE x.y on a missing
     * item succeeds). See {@link #removesOnly()} for whether such an item is written at all.
     */
    default Map<String, Value> applyToMissing(Map<String, Value> key) {
        return apply(key);
    }

    /**
     * The updated paths of {@code version} (the item before, for UPDATED_OLD, or after, for UPDATED_NEW), shaped
     * as the service returns them for those ReturnValues.
     */
    Map<String, Value> updatedAttributes(Map<String, Value> version);

    /**
     * Refuses an update that touches a key attribute of the table ({@code keyAttributes}, partition key first), with
     * the service's message naming the first such key attribute.
     */
    default void checkKeyAttributes(Set<String> keyAttributes) {
    }

    /**
     * Whether the update only takes away (REMOVE and DELETE actions, legacy DELETE), with at least one action. The
     * service does not create a missing item for such an update (measured by others: REMOVE a, or AttributeUpdates
     * {a: DELETE}, on a missing item leave it missing), while any other update, even an empty AttributeUpdates,
     * creates it with its key.
     */
    default boolean removesOnly() {
        return false;
    }

    /** The top-level attributes the update writes or removes. */
    default Set<String> topLevelNames() {
        return Set.of();
    }

    /**
     * The top-level attributes the update writes or reads inside ({@code SET d[1] = :v}, {@code SET f = d.b}): it may
     * not do so on a key attribute of the table or of its indexes ({@link KeyConditions#refuseNestedKeyAccess}).
     */
    default Set<String> nestedTopLevelNames() {
        return Set.of();
    }
}

package com.bigtimedeals.engine.expr;

import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/** A parsed projection expression (or legacy AttributesToGet). */
public interface Projection {
    /** The item reduced to the projected paths, shaped as the service returns it. */
    Map<String, Value> apply(Map<String, Value> item);

    /** The top-level attribute names the projection reads (for index projections and capacity). */
    Set<String> topLevelNames();

    /**
     * The top-level attributes the projection reads inside ({@code a.b}, {@code a[0]}): it may not do so on a key
     * attribute of the table or of its indexes ({@link KeyConditions#refuseNestedKeyAccess}).
     */
    default Set<String> nestedTopLevelNames() {
        return Set.of();
    }
}

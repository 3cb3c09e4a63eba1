package com.bigtimedeals.engine.expr;

import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/** A parsed condition or filter. A missing item is tested as the empty map: it has no attributes. */
@FunctionalInterface
public interface Condition {
    Condition ALWAYS = item -> true;

    boolean test(Map<String, Value> item);

    /**
     * The top-level attributes the condition reads (for a Query filter, which may not read key attributes:
     * {@link KeyConditions#refuseKeyAttributesInFilter}).
     */
    default Set<String> topLevelNames() {
        return Set.of();
    }

    /**
     * The top-level attributes the condition reads inside ({@code a.b}, {@code a[0]}): a filter may not do so on a key
     * attribute of the table or of its indexes ({@link KeyConditions#refuseNestedKeyAccess}).
     */
    default Set<String> nestedTopLevelNames() {
        return Set.of();
    }
}

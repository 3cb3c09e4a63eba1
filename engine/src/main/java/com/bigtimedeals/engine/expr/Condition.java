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
}

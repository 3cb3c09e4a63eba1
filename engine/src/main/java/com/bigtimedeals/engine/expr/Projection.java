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
}

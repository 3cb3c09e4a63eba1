package com.bigtimedeals.engine.expr;

import java.util.Map;

import com.bigtimedeals.engine.value.Value;

/** A parsed condition or filter. A missing item is tested as the empty map: it has no attributes. */
@FunctionalInterface
public interface Condition {
    Condition ALWAYS = item -> true;

    boolean test(Map<String, Value> item);
}

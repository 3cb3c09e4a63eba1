package com.bigtimedeals.engine.expr;

import com.bigtimedeals.engine.value.Value;

/** The key of a table or index, as key conditions are checked against it; the sort key is absent on a hash-only key. */
public record KeySchema(String partitionKey, Value.Type partitionType, String sortKey, Value.Type sortType) {
    public boolean hasSortKey() {
        return sortKey != null;
    }
}

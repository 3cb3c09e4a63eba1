package com.bigtimedeals.engine.expr;

import com.bigtimedeals.engine.value.Value;

/** A parsed key condition: the partition key's value, and the sort key's condition when there is one (else null). */
public record KeyCondition(String partitionKey, Value partitionValue, SortKeyCondition sortKey) {
}

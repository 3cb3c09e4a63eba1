package com.bigtimedeals.engine.expr;

import java.util.List;

import com.bigtimedeals.engine.value.Value;

/**
 * A parsed key condition: the partition key's value, and the sort key's condition when there is one (else null).
 * On a multi-attribute key, {@code partitionValues} holds every partition attribute's value in key schema order and
 * {@code sortPrefix} the values of the leading sort attributes matched with {@code =} before {@code sortKey}, the
 * condition on the last sort attribute named; on a single-attribute key they hold the one value and nothing.
 */
public record KeyCondition(String partitionKey, Value partitionValue, SortKeyCondition sortKey,
                           List<Value> partitionValues, List<Value> sortPrefix) {
    public KeyCondition(String partitionKey, Value partitionValue, SortKeyCondition sortKey) {
        this(partitionKey, partitionValue, sortKey, List.of(partitionValue), List.of());
    }
}

package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import com.bigtimedeals.engine.value.Value;

/**
 * The key of a table or index, as key conditions are checked against it: one or more partition key attributes and
 * none or more sort key attributes, in key schema order. A table and a local index have one of each at most; a
 * global index may have up to four of each (multi-attribute keys, Developer Guide "Multi-attribute keys pattern").
 * {@link #partitionKey()} and {@link #sortKey()} name the first of each; a type may be null where a caller does
 * not know it.
 */
public record KeySchema(List<String> partitionKeys, List<Value.Type> partitionTypes, List<String> sortKeys,
                        List<Value.Type> sortTypes) {
    /** The most attributes a global index's partition key, or its sort key, may have. */
    public static final int MAX_ATTRIBUTES = 4;

    public KeySchema {
        partitionKeys = Collections.unmodifiableList(new ArrayList<>(partitionKeys));
        partitionTypes = Collections.unmodifiableList(new ArrayList<>(partitionTypes));
        sortKeys = Collections.unmodifiableList(new ArrayList<>(sortKeys));
        sortTypes = Collections.unmodifiableList(new ArrayList<>(sortTypes));
    }

    /** A key of one partition key attribute and, unless {@code sortKey} is null, one sort key attribute. */
    public KeySchema(String partitionKey, Value.Type partitionType, String sortKey, Value.Type sortType) {
        this(List.of(partitionKey), Arrays.asList(partitionType), sortKey == null ? List.of() : List.of(sortKey),
                sortKey == null ? List.of() : Arrays.asList(sortType));
    }

    public String partitionKey() {
        return partitionKeys.get(0);
    }

    public Value.Type partitionType() {
        return partitionTypes.get(0);
    }

    public String sortKey() {
        return sortKeys.isEmpty() ? null : sortKeys.get(0);
    }

    public Value.Type sortType() {
        return sortTypes.isEmpty() ? null : sortTypes.get(0);
    }

    public boolean hasSortKey() {
        return !sortKeys.isEmpty();
    }

    /** Whether either part has more than one attribute (only a global index's key can). */
    public boolean multiAttribute() {
        return partitionKeys.size() > 1 || sortKeys.size() > 1;
    }

    /** Every key attribute: the partition key's, then the sort key's. */
    public List<String> attributes() {
        List<String> all = new ArrayList<>(partitionKeys);
        all.addAll(sortKeys);
        return all;
    }

    /** The type of a key attribute, or null when it is not one (or its type is not known). */
    public Value.Type typeOf(String attribute) {
        int p = partitionKeys.indexOf(attribute);
        if (p >= 0) {
            return partitionTypes.get(p);
        }
        int s = sortKeys.indexOf(attribute);
        return s >= 0 ? sortTypes.get(s) : null;
    }

    public boolean isPartitionKey(String attribute) {
        return partitionKeys.contains(attribute);
    }

    public boolean isKey(String attribute) {
        return partitionKeys.contains(attribute) || sortKeys.contains(attribute);
    }
}

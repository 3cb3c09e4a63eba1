package com.bigtimedeals.engine.core;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Function;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.value.Value;

/** The service's checks on keys and on the key attributes of items, with its messages. */
public final class ItemKeys {
    public static final int MAX_PARTITION_KEY_BYTES = 2048;
    public static final int MAX_SORT_KEY_BYTES = 1024;

    public static final String SCHEMA_MISMATCH = "The provided key element does not match the schema";

    private ItemKeys() {
    }

    /**
     * A key or item refused by these checks, with why: callers that word a refusal their own way (a batch, a
     * transaction's cancellation reasons) decide by the reason, never by the message.
     */
    public static final class KeyRefused extends ApiException {
        private final Reason reason;

        KeyRefused(Reason reason, String message) {
            super(VALIDATION, message);
            this.reason = reason;
        }

        public Reason reason() {
            return reason;
        }

        /**
         * Whether the service reports this refusal inside a transaction as the action's cancellation reason
         * (ValidationError): a key that does not match the schema, a missing key attribute, a type mismatch on a
         * table or index key. Empty and oversized key values are refused for the whole request instead.
         */
        public boolean cancelsTransactionAction() {
            return reason == Reason.SCHEMA_MISMATCH || reason == Reason.MISSING_KEY || reason == Reason.KEY_TYPE
                    || reason == Reason.INDEX_KEY_TYPE;
        }
    }

    /** Why a key or item was refused. */
    public enum Reason {
        /** A Key parameter with other attributes or types than the table's key. */
        SCHEMA_MISMATCH,
        /** An item without one of the table's key attributes. */
        MISSING_KEY,
        /** An item whose table key attribute has another type than the schema's. */
        KEY_TYPE,
        /** An item whose index key attribute has another type than the index's. */
        INDEX_KEY_TYPE,
        /** An empty string or binary as a table or index key value. */
        EMPTY_VALUE,
        /** A key value over its size limit. */
        TOO_LARGE
    }

    /** A Key parameter: exactly the table's key attributes, of the schema's types, not empty, within size limits. */
    public static void checkKey(Table table, Map<String, Value> key) {
        KeySchema schema = table.key();
        int expected = schema.sortKey() == null ? 1 : 2;
        if (key.size() != expected) {
            throw new KeyRefused(Reason.SCHEMA_MISMATCH, SCHEMA_MISMATCH);
        }
        checkKeyPiece(key, schema.partitionKey(), schema.partitionType(), true);
        if (schema.sortKey() != null) {
            checkKeyPiece(key, schema.sortKey(), schema.sortType(), false);
        }
    }

    private static void checkKeyPiece(Map<String, Value> key, String name, Value.Type type, boolean partition) {
        Value v = key.get(name);
        if (v == null || v.type() != type) {
            throw new KeyRefused(Reason.SCHEMA_MISMATCH, SCHEMA_MISMATCH);
        }
        checkNotEmpty(v, name);
        checkSize(v, partition);
    }

    private static void checkNotEmpty(Value v, String name) {
        if (v instanceof Value.S s && s.value().isEmpty()) {
            throw new KeyRefused(Reason.EMPTY_VALUE, "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: " + name);
        }
        if (v instanceof Value.B b && b.length() == 0) {
            throw new KeyRefused(Reason.EMPTY_VALUE, "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: " + name);
        }
    }

    private static void checkSize(Value v, boolean partition) {
        int size;
        if (v instanceof Value.S s) {
            size = s.value().getBytes(StandardCharsets.UTF_8).length;
        } else if (v instanceof Value.B b) {
            size = b.length();
        } else {
            return;
        }
        if (partition && size > MAX_PARTITION_KEY_BYTES) {
            throw new KeyRefused(Reason.TOO_LARGE, "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
        }
        if (!partition && size > MAX_SORT_KEY_BYTES) {
            throw new KeyRefused(Reason.TOO_LARGE, "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
        }
    }

    /** A whole item (PutItem, a Put in a batch or transaction): its key attributes and its index key attributes. */
    public static void checkItem(Table table, Map<String, Value> item) {
        KeySchema schema = table.key();
        checkItemKey(item, schema.partitionKey(), schema.partitionType(), true);
        if (schema.sortKey() != null) {
            checkItemKey(item, schema.sortKey(), schema.sortType(), false);
        }
        checkIndexKeys(table, item, false);
    }

    private static void checkItemKey(Map<String, Value> item, String name, Value.Type type, boolean partition) {
        Value v = item.get(name);
        if (v == null) {
            throw new KeyRefused(Reason.MISSING_KEY, "One or more parameter values were invalid: Missing the key " + name + " in the item");
        }
        if (v.type() != type) {
            throw new KeyRefused(Reason.KEY_TYPE, "One or more parameter values were invalid: Type mismatch for key " + name
                    + " expected: " + type + " actual: " + v.type());
        }
        checkNotEmpty(v, name);
        checkSize(v, partition);
    }

    /**
     * Index key attributes present in an item must have the index's types and must not be empty (an item without
     * them is simply left out of the index). {@code byUpdate} picks the message UpdateItem gives for empty values.
     */
    public static void checkIndexKeys(Table table, Map<String, Value> item, boolean byUpdate) {
        TableDef def = table.def();
        if (def.globalIndexes().isEmpty() && def.localIndexes().isEmpty()) {
            return;
        }
        // The service names the alphabetically first index an attribute keys.
        for (TableDef.IndexDef index : indexesByName(def)) {
            if (def.localIndexes().contains(index)) {
                checkIndexKey(def, index, index.key().sortKey(), item, byUpdate);
                continue;
            }
            for (String attribute : index.key().attributes()) {
                checkIndexKey(def, index, attribute, item, byUpdate);
            }
        }
    }

    private static java.util.List<TableDef.IndexDef> indexesByName(TableDef def) {
        java.util.List<TableDef.IndexDef> all = new java.util.ArrayList<>(def.globalIndexes());
        all.addAll(def.localIndexes());
        all.sort(java.util.Comparator.comparing(TableDef.IndexDef::name));
        return all;
    }

    private static void checkIndexKey(TableDef def, TableDef.IndexDef index, String attribute, Map<String, Value> item, boolean byUpdate) {
        Value v = item.get(attribute);
        if (v == null) {
            return;
        }
        String type = def.attributeType(attribute);
        if (!v.type().name().equals(type)) {
            throw new KeyRefused(Reason.INDEX_KEY_TYPE, "One or more parameter values were invalid: Type mismatch for Index Key " + attribute
                    + " Expected: " + type + " Actual: " + v.type() + " IndexName: " + index.name());
        }
        boolean partition = index.key().isPartitionKey(attribute);
        checkSize(v, partition);
        boolean empty = (v instanceof Value.S s && s.value().isEmpty()) || (v instanceof Value.B b && b.length() == 0);
        if (empty) {
            String kind = v instanceof Value.S ? "string" : "binary";
            if (byUpdate) {
                throw new KeyRefused(Reason.EMPTY_VALUE, "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty "
                        + kind + " value.");
            }
            throw new KeyRefused(Reason.EMPTY_VALUE, "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty "
                    + kind + " value. IndexName: " + index.name() + ", IndexKey: " + attribute);
        }
    }

    /** The key attributes of an item (for stream records' Keys and for LastEvaluatedKey). */
    public static Map<String, Value> keyOf(KeySchema schema, Map<String, Value> item) {
        return keyOf(schema, item::get);
    }

    /**
     * The key of a stored item, read from its stored form without decoding its other attributes (a stream reader
     * reads every record's keys, and most of an image is not a key).
     */
    public static Map<String, Value> storedKeyOf(KeySchema schema, byte[] stored) {
        return keyOf(schema, name -> ItemCodec.attribute(stored, name));
    }

    private static Map<String, Value> keyOf(KeySchema schema, Function<String, Value> attribute) {
        Map<String, Value> key = new java.util.LinkedHashMap<>(4);
        for (String name : schema.attributes()) {
            key.put(name, attribute.apply(name));
        }
        return key;
    }
}

package com.bigtimedeals.engine.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.value.Value;

/**
 * The typed table-definition vocabulary CreateTable and UpdateTable share (the protocol's {@code TableSpecDecoder}
 * makes it from a request), with the service's checks of a secondary index, written once for both.
 */
public final class TableSpecs {
    private TableSpecs() {
    }

    /** One KeySchemaElement: the shape holds KeyType to HASH or RANGE. */
    public record KeyElement(String attribute, boolean hash) {
    }

    /** A StreamSpecification; {@code viewType} is null where the request leaves it out. */
    public record StreamSpec(boolean enabled, String viewType) {
        /** The service's check of the pair; null when it holds. */
        public String error() {
            if (enabled && viewType == null) {
                return "One or more parameter values were invalid: StreamViewType is required when StreamEnabled is true";
            }
            if (!enabled && viewType != null) {
                return "One or more parameter values were invalid: StreamViewType cannot be specified when StreamEnabled is false";
            }
            return null;
        }
    }

    /** An SSESpecification: whether it asks for encryption, and with which type (KMS unless named). */
    public record EncryptionSpec(boolean enabled, String type) {
    }

    /**
     * A secondary index as CreateTable's LocalSecondaryIndexes and GlobalSecondaryIndexes and UpdateTable's
     * GlobalSecondaryIndexUpdates Create ask for it. {@code nonKeyAttributes} and {@code provisioned} are null where
     * the request leaves them out; {@code projectionType} may be null (the shape allows it; {@link #error} refuses
     * it). OnDemandThroughput passes the shape and is not kept: the engine meters no on-demand maximum.
     */
    public record IndexSpec(String name, List<KeyElement> keySchema, String projectionType, List<String> nonKeyAttributes,
                     TableDef.Throughput provisioned) {
        public List<String> keyNames() {
            return names(keySchema);
        }

        /** The index's definition, ACTIVE, with {@code throughput} (null for a local index). */
        public TableDef.IndexDef definition(boolean global, List<TableDef.AttributeDefinition> attributes, TableDef.Throughput throughput) {
            return new TableDef.IndexDef(name, global, key(keySchema, attributes), projectionType,
                    nonKeyAttributes == null ? null : List.copyOf(nonKeyAttributes), throughput, "ACTIVE");
        }

        /**
         * The service's checks of one index, in its order; null when it is valid. {@code tableHash} is the table's
         * hash key for a local index, null for a global one; {@code indexNames} collects the names seen so far.
         */
        public String error(List<String> defined, Set<String> indexNames, String billing, String tableHash) {
            boolean global = tableHash == null;
            List<String> keys = keyNames();
            if (!defined.containsAll(keys)) {
                return "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: "
                        + bracketed(keys) + ", AttributeDefinitions: " + bracketed(defined);
            }
            String error = global ? globalKeyError(keySchema, keys) : localKeyError(keys, tableHash);
            if (error != null) {
                return error;
            }
            error = projectionError();
            if (error != null) {
                return error;
            }
            if (global && "PAY_PER_REQUEST".equals(billing) && provisioned != null) {
                return "One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: "
                        + name + " when BillingMode is PAY_PER_REQUEST";
            }
            if (global && !"PAY_PER_REQUEST".equals(billing) && provisioned == null) {
                return "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + name;
            }
            if (!indexNames.add(name)) {
                return "One or more parameter values were invalid: Duplicate index name: " + name;
            }
            return null;
        }

        /** A local index's key: the table's hash key, then one sort key. */
        private String localKeyError(List<String> keys, String tableHash) {
            if (keys.size() == 2 && keys.get(0).equals(keys.get(1))) {
                return "Both the Hash Key and the Range Key element in the KeySchema have the same name";
            }
            if (!keySchema.get(0).hash()) {
                return "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
            }
            if (keySchema.size() > 2) {
                return "One or more parameter values were invalid: Local secondary indexes do not support multi-attribute keys";
            }
            if (keySchema.size() == 2 && keySchema.get(1).hash()) {
                return "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type";
            }
            if (keySchema.size() != 2) {
                return "One or more parameter values were invalid: Index KeySchema does not have a range key for index: " + name;
            }
            if (!keys.get(0).equals(tableHash)) {
                return "One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                        + name + ". index hash key: " + keys.get(0) + ", table hash key: " + tableHash;
            }
            return null;
        }

        private String projectionError() {
            if (projectionType == null) {
                return "One or more parameter values were invalid: Unknown ProjectionType: null";
            }
            if (nonKeyAttributes != null && !"INCLUDE".equals(projectionType)) {
                return "One or more parameter values were invalid: ProjectionType is " + projectionType + ", but NonKeyAttributes is specified";
            }
            if ("INCLUDE".equals(projectionType) && nonKeyAttributes == null) {
                return "One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified";
            }
            return null;
        }
    }

    /** A validated key schema: its HASH elements make the partition key, its RANGE elements the sort key, in order. */
    public static KeySchema key(List<KeyElement> elements, List<TableDef.AttributeDefinition> attributes) {
        List<String> partition = new ArrayList<>();
        List<Value.Type> partitionTypes = new ArrayList<>();
        List<String> sort = new ArrayList<>();
        List<Value.Type> sortTypes = new ArrayList<>();
        for (KeyElement e : elements) {
            (e.hash() ? partition : sort).add(e.attribute());
            (e.hash() ? partitionTypes : sortTypes).add(type(e.attribute(), attributes));
        }
        return new KeySchema(partition, partitionTypes, sort, sortTypes);
    }

    private static Value.Type type(String attribute, List<TableDef.AttributeDefinition> attributes) {
        for (TableDef.AttributeDefinition a : attributes) {
            if (a.name().equals(attribute)) {
                return Value.Type.valueOf(a.type());
            }
        }
        throw new IllegalStateException("validated: " + attribute);
    }

    public static List<String> names(List<KeyElement> elements) {
        List<String> out = new ArrayList<>(elements.size());
        for (KeyElement e : elements) {
            out.add(e.attribute());
        }
        return out;
    }

    /**
     * A global index's key: one to four HASH elements, then up to four RANGE elements, each attribute once
     * (Developer Guide, "Multi-attribute keys pattern": a multi-attribute partition or sort key has up to four
     * attributes, in the order the key schema lists them). A two-element key keeps the single-attribute messages.
     */
    private static String globalKeyError(List<KeyElement> elements, List<String> names) {
        if (elements.size() == 2 && names.get(0).equals(names.get(1))) {
            return "Both the Hash Key and the Range Key element in the KeySchema have the same name";
        }
        if (!elements.get(0).hash()) {
            return "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
        }
        int hashes = 0;
        int ranges = 0;
        for (KeyElement e : elements) {
            if (e.hash()) {
                if (ranges > 0) {
                    return "Invalid KeySchema: HASH key elements must come before RANGE key elements";
                }
                hashes++;
            } else {
                ranges++;
            }
        }
        if (hashes > KeySchema.MAX_ATTRIBUTES) {
            return "Invalid KeySchema: The number of HASH key elements exceeds the limit of " + KeySchema.MAX_ATTRIBUTES;
        }
        if (ranges > KeySchema.MAX_ATTRIBUTES) {
            return "Invalid KeySchema: The number of RANGE key elements exceeds the limit of " + KeySchema.MAX_ATTRIBUTES;
        }
        if (new HashSet<>(names).size() != names.size()) {
            return "Invalid KeySchema: Some key attributes appear more than once";
        }
        return null;
    }

    public static String bracketed(List<String> names) {
        return "[" + String.join(", ", names) + "]";
    }
}

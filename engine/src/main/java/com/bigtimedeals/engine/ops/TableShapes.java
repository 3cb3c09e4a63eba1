package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.longValue;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import com.bigtimedeals.engine.api.Shape;

/** Request shapes shared by the table operations, with the service's constraints. */
final class TableShapes {
    /** Tag keys and values: letters, whitespace, digits and {@code _ . : / = + - @}, as documented. */
    static final String TAG_PATTERN = "[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*";

    private TableShapes() {
    }

    static Shape keySchema() {
        return keySchemaElements().length(1, 2);
    }

    /**
     * A global index's key schema: the model sets no maximum (API Reference, GlobalSecondaryIndex: "Minimum number
     * of 1 item"), since a multi-attribute key has up to four HASH and four RANGE elements; CreateTable's checks
     * hold it to that.
     */
    static Shape globalIndexKeySchema() {
        return keySchemaElements().minLength(1);
    }

    private static Shape keySchemaElements() {
        return list(valueStruct("KeySchemaElement")
                .field("AttributeName", string().notNull().length(1, 255))
                .field("KeyType", string().notNull().oneOf("HASH", "RANGE")))
                .notNull();
    }

    static Shape throughput() {
        return fieldStruct("ProvisionedThroughput")
                .field("WriteCapacityUnits", longValue().notNull().min(1))
                .field("ReadCapacityUnits", longValue().notNull().min(1));
    }

    static Shape projection() {
        return fieldStruct("Projection")
                .field("ProjectionType", string().oneOf("ALL", "INCLUDE", "KEYS_ONLY"))
                .field("NonKeyAttributes", list(string().length(1, 255)).length(1, 20));
    }

    static Shape indexName() {
        return string().notNull().pattern("[a-zA-Z0-9_.-]+").length(3, 255);
    }

    static Shape streamSpecification() {
        return fieldStruct("StreamSpecification")
                .field("StreamEnabled", bool().notNull())
                .field("StreamViewType", string().oneOf("NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"));
    }

    static Shape sseSpecification() {
        return fieldStruct("SSESpecification")
                .field("Enabled", bool())
                .field("SSEType", string().oneOf("AES256", "KMS"))
                .field("KMSMasterKeyId", string());
    }

    static Shape tags() {
        return list(valueStruct("Tag")
                .field("Key", string().notNull().length(1, 128).pattern(TAG_PATTERN))
                .field("Value", string().notNull().length(0, 256).pattern(TAG_PATTERN)));
    }

    static Shape onDemandThroughput() {
        return fieldStruct("OnDemandThroughput")
                .field("MaxReadRequestUnits", longValue())
                .field("MaxWriteRequestUnits", longValue());
    }
}

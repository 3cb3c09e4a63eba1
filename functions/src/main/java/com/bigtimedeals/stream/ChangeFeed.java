package com.bigtimedeals.stream;

import java.util.List;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.transformers.v2.dynamodb.DynamodbAttributeValueTransformer;
import com.bigtimedeals.changes.Change;
import com.bigtimedeals.changes.ItemChanges;
import com.bigtimedeals.topology.StreamMapping;

/**
 * The table's stream records, as Lambda hands them over, into domain changes ({@link ItemChanges} reads the
 * images); and the event source mapping's filter, evaluated as the mapping evaluates it.
 */
public final class ChangeFeed {
    private ChangeFeed() {
    }

    /** Whether the mapping's filter ({@link StreamMapping#FILTERS}) lets the record through. */
    public static boolean ofInterest(DynamodbStreamRecord record) {
        for (Map<String, Object> filter : StreamMapping.FILTERS) {
            if (matches(filter, record)) {
                return true;
            }
        }
        return false;
    }

    /** The subset of filter syntax the patterns use: nested objects ending in lists of literal values. */
    private static boolean matches(Map<String, Object> filter, DynamodbStreamRecord record) {
        Object eventName = filter.get("eventName");
        if (eventName instanceof List<?> names && !names.contains(record.getEventName())) {
            return false;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> image = (Map<String, Object>) ((Map<String, Object>) filter.get("dynamodb")).get("NewImage");
        Map<String, AttributeValue> actual = record.getDynamodb() == null ? null : record.getDynamodb().getNewImage();
        if (actual == null) {
            return false;
        }
        for (Map.Entry<String, Object> field : image.entrySet()) {
            AttributeValue value = actual.get(field.getKey());
            @SuppressWarnings("unchecked")
            Map.Entry<String, Object> typed = ((Map<String, Object>) field.getValue()).entrySet().iterator().next();
            Object v = value == null ? null : switch (typed.getKey()) {
                case "S" -> value.getS();
                case "BOOL" -> value.getBOOL();
                default -> throw new IllegalStateException("filter type not supported locally: " + typed.getKey());
            };
            if (v == null || !((List<?>) typed.getValue()).contains(v)) {
                return false;
            }
        }
        return true;
    }

    public static Change decode(DynamodbStreamRecord record) {
        var stream = record.getDynamodb();
        if (stream == null) {
            return new Change.Other();
        }
        return ItemChanges.decode("INSERT".equals(record.getEventName()),
                stream.getNewImage() == null ? null : DynamodbAttributeValueTransformer.toAttributeValueMapV2(stream.getNewImage()),
                stream.getOldImage() == null ? null : DynamodbAttributeValueTransformer.toAttributeValueMapV2(stream.getOldImage()));
    }
}

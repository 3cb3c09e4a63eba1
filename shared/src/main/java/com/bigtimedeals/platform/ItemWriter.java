package com.bigtimedeals.platform;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds one item: its keys, its {@code Type}, and application attributes (nulls are left out). */
final class ItemWriter {
    private final Map<String, AttributeValue> item = new HashMap<>();

    ItemWriter(Map<String, AttributeValue> key, String type) {
        item.putAll(key);
        item.put(Keys.TYPE, AttributeValue.fromS(type));
    }

    ItemWriter index(String attribute, String value) {
        item.put(attribute, AttributeValue.fromS(value));
        return this;
    }

    ItemWriter string(String name, String value) {
        if (value != null) {
            item.put(name, AttributeValue.fromS(value));
        }
        return this;
    }

    ItemWriter number(String name, long value) {
        item.put(name, AttributeValue.fromN(Long.toString(value)));
        return this;
    }

    ItemWriter decimal(String name, BigDecimal value) {
        if (value != null) {
            item.put(name, AttributeValue.fromN(value.toPlainString()));
        }
        return this;
    }

    ItemWriter bool(String name, boolean value) {
        item.put(name, AttributeValue.fromBool(value));
        return this;
    }

    ItemWriter instant(String name, Instant value) {
        if (value != null) {
            item.put(name, AttributeValue.fromS(value.toString()));
        }
        return this;
    }

    ItemWriter value(String name, AttributeValue value) {
        item.put(name, value);
        return this;
    }

    Map<String, AttributeValue> build() {
        return item;
    }
}

package com.bigtimedeals.platform;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds one item: its keys, its {@code Type}, and application attributes (nulls are left out). */
public final class ItemWriter {
    private final Map<String, AttributeValue> item = new HashMap<>();

    public ItemWriter(Map<String, AttributeValue> key, String type) {
        item.putAll(key);
        item.put(Keys.TYPE, AttributeValue.fromS(type));
    }

    public ItemWriter index(String attribute, String value) {
        item.put(attribute, AttributeValue.fromS(value));
        return this;
    }

    public ItemWriter string(String name, String value) {
        if (value != null) {
            item.put(name, AttributeValue.fromS(value));
        }
        return this;
    }

    public ItemWriter number(String name, long value) {
        item.put(name, AttributeValue.fromN(Long.toString(value)));
        return this;
    }

    public ItemWriter decimal(String name, BigDecimal value) {
        if (value != null) {
            item.put(name, AttributeValue.fromN(value.toPlainString()));
        }
        return this;
    }

    public ItemWriter bool(String name, boolean value) {
        item.put(name, AttributeValue.fromBool(value));
        return this;
    }

    public ItemWriter instant(String name, Instant value) {
        if (value != null) {
            item.put(name, AttributeValue.fromS(value.toString()));
        }
        return this;
    }

    public ItemWriter value(String name, AttributeValue value) {
        item.put(name, value);
        return this;
    }

    public Map<String, AttributeValue> build() {
        return item;
    }
}

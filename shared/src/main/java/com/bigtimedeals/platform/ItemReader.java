package com.bigtimedeals.platform;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Typed reads of application attributes from one item. */
public final class ItemReader {
    private final Map<String, AttributeValue> item;

    public ItemReader(Map<String, AttributeValue> item) {
        this.item = item;
    }

    public String type() {
        return string(Keys.TYPE);
    }

    public String string(String name) {
        AttributeValue v = item.get(name);
        return v == null ? null : v.s();
    }

    public long number(String name) {
        AttributeValue v = item.get(name);
        return v == null || v.n() == null ? 0L : Long.parseLong(v.n());
    }

    public BigDecimal decimal(String name) {
        AttributeValue v = item.get(name);
        return v == null || v.n() == null ? null : new BigDecimal(v.n());
    }

    public boolean bool(String name) {
        AttributeValue v = item.get(name);
        return v != null && Boolean.TRUE.equals(v.bool());
    }

    public Instant instant(String name) {
        String s = string(name);
        return s == null ? null : StoredInstant.parse(s);
    }

    public boolean has(String name) {
        return item.containsKey(name);
    }
}

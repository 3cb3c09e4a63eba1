package com.bigtimedeals.platform;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB bills it: UTF-8 attribute names plus values, numbers about 1 byte per 2 digits plus 1.
 * What a write costs follows from it (1 unit per KB, 2 in a transaction), so the tests and the benchmark state a
 * write's cost from the items themselves, whatever database answered it.
 */
public final class BilledSize {
    private BilledSize() {
    }

    public static int of(Map<String, AttributeValue> item) {
        int bytes = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            bytes += e.getKey().getBytes(StandardCharsets.UTF_8).length + of(e.getValue());
        }
        return bytes;
    }

    private static int of(AttributeValue v) {
        if (v.s() != null) {
            return v.s().getBytes(StandardCharsets.UTF_8).length;
        }
        if (v.n() != null) {
            return v.n().length() / 2 + 1;
        }
        if (v.bool() != null) {
            return 1;
        }
        if (v.b() != null) {
            return v.b().asByteArrayUnsafe().length;
        }
        int bytes = 3;
        if (v.hasL()) {
            for (AttributeValue x : v.l()) {
                bytes += 1 + of(x);
            }
        } else if (v.hasM()) {
            for (Map.Entry<String, AttributeValue> x : v.m().entrySet()) {
                bytes += 1 + x.getKey().length() + of(x.getValue());
            }
        }
        return bytes;
    }
}

package com.bigtimedeals.engine.value;

import java.util.Map;

/**
 * Item and attribute sizes by the Developer Guide's rules ("Item sizes and formats"): they decide the 400 KB
 * item limit, the key size limits and every capacity unit charged.
 */
public final class ItemSize {
    private ItemSize() {
    }

    /** Bytes of a whole item: for each attribute, the UTF-8 length of its name plus the size of its value. */
    public static long of(Map<String, Value> item) {
        throw new UnsupportedOperationException("not yet");
    }

    /** Bytes of one value. */
    public static long of(Value value) {
        throw new UnsupportedOperationException("not yet");
    }
}

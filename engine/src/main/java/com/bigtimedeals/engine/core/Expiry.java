package com.bigtimedeals.engine.core;

import java.util.Map;

import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TtlIndex;
import com.bigtimedeals.engine.value.Value;

/**
 * Deleting expired items, by the documented rules: the TTL attribute must be a top-level Number of epoch seconds
 * earlier than now, and not more than five years in the past. The delete goes through the normal write path, so
 * indexes and streams see it as any delete; its stream record carries the service's userIdentity.
 */
public final class Expiry {
    public static final long FIVE_YEARS_SECONDS = 5L * 365 * 24 * 60 * 60;

    private Expiry() {
    }

    /** Whether an item with this TTL value is due for deletion at {@code nowSecond}. */
    public static boolean expired(Value ttlValue, long nowSecond) {
        Long at = TtlIndex.expiry(ttlValue);
        return at != null && at < nowSecond && at >= nowSecond - FIVE_YEARS_SECONDS;
    }

    /** Deletes the item at {@code key} if it is (still) expired; returns whether it did. */
    public static boolean deleteIfExpired(Context ctx, Table table, byte[] key, long nowSecond) {
        byte[] stored = table.items.get(key);
        if (stored == null || !table.def().ttlEnabled()) {
            return false;
        }
        String attribute = table.def().ttlAttribute();
        Map<String, Value> keyMap = ItemKeys.storedKeyOf(table.key(), stored);
        boolean[] deleted = {false};
        WritePath.write(ctx, table, keyMap, current -> {
            if (current != null && expired(current.get(attribute), nowSecond)) {
                deleted[0] = true;
                return null;
            }
            return current;
        }, true);
        return deleted[0];
    }
}

package com.bigtimedeals.engine.ttl;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Expiry;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TtlIndex;

/**
 * The background deletion of expired items. Walks each TTL-enabled table's expiry index from the earliest entry
 * while entries are due, so its cost follows the number of expired items, not the size of the table. Items stay
 * readable until deleted, as in the service.
 */
public final class TtlSweeper {
    private final Context ctx;

    public TtlSweeper(Context ctx) {
        this.ctx = ctx;
    }

    public void sweep() {
        long nowSecond = ctx.now() / 1000;
        for (Table table : ctx.catalog().all()) {
            if (!table.def().ttlEnabled() || table.deleted()) {
                continue;
            }
            try {
                sweep(table, nowSecond);
            } catch (ApiException | IllegalStateException e) {
                // the table changed under the sweep (deleted, TTL switched off): the next sweep sees it as it is
            }
        }
    }

    private void sweep(Table table, long nowSecond) {
        TtlIndex.Entry e;
        while ((e = table.ttl.first()) != null && e.expiresAtSecond() < nowSecond) {
            table.ttl.remove(e);
            if (e.expiresAtSecond() < nowSecond - Expiry.FIVE_YEARS_SECONDS) {
                continue;
            }
            Expiry.deleteIfExpired(ctx, table, e.key(), nowSecond);
        }
    }
}

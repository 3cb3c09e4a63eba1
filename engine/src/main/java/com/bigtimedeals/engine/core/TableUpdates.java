package com.bigtimedeals.engine.core;

import com.bigtimedeals.engine.commit.Streams;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;

/** Redefining a table through the commit point, closing and opening its stream with it. */
public final class TableUpdates {
    /** What an update does to the table's stream. */
    public enum StreamChange {
        NONE, OPEN, CLOSE
    }

    private TableUpdates() {
    }

    /** Commits {@code def} as the table's definition; the caller holds the table's monitor. */
    public static void define(Context ctx, Table table, TableDef def, StreamChange stream) {
        ctx.committer().defineTable(table, () -> {
            if (stream == StreamChange.CLOSE) {
                Streams.close(ctx.committer(), table);
            }
            table.define(def);
            if (stream == StreamChange.OPEN) {
                Streams.open(ctx.catalog(), ctx.committer(), table, def.latestStreamLabel());
            }
        });
    }
}

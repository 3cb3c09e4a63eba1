package com.bigtimedeals.engine.ttl;

import com.bigtimedeals.engine.ops.Context;

/** Deletes expired items in the background. */
public final class TtlSweeper {
    private final Context ctx;

    public TtlSweeper(Context ctx) {
        this.ctx = ctx;
    }

    public void sweep() {
    }
}

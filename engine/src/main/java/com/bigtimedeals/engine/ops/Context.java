package com.bigtimedeals.engine.ops;

import com.bigtimedeals.engine.commit.Committer;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.table.Catalog;
import com.bigtimedeals.engine.table.PartitionThroughput;

/** What every operation works with: the tables, the commit point, the item locks and the engine's settings. */
public final class Context {
    /**
     * The engine's settings the operations read, fixed at start: handed down as values, so the operations never reach up
     * to the engine's own classes.
     */
    public record Settings(String region, String accountId, long iteratorLifetimeMillis, long streamRetentionMillis,
                           long idempotencyMillis) {
    }

    public final Settings settings;
    public final Catalog catalog;
    public final Committer committer;
    public final ItemLocks locks = new ItemLocks();
    public final Faults faults;
    public final PartitionThroughput throughput;
    public final Idempotency idempotency;

    public Context(Settings settings, Catalog catalog, Committer committer, Faults faults, PartitionThroughput throughput) {
        this.settings = settings;
        this.catalog = catalog;
        this.committer = committer;
        this.faults = faults;
        this.throughput = throughput;
        this.idempotency = new Idempotency(settings.idempotencyMillis(), committer::now);
    }

    public long now() {
        return committer.now();
    }

    public String tableArn(String table) {
        return "arn:aws:dynamodb:" + settings.region() + ":" + settings.accountId() + ":table/" + table;
    }
}

package com.bigtimedeals.engine.core;

import com.bigtimedeals.engine.commit.Committer;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.table.Catalog;
import com.bigtimedeals.engine.table.PartitionThroughput;

/**
 * The core's state, what every operation works with: the tables, the commit point, the item locks, the idempotency
 * window and the engine's settings. Read through accessors only; nothing above the core can swap a part.
 */
public final class Context {
    /**
     * The engine's settings the operations read, fixed at start: handed down as values, so the operations never reach up
     * to the engine's own classes.
     */
    public record Settings(String region, String accountId, long iteratorLifetimeMillis, long streamRetentionMillis,
                           long idempotencyMillis) {
    }

    private final Settings settings;
    private final Catalog catalog;
    private final Committer committer;
    private final ItemLocks locks = new ItemLocks();
    private final Faults faults;
    private final PartitionThroughput throughput;
    private final Idempotency idempotency;

    public Context(Settings settings, Catalog catalog, Committer committer, Faults faults, PartitionThroughput throughput) {
        this.settings = settings;
        this.catalog = catalog;
        this.committer = committer;
        this.faults = faults;
        this.throughput = throughput;
        this.idempotency = new Idempotency(settings.idempotencyMillis(), committer::now);
    }

    public Settings settings() {
        return settings;
    }

    public Catalog catalog() {
        return catalog;
    }

    public Committer committer() {
        return committer;
    }

    /** The item locks every single-item write and transaction takes. */
    public ItemLocks locks() {
        return locks;
    }

    public Faults faults() {
        return faults;
    }

    public PartitionThroughput throughput() {
        return throughput;
    }

    public Idempotency idempotency() {
        return idempotency;
    }

    public long now() {
        return committer.now();
    }

    public String tableArn(String table) {
        return "arn:aws:dynamodb:" + settings.region() + ":" + settings.accountId() + ":table/" + table;
    }
}

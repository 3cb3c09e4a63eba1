package com.bigtimedeals.engine.table;

/**
 * Per-table overrides of the engine's behaviour beyond DynamoDB Local; null means "as the engine is set". Set from
 * Java ({@code engine.tableSettings("t")}) or with the table tags {@code engine:partition-limits} and
 * {@code engine:gsi-lag-ms}, so that any client can switch them.
 */
public final class TableSettings {
    private volatile Boolean partitionLimits;
    private volatile Long gsiLagMillis;

    public Boolean partitionLimits() {
        return partitionLimits;
    }

    /** The service's per-partition throughput (3,000 RCU / 1,000 WCU a second per partition key value). */
    public TableSettings partitionLimits(Boolean enabled) {
        this.partitionLimits = enabled;
        return this;
    }

    public Long gsiLagMillis() {
        return gsiLagMillis;
    }

    /** How long a write takes to reach this table's global secondary indexes. */
    public TableSettings gsiLagMillis(Long millis) {
        this.gsiLagMillis = millis;
        return this;
    }
}

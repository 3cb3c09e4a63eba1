package com.bigtimedeals.engine.table;

import java.util.Map;

/**
 * Per-table engine settings carried as table tags, so any client (the AWS CLI included) can switch them:
 * {@code engine:partition-limits} ({@code true}/{@code false}) and {@code engine:gsi-lag-ms} (milliseconds).
 */
public final class TableSettingsTags {
    static final String PARTITION_LIMITS = "engine:partition-limits";
    static final String GSI_LAG = "engine:gsi-lag-ms";

    private TableSettingsTags() {
    }

    public static void apply(Table table, Map<String, String> tags) {
        String limits = tags.get(PARTITION_LIMITS);
        if (limits != null) {
            table.settings.partitionLimits(Boolean.parseBoolean(limits.trim()));
        }
        String lag = tags.get(GSI_LAG);
        if (lag != null) {
            try {
                table.settings.gsiLagMillis(Long.parseLong(lag.trim()));
            } catch (NumberFormatException e) {
                // not a number: the tag stays a plain tag
            }
        }
    }
}

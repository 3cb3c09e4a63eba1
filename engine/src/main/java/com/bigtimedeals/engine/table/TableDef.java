package com.bigtimedeals.engine.table;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.expr.KeySchema;

/**
 * A table's definition and settings as DescribeTable reports them: immutable, replaced whole by UpdateTable and
 * UpdateTimeToLive, so a reader always sees one consistent version.
 */
public record TableDef(
        String name,
        String tableId,
        String arn,
        long createdMillis,
        List<AttributeDefinition> attributeDefinitions,
        KeySchema key,
        String billingMode,
        long lastUpdateToPayPerRequestMillis,
        Throughput throughput,
        List<IndexDef> globalIndexes,
        List<IndexDef> localIndexes,
        boolean streamEnabled,
        String streamViewType,
        String latestStreamLabel,
        String ttlAttribute,
        boolean ttlEnabled,
        Map<String, String> tags,
        boolean deletionProtection,
        String tableClass,
        boolean sseEnabled,
        String sseType,
        String kmsKeyArn) {

    public record AttributeDefinition(String name, String type) {
    }

    /** Provisioned throughput, with the service's bookkeeping of increases and decreases. */
    public record Throughput(long read, long write, long lastIncreaseMillis, long lastDecreaseMillis, long decreasesToday) {
        public static final Throughput NONE = new Throughput(0, 0, 0, 0, 0);
    }

    public record IndexDef(String name, boolean global, KeySchema key, String projectionType,
                           List<String> nonKeyAttributes, Throughput throughput, String status) {
        public IndexDef withStatus(String s) {
            return new IndexDef(name, global, key, projectionType, nonKeyAttributes, throughput, s);
        }

        public IndexDef withThroughput(Throughput t) {
            return new IndexDef(name, global, key, projectionType, nonKeyAttributes, t, status);
        }
    }

    public boolean payPerRequest() {
        return "PAY_PER_REQUEST".equals(billingMode);
    }

    public String streamArn() {
        return latestStreamLabel == null ? null : arn + "/stream/" + latestStreamLabel;
    }

    public IndexDef index(String indexName) {
        for (IndexDef i : globalIndexes) {
            if (i.name().equals(indexName)) {
                return i;
            }
        }
        for (IndexDef i : localIndexes) {
            if (i.name().equals(indexName)) {
                return i;
            }
        }
        return null;
    }

    public String attributeType(String attribute) {
        for (AttributeDefinition a : attributeDefinitions) {
            if (a.name().equals(attribute)) {
                return a.type();
            }
        }
        return null;
    }

    public TableDef withStream(boolean enabled, String viewType, String label) {
        return new TableDef(name, tableId, arn, createdMillis, attributeDefinitions, key, billingMode,
                lastUpdateToPayPerRequestMillis, throughput, globalIndexes, localIndexes, enabled, viewType, label,
                ttlAttribute, ttlEnabled, tags, deletionProtection, tableClass, sseEnabled, sseType, kmsKeyArn);
    }

    public TableDef withTtl(String attribute, boolean enabled) {
        return new TableDef(name, tableId, arn, createdMillis, attributeDefinitions, key, billingMode,
                lastUpdateToPayPerRequestMillis, throughput, globalIndexes, localIndexes, streamEnabled, streamViewType,
                latestStreamLabel, attribute, enabled, tags, deletionProtection, tableClass, sseEnabled, sseType, kmsKeyArn);
    }

    public TableDef withTags(Map<String, String> newTags) {
        return new TableDef(name, tableId, arn, createdMillis, attributeDefinitions, key, billingMode,
                lastUpdateToPayPerRequestMillis, throughput, globalIndexes, localIndexes, streamEnabled, streamViewType,
                latestStreamLabel, ttlAttribute, ttlEnabled, Map.copyOf(newTags), deletionProtection, tableClass,
                sseEnabled, sseType, kmsKeyArn);
    }

    public TableDef withBilling(String mode, long lastPayPerRequest, Throughput t, List<IndexDef> gsis) {
        return new TableDef(name, tableId, arn, createdMillis, attributeDefinitions, key, mode,
                lastPayPerRequest, t, gsis, localIndexes, streamEnabled, streamViewType,
                latestStreamLabel, ttlAttribute, ttlEnabled, tags, deletionProtection, tableClass, sseEnabled, sseType, kmsKeyArn);
    }

    public TableDef withIndexes(List<AttributeDefinition> definitions, List<IndexDef> gsis) {
        return new TableDef(name, tableId, arn, createdMillis, definitions, key, billingMode,
                lastUpdateToPayPerRequestMillis, throughput, gsis, localIndexes, streamEnabled, streamViewType,
                latestStreamLabel, ttlAttribute, ttlEnabled, tags, deletionProtection, tableClass, sseEnabled, sseType, kmsKeyArn);
    }

    public TableDef withSettings(boolean protection, String cls, boolean sse, String sseKind, String kms) {
        return new TableDef(name, tableId, arn, createdMillis, attributeDefinitions, key, billingMode,
                lastUpdateToPayPerRequestMillis, throughput, globalIndexes, localIndexes, streamEnabled, streamViewType,
                latestStreamLabel, ttlAttribute, ttlEnabled, tags, protection, cls, sse, sseKind, kms);
    }
}

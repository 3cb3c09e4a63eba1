package com.bigtimedeals.engine.table;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import com.bigtimedeals.engine.api.ApiException;

/**
 * The service's per-partition ceiling, off unless switched on (for the engine or per table): each partition key
 * value serves at most 3,000 read units and 1,000 write units a second. A request that would go over is refused as
 * the service refuses it, so a hot key shows up on a laptop and not first in production. Each partition is a token
 * bucket holding one second of units.
 */
public final class PartitionThroughput {
    public static final double READ_UNITS_PER_SECOND = 3000;
    public static final double WRITE_UNITS_PER_SECOND = 1000;

    private static final class Bucket {
        double reads = READ_UNITS_PER_SECOND;
        double writes = WRITE_UNITS_PER_SECOND;
        long lastNanos;

        Bucket(long now) {
            lastNanos = now;
        }

        synchronized boolean take(boolean write, double units, long now) {
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            reads = Math.min(READ_UNITS_PER_SECOND, reads + seconds * READ_UNITS_PER_SECOND);
            writes = Math.min(WRITE_UNITS_PER_SECOND, writes + seconds * WRITE_UNITS_PER_SECOND);
            if (write) {
                if (writes < units && units <= WRITE_UNITS_PER_SECOND) {
                    return false;
                }
                writes -= units;
            } else {
                if (reads < units && units <= READ_UNITS_PER_SECOND) {
                    return false;
                }
                reads -= units;
            }
            return true;
        }
    }

    private final ConcurrentHashMap<Object, Bucket> buckets = new ConcurrentHashMap<>();
    private final LongSupplier nanos;
    private volatile boolean enabledByDefault;

    public PartitionThroughput(boolean enabledByDefault, LongSupplier nanos) {
        this.enabledByDefault = enabledByDefault;
        this.nanos = nanos;
    }

    public void enabledByDefault(boolean enabled) {
        this.enabledByDefault = enabled;
    }

    public boolean enabledFor(Table t) {
        Boolean own = t.settings.partitionLimits();
        return own != null ? own : enabledByDefault;
    }

    private record PartitionId(long table, ByteBuffer partition) {
    }

    /**
     * Takes units from a partition, refusing the request when the partition has none left this second.
     *
     * @param partition the partition's key prefix ({@link Table#partitionPrefix})
     */
    public void take(Table t, byte[] partition, boolean write, double units) {
        if (!enabledFor(t) || units <= 0) {
            return;
        }
        long now = nanos.getAsLong();
        Bucket b = buckets.computeIfAbsent(new PartitionId(t.id, ByteBuffer.wrap(partition)), k -> new Bucket(now));
        if (!b.take(write, units, now)) {
            throw exceeded(t, write);
        }
    }

    /** The service's answer for a partition over its limit: depends on the table's billing mode. */
    public static ApiException exceeded(Table t) {
        return exceeded(t, true);
    }

    /**
     * The service's answer for a partition over its limit: {@code ThrottlingException} on an on-demand table,
     * {@code ProvisionedThroughputExceededException} on a provisioned one, each with the reason the service gives
     * for a hot key range (its member names differ in case between the two, as in the service's model).
     */
    public static ApiException exceeded(Table t, boolean write) {
        String reason = write ? "TableWriteKeyRangeThroughputExceeded" : "TableReadKeyRangeThroughputExceeded";
        String arn = t.def().arn();
        if (t.def().payPerRequest()) {
            return new Throttled(ApiException.DYNAMODB + "ThrottlingException",
                    "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html",
                    "throttlingReasons", reason, arn);
        }
        return new Throttled(ApiException.DYNAMODB + "ProvisionedThroughputExceededException",
                "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.",
                "ThrottlingReasons", reason, arn);
    }

    private static final class Throttled extends ApiException {
        private final String member;
        private final String reason;
        private final String resource;

        Throttled(String type, String message, String member, String reason, String resource) {
            super(type, message);
            this.member = member;
            this.reason = reason;
            this.resource = resource;
        }

        @Override
        protected void writeExtra(com.fasterxml.jackson.core.JsonGenerator out) throws java.io.IOException {
            out.writeArrayFieldStart(member);
            out.writeStartObject();
            out.writeStringField("reason", reason);
            out.writeStringField("resource", resource);
            out.writeEndObject();
            out.writeEndArray();
        }
    }
}

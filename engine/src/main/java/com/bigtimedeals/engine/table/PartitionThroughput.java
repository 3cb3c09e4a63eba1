package com.bigtimedeals.engine.table;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import com.bigtimedeals.engine.api.ApiException;

/**
 * The service's per-partition ceiling, off unless switched on (for the engine or per table): each partition key
 * value of a table, and each partition key value of each global secondary index, serves at most 3,000 read units
 * and 1,000 write units a second, times the engine's scale ({@code --partition-scale}, 1 by default). A request
 * that would go over is refused as the service refuses it, so a hot key shows up on a laptop and not first in
 * production; a scale below 1 lets a laptop carry, per partition, what a fleet carries at a higher rate. A table
 * write draws on the table's partition (local secondary indexes live in the table's item collections, so their
 * units draw there too) and on every global index partition the write updates: a hot index partition throttles the
 * table writes that would update it, with a reason that names the index, as the service does. Each partition is a
 * token bucket holding one second of units.
 */
public final class PartitionThroughput {
    public static final double READ_UNITS_PER_SECOND = 3000;
    public static final double WRITE_UNITS_PER_SECOND = 1000;
    /** The window of {@link Busiest#windowReads}: the busiest 10 whole seconds' mean. */
    public static final int WINDOW_SECONDS = 10;

    /**
     * Units one request draws from one partition: the table's ({@code index} null) or a global index's, named by
     * the partition key's encoding ({@link Table#partitionPrefix}).
     */
    public record Draw(Index index, byte[] partition, double units) {
    }

    private static final class Bucket {
        final double readLimit;
        final double writeLimit;
        double reads;
        double writes;
        long lastNanos;
        /** Units taken in the current whole second, and the most any whole second has taken, reads and writes. */
        long second = Long.MIN_VALUE;
        double readsThisSecond;
        double writesThisSecond;
        double peakReads;
        double peakWrites;
        /**
         * The last {@link #WINDOW_SECONDS} whole seconds' units (slot: second mod the window), and the most any such
         * window served: a scaled run's per-second count of a key with a few requests a second is mostly chance, and
         * a window of W seconds at scale F holds F x W seconds of the key's full-scale traffic (docs/peak-day.md).
         */
        final long[] ringSecond = new long[WINDOW_SECONDS];
        final double[] ringReads = new double[WINDOW_SECONDS];
        final double[] ringWrites = new double[WINDOW_SECONDS];
        double peakWindowReads;
        double peakWindowWrites;
        /** Every unit served since limits went on: where a simulation's bill goes, key by key. */
        double totalReads;
        double totalWrites;

        Bucket(double scale, long now) {
            java.util.Arrays.fill(ringSecond, Long.MIN_VALUE);
            readLimit = READ_UNITS_PER_SECOND * scale;
            writeLimit = WRITE_UNITS_PER_SECOND * scale;
            reads = readLimit;
            writes = writeLimit;
            lastNanos = now;
        }

        /**
         * Takes the units if the bucket holds them. A request larger than a whole second of units (a 400 KB write
         * on a scaled-down partition) is served from a full bucket, leaving it in debt, as a partition serves one
         * large item rather than never.
         */
        synchronized boolean take(boolean write, double units, long now) {
            double seconds = Math.max(0, (now - lastNanos) / 1e9);
            lastNanos = now;
            reads = Math.min(readLimit, reads + seconds * readLimit);
            writes = Math.min(writeLimit, writes + seconds * writeLimit);
            if (write) {
                if (writes < Math.min(units, writeLimit)) {
                    return false;
                }
                writes -= units;
            } else {
                if (reads < Math.min(units, readLimit)) {
                    return false;
                }
                reads -= units;
            }
            count(write, units, now);
            return true;
        }

        private void count(boolean write, double units, long now) {
            long s = Math.floorDiv(now, 1_000_000_000L);
            if (s != second) {
                second = s;
                readsThisSecond = 0;
                writesThisSecond = 0;
            }
            if (write) {
                writesThisSecond += units;
                peakWrites = Math.max(peakWrites, writesThisSecond);
            } else {
                readsThisSecond += units;
                peakReads = Math.max(peakReads, readsThisSecond);
            }
            window(s, write, units);
            if (write) {
                totalWrites += units;
            } else {
                totalReads += units;
            }
        }

        private void window(long s, boolean write, double units) {
            int slot = (int) Math.floorMod(s, (long) WINDOW_SECONDS);
            if (ringSecond[slot] != s) {
                ringSecond[slot] = s;
                ringReads[slot] = 0;
                ringWrites[slot] = 0;
            }
            if (write) {
                ringWrites[slot] += units;
            } else {
                ringReads[slot] += units;
            }
            double sum = 0;
            for (int i = 0; i < WINDOW_SECONDS; i++) {
                if (ringSecond[i] > s - WINDOW_SECONDS) {
                    sum += write ? ringWrites[i] : ringReads[i];
                }
            }
            if (write) {
                peakWindowWrites = Math.max(peakWindowWrites, sum);
            } else {
                peakWindowReads = Math.max(peakWindowReads, sum);
            }
        }

        synchronized void refund(boolean write, double units) {
            if (write) {
                writes = Math.min(writeLimit, writes + units);
                writesThisSecond -= units;
            } else {
                reads = Math.min(readLimit, reads + units);
                readsThisSecond -= units;
            }
            long s = Math.floorDiv(lastNanos, 1_000_000_000L);
            int slot = (int) Math.floorMod(s, (long) WINDOW_SECONDS);
            if (ringSecond[slot] == s) {
                if (write) {
                    ringWrites[slot] -= units;
                } else {
                    ringReads[slot] -= units;
                }
            }
        }

        /** The most units any whole second has served, as a share of the limit (1: at the limit). */
        synchronized double peak(boolean write) {
            return write ? peakWrites / writeLimit : peakReads / readLimit;
        }

        /** The most units any {@link #WINDOW_SECONDS}-second window served, a second's mean as a share of the limit. */
        synchronized double peakWindow(boolean write) {
            return (write ? peakWindowWrites / writeLimit : peakWindowReads / readLimit) / WINDOW_SECONDS;
        }
    }

    private final ConcurrentHashMap<PartitionId, Bucket> buckets = new ConcurrentHashMap<>();
    private final LongSupplier nanos;
    private volatile double scale;
    private volatile boolean enabledByDefault;
    /** Units served per table, reads and writes, while limits are on: what a simulation's DynamoDB bill is made of. */
    private final ConcurrentHashMap<Long, java.util.concurrent.atomic.DoubleAdder[]> served = new ConcurrentHashMap<>();

    public PartitionThroughput(boolean enabledByDefault, LongSupplier nanos) {
        this(enabledByDefault, 1, nanos);
    }

    /** @param scale what every per-partition limit is multiplied by (above 0; 1 is the service's own) */
    public PartitionThroughput(boolean enabledByDefault, double scale, LongSupplier nanos) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("partition scale must be a number above 0, not " + scale);
        }
        this.enabledByDefault = enabledByDefault;
        this.scale = scale;
        this.nanos = nanos;
    }

    public void enabledByDefault(boolean enabled) {
        this.enabledByDefault = enabled;
    }

    public boolean enabledFor(Table t) {
        Boolean own = t.settings.partitionLimits();
        return own != null ? own : enabledByDefault;
    }

    public double scale() {
        return scale;
    }

    /** Sets the scale on a running engine; every partition starts again with a full second of the new limits. */
    public void scale(double scale) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("partition scale must be a number above 0, not " + scale);
        }
        this.scale = scale;
        buckets.clear();
        served.clear();
    }

    /** The read ({@code write} false) or write units the table and its indexes served while limits were on. */
    public double served(Table t, boolean write) {
        var adders = served.get(t.id);
        return adders == null ? 0 : adders[write ? 1 : 0].sum();
    }

    /** A partition of a table ({@code index} empty) or of one of its global indexes. */
    private record PartitionId(long table, String index, ByteBuffer partition) {
    }

    /**
     * Takes units from a table partition, refusing the request when the partition has none left this second.
     *
     * @param partition the partition's key prefix ({@link Table#partitionPrefix})
     */
    public void take(Table t, byte[] partition, boolean write, double units) {
        take(t, write, List.of(new Draw(null, partition, units)));
    }

    /**
     * Takes every draw of one request or none: a write refused by one index partition leaves the table's partition
     * and the other indexes' as they were, since it wrote nothing.
     */
    public void take(Table t, boolean write, List<Draw> draws) {
        if (!enabledFor(t)) {
            return;
        }
        long now = nanos.getAsLong();
        for (int i = 0; i < draws.size(); i++) {
            Draw d = draws.get(i);
            if (d.units() <= 0 || d.partition() == null) {
                continue;
            }
            if (!bucket(t, d, now).take(write, d.units(), now)) {
                for (int j = 0; j < i; j++) {
                    Draw taken = draws.get(j);
                    if (taken.units() > 0 && taken.partition() != null) {
                        bucket(t, taken, now).refund(write, taken.units());
                    }
                }
                throw exceeded(t, d.index(), write);
            }
        }
        var adders = served.computeIfAbsent(t.id, k -> new java.util.concurrent.atomic.DoubleAdder[] {
                new java.util.concurrent.atomic.DoubleAdder(), new java.util.concurrent.atomic.DoubleAdder()});
        for (Draw d : draws) {
            if (d.units() > 0) {
                adders[write ? 1 : 0].add(d.units());
            }
        }
    }

    private Bucket bucket(Table t, Draw d, long now) {
        return buckets.computeIfAbsent(new PartitionId(t.id, d.index() == null ? "" : d.index().name(),
                ByteBuffer.wrap(d.partition())), k -> new Bucket(scale, now));
    }

    /**
     * The busiest partitions of the table ({@code index} empty) or of one global index: the most read and the most
     * write units one partition served in a whole second since the engine started, as shares of the partition's limit,
     * each with the partition key value it served (readable text of its encoding); the same for the busiest
     * {@link #WINDOW_SECONDS}-second window (its mean second); and the {@link #TOP} busiest partitions as text. What a
     * simulation reports.
     */
    public record Busiest(double reads, String readPartition, double writes, String writePartition,
                          double windowReads, String windowReadPartition, double windowWrites, String windowWritePartition,
                          java.util.List<String> top) {
    }

    public Busiest busiest(Table t, String index) {
        String name = index == null ? "" : index;
        double[] most = new double[4];
        String[] keys = {"", "", "", ""};
        java.util.List<java.util.Map.Entry<String, Double>> all = new java.util.ArrayList<>();
        for (var e : buckets.entrySet()) {
            if (e.getKey().table() == t.id && e.getKey().index().equals(name)) {
                Bucket b = e.getValue();
                double[] shares = {b.peak(false), b.peak(true), b.peakWindow(false), b.peakWindow(true)};
                String key = readable(e.getKey().partition());
                for (int i = 0; i < 4; i++) {
                    if (shares[i] > most[i]) {
                        most[i] = shares[i];
                        keys[i] = key;
                    }
                }
                all.add(java.util.Map.entry(String.format("%s reads %.2f (10 s %.2f) writes %.2f (10 s %.2f)", key, shares[0],
                        shares[2], shares[1], shares[3]), Math.max(shares[2], shares[3])));
            }
        }
        all.sort(java.util.Map.Entry.<String, Double>comparingByValue().reversed());
        java.util.List<String> top = all.stream().limit(TOP).map(java.util.Map.Entry::getKey).toList();
        return new Busiest(most[0], keys[0], most[1], keys[1], most[2], keys[2], most[3], keys[3], top);
    }

    /**
     * Read and write units served per partition of the table ({@code index} null) or of one global index since limits
     * went on, keyed by the partition key's readable text: what a simulation adds up into its bill by key family.
     */
    public java.util.Map<String, double[]> servedByPartition(Table t, String index) {
        String name = index == null ? "" : index;
        java.util.Map<String, double[]> out = new java.util.HashMap<>();
        for (var e : buckets.entrySet()) {
            if (e.getKey().table() == t.id && e.getKey().index().equals(name)) {
                Bucket b = e.getValue();
                synchronized (b) {
                    out.merge(readable(e.getKey().partition()), new double[] {b.totalReads, b.totalWrites},
                            (x, y) -> new double[] {x[0] + y[0], x[1] + y[1]});
                }
            }
        }
        return out;
    }

    /** How many of the busiest partitions {@link Busiest#top} names (by their busiest window). */
    static final int TOP = 6;

    /** A partition key's encoding as text: its hash and terminator left out, other unprintable bytes as {@code ?}. */
    private static String readable(ByteBuffer partition) {
        StringBuilder out = new StringBuilder();
        int end = partition.limit();
        while (end > partition.position() + 4 && ((partition.get(end - 1) & 0xFF) < 0x20 || (partition.get(end - 1) & 0xFF) >= 0x7F)) {
            end--;
        }
        for (int i = partition.position() + 4; i < end; i++) {
            int b = partition.get(i) & 0xFF;
            out.append(b >= 0x20 && b < 0x7F ? (char) b : '?');
        }
        return out.toString();
    }

    /** The service's answer for a partition over its limit: depends on the table's billing mode. */
    public static ApiException exceeded(Table t) {
        return exceeded(t, null, true);
    }

    public static ApiException exceeded(Table t, boolean write) {
        return exceeded(t, null, write);
    }

    /**
     * The service's answer for a partition over its limit: {@code ThrottlingException} on an on-demand table,
     * {@code ProvisionedThroughputExceededException} on a provisioned one, each with the reason the service gives
     * for a hot key range (API_ThrottlingReason: ResourceType+OperationType+LimitType, such as
     * {@code IndexWriteKeyRangeThroughputExceeded}) and the ARN of the table or index throttled (its member names
     * differ in case between the two, as in the service's model).
     */
    public static ApiException exceeded(Table t, Index index, boolean write) {
        String reason = (index == null ? "Table" : "Index") + (write ? "Write" : "Read") + "KeyRangeThroughputExceeded";
        String arn = index == null ? t.def().arn() : t.def().arn() + "/index/" + index.name();
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

package com.bigtimedeals.harness;

import java.net.URI;
import java.nio.file.Path;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.EngineSettings;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.sdk.InProcessHttpClient;
import com.bigtimedeals.engine.store.DamagedDataException;

import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;

/**
 * A DynamoDB to run the product against off AWS: every test that needs one, the local stack and the benchmark get it
 * here and nowhere else. It is our own engine ({@code engine/}) in this JVM: reached through the real SDK with
 * {@link #httpClient()} (no socket, no port) and, where another process or a handler configured by endpoint must
 * reach it, served on 127.0.0.1. Fault injection and GSI propagation lag are the engine's own ({@link #faults()},
 * {@link #gsiLagMillis}), so the product's clients are never wrapped.
 */
public final class Database implements AutoCloseable {
    /** What an in-process client names as its endpoint; no request ever leaves the JVM. */
    private static final URI IN_PROCESS = URI.create("http://engine.local");

    private final Engine engine;
    private final URI endpoint;

    private Database(Engine engine, URI endpoint) {
        this.engine = engine;
        this.endpoint = endpoint;
    }

    /** In memory, in this JVM, with no socket: what a test starts. */
    public static Database start() {
        return new Database(Engine.start(EngineSettings.defaults()), IN_PROCESS);
    }

    /**
     * In {@code directory} when given (every acknowledged write survives kill -9), else in memory; served on
     * 127.0.0.1:{@code port} (0 picks a free one) for what reaches it by endpoint: the handlers, which build their
     * clients from {@code DYNAMODB_ENDPOINT} as in Lambda, the scripts and the cold-start probes.
     */
    public static Database start(Path directory, int port) {
        return start(directory, port, false, false);
    }

    /**
     * As {@link #start(Path, int)}, and with a directory: {@code recover} starts on a damaged one with every intact
     * record (the damaged files moved aside, what was dropped reported), {@code fsync} acknowledges a write only once
     * it is on disk (surviving power loss, not only a killed process). docs/engine.md, Durability.
     */
    public static Database start(Path directory, int port, boolean recover, boolean fsync) {
        EngineSettings settings = EngineSettings.defaults().recover(recover).fsync(fsync);
        if (directory != null) {
            directory.toFile().mkdirs();
            settings.dataDirectory(directory);
        }
        Engine engine = Engine.start(settings);
        try {
            return new Database(engine, URI.create(engine.serve(port)));
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /**
     * The engine's refusal of a damaged data directory among {@code failure}'s causes (which file, where, what to
     * do), or null: what a start that failed on one should print instead of a stack trace.
     */
    public static String damagedData(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DamagedDataException) {
                return t.getMessage();
            }
        }
        return null;
    }

    /** Where the SDK reaches it: http on 127.0.0.1 when served, else a name only {@link #httpClient()} answers. */
    public URI endpoint() {
        return endpoint;
    }

    /** True when it listens on loopback (another process can reach {@link #endpoint()}). */
    public boolean served() {
        return endpoint != IN_PROCESS;
    }

    /** An SDK HTTP client that hands each request to the engine in this JVM: the real SDK, no socket. */
    public SdkHttpClient httpClient() {
        return new InProcessHttpClient(engine);
    }

    /** Faults injected on purpose (throttles, conflicts, unprocessed batch items, latency), per operation and table. */
    public Faults faults() {
        return engine.faults();
    }

    /**
     * From now on every request on {@code table} is answered {@code millis} later: the round trip a request from
     * Lambda waits in AWS, which in this JVM is microseconds (the benchmark states it, bench/PushCosts).
     */
    public void holdRequests(String table, long millis) {
        engine.faults().add(Faults.rule(Faults.Kind.LATENCY).table(table).latencyMillis(millis));
    }

    /** How long writes to {@code table} take to reach its global secondary indexes (0: at once, as by default). */
    public void gsiLagMillis(String table, long millis) {
        engine.tableSettings(table).gsiLagMillis(millis);
    }

    /**
     * Switches the service's per-partition limits on for every table, each limit times {@code scale}, and starts
     * counting what each partition serves: a simulation at R requests a second of a fleet at N sets R / N.
     */
    public void partitionLimits(double scale) {
        engine.partitionScale(scale);
        engine.partitionLimits(true);
    }

    /**
     * The busiest partition of {@code table} and of each of its global indexes since limits went on, as shares of
     * their limits, with the key value each served: keyed by index name, the table under {@code ""}.
     */
    public java.util.Map<String, BusiestPartitions> busiestPartitions(String table) {
        java.util.Map<String, BusiestPartitions> out = new java.util.LinkedHashMap<>();
        engine.busiestPartitions(table).forEach((index, b) -> out.put(index,
                new BusiestPartitions(b.reads(), b.readPartition(), b.writes(), b.writePartition(), b.windowReads(),
                        b.windowReadPartition(), b.windowWrites(), b.windowWritePartition(), b.top())));
        return out;
    }

    /**
     * The busiest read and write partitions of a table or index: shares of their limits, and the key value each served,
     * in the busiest whole second and in the busiest 10-second window (its mean second); and the busiest few as text.
     */
    public record BusiestPartitions(double reads, String readPartition, double writes, String writePartition,
                                    double windowReads, String windowReadPartition, double windowWrites,
                                    String windowWritePartition, java.util.List<String> top) {
        public static final BusiestPartitions NONE = new BusiestPartitions(0, "", 0, "", 0, "", 0, "", java.util.List.of());

        /** The larger of the busiest window's reads and writes. */
        public double window() {
            return Math.max(windowReads, windowWrites);
        }
    }

    /** Read and write units each partition of {@code table} (and, as {@code <index> <key>}, of its indexes) served. */
    public java.util.Map<String, double[]> servedByPartition(String table) {
        return engine.servedByPartition(table);
    }

    /** Read and write units {@code table} and its indexes served since limits went on: {reads, writes}. */
    public double[] servedUnits(String table) {
        return engine.servedUnits(table);
    }

    /** Where the engine's classes are (its jar or class directory): for a process that runs the engine alone. */
    public static java.nio.file.Path engineClasses() {
        try {
            return java.nio.file.Path.of(Engine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs the engine's TTL sweep now rather than on its next turn. */
    public void sweepExpiredItems() {
        engine.sweepExpiredItems();
    }

    /**
     * Creates a table unless it exists (a kept directory). Callers pass the project's one table definition
     * ({@code TableDefinition.createTableRequest}): this module knows nothing of the product's classes. The engine
     * makes a table ACTIVE at once, so nothing waits.
     */
    public void createTable(DynamoDbClient client, CreateTableRequest table) {
        try {
            client.createTable(table);
        } catch (ResourceInUseException e) {
            // kept from an earlier run
        }
    }

    /** Drops a table a test is done with, and its stream, so one engine can serve many tests. */
    public void deleteTable(DynamoDbClient client, String table) {
        client.deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }

    @Override
    public void close() {
        engine.close();
    }
}

package com.bigtimedeals.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.bigtimedeals.engine.api.Dispatcher;
import com.bigtimedeals.engine.api.Response;
import com.bigtimedeals.engine.commit.Committer;
import com.bigtimedeals.engine.commit.StoredState;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.http.HttpServer;
import com.bigtimedeals.engine.ops.Operations;
import com.bigtimedeals.engine.store.DurableStore;
import com.bigtimedeals.engine.table.Catalog;
import com.bigtimedeals.engine.table.PartitionThroughput;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableSettings;
import com.bigtimedeals.engine.ttl.TtlSweeper;

/**
 * A DynamoDB and DynamoDB Streams engine. Embed it and call {@link #handle} (or use
 * {@code com.bigtimedeals.engine.sdk.InProcessHttpClient} with the AWS SDK), or {@link #serve} it over HTTP on
 * 127.0.0.1. In memory unless {@link EngineSettings#dataDirectory} names a directory.
 *
 * <pre>{@code
 * try (Engine engine = Engine.start(EngineSettings.defaults())) {
 *     String endpoint = engine.serve(0);   // http://127.0.0.1:<port>
 *     engine.faults().add(Faults.rule(Faults.Kind.THROTTLE).operation("PutItem").times(1));
 * }
 * }</pre>
 */
public final class Engine implements AutoCloseable {
    private final EngineSettings settings;
    private final Catalog catalog = new Catalog();
    private final Committer committer;
    private final Faults faults = new Faults();
    private final PartitionThroughput throughput;
    private final Context context;
    private final Dispatcher dispatcher = new Dispatcher();
    private final ScheduledExecutorService background;
    private final DurableStore durable;
    private volatile HttpServer server;

    private Engine(EngineSettings settings) {
        this.settings = settings;
        this.committer = new Committer(settings.clock(), settings.shardLifetimeMillis(), settings.gsiLagMillis());
        this.throughput = new PartitionThroughput(settings.partitionLimits(), settings.partitionScale(), settings.nanoClock());
        this.context = new Context(new Context.Settings(settings.region(), settings.accountId(), settings.iteratorLifetimeMillis(),
                settings.streamRetentionMillis(), settings.idempotencyMillis()), catalog, committer, faults, throughput);
        for (String rule : settings.faults()) {
            faults.add(Faults.parse(rule));
        }
        Operations.register(dispatcher, context);
        dispatcher.hook(this::injectFaults);
        this.durable = settings.dataDirectory() == null ? null : DurableStore.open(settings.dataDirectory(),
                new DurableStore.Options(settings.recover(), settings.fsync(), settings.snapshotLogBytes()),
                new StoredState(catalog, committer));
        if (durable != null) {
            // Only once what the directory holds is read back: every later commit is appended after it.
            committer.journal(durable);
        }
        this.background = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "engine-background");
            t.setDaemon(true);
            return t;
        });
        TtlSweeper ttl = new TtlSweeper(context);
        background.scheduleWithFixedDelay(ttl::sweep, settings.ttlSweepMillis(), settings.ttlSweepMillis(), TimeUnit.MILLISECONDS);
        background.scheduleWithFixedDelay(this::maintain, 50, 50, TimeUnit.MILLISECONDS);
    }

    /** Starts an engine (reading back its data directory, if it has one). */
    public static Engine start(EngineSettings settings) {
        return new Engine(settings);
    }

    /** An in-memory engine with default settings. */
    public static Engine inMemory() {
        return new Engine(EngineSettings.defaults());
    }

    /**
     * Answers one request as the service would: {@code target} is the {@code X-Amz-Target} header (for example
     * {@code DynamoDB_20120810.GetItem}), {@code body} the JSON request. Needs no socket.
     */
    public Response handle(String target, byte[] body) {
        return dispatcher.handle(target, body);
    }

    /** Serves the engine over HTTP on 127.0.0.1 ({@code port} 0 picks a free one); returns the endpoint URL. */
    public synchronized String serve(int port) {
        if (server == null) {
            try {
                server = new HttpServer(port, dispatcher::handle, settings.httpOptions());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return server.endpoint();
    }

    public String endpoint() {
        HttpServer s = server;
        return s == null ? null : s.endpoint();
    }

    public EngineSettings settings() {
        return settings;
    }

    /** Fault injection: add rules to make requests fail as the service can fail them. */
    public Faults faults() {
        return faults;
    }

    /** Switches the service's per-partition throughput limits on or off for every table without its own setting. */
    public void partitionLimits(boolean enabled) {
        throughput.enabledByDefault(enabled);
    }

    /** Sets how long writes take to reach global secondary indexes, for tables without their own setting. */
    public void gsiLagMillis(long millis) {
        committer.defaultGsiLagMillis(millis);
        if (millis == 0) {
            for (Table t : catalog.all()) {
                t.lag.flush();
            }
        }
    }

    /**
     * The busiest partitions of a table and of each of its global secondary indexes since limits went on: the most
     * read and write units one partition served in a whole second, as shares of the per-partition limits
     * ({@code --partition-scale} applied), with the key value each served. Keyed by index name, the table itself
     * under {@code ""}. Counted only where partition limits are on.
     */
    /**
     * Read and write units each partition of a table and of its global indexes served since limits went on, keyed by
     * the partition key's readable text, the indexes' under {@code <index> <key>}. Counted only where limits are on.
     */
    public java.util.Map<String, double[]> servedByPartition(String table) {
        Table t = catalog.requireNamed(table);
        java.util.Map<String, double[]> out = new java.util.HashMap<>(throughput.servedByPartition(t, null));
        for (com.bigtimedeals.engine.table.Index index : t.indexes()) {
            if (index.global()) {
                throughput.servedByPartition(t, index.name()).forEach((k, v) -> out.put(index.name() + " " + k, v));
            }
        }
        return out;
    }

    public java.util.Map<String, PartitionThroughput.Busiest> busiestPartitions(String table) {
        Table t = catalog.requireNamed(table);
        java.util.Map<String, PartitionThroughput.Busiest> out = new java.util.LinkedHashMap<>();
        out.put("", throughput.busiest(t, null));
        for (com.bigtimedeals.engine.table.Index index : t.indexes()) {
            if (index.global()) {
                out.put(index.name(), throughput.busiest(t, index.name()));
            }
        }
        return out;
    }

    /** Sets what every per-partition limit is multiplied by, on a running engine (see {@code --partition-scale}). */
    public void partitionScale(double scale) {
        throughput.scale(scale);
    }

    /** Read and write units a table and its indexes served while partition limits were on: {reads, writes}. */
    public double[] servedUnits(String table) {
        Table t = catalog.requireNamed(table);
        return new double[] {throughput.served(t, false), throughput.served(t, true)};
    }

    /** A table's own settings (throughput limits, GSI lag); the table must exist. */
    public TableSettings tableSettings(String table) {
        return catalog.requireNamed(table).settings;
    }

    /** Writes a snapshot of the data directory now (a no-op in memory); the engine does this by itself as its log grows. */
    public void snapshot() {
        if (durable != null) {
            durable.snapshot();
        }
    }

    /**
     * What this start did to its data directory beyond reading it, one line each: a torn log tail cut off, or with
     * {@link EngineSettings#recover} what damage was dropped and where the damaged files went. Empty when whole.
     */
    public java.util.List<String> storeNotes() {
        return durable == null ? java.util.List.of() : durable.notes();
    }

    /** Runs the TTL sweep now instead of waiting for its next turn (tests). */
    public void sweepExpiredItems() {
        new TtlSweeper(context).sweep();
    }

    /**
     * Faults that strike before a request is served: added latency, throttling, internal errors, and transaction
     * conflicts on single-item writes. (Batches and transactions apply their own kinds where they read items.)
     */
    private void injectFaults(String operation, java.util.Map<String, Object> request) {
        if (faults.isEmpty()) {
            return;
        }
        String table = tableOf(request);
        long latency = faults.latencyMillis(operation, table);
        if (latency > 0) {
            try {
                Thread.sleep(latency);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (faults.fires(Faults.Kind.THROTTLE, operation, table)) {
            Table t = table == null ? null : catalog.get(table);
            throw t != null ? PartitionThroughput.exceeded(t)
                    : new com.bigtimedeals.engine.api.ApiException(com.bigtimedeals.engine.api.ApiException.DYNAMODB
                    + "ThrottlingException", "Rate of requests exceeds the allowed throughput.");
        }
        if (faults.fires(Faults.Kind.ERROR, operation, table)) {
            throw com.bigtimedeals.engine.api.ApiException.internal("Internal server error");
        }
        boolean singleWrite = operation.equals("PutItem") || operation.equals("UpdateItem") || operation.equals("DeleteItem");
        if (singleWrite && faults.fires(Faults.Kind.CONFLICT, operation, table)) {
            throw new com.bigtimedeals.engine.api.ApiException(com.bigtimedeals.engine.api.ApiException.DYNAMODB
                    + "TransactionConflictException", "Transaction is ongoing for the item");
        }
    }

    /**
     * The table a request is on, for rules that name one: its TableName, or for batches and transactions the table
     * of their items when they are all on one (a request on several tables, or on none, matches only rules for any
     * table).
     */
    private static String tableOf(java.util.Map<String, Object> request) {
        if (request.get("TableName") instanceof String name) {
            return name;
        }
        if (request.get("RequestItems") instanceof java.util.Map<?, ?> items) {
            return items.size() == 1 && items.keySet().iterator().next() instanceof String only ? only : null;
        }
        if (request.get("TransactItems") instanceof java.util.List<?> actions) {
            String table = null;
            for (Object action : actions) {
                if (!(action instanceof java.util.Map<?, ?> wrapper) || wrapper.size() != 1
                        || !(wrapper.values().iterator().next() instanceof java.util.Map<?, ?> body)
                        || !(body.get("TableName") instanceof String name) || (table != null && !table.equals(name))) {
                    return null;
                }
                table = name;
            }
            return table;
        }
        return null;
    }

    private void maintain() {
        try {
            for (Table t : catalog.all()) {
                if (!t.lag.isEmpty()) {
                    t.lag.drain(committer.now());
                }
            }
            long cutoff = committer.now() - settings.streamRetentionMillis();
            committer.underLock(() -> {
                for (var s : catalog.streams()) {
                    s.trim(cutoff);
                }
            });
            catalog.forgetExpiredStreams(cutoff);
            if (durable != null) {
                durable.maybeSnapshot();
            }
        } catch (RuntimeException e) {
            // maintenance tries again on its next turn
        }
    }

    @Override
    public void close() {
        HttpServer s = server;
        if (s != null) {
            s.close();
        }
        background.shutdownNow();
        try {
            background.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Table t : catalog.all()) {
            t.lag.flush();
        }
        if (durable != null) {
            durable.close();
        }
    }
}

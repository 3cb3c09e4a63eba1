package com.bigtimedeals.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import com.bigtimedeals.engine.http.HttpServer;

/**
 * Everything about an engine that can be set, each with a command-line flag and a system property of the same
 * name ({@code --gsi-lag-ms 200} or {@code -Dengine.gsi-lag-ms=200}); see docs/engine.md. Defaults behave like
 * the service with everything beyond DynamoDB Local switched off.
 */
public final class EngineSettings {
    Path dataDirectory;
    int port = 8000;
    String region = "us-east-1";
    String accountId = "123456789012";
    boolean partitionLimits;
    double partitionScale = 1;
    long gsiLagMillis;
    long ttlSweepMillis = 1_000;
    long streamRetentionMillis = 24L * 60 * 60 * 1000;
    long shardLifetimeMillis = 4L * 60 * 60 * 1000;
    long iteratorLifetimeMillis = 15L * 60 * 1000;
    long idempotencyMillis = 10L * 60 * 1000;
    long snapshotLogBytes = 64L * 1024 * 1024;
    boolean recover;
    boolean fsync;
    final List<String> faults = new ArrayList<>();
    int maxConnections = HttpServer.Options.defaults().maxConnections();
    long requestTimeoutMillis = HttpServer.Options.defaults().requestTimeoutMillis();
    final List<String> corsOrigins = new ArrayList<>();
    final List<String> allowedHosts = new ArrayList<>();
    LongSupplier clock = System::currentTimeMillis;
    boolean customClock;

    public static EngineSettings defaults() {
        return new EngineSettings();
    }

    /** Defaults overridden by any {@code engine.*} system properties. */
    public static EngineSettings fromSystemProperties() {
        EngineSettings s = new EngineSettings();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("engine.") && !name.equals("engine.endpoint")) {
                s.set(name.substring("engine.".length()), System.getProperty(name));
            }
        }
        return s;
    }

    /** Applies command-line flags ({@code --name value} or {@code --name=value}; switches may omit the value). */
    public EngineSettings parseArgs(String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument: " + a);
            }
            String name = a.substring(2);
            String value;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            } else if (isSwitch(name) && (i + 1 >= args.length || args[i + 1].startsWith("--"))) {
                value = "true";
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new IllegalArgumentException("--" + name + " needs a value");
            }
            set(name, value);
        }
        return this;
    }

    private static boolean isSwitch(String name) {
        return name.equals("partition-limits") || name.equals("in-memory") || name.equals("recover") || name.equals("fsync");
    }

    /** Sets one setting by its flag name. */
    public EngineSettings set(String name, String value) {
        switch (name) {
            case "port" -> port = Integer.parseInt(value);
            case "data" -> dataDirectory = value.isEmpty() ? null : Path.of(value);
            case "in-memory" -> dataDirectory = Boolean.parseBoolean(value) ? null : dataDirectory;
            case "region" -> region = value;
            case "account-id" -> accountId = value;
            case "partition-limits" -> partitionLimits = Boolean.parseBoolean(value);
            case "partition-scale" -> partitionScale(Double.parseDouble(value));
            case "gsi-lag-ms" -> gsiLagMillis = Long.parseLong(value);
            case "ttl-sweep-ms" -> ttlSweepMillis = Long.parseLong(value);
            case "stream-retention-ms" -> streamRetentionMillis = Long.parseLong(value);
            case "shard-lifetime-ms" -> shardLifetimeMillis = Long.parseLong(value);
            case "iterator-lifetime-ms" -> iteratorLifetimeMillis = Long.parseLong(value);
            case "idempotency-ms" -> idempotencyMillis = Long.parseLong(value);
            case "snapshot-log-bytes" -> snapshotLogBytes = Long.parseLong(value);
            case "fault" -> faults.add(value);
            case "max-connections" -> maxConnections = Integer.parseInt(value);
            case "request-timeout-ms" -> requestTimeoutMillis = Long.parseLong(value);
            case "cors-origins" -> corsOrigins(value.isBlank() ? List.of() : List.of(value.split(",")));
            case "allowed-hosts" -> allowedHosts(value.isBlank() ? List.of() : List.of(value.split(",")));
            case "recover" -> recover = Boolean.parseBoolean(value);
            case "fsync" -> fsync = Boolean.parseBoolean(value);
            default -> throw new IllegalArgumentException("unknown setting: " + name);
        }
        return this;
    }

    public EngineSettings dataDirectory(Path dir) {
        this.dataDirectory = dir;
        return this;
    }

    public EngineSettings port(int p) {
        this.port = p;
        return this;
    }

    public EngineSettings region(String r) {
        this.region = r;
        return this;
    }

    public EngineSettings accountId(String a) {
        this.accountId = a;
        return this;
    }

    /** The service's per-partition throughput on every table (tables can still switch it per table). */
    public EngineSettings partitionLimits(boolean enabled) {
        this.partitionLimits = enabled;
        return this;
    }

    /**
     * What every per-partition limit is multiplied by, table and index partitions alike (1: the service's 3,000
     * read and 1,000 write units a second). A simulation of R requests a second on behalf of a fleet at N sets
     * R / N, so that each partition carries what it would carry at N. Limits apply only where they are switched on.
     */
    public EngineSettings partitionScale(double scale) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("partition-scale must be a number above 0, not " + scale);
        }
        this.partitionScale = scale;
        return this;
    }

    /** How long writes take to reach global secondary indexes, on every table. */
    public EngineSettings gsiLagMillis(long millis) {
        this.gsiLagMillis = millis;
        return this;
    }

    public EngineSettings ttlSweepMillis(long millis) {
        this.ttlSweepMillis = millis;
        return this;
    }

    public EngineSettings streamRetentionMillis(long millis) {
        this.streamRetentionMillis = millis;
        return this;
    }

    public EngineSettings shardLifetimeMillis(long millis) {
        this.shardLifetimeMillis = millis;
        return this;
    }

    public EngineSettings iteratorLifetimeMillis(long millis) {
        this.iteratorLifetimeMillis = millis;
        return this;
    }

    public EngineSettings idempotencyMillis(long millis) {
        this.idempotencyMillis = millis;
        return this;
    }

    public EngineSettings snapshotLogBytes(long bytes) {
        this.snapshotLogBytes = bytes;
        return this;
    }

    /** Connections the HTTP server serves at once; one more is answered 503 and closed. */
    public EngineSettings maxConnections(int n) {
        this.maxConnections = n;
        return this;
    }

    /** How long a request's head and body may take to arrive over HTTP (then 408), and its response to be taken. */
    public EngineSettings requestTimeoutMillis(long millis) {
        this.requestTimeoutMillis = millis;
        return this;
    }

    /**
     * Start on a damaged data directory with every record that is intact, before and after the damage: the damaged
     * files are moved into {@code damaged-<time>/} in the directory (never deleted) and what was dropped is reported.
     * Without it a damaged directory refuses to start and is left as it was.
     */
    public EngineSettings recover(boolean enabled) {
        this.recover = enabled;
        return this;
    }

    /**
     * Browser origins the HTTP server answers with CORS headers ({@code http://localhost:5173}, or {@code *} for
     * any); none by default, since the engine checks no signatures and any page could otherwise use it.
     */
    public EngineSettings corsOrigins(List<String> origins) {
        this.corsOrigins.clear();
        for (String o : origins) {
            if (!o.isBlank()) {
                this.corsOrigins.add(o.trim());
            }
        }
        return this;
    }

    /**
     * Host names the HTTP server answers beyond IP addresses and {@code localhost} ({@code *}: any): a request addressed
     * to another name is refused, as a page using DNS rebinding to reach 127.0.0.1 would send its own.
     */
    public EngineSettings allowedHosts(List<String> hosts) {
        this.allowedHosts.clear();
        for (String h : hosts) {
            if (!h.isBlank()) {
                this.allowedHosts.add(h.trim());
            }
        }
        return this;
    }

    /** The HTTP server's limits, origins and host names, as these settings give them. */
    public HttpServer.Options httpOptions() {
        return HttpServer.Options.defaults().maxConnections(maxConnections).requestTimeoutMillis(requestTimeoutMillis)
                .corsOrigins(corsOrigins).allowedHosts(allowedHosts);
    }

    /**
     * Acknowledge a write only once its log record is on disk (fsync, one for all the commits waiting at the time),
     * so it survives power loss; without it a write is acknowledged once the operating system has it (it survives a
     * killed process, not a power failure).
     */
    public EngineSettings fsync(boolean enabled) {
        this.fsync = enabled;
        return this;
    }

    /** A fault rule in the form {@code docs/engine.md} describes, e.g. {@code throttle:PutItem:0.1}. */
    public EngineSettings fault(String rule) {
        this.faults.add(rule);
        return this;
    }

    /**
     * The engine's clock, in epoch milliseconds: stream record times, TTL, iterator lifetimes, retention, GSI lag and
     * throughput buckets all read it. Tests set a clock they move by hand, so none of them has to wait.
     */
    public EngineSettings clock(LongSupplier epochMillis) {
        this.clock = epochMillis;
        this.customClock = true;
        return this;
    }

    public LongSupplier clock() {
        return clock;
    }

    /** A nanosecond clock for rate limits: the system's, or the settable clock's milliseconds scaled. */
    public LongSupplier nanoClock() {
        if (!customClock) {
            return System::nanoTime;
        }
        LongSupplier c = clock;
        return () -> c.getAsLong() * 1_000_000L;
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    public int port() {
        return port;
    }

    public String region() {
        return region;
    }

    public String accountId() {
        return accountId;
    }

    public boolean partitionLimits() {
        return partitionLimits;
    }

    public double partitionScale() {
        return partitionScale;
    }

    public long gsiLagMillis() {
        return gsiLagMillis;
    }

    public long ttlSweepMillis() {
        return ttlSweepMillis;
    }

    public long streamRetentionMillis() {
        return streamRetentionMillis;
    }

    public long shardLifetimeMillis() {
        return shardLifetimeMillis;
    }

    public long iteratorLifetimeMillis() {
        return iteratorLifetimeMillis;
    }

    public long idempotencyMillis() {
        return idempotencyMillis;
    }

    public long snapshotLogBytes() {
        return snapshotLogBytes;
    }

    public boolean recover() {
        return recover;
    }

    public boolean fsync() {
        return fsync;
    }

    public List<String> faults() {
        return List.copyOf(faults);
    }
}

package com.bigtimedeals.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;

import com.bigtimedeals.deals.DealCountersUpgrade;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.stream.SweepHandler;
import com.bigtimedeals.topology.CorsPolicy;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.StreamMapping;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The whole product on one machine: our own DynamoDB engine in this JVM (served on loopback only, for the handlers
 * and the scripts), the table from the one table definition with TTL on, the API Gateway stand-in, and stream
 * delivery to the stream handler.
 */
public final class LocalStack implements AutoCloseable {
    /**
     * The local stack's configuration, read once where it starts from {@link Setting}s with the local stack's
     * defaults ({@link Settings#forLocalStack()}), and passed down to what it runs.
     *
     * @param port the API's port; 0 picks a free one
     * @param dataDir where the data is kept across restarts; null keeps everything in memory
     * @param demo load the demo data into an empty table
     * @param dynamoPort the engine's port on 127.0.0.1; 0 prefers 8000, else any free port
     * @param quiet no request log on standard output
     * @param cmsDir the built editors' web app served at /editor/
     * @param cors the origins whose preflights are answered, as the deployed API's CORS configuration does
     * @param sweepStalledAfter how long a walk may make no progress before the sweeper resumes it
     * @param mapping the event source mapping's settings, as deployed unless named otherwise
     */
    public record Options(int port, Path dataDir, boolean demo, int dynamoPort, boolean quiet, Path cmsDir,
                          CorsPolicy cors, Duration sweepStalledAfter, StreamMapping mapping, boolean recover,
                          boolean fsync) {
        /** The local stack's settings in {@code settings}, each checked against its range. */
        public static Options from(Settings settings, boolean quiet) {
            Settings local = settings.forLocalStack();
            String dataDir = local.value(Setting.DATA_DIR);
            return new Options(local.number(Setting.PORT), dataDir == null ? null : Path.of(dataDir),
                    !"false".equalsIgnoreCase(local.value(Setting.DEMO)), local.number(Setting.DYNAMODB_PORT), quiet,
                    Path.of(local.value(Setting.CMS_DIR)), CorsPolicy.of(local),
                    Duration.ofSeconds(local.number(Setting.SWEEP_STALLED_AFTER_S)), streamMapping(local), false, false);
        }

        /** In memory on free ports, no demo data, quiet: what a test or the benchmark starts. */
        public static Options inMemory() {
            return from(Settings.of(Map.of(Setting.PORT.name(), "0", Setting.DEMO.name(), "false")), true);
        }

        public Options withData(Path directory) {
            return new Options(port, directory, demo, dynamoPort, quiet, cmsDir, cors, sweepStalledAfter,
                    mapping, recover, fsync);
        }

        public Options withoutDemo() {
            return new Options(port, dataDir, false, dynamoPort, quiet, cmsDir, cors, sweepStalledAfter,
                    mapping, recover, fsync);
        }

        /**
         * The engine's durability settings for the data directory: {@code recover} starts on a damaged one with what
         * is intact, {@code fsync} acknowledges writes once on disk (docs/engine.md, Durability).
         */
        public Options withDurability(boolean recover, boolean fsync) {
            return new Options(port, dataDir, demo, dynamoPort, quiet, cmsDir, cors, sweepStalledAfter,
                    mapping, recover, fsync);
        }
    }

    /** The deployed event source mapping, with the values the local stream settings name in its place. */
    static StreamMapping streamMapping(Settings settings) {
        return StreamMapping.DEPLOYED.with(settings.optionalNumber(Setting.STREAM_BATCH_SIZE),
                settings.optionalNumber(Setting.STREAM_BATCHING_WINDOW_MS),
                settings.optionalNumber(Setting.STREAM_PARALLELIZATION), settings.optionalNumber(Setting.STREAM_RETRIES),
                settings.optionalNumber(Setting.STREAM_TIMEOUT_S));
    }

    static final String CURSOR_KEY_FILE = "cursor-signing-key";

    private final Database dynamo;
    private final DynamoDbClient client;
    private final DynamoDbStreamsClient streams;
    private final Gateway gateway;
    private final StreamDelivery delivery;
    private final Sweeper sweeper;
    private final String tableName;
    private final LocalSns sns;

    private LocalStack(Database dynamo, DynamoDbClient client, DynamoDbStreamsClient streams, Gateway gateway,
                       StreamDelivery delivery, Sweeper sweeper, String tableName, LocalSns sns) {
        this.sns = sns;
        this.dynamo = dynamo;
        this.client = client;
        this.streams = streams;
        this.gateway = gateway;
        this.delivery = delivery;
        this.sweeper = sweeper;
        this.tableName = tableName;
    }

    public static LocalStack start(Options options) throws IOException {
        if (options.port() != 0) {
            // Fail before seconds of start-up work, not after: the API port is bound last.
            new ServerSocket(options.port(), 1, InetAddress.getLoopbackAddress()).close();
        }
        Database dynamo = options.dynamoPort() != 0
                ? Database.start(options.dataDir(), options.dynamoPort(), options.recover(), options.fsync())
                : startPreferring(options, 8000);
        // The handlers are loaded by class name and read their environment as in Lambda: the stack sets it here,
        // as system properties of this JVM, once, before any of them is built.
        String tableName = TableDefinition.tableName(Settings.fromProcess());
        System.setProperty("TABLE_NAME", tableName);
        System.setProperty("DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
        setDefault("AWS_REGION", "us-east-1");
        // The push service stood in for through SNS's own API (LocalSns): the functions' SNS client is pointed at it.
        LocalSns sns = LocalSns.start(options.dataDir(), java.time.Clock.systemUTC());
        System.setProperty(com.bigtimedeals.lambda.SnsPush.ENDPOINT, sns.endpoint().toString());
        setDefault(com.bigtimedeals.lambda.SnsPush.FCM_APPLICATION, LocalSns.FCM_APPLICATION);
        setDefault(com.bigtimedeals.lambda.SnsPush.APNS_APPLICATION, LocalSns.APNS_APPLICATION);
        // A function's setting whose local value differs (Setting#localDefault) is set the same way, unless the
        // operator named one: the functions here read their settings as in Lambda, from this JVM's properties.
        for (Setting setting : Setting.values()) {
            if (setting.where() == Setting.Where.FUNCTIONS && !setting.localDefault().equals(setting.defaultValue())) {
                setDefault(setting.name(), setting.localDefault());
            }
        }
        if (System.getenv(CursorCodec.KEY_VARIABLE) == null) {
            System.setProperty(CursorCodec.KEY_VARIABLE, cursorKey(options.dataDir()));
        }
        Settings functions = Settings.fromProcess();
        // The stack's own clients (table set-up, stream reads, the sweeper) reach the engine in process; the handlers
        // build theirs from DYNAMODB_ENDPOINT, over loopback, as a function does in Lambda.
        DynamoDbClient client = DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient());
        dynamo.createTable(client, TableDefinition.createTableRequest(tableName));
        // TTL as the deployed table has it: the engine deletes expired messages and claims and streams the REMOVEs.
        // A kept table has it already, and the service refuses to enable it twice.
        if (client.describeTimeToLive(b -> b.tableName(tableName)).timeToLiveDescription().timeToLiveStatus()
                != TimeToLiveStatus.ENABLED) {
            client.updateTimeToLive(TableDefinition.timeToLive(tableName));
        }
        boolean empty = client.scan(ScanRequest.builder().tableName(tableName).limit(1).build()).count() == 0;
        String streamArn = client.describeTable(DescribeTableRequest.builder().tableName(tableName).build()).table().latestStreamArn();
        DynamoDbStreamsClient streams = DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient());
        // A kept directory resumes right after the last record that was done before the restart (kill -9
        // included); in memory, the stream starts empty anyway.
        FailureDestination failures = new FailureDestination(failuresDirectory(options.dataDir()));
        StreamDelivery delivery = new StreamDelivery(streams, streamArn,
                FunctionInstances.of(LambdaFunction.STREAM_CONSUMER), options.mapping(),
                options.dataDir(), failures);
        Gateway gateway = new Gateway(options.port(), options.quiet(), options.cors(), Gateway.BODY_DEADLINE,
                new EditorSite(options.cmsDir()));
        delivery.start();
        Table table = Table.from(functions, client);
        Sweeper sweeper = new Sweeper(new SweepHandler(new WalkStore(table), options.sweepStalledAfter(),
                new com.bigtimedeals.deals.HottestLists(table)).withReminders(com.bigtimedeals.stream.SavedReminders.of(table,
                com.bigtimedeals.platform.Configuration.from(functions))).withQuietEnds(new com.bigtimedeals.inbox.QuietHolds(table)));
        sweeper.start();
        gateway.localRoute("/_local/pushes", new LocalPushes(sns, table)::answer);
        LocalStack stack = new LocalStack(dynamo, client, streams, gateway, delivery, sweeper, tableName, sns);
        try {
            // A kept table may hold deals from before the counter views and markers: brought up to date before the
            // port opens, so no vote meets one (one GetItem once the table is recorded done). A new table is recorded
            // done at once (a Scan of nothing), so its readers read today's layout (DealCounters.keys).
            upgrade(table, options.quiet());
            seedAndOpen(stack, options.demo() && empty);
        } catch (IOException | RuntimeException e) {
            stack.close();
            throw e;
        }
        return stack;
    }

    /** The kept table's deals in today's counter layout ({@link DealCountersUpgrade}); says so when it changed any. */
    static void upgrade(Table table, boolean quiet) {
        DealCountersUpgrade.Result r = new DealCountersUpgrade(table).run();
        if (!quiet && !r.skipped() && (r.upgraded() > 0 || r.settingsMoved() > 0)) {
            System.out.println("Upgraded " + r.upgraded() + " of " + r.deals() + " deals to the counter views and liveness markers"
                    + (r.settingsMoved() > 0 ? ", and moved " + r.settingsMoved() + " users' notification settings to their key." : "."));
        }
    }

    private static void seedAndOpen(LocalStack stack, boolean demo) throws IOException {
        Gateway gateway = stack.gateway;
        StreamDelivery delivery = stack.delivery;
        if (demo) {
            DemoData.seed(gateway);
            // Open the port only once the demo's stream backlog is delivered: a client that starts the moment
            // it can connect then sees its own effects within the contract's 5 seconds.
            try {
                delivery.awaitCaughtUp(500, 60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        gateway.start();
    }

    private static void setDefault(String name, String value) {
        if (System.getenv(name) == null && System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /**
     * The cursor-signing key: one per data directory, kept in it (owner-only), so cursors stay valid across
     * restarts on the same data and a copy of another directory's cursors does not; one per run in memory.
     */
    static String cursorKey(Path dataDir) throws IOException {
        if (dataDir == null) {
            return CursorCodec.randomKey();
        }
        Files.createDirectories(dataDir);
        Path file = dataDir.resolve(CURSOR_KEY_FILE);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, CursorCodec.randomKey() + "\n");
        } catch (FileAlreadyExistsException kept) {
            // The directory already has its key: keep it.
        }
        String key = Files.readString(file).trim();
        if (key.isEmpty()) {
            throw new IOException(file + " is empty: delete it to have a new cursor-signing key made");
        }
        return key;
    }

    /**
     * The engine on the preferred port when it is free, else on any free loopback port. The bind itself decides:
     * a check first, then a bind, failed when another stack starting at the same moment (a test's, the browser
     * journeys') took the port in between.
     */
    private static Database startPreferring(Options options, int port) {
        try {
            return Database.start(options.dataDir(), port, options.recover(), options.fsync());
        } catch (UncheckedIOException e) {
            if (!(e.getCause() instanceof BindException)) {
                throw e;
            }
            return Database.start(options.dataDir(), 0, options.recover(), options.fsync());
        }
    }

    /** The on-failure destination: in the data directory, or beside the working directory for an in-memory stack. */
    static Path failuresDirectory(Path dataDir) {
        return dataDir != null ? dataDir.resolve("stream-failures") : Path.of(".local-stack-failures");
    }

    /** The engine the stack runs on: a simulation switches its partition model on and reads it back. */
    public Database database() {
        return dynamo;
    }

    public StreamDelivery delivery() {
        return delivery;
    }

    public int port() {
        return gateway.port();
    }

    /** The stack's own clients of its engine: the benchmark watches the table's stream with them. */
    public DynamoDbClient client() {
        return client;
    }

    public DynamoDbStreamsClient streams() {
        return streams;
    }

    public String dynamoEndpoint() {
        return dynamo.endpoint().toString();
    }

    public String tableName() {
        return tableName;
    }

    public Gateway gateway() {
        return gateway;
    }

    /** True once stream delivery has had nothing to deliver for {@code quietMillis}: every effect so far is done. */
    public boolean awaitStreamQuiet(long quietMillis, long timeoutMillis) throws InterruptedException {
        return delivery.awaitCaughtUp(quietMillis, timeoutMillis);
    }

    @Override
    public void close() {
        gateway.close();
        sweeper.close();
        delivery.close();
        streams.close();
        client.close();
        dynamo.close();
        sns.close();
    }

    /** The push service's stand-in: what it delivered. */
    public LocalSns sns() {
        return sns;
    }
}

package com.bigtimedeals.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.nio.file.attribute.PosixFilePermissions;

import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.CursorCodec;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.harness.LocalDynamoDb;
import com.bigtimedeals.data.Setting;
import com.bigtimedeals.data.Settings;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.data.TableDefinition;
import com.bigtimedeals.data.WalkStore;
import com.bigtimedeals.stream.StreamMapping;
import com.bigtimedeals.stream.SweepHandler;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The whole product on one machine: DynamoDB Local in this JVM (loopback only, telemetry off), the table
 * from the one table definition, the API Gateway stand-in, and stream delivery to the stream handler.
 */
public final class LocalStack implements AutoCloseable {
    /** {@code dataDir} null keeps everything in memory; {@code port} 0 picks a free one. */
    public record Options(int port, Path dataDir, boolean demo, int dynamoPort, boolean quiet) {
    }

    static final String CURSOR_KEY_FILE = "cursor-signing-key";

    private final LocalDynamoDb dynamo;
    private final DynamoDbClient client;
    private final DynamoDbStreamsClient streams;
    private final Gateway gateway;
    static final String STREAM_HANDLER = "com.bigtimedeals.stream.StreamHandler";
    /** Locally a stalled walk is picked up after 20 s (in AWS: two consumer timeouts), checked every 5 s. */
    static final int LOCAL_STALLED_AFTER_SECONDS = 20;

    private final StreamDelivery delivery;
    private final Sweeper sweeper;
    private final FailureDestination failures;
    private final String tableName;
    /** DynamoDB Local never runs TTL on a table with GSIs: this deletes expired messages as TTL would in AWS. */
    private final java.util.concurrent.ScheduledExecutorService ttlSweep;

    private LocalStack(LocalDynamoDb dynamo, DynamoDbClient client, DynamoDbStreamsClient streams, Gateway gateway,
                       StreamDelivery delivery, Sweeper sweeper, FailureDestination failures, String tableName) {
        this.dynamo = dynamo;
        this.client = client;
        this.streams = streams;
        this.gateway = gateway;
        this.delivery = delivery;
        this.sweeper = sweeper;
        this.failures = failures;
        this.tableName = tableName;
        this.ttlSweep = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "inbox-ttl-sweep");
            t.setDaemon(true);
            return t;
        });
        InboxStore inbox = new InboxStore(com.bigtimedeals.data.Table.fromEnvironment(client));
        // DynamoDB Local never runs TTL on a table with GSIs: sweep expired messages as TTL would in AWS.
        int every = com.bigtimedeals.data.Setting.INBOX_SWEEP_SECONDS.number();
        ttlSweep.scheduleWithFixedDelay(() -> {
            try {
                inbox.sweepExpired();
            } catch (RuntimeException e) {
                // The next sweep tries again; reads already hide expired messages, so nothing is shown meanwhile.
                System.err.println("inbox TTL sweep failed: " + e.getClass().getSimpleName());
            }
        }, every, every, java.util.concurrent.TimeUnit.SECONDS);
    }

    public static LocalStack start(Options options) throws IOException {
        if (options.port() != 0) {
            // Fail before seconds of start-up work, not after: the API port is bound last.
            new ServerSocket(options.port(), 1, InetAddress.getLoopbackAddress()).close();
        }
        String tableName = TableDefinition.tableNameFromEnvironment();
        int dynamoPort = options.dynamoPort() != 0 ? options.dynamoPort() : preferred(8000);
        LocalDynamoDb dynamo = LocalDynamoDb.start(options.dataDir(), dynamoPort);
        // The handlers read their configuration by name; Lambda sets these in the environment.
        System.setProperty("TABLE_NAME", tableName);
        System.setProperty("DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
        setDefault("AWS_REGION", "us-east-1");
        if (System.getenv(CursorCodec.KEY_VARIABLE) == null) {
            System.setProperty(CursorCodec.KEY_VARIABLE, cursorKey(options.dataDir()));
        }
        DynamoDbClient client = DynamoDbClients.local(dynamo.endpoint());
        dynamo.createTable(client, TableDefinition.createTableRequest(tableName));
        boolean empty = client.scan(ScanRequest.builder().tableName(tableName).limit(1).build()).count() == 0;
        String streamArn = client.describeTable(DescribeTableRequest.builder().tableName(tableName).build()).table().latestStreamArn();
        DynamoDbStreamsClient streams = DynamoDbClients.localStreams(dynamo.endpoint());
        // A kept directory resumes right after the last record that was done before the restart (kill -9
        // included); in memory, the stream starts empty anyway.
        FailureDestination failures = new FailureDestination(failuresDirectory(options.dataDir()));
        StreamDelivery delivery = new StreamDelivery(streams, streamArn, StreamDelivery.instancesOf(STREAM_HANDLER),
                StreamMapping.fromSettings(), options.dataDir(), failures);
        Gateway gateway = new Gateway(options.port(), options.quiet());
        delivery.start();
        Sweeper sweeper = new Sweeper(new SweepHandler(new WalkStore(Table.fromEnvironment(client)),
                Duration.ofSeconds(Settings.number(Setting.SWEEP_STALLED_AFTER_S.name(), LOCAL_STALLED_AFTER_SECONDS))));
        sweeper.start();
        LocalStack stack = new LocalStack(dynamo, client, streams, gateway, delivery, sweeper, failures, tableName);
        try {
            seedAndOpen(stack, options.demo() && empty);
        } catch (IOException | RuntimeException e) {
            stack.close();
            throw e;
        }
        return stack;
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

    /** The preferred port when it is free, else any free loopback port. */
    private static int preferred(int port) throws IOException {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return port;
        } catch (IOException e) {
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            }
        }
    }

    /** The on-failure destination: in the data directory, or beside the working directory for an in-memory stack. */
    static Path failuresDirectory(Path dataDir) {
        return dataDir != null ? dataDir.resolve("stream-failures") : Path.of(".local-stack-failures");
    }

    FailureDestination failures() {
        return failures;
    }

    StreamDelivery delivery() {
        return delivery;
    }

    public int port() {
        return gateway.port();
    }

    /** The stack's own DynamoDB Local clients: the benchmark watches the table's stream with them. */
    DynamoDbClient client() {
        return client;
    }

    DynamoDbStreamsClient streams() {
        return streams;
    }

    public String dynamoEndpoint() {
        return dynamo.endpoint().toString();
    }

    public String tableName() {
        return tableName;
    }

    Gateway gateway() {
        return gateway;
    }

    /** True once stream delivery has had nothing to deliver for {@code quietMillis}: every effect so far is done. */
    boolean awaitStreamQuiet(long quietMillis, long timeoutMillis) throws InterruptedException {
        return delivery.awaitCaughtUp(quietMillis, timeoutMillis);
    }

    @Override
    public void close() {
        ttlSweep.shutdownNow();
        gateway.close();
        sweeper.close();
        delivery.close();
        streams.close();
        client.close();
        dynamo.close();
    }
}

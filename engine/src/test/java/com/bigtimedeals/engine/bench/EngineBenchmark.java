package com.bigtimedeals.engine.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.EngineSettings;
import com.bigtimedeals.engine.api.Response;
import com.bigtimedeals.engine.http.HttpServer;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Measures the engine against the floor the client sets: a stub served by the same HTTP server, answering each
 * operation with the engine's own response bytes for it (so the same size) and doing no work. Every figure is a
 * ratio of requests a second, engine over stub, for GetItem, PutItem, a conditional UpdateItem, a Query of 25
 * items, a BatchWriteItem of 25 and a 2-action TransactWriteItems, at 1 and 4 client threads over loopback;
 * then the same after 200,000 stream records; then the start time of an empty engine and the heap that a million
 * items of about 300 bytes with three global indexes take.
 *
 * <p>{@code java -cp ... com.bigtimedeals.engine.bench.EngineBenchmark [--seconds N] [--quick] [--out FILE]}
 */
public final class EngineBenchmark {
    private static final String TABLE = "bench";
    private static final String[] OPERATIONS = {"GetItem", "PutItem", "UpdateItem", "Query25", "BatchWrite25", "TransactWrite2"};

    private final double seconds;
    private final Map<String, String> results = new LinkedHashMap<>();

    private EngineBenchmark(double seconds) {
        this.seconds = seconds;
    }

    public static void main(String[] args) throws Exception {
        double seconds = 10;
        boolean quick = false;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seconds" -> seconds = Double.parseDouble(args[++i]);
                case "--quick" -> quick = true;
                case "--out" -> out = Path.of(args[++i]);
                case "--child-start" -> {
                    childStart();
                    return;
                }
                case "--child-heap" -> {
                    childHeap(Integer.parseInt(args[++i]));
                    return;
                }
                default -> throw new IllegalArgumentException(args[i]);
            }
        }
        EngineBenchmark bench = new EngineBenchmark(quick ? 2.5 : seconds);
        bench.run(quick);
        StringBuilder json = new StringBuilder("{\n");
        int n = 0;
        for (Map.Entry<String, String> e : bench.results.entrySet()) {
            json.append("  \"").append(e.getKey()).append("\": ").append(e.getValue()).append(++n < bench.results.size() ? ",\n" : "\n");
        }
        json.append("}\n");
        System.out.print(json);
        if (out != null) {
            Files.writeString(out, json);
        }
    }

    private void run(boolean quick) throws Exception {
        try (Engine engine = Engine.start(EngineSettings.defaults())) {
            String endpoint = engine.serve(0);
            DynamoDbClient client = client(endpoint);
            setUp(client);
            Map<String, Response> canned = cannedResponses(engine);
            try (HttpServer stub = new HttpServer(0, (target, body) -> canned.get(target.substring(target.indexOf('.') + 1)))) {
                DynamoDbClient stubClient = client(stub.endpoint());
                for (int threads : new int[] {1, 4}) {
                    for (String op : OPERATIONS) {
                        compare(op, threads, client, stubClient, "");
                    }
                }
                long records = fillStream(client, quick ? 20_000 : 200_000);
                results.put("stream_records", Long.toString(records));
                for (int threads : new int[] {1, 4}) {
                    for (String op : OPERATIONS) {
                        compare(op, threads, client, stubClient, "_after_stream");
                    }
                }
            }
        }
        results.put("start_seconds", String.format(Locale.ROOT, "%.3f", startSeconds()));
        results.put("heap_mb_1m_items_3_gsis", Long.toString(heapMegabytes(quick ? 100_000 : 1_000_000)));
    }

    static DynamoDbClient client(String endpoint) {
        return DynamoDbClient.builder()
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(60)).build())
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build())
                .build();
    }

    /** The product's shape of table: string keys, two global indexes, a stream with both images. */
    private static void setUp(DynamoDbClient db) {
        db.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attr("pk"), attr("sk"), attr("g1"), attr("g2"))
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .globalSecondaryIndexes(gsi("byG1", "g1"), gsi("byG2", "g2"))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        for (int i = 0; i < 25; i++) {
            String sk = String.format("%03d", i);
            db.putItem(b -> b.tableName(TABLE).item(item("q", sk, 0)));
        }
        db.putItem(b -> b.tableName(TABLE).item(item("get", "x", 0)));
        db.putItem(b -> b.tableName(TABLE).item(item("counter", "x", 0)));
    }

    private static AttributeDefinition attr(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static GlobalSecondaryIndex gsi(String name, String attribute) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(key(attribute, KeyType.HASH))
                .projection(p -> p.projectionType(ProjectionType.ALL)).build();
    }

    /** An item of about 300 bytes. */
    static Map<String, AttributeValue> item(String pk, String sk, long n) {
        Map<String, AttributeValue> m = new HashMap<>();
        m.put("pk", AttributeValue.fromS(pk));
        m.put("sk", AttributeValue.fromS(sk));
        m.put("g1", AttributeValue.fromS("g1#" + (n % 100)));
        m.put("g2", AttributeValue.fromS("g2#" + (n % 1000)));
        m.put("n", AttributeValue.fromN(Long.toString(n)));
        m.put("title", AttributeValue.fromS("A deal of the day: a thing for a price, with a description long enough to be typical"));
        m.put("body", AttributeValue.fromS("x".repeat(120)));
        return m;
    }

    /** One request of each kind, sent from a client thread: {@code i} makes keys unique where writes need it. */
    private static Consumer<Long> operation(String op, DynamoDbClient db, int thread) {
        switch (op) {
            case "GetItem":
                return i -> db.getItem(b -> b.tableName(TABLE).key(Map.of("pk", AttributeValue.fromS("get"), "sk", AttributeValue.fromS("x"))));
            case "PutItem":
                return i -> db.putItem(b -> b.tableName(TABLE).item(item("put" + thread, Long.toString(i % 1000), i)));
            case "UpdateItem":
                return i -> db.updateItem(b -> b.tableName(TABLE)
                        .key(Map.of("pk", AttributeValue.fromS("counter" + thread), "sk", AttributeValue.fromS("x")))
                        .updateExpression("SET n = if_not_exists(n, :zero) + :one")
                        .conditionExpression("attribute_not_exists(locked)")
                        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":zero", AttributeValue.fromN("0"))));
            case "Query25":
                return i -> db.query(b -> b.tableName(TABLE).keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("q"))));
            case "BatchWrite25":
                return i -> {
                    List<WriteRequest> writes = new ArrayList<>(25);
                    for (int k = 0; k < 25; k++) {
                        writes.add(WriteRequest.builder().putRequest(PutRequest.builder()
                                .item(item("batch" + thread, (i % 400) + "-" + k, i)).build()).build());
                    }
                    db.batchWriteItem(b -> b.requestItems(Map.of(TABLE, writes)));
                };
            case "TransactWrite2":
                return i -> db.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item("tx" + thread, "a" + (i % 500), i))).build(),
                        TransactWriteItem.builder().update(u -> u.tableName(TABLE)
                                .key(Map.of("pk", AttributeValue.fromS("txc" + thread), "sk", AttributeValue.fromS("x")))
                                .updateExpression("SET n = if_not_exists(n, :zero) + :one")
                                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":zero", AttributeValue.fromN("0")))).build()));
            default:
                throw new IllegalArgumentException(op);
        }
    }

    /**
     * The engine's own answer to each operation, for the stub to send back: a response of the same size, with no
     * work behind it.
     */
    private static Map<String, Response> cannedResponses(Engine engine) {
        Map<String, Response> canned = new HashMap<>();
        String key = "{\"pk\":{\"S\":\"get\"},\"sk\":{\"S\":\"x\"}}";
        canned.put("GetItem", engine.handle("DynamoDB_20120810.GetItem", ("{\"TableName\":\"bench\",\"Key\":" + key + "}").getBytes(StandardCharsets.UTF_8)));
        canned.put("PutItem", new Response(200, "{}".getBytes(StandardCharsets.UTF_8)));
        canned.put("UpdateItem", new Response(200, "{}".getBytes(StandardCharsets.UTF_8)));
        canned.put("Query", engine.handle("DynamoDB_20120810.Query", "{\"TableName\":\"bench\",\"KeyConditionExpression\":\"pk = :p\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"q\"}}}".getBytes(StandardCharsets.UTF_8)));
        canned.put("BatchWriteItem", new Response(200, "{\"UnprocessedItems\":{}}".getBytes(StandardCharsets.UTF_8)));
        canned.put("TransactWriteItems", new Response(200, "{}".getBytes(StandardCharsets.UTF_8)));
        return canned;
    }

    /**
     * Engine against stub in alternating pairs (stub, engine, engine, stub, ...), each pair giving one ratio; the
     * figure is the median ratio, so that a burst of load from elsewhere on a shared machine skews one pair, not
     * the result.
     */
    private void compare(String op, int threads, DynamoDbClient engine, DynamoDbClient stub, String suffix) throws Exception {
        measure(op, threads, stub, seconds / 4);
        measure(op, threads, engine, seconds / 4);
        int pairs = 5;
        double[] ratios = new double[pairs];
        double[] engineRates = new double[pairs];
        double[] stubRates = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            double slice = seconds / pairs;
            double s;
            double e;
            if (i % 2 == 0) {
                s = measure(op, threads, stub, slice);
                e = measure(op, threads, engine, slice);
            } else {
                e = measure(op, threads, engine, slice);
                s = measure(op, threads, stub, slice);
            }
            ratios[i] = e / s;
            engineRates[i] = e;
            stubRates[i] = s;
        }
        java.util.Arrays.sort(ratios);
        java.util.Arrays.sort(engineRates);
        java.util.Arrays.sort(stubRates);
        double ratio = ratios[pairs / 2];
        String name = op + "_t" + threads + suffix;
        results.put(name + "_engine_per_s", String.format(Locale.ROOT, "%.0f", engineRates[pairs / 2]));
        results.put(name + "_stub_per_s", String.format(Locale.ROOT, "%.0f", stubRates[pairs / 2]));
        results.put(name + "_ratio", String.format(Locale.ROOT, "%.2f", ratio));
        results.put(name + "_ratio_range", String.format(Locale.ROOT, "\"%.2f-%.2f\"", ratios[0], ratios[pairs - 1]));
        System.err.printf(Locale.ROOT, "%-30s engine %7.0f/s  stub %7.0f/s  ratio %.2f (%.2f-%.2f)%n", name,
                engineRates[pairs / 2], stubRates[pairs / 2], ratio, ratios[0], ratios[pairs - 1]);
    }

    /** Requests a second over {@code seconds}, from {@code threads} client threads sharing one client. */
    private static double measure(String op, int threads, DynamoDbClient db, double seconds) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong done = new AtomicLong();
        CountDownLatch finished = new CountDownLatch(threads);
        List<Thread> workers = new ArrayList<>();
        AtomicLong failures = new AtomicLong();
        for (int t = 0; t < threads; t++) {
            Consumer<Long> request = operation(op, db, t);
            Thread w = new Thread(() -> {
                long i = 0;
                while (!stop.get()) {
                    try {
                        request.accept(i++);
                        done.incrementAndGet();
                    } catch (RuntimeException e) {
                        if (failures.incrementAndGet() == 1) {
                            System.err.println(op + ": " + e);
                        }
                    }
                }
                finished.countDown();
            });
            workers.add(w);
        }
        long start = System.nanoTime();
        workers.forEach(Thread::start);
        Thread.sleep((long) (seconds * 1000));
        long count = done.get();
        long elapsed = System.nanoTime() - start;
        stop.set(true);
        finished.await();
        return count / (elapsed / 1e9);
    }

    /** Fills the table's stream with {@code records} records (batches of 25 puts). */
    private static long fillStream(DynamoDbClient db, long records) {
        long written = 0;
        for (long i = 0; written < records; i++) {
            List<WriteRequest> writes = new ArrayList<>(25);
            for (int k = 0; k < 25; k++) {
                writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item("fill", i + "-" + k, i)).build()).build());
            }
            db.batchWriteItem(b -> b.requestItems(Map.of(TABLE, writes)));
            written += 25;
        }
        return written;
    }

    /** Seconds from launching a JVM with an empty engine to its printed endpoint. */
    private static double startSeconds() throws Exception {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            Process p = child("--child-start");
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line = in.readLine();
                if (line == null || !line.startsWith("http")) {
                    throw new IllegalStateException("child said " + line);
                }
                best = Math.min(best, (System.nanoTime() - start) / 1e9);
            } finally {
                p.destroyForcibly().waitFor();
            }
        }
        return best;
    }

    private static void childStart() throws Exception {
        Engine engine = Engine.start(EngineSettings.defaults());
        System.out.println(engine.serve(0));
        System.out.flush();
        Thread.sleep(60_000);
    }

    /** Heap in use, in MB, after a child JVM with a 1.5 GB heap loads {@code items} items into a table with three GSIs. */
    private static long heapMegabytes(int items) throws Exception {
        Process p = child("--child-heap", Integer.toString(items));
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line = in.readLine();
            p.waitFor();
            if (line == null) {
                throw new IllegalStateException("the heap child died (out of memory?) with exit " + p.exitValue());
            }
            return Long.parseLong(line.trim());
        }
    }

    private static void childHeap(int items) {
        try (Engine engine = Engine.start(EngineSettings.defaults())) {
            Response created = engine.handle("DynamoDB_20120810.CreateTable", ("{\"TableName\":\"heap\",\"BillingMode\":\"PAY_PER_REQUEST\","
                    + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},{\"AttributeName\":\"sk\",\"AttributeType\":\"S\"},"
                    + "{\"AttributeName\":\"g1\",\"AttributeType\":\"S\"},{\"AttributeName\":\"g2\",\"AttributeType\":\"S\"},{\"AttributeName\":\"g3\",\"AttributeType\":\"S\"}],"
                    + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],"
                    + "\"GlobalSecondaryIndexes\":[" + gsiJson("byCity", "g1") + "," + gsiJson("byCategory", "g2") + "," + gsiJson("byDay", "g3") + "]}")
                    .getBytes(StandardCharsets.UTF_8));
            if (created.status() != 200) {
                throw new IllegalStateException(new String(created.body(), StandardCharsets.UTF_8));
            }
            for (int i = 0; i < items; i++) {
                String body = "{\"TableName\":\"heap\",\"Item\":{\"pk\":{\"S\":\"user#" + (i / 10) + "\"},\"sk\":{\"S\":\"deal#" + i + "\"},"
                        + "\"g1\":{\"S\":\"city#" + (i % 500) + "\"},\"g2\":{\"S\":\"cat#" + (i % 50) + "\"},\"g3\":{\"S\":\"day#" + (i % 365) + "\"},"
                        + "\"price\":{\"N\":\"" + (i % 10000) / 100.0 + "\"},\"title\":{\"S\":\"A deal of the day, item number " + i + ", for the benchmark\"},"
                        + "\"body\":{\"S\":\"" + "x".repeat(150) + "\"}}}";
                Response r = engine.handle("DynamoDB_20120810.PutItem", body.getBytes(StandardCharsets.UTF_8));
                if (r.status() != 200) {
                    throw new IllegalStateException(new String(r.body(), StandardCharsets.UTF_8));
                }
            }
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            Runtime rt = Runtime.getRuntime();
            System.out.println((rt.totalMemory() - rt.freeMemory()) / (1024 * 1024));
        }
    }

    private static String gsiJson(String name, String attribute) {
        return "{\"IndexName\":\"" + name + "\",\"KeySchema\":[{\"AttributeName\":\"" + attribute + "\",\"KeyType\":\"HASH\"}],\"Projection\":{\"ProjectionType\":\"ALL\"}}";
    }

    private static Process child(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx1536m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(EngineBenchmark.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}

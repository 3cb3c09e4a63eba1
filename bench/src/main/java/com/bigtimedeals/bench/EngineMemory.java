package com.bigtimedeals.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.core.JsonFactory;

/**
 * What the served engine holds in memory: a fresh JVM started as {@code ./bigtimedeals engine} starts it (its JVM
 * options from {@code engine/jvm.options}, only the engine and jackson-core on the classpath), a million items of
 * about 100 bytes written into a table with one KEYS_ONLY global index over HTTP, then the process's resident set
 * ({@code VmRSS} in {@code /proc/PID/status}) after a full collection. RSS, not heap, because RSS is what the
 * machine gives up: heap headroom, metaspace, code cache and thread stacks are in it. A second engine with the JVM's
 * default options is loaded and read beside it, in alternation, for the same figures and for ratios of PutItem,
 * GetItem and Query rates, so options that save memory by costing throughput show here too. Then the same load with
 * {@code --data} (what the log writer adds), and the engine restarted on that directory (what reading it back leaves).
 */
final class EngineMemory {
    static final String TABLE = "Memory";
    private static final int BATCH = 25;
    private static final int WRITERS = 2;

    private EngineMemory() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int items = quick ? 200_000 : 1_000_000;
        System.out.printf("%nThe served engine's memory (%,d items of about 100 bytes, one KEYS_ONLY GSI):%n", items);
        String what = String.format("%,d items of about 100 bytes, one KEYS_ONLY GSI, written over HTTP", items);
        // Beside it, the same engine with the JVM's own defaults: both loaded and read in alternation, so a burst of
        // load from elsewhere on a shared machine falls on both and the ratios say what engine/jvm.options costs.
        try (Served engine = Served.start(bench, null, true); Served defaults = Served.start(bench, null, false)) {
            long emptyRss = engine.rssAfterFullCollection();
            List<Served> both = List.of(engine, defaults);
            for (Served s : both) {
                s.wire.call("CreateTable", createTable());
            }
            int chunk = items / 20;
            double[] put = new double[2];
            List<Double> putRatios = new ArrayList<>();
            for (int from = 0, n = 0; from < items; from += chunk, n++) {
                double[] rate = new double[2];
                for (int k = 0; k < 2; k++) {
                    int which = (n + k) % 2;
                    long t0 = System.nanoTime();
                    load(both.get(which).wire, from, Math.min(items, from + chunk));
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    put[which] += seconds;
                    rate[which] = chunk / seconds;
                }
                putRatios.add(rate[0] / rate[1]);
            }
            long loadedRss = engine.status("VmRSS");
            long defaultsLoadedRss = defaults.status("VmRSS");
            long heapBytes = engine.fullCollection();
            long rss = engine.status("VmRSS");
            long peak = engine.status("VmHWM");
            long defaultsRss = defaults.rssAfterFullCollection();
            long defaultsPeak = defaults.status("VmHWM");
            double slice = quick ? 1 : 2;
            Paired get = paired(both, slice, (wire, i) -> wire.call("GetItem", "{\"TableName\":\"" + TABLE + "\",\"Key\":"
                    + key((int) (i * 7919 % items)) + "}"));
            Paired query = paired(both, slice, (wire, i) -> wire.call("Query", "{\"TableName\":\"" + TABLE + "\",\"KeyConditionExpression\":"
                    + "\"pk = :p\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"user#" + (i * 7919 % (items / 10)) + "\"}}}"));
            Paired overwrite = paired(both, slice, (wire, i) -> wire.call("PutItem", "{\"TableName\":\"" + TABLE + "\",\"Item\":"
                    + item((int) (i * 7919 % items)) + "}"));
            String versus = "; engine/jvm.options over the JVM's defaults, median of alternated pairs on the same machine";
            bench.add("engine.memory.rss_mb", rss / 1048576.0, "MB", quick ? null : 1024.0, null,
                    "RSS (VmRSS) of the served engine after a full GC, " + what + "; JVM options from engine/jvm.options");
            bench.add("engine.memory.rss_bytes_per_item", (double) Math.round((double) (rss - emptyRss) / items), "bytes", null, null,
                    "RSS over the empty engine's, per item");
            bench.add("engine.memory.rss_empty_mb", emptyRss / 1048576.0, "MB", null, null, "RSS of the empty engine after a full GC");
            bench.add("engine.memory.rss_loaded_mb", loadedRss / 1048576.0, "MB", null, null,
                    "RSS as the load left it, before the full GC");
            bench.add("engine.memory.rss_peak_mb", peak / 1048576.0, "MB", null, null, "the highest RSS while loading (VmHWM)");
            bench.add("engine.memory.heap_live_mb", heapBytes / 1048576.0, "MB", null, null,
                    "live heap after the load (jcmd GC.class_histogram)");
            bench.add("engine.memory.jvm_defaults.rss_mb", defaultsRss / 1048576.0, "MB", null, null,
                    "the same engine and load with the JVM's default options, after a full GC");
            bench.add("engine.memory.jvm_defaults.rss_loaded_mb", defaultsLoadedRss / 1048576.0, "MB", null, null,
                    "with the JVM's defaults, as the load left it");
            bench.add("engine.memory.jvm_defaults.rss_peak_mb", defaultsPeak / 1048576.0, "MB", null, null,
                    "with the JVM's defaults, the highest RSS (VmHWM)");
            bench.add("engine.memory.put_items_per_s", Math.round(items / put[0]), "items/s", null, null,
                    "BatchWriteItem of 25 from " + WRITERS + " client threads while loading");
            bench.add("engine.memory.put_ratio", median(putRatios), "x", null, null, "loading, per twentieth of the items" + versus);
            bench.add("engine.memory.get_per_s", Math.round(get.rate), "requests/s", null, null,
                    "GetItem of a random item, 1 client thread, loaded table");
            bench.add("engine.memory.get_ratio", get.ratio, "x", null, null, "GetItem" + versus);
            bench.add("engine.memory.query_per_s", Math.round(query.rate), "requests/s", null, null,
                    "Query of one partition of 10 items, 1 client thread, loaded table");
            bench.add("engine.memory.query_ratio", query.ratio, "x", null, null, "Query" + versus);
            bench.add("engine.memory.overwrite_per_s", Math.round(overwrite.rate), "requests/s", null, null,
                    "PutItem replacing a random item, 1 client thread, loaded table");
            bench.add("engine.memory.overwrite_ratio", overwrite.ratio, "x", null, null, "PutItem replacing an item" + versus);
        }
        // The same with --data: what the log writer adds, then what a restart that reads the data back holds.
        Path data = Files.createTempDirectory("engine-memory");
        try {
            try (Served engine = Served.start(bench, data, true)) {
                engine.wire.call("CreateTable", createTable());
                long t0 = System.nanoTime();
                load(engine.wire, 0, items);
                double putRate = items / ((System.nanoTime() - t0) / 1e9);
                long rss = engine.rssAfterFullCollection();
                bench.add("engine.memory.data.rss_mb", rss / 1048576.0, "MB", quick ? null : 1024.0, null,
                        "the same with --data DIR, after a full GC");
                bench.add("engine.memory.data.put_items_per_s", Math.round(putRate), "items/s", null, null,
                        "loading with --data DIR (BatchWriteItem of 25, " + WRITERS + " client threads)");
            }
            long t0 = System.nanoTime();
            try (Served engine = Served.start(bench, data, true)) {
                double reopen = (System.nanoTime() - t0) / 1e9;
                String answer = engine.wire.call("GetItem", "{\"TableName\":\"" + TABLE + "\",\"Key\":" + key(items - 1) + "}");
                if (!answer.contains("number " + String.format("%08d", items - 1))) {
                    throw new IllegalStateException("the reopened engine lost the last item: " + answer);
                }
                long peak = engine.status("VmHWM");
                long rss = engine.rssAfterFullCollection();
                bench.add("engine.memory.data.reopened_rss_mb", rss / 1048576.0, "MB", quick ? null : 1024.0, null,
                        "the engine restarted on that DIR, after a full GC");
                bench.add("engine.memory.data.reopened_peak_mb", peak / 1048576.0, "MB", null, null,
                        "the highest RSS while reading the DIR back (VmHWM)");
                bench.add("engine.memory.data.reopen_seconds", reopen, "s", null, null,
                        "from starting the JVM to its endpoint, reading the DIR back");
            }
        } finally {
            try (var files = Files.walk(data)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** An engine served by a JVM of its own, as {@code ./bigtimedeals engine} serves it; closing stops it cleanly. */
    private static final class Served implements AutoCloseable {
        final Process process;
        final Wire wire;

        private Served(Process process, Wire wire) {
            this.process = process;
            this.wire = wire;
        }

        /** {@code withOptions}: with engine/jvm.options, as served; without, with the JVM's defaults. */
        static Served start(Bench bench, Path data, boolean withOptions) throws Exception {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            if (withOptions) {
                command.add("@" + bench.root().resolve("engine/jvm.options"));
            }
            command.addAll(List.of("-cp", com.bigtimedeals.harness.Database.engineClasses() + java.io.File.pathSeparator + jarOf(JsonFactory.class),
                    "com.bigtimedeals.engine.Main", "--port", "0"));
            if (data != null) {
                command.addAll(List.of("--data", data.toString()));
            }
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String endpoint = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
            if (endpoint == null || !endpoint.startsWith("http")) {
                p.destroyForcibly();
                throw new IllegalStateException("the engine did not start: " + endpoint);
            }
            return new Served(p, new Wire(endpoint));
        }

        long fullCollection() throws Exception {
            return EngineMemory.fullCollection(process.pid());
        }

        long rssAfterFullCollection() throws Exception {
            fullCollection();
            return status("VmRSS");
        }

        long status(String field) throws IOException {
            return EngineMemory.status(process.pid(), field);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException("the engine did not stop within 2 minutes");
            }
        }
    }

    private static String jarOf(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static String createTable() {
        return "{\"TableName\":\"" + TABLE + "\",\"BillingMode\":\"PAY_PER_REQUEST\",\"AttributeDefinitions\":["
                + "{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},{\"AttributeName\":\"sk\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"cat\",\"AttributeType\":\"S\"}],"
                + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],"
                + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byCategory\",\"KeySchema\":[{\"AttributeName\":\"cat\",\"KeyType\":\"HASH\"},"
                + "{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],\"Projection\":{\"ProjectionType\":\"KEYS_ONLY\"}}]}";
    }

    private static String key(int i) {
        return "{\"pk\":{\"S\":\"user#" + (i / 10) + "\"},\"sk\":{\"S\":\"item#" + i + "\"}}";
    }

    /**
     * Item {@code i}: ten to a partition, 100 categories; about 100 bytes by the service's size rules (names and
     * values: pk 13, sk 12, cat 9, price 9, title 57).
     */
    static String item(int i) {
        String title = String.format("A deal of the day, number %08d, for the benchmark", i);
        return "{\"pk\":{\"S\":\"user#" + (i / 10) + "\"},\"sk\":{\"S\":\"item#" + i + "\"},\"cat\":{\"S\":\"cat#" + (i % 100) + "\"},"
                + "\"price\":{\"N\":\"" + (i % 10000) / 100.0 + "\"},\"title\":{\"S\":\"" + title + "\"}}";
    }

    /** Writes items {@code first} to {@code end} (exclusive) in batches of 25 from the writer threads. */
    private static void load(Wire wire, int first, int end) throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        try {
            AtomicInteger next = new AtomicInteger(first);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                done.add(writers.submit(() -> {
                    for (int from = next.getAndAdd(BATCH); from < end; from = next.getAndAdd(BATCH)) {
                        StringBuilder body = new StringBuilder("{\"RequestItems\":{\"" + TABLE + "\":[");
                        for (int i = from; i < Math.min(end, from + BATCH); i++) {
                            body.append(i == from ? "" : ",").append("{\"PutRequest\":{\"Item\":").append(item(i)).append("}}");
                        }
                        String answer = wire.call("BatchWriteItem", body.append("]}}").toString());
                        if (!answer.contains("\"UnprocessedItems\":{}")) {
                            throw new IllegalStateException("unprocessed items: " + answer);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            writers.shutdown();
        }
    }

    @FunctionalInterface
    private interface Call {
        void run(Wire wire, long i) throws Exception;
    }

    /** The first engine's requests a second, and its median ratio to the second's over alternated pairs. */
    private record Paired(double rate, double ratio) {
    }

    /**
     * One client thread's requests a second against each of two engines, in five pairs of {@code seconds} each
     * (first, second; then second, first; ...), after a short warm-up of both.
     */
    private static Paired paired(List<Served> both, double seconds, Call call) throws Exception {
        long[] i = new long[1];
        for (Served s : both) {
            rate(s.wire, seconds / 2, call, i);
        }
        List<Double> ratios = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        for (int pair = 0; pair < 5; pair++) {
            double[] rate = new double[2];
            for (int k = 0; k < 2; k++) {
                int which = (pair + k) % 2;
                rate[which] = rate(both.get(which).wire, seconds, call, i);
            }
            ratios.add(rate[0] / rate[1]);
            rates.add(rate[0]);
        }
        return new Paired(median(rates), median(ratios));
    }

    /** Requests a second from one client thread over {@code seconds}. */
    private static double rate(Wire wire, double seconds, Call call, long[] i) throws Exception {
        long t0 = System.nanoTime();
        long end = t0 + (long) (seconds * 1e9);
        long n = 0;
        while (System.nanoTime() < end) {
            call.run(wire, i[0]++);
            n++;
        }
        return n / ((System.nanoTime() - t0) / 1e9);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        java.util.Collections.sort(sorted);
        int n = sorted.size();
        double m = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return Math.round(m * 100) / 100.0;
    }

    /**
     * A full collection in the engine's JVM (a class histogram collects first), returning the live heap in bytes
     * that the histogram totals.
     */
    private static long fullCollection(long pid) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid),
                "GC.class_histogram").redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (jcmd.waitFor() != 0) {
            throw new IllegalStateException("jcmd failed: " + out);
        }
        long total = -1;
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 3 && f[0].equals("Total")) {
                total = Long.parseLong(f[2]);
            }
        }
        if (total < 0) {
            throw new IllegalStateException("no total in the class histogram: " + out);
        }
        Thread.sleep(500);
        return total;
    }

    /** A size line of {@code /proc/PID/status}, in bytes. */
    private static long status(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]) * 1024;
            }
        }
        throw new IllegalStateException(field + " not in /proc/" + pid + "/status");
    }

    /** The engine's wire protocol over one HTTP/1.1 client (its connections kept alive). */
    private static final class Wire {
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        private final URI endpoint;

        Wire(String endpoint) {
            this.endpoint = URI.create(endpoint);
        }

        String call(String operation, String body) throws IOException, InterruptedException {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(endpoint)
                    .header("X-Amz-Target", "DynamoDB_20120810." + operation)
                    .header("Content-Type", "application/x-amz-json-1.0")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException(operation + " answered " + r.statusCode() + ": " + r.body());
            }
            return r.body();
        }
    }
}

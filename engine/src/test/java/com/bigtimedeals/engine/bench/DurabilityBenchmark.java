package com.bigtimedeals.engine.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.EngineSettings;
import com.bigtimedeals.engine.api.Response;
import com.bigtimedeals.engine.store.DurableStore;

/**
 * What durability costs a write: PutItems of about 100 bytes a second, handed to the engine's dispatcher (no HTTP,
 * so the figure is the commit path's), in memory, with a data directory (acknowledged once the operating system has
 * the record: survives kill -9), and with {@code --fsync} (acknowledged once it is on disk: survives power loss), at
 * 1 and 16 writing threads, each the median of rounds taken in turn. Reported as ratios of the same run and as commits
 * per fsync (what group commit saves).
 *
 * <p>{@code java -cp ... com.bigtimedeals.engine.bench.DurabilityBenchmark [--seconds N] [--rounds N] [--dir DIR] [--out FILE]}; the
 * directory must be on the disk to be measured (not tmpfs), by default under {@code target/}.
 */
public final class DurabilityBenchmark {
    private static final String TARGET = "DynamoDB_20120810.";

    private DurabilityBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        double seconds = 3;
        int rounds = 3;
        Path dir = Path.of("target");
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seconds" -> seconds = Double.parseDouble(args[++i]);
                case "--dir" -> dir = Path.of(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Files.createDirectories(dir);
        Map<String, Double> results = new LinkedHashMap<>();
        // One untimed round first, so the first figure is not the one that pays for the JIT; then the three kinds
        // of write take turns, round after round, so a load that comes and goes on the machine falls on each alike.
        rate(dir, false, 16, 1, new LinkedHashMap<>());
        for (int threads : new int[] {1, 16}) {
            List<Double> memory = new ArrayList<>();
            List<Double> log = new ArrayList<>();
            List<Double> fsync = new ArrayList<>();
            List<Double> perFsync = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                Map<String, Double> own = new LinkedHashMap<>();
                memory.add(rate(null, false, threads, seconds, own));
                log.add(rate(dir, false, threads, seconds, own));
                fsync.add(rate(dir, true, threads, seconds, own));
                perFsync.add(own.get("commits_per_fsync"));
            }
            double m = median(memory);
            double l = median(log);
            double f = median(fsync);
            results.put("writes_per_s_memory_" + threads + "t", m);
            results.put("writes_per_s_log_" + threads + "t", l);
            results.put("writes_per_s_fsync_" + threads + "t", f);
            results.put("commits_per_fsync_" + threads + "t", median(perFsync));
            results.put("log_over_memory_ratio_" + threads + "t", l / m);
            results.put("fsync_over_log_ratio_" + threads + "t", f / l);
        }
        StringBuilder json = new StringBuilder("{");
        results.forEach((k, v) -> json.append(json.length() > 1 ? ",\n " : "\n ").append('"').append(k).append("\": ")
                .append(String.format(Locale.ROOT, "%.3f", v)));
        json.append("\n}\n");
        System.out.print(json);
        if (out != null) {
            Files.writeString(out, json);
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Writes a second from {@code threads} threads for {@code seconds}, after a second to warm up. */
    private static double rate(Path parent, boolean fsync, int threads, double seconds, Map<String, Double> results) throws Exception {
        Path data = parent == null ? null : Files.createTempDirectory(parent.toAbsolutePath(), "durability-bench");
        EngineSettings settings = EngineSettings.defaults().fsync(fsync);
        if (data != null) {
            settings.dataDirectory(data);
        }
        try (Engine engine = Engine.start(settings)) {
            call(engine, "CreateTable", "{\"TableName\":\"bench\",\"BillingMode\":\"PAY_PER_REQUEST\","
                    + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                    + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}");
            AtomicBoolean measuring = new AtomicBoolean();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong writes = new AtomicLong();
            List<Thread> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int writer = t;
                Thread th = new Thread(() -> {
                    String pad = "x".repeat(80);
                    for (long i = 0; !stop.get(); i++) {
                        call(engine, "PutItem", "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"w" + writer + "-" + (i % 10_000)
                                + "\"},\"v\":{\"S\":\"" + pad + i + "\"}}}");
                        if (measuring.get()) {
                            writes.incrementAndGet();
                        }
                    }
                });
                writers.add(th);
                th.start();
            }
            Thread.sleep(1000);
            long fsyncsBefore = DurableStore.fsyncs();
            measuring.set(true);
            long start = System.nanoTime();
            Thread.sleep((long) (seconds * 1000));
            measuring.set(false);
            double elapsed = (System.nanoTime() - start) / 1e9;
            long fsyncs = DurableStore.fsyncs() - fsyncsBefore;
            stop.set(true);
            for (Thread th : writers) {
                th.join();
            }
            double rate = writes.get() / elapsed;
            if (fsync) {
                results.put("commits_per_fsync", fsyncs == 0 ? 0 : (double) writes.get() / fsyncs);
            }
            System.err.printf(Locale.ROOT, "%-6s %2d thread(s): %,.0f writes/s%n", data == null ? "memory" : fsync ? "fsync" : "log",
                    threads, rate);
            return rate;
        } finally {
            if (data != null) {
                delete(data);
            }
        }
    }

    private static void call(Engine engine, String operation, String body) {
        Response r = engine.handle(TARGET + operation, body.getBytes(StandardCharsets.UTF_8));
        if (r.status() != 200) {
            throw new IllegalStateException(operation + " answered " + r.status());
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}

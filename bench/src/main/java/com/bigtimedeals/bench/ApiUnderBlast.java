package com.bigtimedeals.bench;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.LocalStack;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.Table;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The local API while a blast runs in the same process: 32 connections reading public lists as fast as they are
 * answered, first alone, then while a 5,000-user blast goes through the stream delivery as deployed. In AWS the API
 * and the stream consumer are separate functions; locally they share one JVM and one engine, so this is where stream
 * work could starve the API. Reports each phase's p99 and max latency, and the blast's own duration.
 */
final class ApiUnderBlast {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CONNECTIONS = 32;
    private static final String[] READS = {"/frontpage", "/deals?limit=25", "/brands/blasted/deals?limit=25", "/brands"};

    private ApiUnderBlast() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int users = quick ? 1_000 : 5_000;
        System.out.println("\nThe local API during a " + users + "-user blast (32 connections):");
        try (LocalStack stack = LocalStack.start(LocalStack.Options.inMemory())) {
            String base = "http://127.0.0.1:" + stack.port();
            String editor = BearerToken.forUser("bench-editor", true);
            Table table = new Table(stack.client(), stack.tableName(), Clock.systemUTC(), new CursorCodec(CursorCodec.randomKey()));
            UserStore userStore = new UserStore(table);
            Instant now = Instant.now();
            BenchTables.parallel(users, 4, i -> userStore.create(new UserProfile("u" + i, "u" + i + "@example.com", null, null, now)));
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            call(http, base, "POST", "/cms/brands", editor, "{\"name\":\"Blasted\"}");
            call(http, base, "POST", "/cms/categories", editor, "{\"name\":\"Loud\"}");
            String dealId = null;
            for (int i = 0; i < 30; i++) {
                dealId = JSON.readTree(call(http, base, "POST", "/cms/deals", editor, "{\"title\":\"Deal " + i
                        + "\",\"link\":\"https://blasted.example.com/" + i + "\",\"price\":9.99,\"brandId\":\"blasted\",\"categoryId\":\"loud\"}"))
                        .get("id").asText();
            }
            if (!stack.awaitStreamQuiet(1_000, 60_000)) {
                throw new IllegalStateException("the stream did not settle before the measurement");
            }
            Load quiet = Load.run(http, base, () -> false, Duration.ofSeconds(quick ? 5 : 10));
            String blastDeal = dealId;
            long t0 = System.nanoTime();
            String blastId = JSON.readTree(call(http, base, "POST", "/cms/hot-deals", editor, "{\"dealId\":\"" + blastDeal + "\"}"))
                    .get("blastId").asText();
            AtomicBoolean done = new AtomicBoolean();
            Thread watcher = new Thread(() -> {
                try {
                    while (!JSON.readTree(call(http, base, "GET", "/cms/hot-deals/" + blastId, editor, null)).get("done").asBoolean()) {
                        Thread.sleep(500);
                    }
                } catch (Exception e) {
                    System.err.println("blast progress: " + e);
                }
                done.set(true);
            });
            watcher.start();
            Load during = Load.run(http, base, done::get, Duration.ofMinutes(10));
            watcher.join();
            double blastSeconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("  alone: p99 %.0f ms, max %.0f ms (%d requests); during the blast: p99 %.0f ms, max %.0f ms (%d requests, %.1f s)%n",
                    quiet.p99(), quiet.max(), quiet.count(), during.p99(), during.max(), during.count(), blastSeconds);
            String what = CONNECTIONS + " connections reading public lists back to back";
            bench.add("apiUnderBlast.alone.p99Ms", quiet.p99(), "ms", null, null, what + ", no blast");
            bench.add("apiUnderBlast.alone.maxMs", quiet.max(), "ms", null, null, what + ", no blast");
            bench.add("apiUnderBlast.during.p99Ms", during.p99(), "ms", null, null, what + ", during a " + users + "-user blast");
            bench.add("apiUnderBlast.during.maxMs", during.max(), "ms", null, null, what + ", during a " + users + "-user blast");
            bench.add("apiUnderBlast.p99Ratio", during.p99() / quiet.p99(), "x", null, null, "p99 during the blast over p99 alone");
            bench.add("apiUnderBlast.blastSeconds", blastSeconds, "s", null, null, "the blast under that load, request to done");
            bench.add("apiUnderBlast.errors", quiet.errors() + during.errors(), "requests", null, null, "answers other than 200: must be 0");
        }
    }

    /** Latencies of a closed-loop load: each connection sends its next request when the last is answered. */
    record Load(List<Double> millis, long errors) {
        static Load run(HttpClient http, String base, java.util.function.BooleanSupplier stop, Duration atMost) throws Exception {
            List<Double> millis = Collections.synchronizedList(new ArrayList<>());
            AtomicLong errors = new AtomicLong();
            long deadline = System.nanoTime() + atMost.toNanos();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < CONNECTIONS; c++) {
                int connection = c;
                Thread t = new Thread(() -> {
                    for (int n = connection; !stop.getAsBoolean() && System.nanoTime() < deadline; n++) {
                        long t0 = System.nanoTime();
                        try {
                            call(http, base, "GET", READS[n % READS.length], null, null);
                        } catch (Exception e) {
                            errors.incrementAndGet();
                        }
                        millis.add((System.nanoTime() - t0) / 1e6);
                    }
                });
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            return new Load(new ArrayList<>(millis), errors.get());
        }

        long count() {
            return millis.size();
        }

        double p99() {
            List<Double> sorted = millis.stream().sorted().toList();
            return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1));
        }

        double max() {
            return millis.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        }
    }

    private static String call(HttpClient http, String base, String method, String path, String token, String body) throws Exception {
        return StackCall.call(http, base, method, path, token, body, Duration.ofSeconds(60), status -> status / 100 == 2);
    }
}

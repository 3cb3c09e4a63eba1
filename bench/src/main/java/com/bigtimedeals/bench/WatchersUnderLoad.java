package com.bigtimedeals.bench;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.LocalStack;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The contract's "within 5 s" for a new deal's watchers, measured as a user would see it: the whole local stack
 * (gateway, handlers, faithful stream delivery) under a steady API load, a deal created over HTTP, and the
 * time until every watcher's message exists. Completion is observed on the table's own stream (a message's
 * INSERT record), so the measurement adds no read load of its own. Run by {@code ./bigtimedeals bench}; never a
 * timed unit test.
 */
final class WatchersUnderLoad {
    /** What one run found. */
    record Result(double achievedRequestsPerSecond, long loadErrors, List<Double> secondsToAllMessaged) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String editor;

    private WatchersUnderLoad(int port) {
        this.base = "http://127.0.0.1:" + port;
        this.editor = BearerToken.forUser("bench-editor", true);
    }

    /** The contract's 5 s for a new deal's 150 watchers, with the whole local stack under a steady API load. */
    static void measure(Bench bench, boolean quick) throws Exception {
        System.out.println("\nA new deal's watchers under API load (the whole local stack):");
        Result r = run(150, quick ? 3 : 5, 120);
        bench.add("fanout.underLoad.apiRequestsPerSecond", Math.round(r.achievedRequestsPerSecond()), "req/s", null, null,
                "steady mix of public lists, inbox, badge and like/unlike, paced at 120/s; the contract asks at least 100");
        bench.add("fanout.underLoad.apiErrors", r.loadErrors(), "requests", null, null, "answers other than the expected 2xx: must be 0");
        bench.add("fanout.underLoad.150Watchers.secondsToAllMessaged.max",
                r.secondsToAllMessaged().stream().mapToDouble(Double::doubleValue).max().orElseThrow(), "s", 5.0, null,
                r.secondsToAllMessaged().size() + " deals created over HTTP; the last watcher's message seen on the table's stream");
    }

    /** {@code watchers} watch one brand; {@code deals} deals are created a few seconds apart under {@code rate} requests/s. */
    static Result run(int watchers, int deals, int rate) throws Exception {
        try (LocalStack stack = LocalStack.start(LocalStack.Options.inMemory())) {
            return new WatchersUnderLoad(stack.port()).measure(stack, watchers, deals, rate);
        }
    }

    private Result measure(LocalStack stack, int watchers, int deals, int rate) throws Exception {
        call("POST", "/cms/brands", editor, "{\"name\":\"Loaded\"}", 201);
        call("POST", "/cms/categories", editor, "{\"name\":\"Busy\"}", 201);
        List<String> users = new ArrayList<>();
        for (int i = 0; i < watchers; i++) {
            String token = user("watcher" + i);
            call("POST", "/brands/loaded/watches", token, null, 200);
            users.add(token);
        }
        // A few deals to browse, so the load reads real pages.
        for (int i = 0; i < 30; i++) {
            createDeal("Warm-up " + i);
        }
        if (!stack.awaitStreamQuiet(1_000, 60_000)) {
            throw new IllegalStateException("the stream did not settle before the measurement");
        }

        // Steady load: reads of every public list, signed-in inbox reads and badge, and like/unlike writes
        // (their stream records reach the consumer's filter like any other), spread over many users.
        AtomicLong sent = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        ExecutorService senders = Executors.newFixedThreadPool(32);
        ScheduledExecutorService pacer = Executors.newSingleThreadScheduledExecutor();
        long periodMicros = 1_000_000L / rate;
        pacer.scheduleAtFixedRate(() -> {
            long n = sent.incrementAndGet();
            String token = users.get((int) (n % users.size()));
            senders.submit(() -> {
                try {
                    switch ((int) (n % 8)) {
                        case 0 -> call("GET", "/frontpage", null, null, 200);
                        case 1 -> call("GET", "/deals?limit=25", null, null, 200);
                        case 2 -> call("GET", "/brands/loaded/deals?limit=25", null, null, 200);
                        case 3 -> call("GET", "/me/messages?limit=25", token, null, 200);
                        case 4 -> call("GET", "/me/messages/unread-count", token, null, 200);
                        case 5 -> call("POST", "/categories/busy/likes", token, null, 200);
                        case 6 -> call("DELETE", "/categories/busy/likes", token, null, 200);
                        default -> call("GET", "/brands", null, null, 200);
                    }
                } catch (Exception | AssertionError e) {
                    errors.incrementAndGet();
                }
            });
        }, 0, periodMicros, TimeUnit.MICROSECONDS);

        StreamTap tap = new StreamTap(stack.client(), stack.streams(), stack.tableName());
        List<Double> seconds = new ArrayList<>();
        long loadStarted = System.nanoTime();
        long sentAtStart = sent.get();
        try {
            Thread.sleep(3_000); // the load reaches its steady state first
            for (int d = 0; d < deals; d++) {
                tap.drain();
                long t0 = System.nanoTime();
                String dealId = createDeal("Watched " + d);
                Set<String> reached = new HashSet<>();
                while (reached.size() < watchers) {
                    for (DynamodbEvent.DynamodbStreamRecord r : tap.drain()) {
                        var image = r.getDynamodb().getNewImage();
                        if ("INSERT".equals(r.getEventName()) && image != null && image.get("dealId") != null
                                && dealId.equals(image.get("dealId").getS()) && "Message".equals(image.get("Type").getS())) {
                            reached.add(image.get("username").getS());
                        }
                    }
                    if (System.nanoTime() - t0 > TimeUnit.SECONDS.toNanos(120)) {
                        throw new IllegalStateException(reached.size() + " of " + watchers + " watchers after 120 s");
                    }
                    Thread.sleep(20);
                }
                seconds.add((System.nanoTime() - t0) / 1e9);
                Thread.sleep(2_000);
            }
        } finally {
            pacer.shutdownNow();
            senders.shutdown();
            senders.awaitTermination(30, TimeUnit.SECONDS);
        }
        double achieved = (sent.get() - sentAtStart) / ((System.nanoTime() - loadStarted) / 1e9);
        return new Result(achieved, errors.get(), seconds);
    }

    private String createDeal(String title) throws Exception {
        String body = "{\"title\":\"" + title + "\",\"link\":\"https://loaded.example.com/" + title.replace(' ', '-')
                + "\",\"price\":9.99,\"brandId\":\"loaded\",\"categoryId\":\"busy\"}";
        return JSON.readTree(call("POST", "/cms/deals", editor, body, 201)).get("id").asText();
    }

    private static String user(String name) {
        return BearerToken.forUser(name, false);
    }

    private String call(String method, String path, String token, String body, int expected) throws Exception {
        // Likes and watches answer 200 or 201, unlikes 200 or 204: 200 stands for any success.
        return StackCall.call(http, base, method, path, token, body, Duration.ofSeconds(30),
                status -> expected == 200 ? status / 100 == 2 : status == expected);
    }
}

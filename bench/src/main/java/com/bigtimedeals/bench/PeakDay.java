package com.bigtimedeals.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.CdnStandIn;
import com.bigtimedeals.local.LocalStack;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code ./bigtimedeals bench --peak}: the busiest day, simulated honestly. The local stack serves R requests a second
 * of {@link PeakMix} while the engine's per-partition limits, on the table and on every global index, are scaled by
 * F = R / 50,000: each partition key value then carries, and may carry, what it would at 50,000 requests a second
 * (the viral deal's items, its comment and counter partitions, every index partition a vote or a message writes).
 * Public reads go through {@link CdnStandIn}, which applies the deployed CloudFront cache policy. One hot-deal blast
 * to every user runs a third of the way in. Reports throttled answers and 5xx (both must be 0), the busiest table and
 * index partitions against their limits (each at most 0.5), the CDN's hit ratio, origin latency, and what 50,000
 * requests a second need and cost (docs/peak-day.md).
 */
final class PeakDay {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WORKERS = 64;
    /**
     * What one DynamoDB request takes in AWS, network and service, in place of its time here on the loopback to the
     * in-process engine: single-digit milliseconds within a region, taken at the high end (transactions take longer
     * than a GetItem).
     */
    static final double DYNAMODB_ROUND_TRIP_MS = 8;
    private static final String[] WORDS = {"headphones", "laptop", "coffee", "trainers", "television", "blender", "tent", "drill"};

    /**
     * AWS's published on-demand prices, us-east-1, as of 2026-12 (USD), each checked against its pricing page on
     * 2026-12-04 for what the stack deploys: Lambda on Arm (Functions and PushResources set ARM_64; x86 would be
     * $0.0000166667 per GB-second), an HTTP API (ApiResources; a REST API would be $3.50 per million), DynamoDB
     * on-demand at the prices of 2024-11-01 (before: $1.25 and $0.25 per million).
     */
    static final class Prices {
        /** CloudFront HTTPS requests, United States and Europe: $0.0100 per 10,000 (aws.amazon.com/cloudfront/pricing). */
        static final double CLOUDFRONT_PER_MILLION = 1.00;
        /** CloudFront data transfer out to the internet, first 10 TB a month: $0.085 per GB (the same page). */
        static final double CLOUDFRONT_PER_GB = 0.085;
        /** Origin Shield, requests from the edge to the shield in the United States: $0.0075 per 10,000 (the same page). */
        static final double ORIGIN_SHIELD_PER_MILLION = 0.75;
        /** API Gateway HTTP APIs, the first 300 million requests a month: $1.00 per million (aws.amazon.com/api-gateway/pricing). */
        static final double API_GATEWAY_PER_MILLION = 1.00;
        /** Lambda requests: $0.20 per million, either architecture (aws.amazon.com/lambda/pricing). */
        static final double LAMBDA_PER_MILLION = 0.20;
        /** Lambda duration on Arm (Graviton), the first 7.5 billion GB-seconds a month: $0.0000133334 per GB-second (the same page). */
        static final double LAMBDA_PER_GB_SECOND = 0.0000133334;
        /** DynamoDB on-demand, Standard table class: $0.125 per million read request units (aws.amazon.com/dynamodb/pricing/on-demand). */
        static final double DYNAMODB_PER_MILLION_READS = 0.125;
        /** DynamoDB on-demand, Standard table class: $0.625 per million write request units (the same page). */
        static final double DYNAMODB_PER_MILLION_WRITES = 0.625;
        /** SNS mobile push notifications: $0.50 per million deliveries (aws.amazon.com/sns/pricing). */
        static final double SNS_PER_MILLION_PUSHES = 0.50;
        /** SNS publish requests (each push is one Publish to its device's endpoint): $0.50 per million (the same page). */
        static final double SNS_PER_MILLION_PUBLISHES = 0.50;

        private Prices() {
        }
    }

    private PeakDay() {
    }

    /** What one run saw: per kind, per function, and for the whole. */
    private static final class Tally {
        final Map<PeakMix, LongAdder> sent = new EnumMap<>(PeakMix.class);
        final Map<PeakMix, LongAdder> throttled = new EnumMap<>(PeakMix.class);
        final LongAdder serverErrors = new LongAdder();
        final LongAdder clientErrors = new LongAdder();
        final LongAdder failures = new LongAdder();
        final LongAdder dropped = new LongAdder();
        /** Pushes the push service's stand-in delivered during the run (the blast's and the alerts'). */
        long pushes;
        /** Read and write units of the time-paced work during the run (PacedWork: counts aggregation, coalesced rebuilds). */
        double[] paced = {0, 0};
        final DoubleAdder viewerBytes = new DoubleAdder();
        final Map<LambdaFunction, LongAdder> originByFunction = new ConcurrentHashMap<>();
        final Map<LambdaFunction, DoubleAdder> originMillisByFunction = new ConcurrentHashMap<>();
        /** The API handlers' measured run time, and the part of it their DynamoDB attempts spent on the local wire. */
        final DoubleAdder handlerMillis = new DoubleAdder();
        final DoubleAdder wireMillis = new DoubleAdder();
        /** Their threads' CPU time, and what the wall time less the wire would have billed (the report's cross-check). */
        final DoubleAdder cpuMillis = new DoubleAdder();
        final DoubleAdder offWireBilled = new DoubleAdder();
        final DoubleAdder billedMillis = new DoubleAdder();
        final List<Double> originMillis = java.util.Collections.synchronizedList(new ArrayList<>());
        final Map<String, AtomicLong> firstErrors = new ConcurrentHashMap<>();
        /** Per route at the origin: requests, read units, write units (the local gateway's X-DynamoDB-* headers). */
        final Map<String, DoubleAdder[]> unitsByRoute = new ConcurrentHashMap<>();
        /** The cached routes' requests per cache key, for what the CDN lets through at full scale. */
        final CdnAtScale cached = new CdnAtScale();

        Tally() {
            for (PeakMix k : PeakMix.values()) {
                sent.put(k, new LongAdder());
                throttled.put(k, new LongAdder());
            }
        }
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int rate = quick ? 200 : 400;
        int seconds = quick ? 20 : 60;
        int users = quick ? 500 : 2_000;
        double scale = rate / PeakMix.PEAK_REQUESTS_PER_SECOND;
        System.out.printf("%nThe busiest day: %d requests/s for %d s, partition limits x %.4f (each partition as at %,.0f requests/s)%n",
                rate, seconds, scale, PeakMix.PEAK_REQUESTS_PER_SECOND);
        try (LocalStack stack = LocalStack.start(LocalStack.Options.inMemory())) {
            URI origin = URI.create("http://127.0.0.1:" + stack.port());
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newFixedThreadPool(8)).connectTimeout(Duration.ofSeconds(5)).build();
            CdnStandIn cdn = new CdnStandIn(origin, http, System::nanoTime);
            Seeded seeded = seed(stack, http, origin, users);
            if (!stack.awaitStreamQuiet(1_000, 120_000)) {
                throw new IllegalStateException("the stream did not settle before the peak");
            }
            stack.database().partitionLimits(scale);
            Tally tally = new Tally();
            int pushesBefore = stack.sns().pushes().size();
            double[] pacedBefore = com.bigtimedeals.platform.PacedWork.units();
            long started = System.nanoTime();
            run(cdn, seeded, tally, rate, seconds);
            double elapsed = (System.nanoTime() - started) / 1e9;
            stack.awaitStreamQuiet(1_000, 120_000);
            tally.pushes = stack.sns().pushes().size() - pushesBefore;
            double[] pacedAfter = com.bigtimedeals.platform.PacedWork.units();
            tally.paced = new double[] {pacedAfter[0] - pacedBefore[0], pacedAfter[1] - pacedBefore[1]};
            report(bench, stack, cdn, tally, rate, scale, elapsed);
        }
    }

    /** Who and what the run acts on. */
    private record Seeded(String viralDeal, List<String> deals, List<String> brands, List<String> categories,
                          List<String> tokens, String editor) {
    }

    private static Seeded seed(LocalStack stack, HttpClient http, URI origin, int users) throws Exception {
        String editor = BearerToken.forUser("peak-editor", true);
        List<String> brands = new ArrayList<>();
        List<String> categories = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            brands.add(id(send(http, origin, "POST", "/cms/brands", editor, "{\"name\":\"Peak Brand " + (char) ('a' + i) + "\"}")));
        }
        for (int i = 0; i < 6; i++) {
            categories.add(id(send(http, origin, "POST", "/cms/categories", editor, "{\"name\":\"Peak Category " + (char) ('a' + i) + "\"}")));
        }
        Table table = new Table(stack.client(), stack.tableName(), Clock.systemUTC(), new CursorCodec(CursorCodec.randomKey()));
        UserStore userStore = new UserStore(table);
        Instant now = Instant.now();
        BenchTables.parallel(users, 4, i -> userStore.create(new UserProfile("peak" + i, "peak" + i + "@example.com", null, null, now)));
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < users; i++) {
            tokens.add(BearerToken.forUser("peak" + i, false));
        }
        // Every user has the app on one phone: each inbox message (the blast's, an alert's, a watch's) is a push.
        BenchTables.parallel(users, 4, i -> {
            try {
                send(http, origin, "POST", "/me/devices", tokens.get(i), "{\"platform\":\"fcm\",\"token\":\"peak-device-"
                        + String.format("%08d", i) + "-token\"}");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // A tenth of the users watch the viral deal's brand, a tenth hold an alert on its word: its creation reaches them.
        for (int i = 0; i < users / 10; i++) {
            send(http, origin, "POST", "/brands/" + brands.get(0) + "/watches", tokens.get(i), null);
            send(http, origin, "POST", "/me/alerts", tokens.get(users - 1 - i), "{\"keywords\":\"headphones\"}");
        }
        List<String> deals = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            deals.add(id(send(http, origin, "POST", "/cms/deals", editor, newDeal(i, brands.get(i % brands.size()),
                    categories.get(i % categories.size())))));
        }
        String viral = id(send(http, origin, "POST", "/cms/deals", editor, "{\"title\":\"Viral headphones at half price\","
                + "\"link\":\"https://peak.example.com/viral\",\"price\":49.99,\"brandId\":\"" + brands.get(0)
                + "\",\"categoryId\":\"" + categories.get(0) + "\"}"));
        return new Seeded(viral, deals, brands, categories, tokens, editor);
    }

    private static String newDeal(int i, String brand, String category) {
        return "{\"title\":\"Peak " + WORDS[i % WORDS.length] + " deal " + i + "\",\"link\":\"https://peak.example.com/d/" + i
                + "-" + System.nanoTime() + "\",\"price\":" + (10 + i % 90) + ".99,\"brandId\":\"" + brand + "\",\"categoryId\":\"" + category + "\"}";
    }

    /** An open loop: R requests a second whatever the answers' pace; a request the machine cannot start within 2 s is dropped and counted. */
    private static void run(CdnStandIn cdn, Seeded seeded, Tally tally, int rate, int seconds) throws Exception {
        ThreadPoolExecutor workers = (ThreadPoolExecutor) Executors.newFixedThreadPool(WORKERS);
        SplittableRandom seeds = new SplittableRandom(20261127);
        long tickNanos = 20_000_000L;
        double perTick = rate * (tickNanos / 1e9);
        long start = System.nanoTime();
        long ticks = seconds * 1_000_000_000L / tickNanos;
        double owed = 0;
        boolean blasted = false;
        for (long t = 0; t < ticks; t++) {
            long due = start + t * tickNanos;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            if (!blasted && t >= ticks / 3) {
                blasted = true;
                workers.execute(() -> request(cdn, seeded, tally, null, "POST", "/cms/hot-deals", seeded.editor(),
                        "{\"dealId\":\"" + seeded.viralDeal() + "\"}"));
            }
            owed += perTick;
            for (; owed >= 1; owed--) {
                if (workers.getQueue().size() > rate * 2) {
                    tally.dropped.increment();
                    continue;
                }
                SplittableRandom random = seeds.split();
                workers.execute(() -> one(cdn, seeded, tally, random));
            }
        }
        workers.shutdown();
        workers.awaitTermination(2, TimeUnit.MINUTES);
    }

    private static void one(CdnStandIn cdn, Seeded s, Tally tally, SplittableRandom random) {
        PeakMix kind = PeakMix.pick(random.nextDouble());
        String user = s.tokens().get(random.nextInt(s.tokens().size()));
        String deal = s.deals().get(random.nextInt(s.deals().size()));
        tally.sent.get(kind).increment();
        switch (kind) {
            case FRONT_PAGE -> request(cdn, s, tally, kind, "GET", "/frontpage", null, null);
            case DEAL_LISTS -> {
                String[] lists = {"/deals?limit=25", "/brands/" + s.brands().get(random.nextInt(s.brands().size())) + "/deals?limit=25",
                        "/categories/" + s.categories().get(random.nextInt(s.categories().size())) + "/deals?limit=25", "/hot",
                        "/hottest?window=day"};
                request(cdn, s, tally, kind, "GET", lists[random.nextInt(lists.length)], null, null);
            }
            case VIRAL_DEAL -> request(cdn, s, tally, kind, "GET", "/deals/" + s.viralDeal(), null, null);
            case OTHER_DEALS -> request(cdn, s, tally, kind, "GET", "/deals/" + deal, null, null);
            case SEARCH -> request(cdn, s, tally, kind, "GET", "/search?q=" + WORDS[random.nextInt(WORDS.length)], null, null);
            case COMMENT_THREADS -> request(cdn, s, tally, kind, "GET",
                    "/deals/" + (random.nextBoolean() ? s.viralDeal() : deal) + "/comments", null, null);
            case INBOX -> request(cdn, s, tally, kind, "GET", "/me/messages?limit=20", user, null);
            case BADGE -> request(cdn, s, tally, kind, "GET", "/me/messages/unread-count", user, null);
            case MY_VOTES -> request(cdn, s, tally, kind, "GET", "/me/votes?dealIds=" + s.viralDeal() + "," + deal, user, null);
            case PROFILE -> request(cdn, s, tally, kind, "GET", "/me", user, null);
            case VOTES -> request(cdn, s, tally, kind, "POST", "/deals/" + s.viralDeal() + "/votes", user,
                    "{\"vote\":\"" + (random.nextInt(10) < 8 ? "hot" : "cold") + "\"}");
            case COMMENTS -> request(cdn, s, tally, kind, "POST", "/deals/" + s.viralDeal() + "/comments", user,
                    "{\"body\":\"Still live at " + random.nextInt(1_000_000) + "\"}");
            case ALERTS -> request(cdn, s, tally, kind, "POST", "/me/alerts", user,
                    "{\"keywords\":\"" + WORDS[random.nextInt(WORDS.length)] + "\"}");
            case EDITORS -> {
                if (random.nextBoolean()) {
                    request(cdn, s, tally, kind, "POST", "/cms/deals", s.editor(), newDeal(random.nextInt(1_000_000),
                            s.brands().get(random.nextInt(s.brands().size())), s.categories().get(random.nextInt(s.categories().size()))));
                } else {
                    request(cdn, s, tally, kind, "PATCH", "/cms/deals/" + deal, s.editor(),
                            "{\"price\":" + (5 + random.nextInt(90)) + ".49}");
                }
            }
            case FOLLOWS -> {
                String what = random.nextBoolean() ? "/brands/" + s.brands().get(random.nextInt(s.brands().size()))
                        : "/categories/" + s.categories().get(random.nextInt(s.categories().size()));
                request(cdn, s, tally, kind, random.nextInt(4) == 0 ? "DELETE" : "POST",
                        what + (random.nextBoolean() ? "/likes" : "/watches"), user, null);
            }
        }
    }

    private static void request(CdnStandIn cdn, Seeded s, Tally tally, PeakMix kind, String method, String path, String token, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept-Encoding", "gzip");
        if (token != null) {
            headers.put("Authorization", "Bearer " + token);
        }
        if (body != null) {
            headers.put("Content-Type", "application/json");
        }
        long t0 = System.nanoTime();
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        boolean cachedRoute = "GET".equals(method) && com.bigtimedeals.topology.PublicCache.behaviourFor(bare) != null;
        try {
            if (cachedRoute) {
                tally.cached.viewer(path);
            }
            CdnStandIn.Answer a = cdn.request(method, path, headers, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
            double millis = (System.nanoTime() - t0) / 1e6;
            tally.viewerBytes.add(a.body().length);
            if (!a.fromCache()) {
                tally.originMillis.add(millis);
                Route route = RouteTable.match(method, bare);
                DoubleAdder[] u = tally.unitsByRoute.computeIfAbsent(method + " " + route(path),
                        r -> new DoubleAdder[] {new DoubleAdder(), new DoubleAdder(), new DoubleAdder()});
                double reads = units(a.headers(), "x-dynamodb-read-units");
                double writes = units(a.headers(), "x-dynamodb-write-units");
                u[0].add(1);
                u[1].add(reads);
                u[2].add(writes);
                double billed = 0;
                if (route != null) {
                    billed = lambdaMillis(route.function(), a.headers(), millis, tally);
                    tally.originByFunction.computeIfAbsent(route.function(), f -> new LongAdder()).increment();
                    tally.originMillisByFunction.computeIfAbsent(route.function(), f -> new DoubleAdder()).add(billed);
                    tally.billedMillis.add(billed);
                }
                if (cachedRoute) {
                    tally.cached.origin(path, a.status() == 200 ? CdnStandIn.ttlNanos(a.headers()) : 0, reads, writes,
                            route == null ? null : route.function(), billed);
                }
            }
            if (a.status() == 503 || a.status() == 429) {
                if (kind != null) {
                    tally.throttled.get(kind).increment();
                }
                tally.firstErrors.computeIfAbsent(a.status() + " " + method + " " + route(path) + " "
                        + new String(a.body(), StandardCharsets.UTF_8).replaceAll("\\s+", " ").substring(0, Math.min(160, a.body().length)),
                        k -> new AtomicLong()).incrementAndGet();
            } else if (a.status() >= 500) {
                tally.serverErrors.increment();
                tally.firstErrors.computeIfAbsent(a.status() + " " + method + " " + route(path), k -> new AtomicLong()).incrementAndGet();
            } else if (a.status() >= 400) {
                tally.clientErrors.increment();
                tally.firstErrors.computeIfAbsent(a.status() + " " + method + " " + route(path), k -> new AtomicLong()).incrementAndGet();
            }
        } catch (Exception e) {
            tally.failures.increment();
            tally.firstErrors.computeIfAbsent("failed " + method + " " + route(path) + ": " + e, k -> new AtomicLong()).incrementAndGet();
        }
    }

    /**
     * What Lambda would bill for one origin request's invocation, in whole milliseconds: the handler's own work plus
     * {@link #DYNAMODB_ROUND_TRIP_MS} per DynamoDB attempt. Its own work is the CPU its thread used (the gateway's
     * header) over the function's vCPU share (0.58 at 1,024 MB: CPU-bound code runs 1.73 times as long as on a
     * core of its own). Not the handler's wall time: on this shared machine (2 cores, load average 8 to 30) that is
     * mostly waiting for a core, which a Lambda environment's own CPU share never does, and it also holds each
     * DynamoDB attempt's loopback and the in-process engine's own work, which the round trip stands for (counting both
     * billed each round trip twice). The wall time less the attempts' time on the wire is kept beside it, for the report.
     */
    private static double lambdaMillis(LambdaFunction function, Map<String, String> headers, double originMillis, Tally tally) {
        String wall = headers.get(com.bigtimedeals.local.Gateway.FUNCTION_DURATION_HEADER.toLowerCase(java.util.Locale.ROOT));
        String cpu = headers.get(com.bigtimedeals.local.Gateway.FUNCTION_CPU_HEADER.toLowerCase(java.util.Locale.ROOT));
        double wireMillis = units(headers, com.bigtimedeals.local.Gateway.DYNAMODB_WIRE_HEADER.toLowerCase(java.util.Locale.ROOT)) / 1000;
        double attempts = units(headers, com.bigtimedeals.local.Gateway.DYNAMODB_ATTEMPTS_HEADER.toLowerCase(java.util.Locale.ROOT));
        double wallMillis = wall == null ? originMillis : Long.parseLong(wall) / 1000.0;
        double offWire = Math.max(0, wallMillis - wireMillis);
        double own = cpu == null ? offWire : Long.parseLong(cpu) / 1000.0 / function.vcpuShare();
        tally.handlerMillis.add(wallMillis);
        tally.wireMillis.add(wireMillis);
        tally.cpuMillis.add(cpu == null ? offWire : Long.parseLong(cpu) / 1000.0);
        tally.offWireBilled.add(Math.ceil(offWire + attempts * DYNAMODB_ROUND_TRIP_MS));
        return Math.ceil(own + attempts * DYNAMODB_ROUND_TRIP_MS); // billed by the whole ms
    }

    private static double units(Map<String, String> headers, String name) {
        String v = headers.get(name);
        return v == null ? 0 : Double.parseDouble(v);
    }

    private static String route(String path) {
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        return bare.replaceAll("/[0-9A-Za-z]{27}", "/{id}");
    }

    private static void report(Bench bench, LocalStack stack, CdnStandIn cdn, Tally tally, int rate, double scale, double elapsed) {
        long sent = tally.sent.values().stream().mapToLong(LongAdder::sum).sum();
        long throttled = tally.throttled.values().stream().mapToLong(LongAdder::sum).sum();
        double up = 1 / scale;
        Map<String, Database.BusiestPartitions> busiest = stack.database().busiestPartitions(stack.tableName());
        Database.BusiestPartitions table = busiest.get("");
        Database.BusiestPartitions index = Database.BusiestPartitions.NONE;
        String hottestIndex = "";
        for (Map.Entry<String, Database.BusiestPartitions> e : busiest.entrySet()) {
            if (!e.getKey().isEmpty() && e.getValue().window() > index.window()) {
                index = e.getValue();
                hottestIndex = e.getKey();
            }
        }
        double[] units = stack.database().servedUnits(stack.tableName());
        double apiReads = tally.unitsByRoute.values().stream().mapToDouble(u -> u[1].sum()).sum();
        double apiWrites = tally.unitsByRoute.values().stream().mapToDouble(u -> u[2].sum()).sum();
        // Where the units went, by key family (ids and shard numbers left out), the largest bills first.
        Map<String, double[]> families = new java.util.TreeMap<>();
        stack.database().servedByPartition(stack.tableName()).forEach((key, u) -> families.merge(
                key.replaceAll("[0-9A-Za-z]{27}", "{id}").replaceAll("peak\\d+", "{user}").replaceAll("#\\d+", "#n")
                        .replaceAll("#live\\d", "#live").replaceAll("peak-(brand|category)-[a-z]", "{$1}"),
                u.clone(), (x, y) -> new double[] {x[0] + y[0], x[1] + y[1]}));
        System.out.println("  units served by key family (reads, writes), the largest bills first:");
        families.entrySet().stream()
                .sorted((x, y) -> Double.compare(y.getValue()[0] * Prices.DYNAMODB_PER_MILLION_READS + y.getValue()[1] * Prices.DYNAMODB_PER_MILLION_WRITES,
                        x.getValue()[0] * Prices.DYNAMODB_PER_MILLION_READS + x.getValue()[1] * Prices.DYNAMODB_PER_MILLION_WRITES))
                .limit(16).forEach(e -> System.out.printf("    %-52s %,9.0f %,9.0f%n", e.getKey(), e.getValue()[0], e.getValue()[1]));
        System.out.printf("  units served: %,.0f reads, %,.0f writes; the API's routes %,.0f and %,.0f; the stream consumer's"
                        + " time-paced work (counts aggregation, coalesced front-page rebuilds) %,.0f and %,.0f; the rest (stream"
                        + " consumer's reactions, fan-out, blast and pushes, sweeper) %,.0f and %,.0f%n", units[0], units[1], apiReads,
                apiWrites, tally.paced[0], tally.paced[1], units[0] - apiReads - tally.paced[0], units[1] - apiWrites - tally.paced[1]);
        long viewer = cdn.viewerRequests();
        double hitRatio = viewer == 0 ? 0 : (double) cdn.hits() / viewer;
        double originPerSecond = cdn.originRequests() / elapsed;
        List<Double> sorted = tally.originMillis.stream().sorted().toList();
        double p50 = percentile(sorted, 0.50);
        double p99 = percentile(sorted, 0.99);
        System.out.printf("  %,d requests in %.0f s (%,d dropped: the machine could not start them in time); CDN hit ratio %.3f, "
                        + "origin %.0f requests/s, origin p50 %.0f ms, p99 %.0f ms%n", sent, elapsed, tally.dropped.sum(), hitRatio,
                originPerSecond, p50, p99);
        System.out.printf("  throttled answers %d, 5xx %d, other 4xx %d, failed %d%n", throttled, tally.serverErrors.sum(),
                tally.clientErrors.sum(), tally.failures.sum());
        System.out.printf("  busiest table partition, busiest 10 s: reads %.2f of the limit (%s), writes %.2f (%s);"
                        + " busiest second: reads %.2f (%s), writes %.2f (%s)%n", table.windowReads(), table.windowReadPartition(),
                table.windowWrites(), table.windowWritePartition(), table.reads(), table.readPartition(), table.writes(),
                table.writePartition());
        table.top().forEach(t -> System.out.printf("    table %s%n", t));
        System.out.printf("  busiest index partition, busiest 10 s: %s reads %.2f (%s), writes %.2f (%s); busiest second:"
                        + " reads %.2f (%s), writes %.2f (%s)%n", hottestIndex, index.windowReads(), index.windowReadPartition(),
                index.windowWrites(), index.windowWritePartition(), index.reads(), index.readPartition(), index.writes(),
                index.writePartition());
        busiest.forEach((name, b) -> {
            if (!name.isEmpty()) {
                b.top().stream().limit(3).forEach(t -> System.out.printf("    %s %s%n", name, t));
            }
        });
        System.out.println("  DynamoDB units per origin request, by route (requests at the origin; read, write units each):");
        tally.unitsByRoute.entrySet().stream()
                .sorted((a, b) -> Double.compare(cost(b.getValue()), cost(a.getValue())))
                .forEach(e -> System.out.printf("    %-44s %,7.0f  %6.1f  %6.1f%n", e.getKey(), e.getValue()[0].sum(),
                        e.getValue()[1].sum() / e.getValue()[0].sum(), e.getValue()[2].sum() / e.getValue()[0].sum()));
        tally.firstErrors.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue().get(), a.getValue().get())).limit(8)
                .forEach(e -> System.out.printf("    %,d x %s%n", e.getValue().get(), e.getKey()));
        String at = "at " + rate + " requests/s with partition limits x " + String.format("%.4f", scale);
        bench.add("peak.requests", sent, "requests", null, null, "viewer requests of PeakMix sent " + at);
        bench.add("peak.dropped", tally.dropped.sum(), "requests", null, null, "requests the open loop could not start within 2 s (the machine's own limit)");
        bench.add("peak.throttled", throttled, "requests", 0.0, null, "503 and 429 answers to users " + at + ": must be 0");
        bench.add("peak.serverErrors", tally.serverErrors.sum() + tally.failures.sum(), "requests", 0.0, null, "5xx answers and failed requests: must be 0");
        bench.add("peak.clientErrors", tally.clientErrors.sum(), "requests", null, null, "4xx answers other than 429 (a 21st alert, a comment on a moment's refusal)");
        bench.add("peak.busiestTablePartition", table.window(), "of limit", 0.5, null, String.format(
                "the busiest table partition's busiest 10 s (mean units a second over its scaled limit; reads %.2f, %s; writes"
                        + " %.2f, %s): at most 0.5. Busiest single second: reads %.2f (%s), writes %.2f (%s)",
                table.windowReads(), table.windowReadPartition(), table.windowWrites(), table.windowWritePartition(),
                table.reads(), table.readPartition(), table.writes(), table.writePartition()));
        bench.add("peak.busiestTablePartitionOneSecond", Math.max(table.reads(), table.writes()), "of limit", null, null,
                "the same in the busiest single second: mostly chance at this scale (docs/peak-day.md)");
        bench.add("peak.busiestIndexPartition", index.window(), "of limit", 0.5, null, String.format(
                "the busiest global index partition's busiest 10 s (%s: reads %.2f, %s; writes %.2f, %s): at most 0.5."
                        + " Busiest single second: reads %.2f (%s), writes %.2f (%s)", hottestIndex, index.windowReads(),
                index.windowReadPartition(), index.windowWrites(), index.windowWritePartition(), index.reads(),
                index.readPartition(), index.writes(), index.writePartition()));
        bench.add("peak.busiestIndexPartitionOneSecond", Math.max(index.reads(), index.writes()), "of limit", null, null,
                "the same in the busiest single second: mostly chance at this scale (docs/peak-day.md)");
        bench.add("peak.cdnHitRatio", hitRatio, "ratio", null, null, "viewer requests answered by the CDN stand-in from a copy");
        bench.add("peak.originPerSecond", originPerSecond, "requests/s", null, null, "requests that reached API Gateway " + at);
        bench.add("peak.originP50Ms", p50, "ms", null, null, "origin requests' latency through the local gateway, p50");
        bench.add("peak.originP99Ms", p99, "ms", null, null, "origin requests' latency through the local gateway, p99");
        // At 50,000 requests a second the cached keys' origin requests follow their expiries, not their viewers
        // (CdnAtScale): each origin request below is counted in local-run terms, so x 1/F is the full-scale count.
        CdnAtScale.Modelled modelled = tally.cached.atFullScale(elapsed, scale);
        double origin50k = cdn.originRequests() - modelled.localOrigin() + modelled.origin();
        double hitRatio50k = viewer == 0 ? 0 : 1 - origin50k / viewer;
        System.out.printf("  at 50,000 requests/s (CdnAtScale, per cache key): CDN hit ratio %.3f, origin %,.0f requests/s"
                + " (linear from this run: %,.0f); the cached routes: %,d viewer requests, %,.0f origin requests here, %,.0f modelled%n",
                hitRatio50k, origin50k / elapsed * up, originPerSecond * up, modelled.viewers(), modelled.localOrigin(), modelled.origin());
        bench.add("peak.cdnHitRatioAt50k", hitRatio50k, "ratio", null, null, String.format(
                "the CDN's hit ratio at 50,000 viewer requests/s, modelled per cache key (CdnAtScale: a key's origin requests"
                        + " at most one a TTL window plus its first, search and cursors linear; docs/peak-day.md); %.3f here", hitRatio));
        bench.add("peak.apiGatewayRateAt50k", origin50k / elapsed * up, "requests/s", null, null, String.format(
                "API Gateway's rate at 50,000 viewer requests/s: signed-in and CMS requests scaled up, cached keys' origin"
                        + " requests modelled per key (CdnAtScale); scaling this run's origin rate would say %.0f", originPerSecond * up));
        System.out.printf("  the API handlers ran %,.0f ms: %,.0f ms (%.0f %%) waiting on the local engine, %,.0f ms on their threads'"
                        + " CPU; billed as CPU over the vCPU share plus %.0f ms a DynamoDB attempt: %,.0f ms (wall time less the"
                        + " wire plus the same: %,.0f ms)%n", tally.handlerMillis.sum(), tally.wireMillis.sum(),
                100 * tally.wireMillis.sum() / Math.max(1, tally.handlerMillis.sum()), tally.cpuMillis.sum(), DYNAMODB_ROUND_TRIP_MS,
                tally.billedMillis.sum(), tally.offWireBilled.sum());
        double lambdaGbSeconds = 0;
        for (LambdaFunction f : LambdaFunction.api()) {
            double[] m = modelled.byFunction().getOrDefault(f, new double[4]);
            double n = tally.originByFunction.getOrDefault(f, new LongAdder()).sum() - m[1] + m[0];
            if (n <= 0) {
                continue;
            }
            double meanSeconds = (tally.originMillisByFunction.get(f).sum() - m[3] + m[2]) / n / 1000;
            double ratePeak = n / elapsed * up;
            double concurrency = ratePeak * meanSeconds;
            lambdaGbSeconds += n * meanSeconds * f.memoryMb() / 1024.0;
            bench.add("peak.concurrencyAt50k." + f.id(), Math.ceil(concurrency), "instances", null, null, String.format(
                    "%s at 50,000 requests/s: %.0f invocations/s x %.1f ms (its handler thread's measured CPU time over its vCPU share, plus 8 ms a DynamoDB attempt)",
                    f.id(), ratePeak, meanSeconds * 1000));
        }
        // What a million viewer requests cost, by service, from the measured counts and units.
        double perMillion = 1e6 / Math.max(1, viewer);
        // Origin Shield is priced at this run's miss rate: the edges' requests to the shield outnumber the shield's to
        // the origin, so the modelled origin rate would understate it.
        double cloudFront = Prices.CLOUDFRONT_PER_MILLION + tally.viewerBytes.sum() * perMillion / 1e9 * Prices.CLOUDFRONT_PER_GB
                + cdn.originRequests() * perMillion / 1e6 * Prices.ORIGIN_SHIELD_PER_MILLION;
        double apiGateway = origin50k * perMillion / 1e6 * Prices.API_GATEWAY_PER_MILLION;
        double lambda = origin50k * perMillion / 1e6 * Prices.LAMBDA_PER_MILLION + lambdaGbSeconds * perMillion * Prices.LAMBDA_PER_GB_SECOND;
        // Time-paced work (PacedWork) runs at the same pace at both scales, so at 50,000 requests a second its units a
        // second are what they were here, spread over 1/scale times the requests: per request, scale times the local.
        // The cached keys' origin requests are the modelled ones (CdnAtScale); every other unit is as measured.
        double[] atFullScale = {units[0] - tally.paced[0] * (1 - scale) - modelled.localReads() + modelled.reads(),
                units[1] - tally.paced[1] * (1 - scale) - modelled.localWrites() + modelled.writes()};
        double dynamo = atFullScale[0] * perMillion / 1e6 * Prices.DYNAMODB_PER_MILLION_READS
                + atFullScale[1] * perMillion / 1e6 * Prices.DYNAMODB_PER_MILLION_WRITES;
        double dynamoAsRun = units[0] * perMillion / 1e6 * Prices.DYNAMODB_PER_MILLION_READS + units[1] * perMillion / 1e6 * Prices.DYNAMODB_PER_MILLION_WRITES;
        // Each push is one SNS Publish to the device's endpoint and one mobile push delivery.
        double sns = tally.pushes * perMillion / 1e6 * (Prices.SNS_PER_MILLION_PUBLISHES + Prices.SNS_PER_MILLION_PUSHES);
        double total = cloudFront + apiGateway + lambda + dynamo + sns;
        bench.add("peak.costPerMillion.cloudFront", cloudFront, "USD", null, null, "requests, bytes out and Origin Shield (at this run's miss rate, conservative), per million viewer requests");
        bench.add("peak.costPerMillion.apiGateway", apiGateway, "USD", null, null, "HTTP API requests that reach the origin at 50,000 requests/s (cached keys modelled, CdnAtScale), per million viewer requests");
        bench.add("peak.costPerMillion.lambda", lambda, "USD", null, null, String.format("API functions' requests and Arm GB-seconds"
                + " (as duration, the handlers' measured CPU time over the functions' vCPU share plus 8 ms a DynamoDB attempt: %,.0f ms"
                + " this run; their wall time on this shared machine less the engine's round trips, plus the same, would say %,.0f ms),"
                + " per million viewer requests", tally.billedMillis.sum(), tally.offWireBilled.sum()));
        bench.add("peak.costPerMillion.dynamoDb", dynamo, "USD", null, null, String.format(
                "on-demand units the engine served (API, stream consumer, fan-out, blast): %.0f reads, %.0f writes per million viewer"
                        + " requests at 50,000 requests/s, the time-paced work's %.0f and %.0f here at its full-scale rate (x %.4f),"
                        + " the cached routes' origin requests' %.0f reads modelled per key (%.0f here); as run here, %.0f and %.0f ($%.2f)",
                atFullScale[0] * perMillion, atFullScale[1] * perMillion, tally.paced[0] * perMillion, tally.paced[1] * perMillion,
                scale, modelled.reads() * perMillion, modelled.localReads() * perMillion, units[0] * perMillion, units[1] * perMillion, dynamoAsRun));
        bench.add("peak.pushes", tally.pushes, "pushes", null, null, String.format(
                "pushes delivered during the run (one blast to every user, alerts and watches): %.0f per million viewer requests",
                tally.pushes * perMillion));
        bench.add("peak.costPerMillion.sns", sns, "USD", null, null, "SNS Publish requests and mobile push deliveries, per million viewer requests");
        bench.add("peak.dynamoDbAndLambdaShareWithoutSns", (dynamo + lambda) / (total - sns), "ratio", null, null,
                "the same share leaving SNS out (its figure follows the run's users per request)");
        bench.add("peak.costPerMillion.total", total, "USD", null, null, "all of the above");
        bench.add("peak.dynamoDbAndLambdaShare", (dynamo + lambda) / total, "ratio", 0.25, null, "DynamoDB and Lambda's share of the cost: under a quarter");
        System.out.printf("  per million viewer requests: CloudFront $%.2f, API Gateway $%.2f, Lambda $%.2f, DynamoDB $%.2f, SNS $%.2f"
                + " (DynamoDB and Lambda %.0f %%)%n", cloudFront, apiGateway, lambda, dynamo, sns, 100 * (dynamo + lambda) / total);
    }

    /** What a route's origin requests cost in DynamoDB units, for ordering. */
    private static double cost(DoubleAdder[] u) {
        return u[1].sum() * Prices.DYNAMODB_PER_MILLION_READS + u[2].sum() * Prices.DYNAMODB_PER_MILLION_WRITES;
    }

    private static double percentile(List<Double> sorted, double p) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * p) - 1));
    }

    private static String id(String json) throws Exception {
        return JSON.readTree(json).get("id").asText();
    }

    private static String send(HttpClient http, URI origin, String method, String path, String token, String body) throws Exception {
        java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(origin.resolve(path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? java.net.http.HttpRequest.BodyPublishers.noBody() : java.net.http.HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        java.net.http.HttpResponse<String> r = http.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException(method + " " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }
}

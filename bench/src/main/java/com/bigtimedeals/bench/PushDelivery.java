package com.bigtimedeals.bench;

import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.LocalSns;
import com.bigtimedeals.local.LocalStack;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A new deal's pushes to 10,000 watchers, each with one phone, as a user would see them ({@code --push}): the whole
 * local stack (gateway, the Devices route making each device's endpoint at the SNS stand-in, the faithful stream
 * delivery as deployed, the consumer's fan-out and then its pushes), a deal created over HTTP, and for each push the
 * time from the deal's 201 to the moment the SNS stand-in took its Publish (what "handed to the push service" means:
 * from there SNS and FCM deliver). Reports p50 and p99 of those latencies, the rate at which the pushes left (pushes
 * over the span from the first to the last), and duplicates and losses per device (each must be 0).  Never a timed unit test.
 */
final class PushDelivery {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What one deal's pushes showed. */
    record Round(int pushed, int devices, int duplicates, double p50Seconds, double p99Seconds, double maxSeconds,
                 double firstSeconds, double pushesPerSecond, double cpuMsPerPush, double sendingLaneCores) {
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1).build();
    private final String base;
    private final String editor;

    private PushDelivery(int port) {
        this.base = "http://127.0.0.1:" + port;
        this.editor = BearerToken.forUser("bench-editor", true);
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int watchers = quick ? 2_000 : 10_000;
        int rounds = quick ? 1 : 3;
        // One at a time (PUSHES_IN_FLIGHT 1: every record's pushes in turn, as before PushRuns), then as the local stack
        // runs it; then both again with the round trips AWS has (PushCosts' stated 5 ms a DynamoDB call, 20 ms a
        // Publish), the deployed 32 in flight against 1. Each a stack of its own, the watchers registered the same way.
        String local = com.bigtimedeals.platform.Setting.PUSHES_IN_FLIGHT.localDefault();
        String deployed = com.bigtimedeals.platform.Setting.PUSHES_IN_FLIGHT.defaultValue();
        // Last, the scaled run (docs/data-model.md, "Pushes at scale"): every watcher, message and stream record as
        // before, but phones only for the watchers whose messages go to one lane of the stream's parallelization
        // (about a tenth): that lane sends exactly what one of the deployed consumer's executions does. The other
        // lanes' message records, which in AWS run in executions on vCPUs of their own, are left to them
        // (StreamDelivery.runMessagesOfOneLaneOnly) instead of taking this machine's two cores from the fan-out.
        record Variant(String inFlight, boolean roundTrips, boolean oneLane, String name) {
        }
        for (Variant v : List.of(new Variant("1", false, false, "oneAtATime."), new Variant(local, false, false, "sideBySide."),
                new Variant("1", true, false, "roundTrips.oneAtATime."), new Variant(deployed, true, false, "roundTrips.sideBySide."),
                new Variant(deployed, true, true, "roundTrips.sideBySide.scaledOneLane."))) {
            int deals = v.roundTrips() ? 1 : rounds;
            System.out.printf("%nPushes: a new deal's %,d watchers, %s (the whole local stack), %s in flight%s…%n",
                    watchers, v.oneLane() ? "phones only on one lane's watchers" : "one phone each", v.inFlight(),
                    v.roundTrips() ? ", DynamoDB calls held " + PushCosts.DYNAMODB_MS + " ms and Publishes "
                            + PushCosts.SNS_MS + " ms" : "");
            String name = com.bigtimedeals.platform.Setting.PUSHES_IN_FLIGHT.name();
            String before = System.getProperty(name);
            System.setProperty(name, v.inFlight()); // the stack's consumers read it as their environment
            List<Round> runs;
            try (LocalStack stack = LocalStack.start(LocalStack.Options.inMemory())) {
                runs = new PushDelivery(stack.port()).run(stack, watchers, deals, v.roundTrips(), v.oneLane());
            } finally {
                if (before == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, before);
                }
            }
            report(bench, "push." + watchers + "Watchers." + v.name(), deals, runs,
                    v.inFlight() + (v.roundTrips() ? ", round trips held as in AWS" : "")
                            + (v.oneLane() ? ", SCALED: phones only on one lane's " + runs.get(0).devices() + " watchers, the other lanes' messages left to their own executions" : ""));
            if (v.oneLane()) {
                bench.add("push." + watchers + "Watchers." + v.name() + "sendingLaneCores",
                        Medians.of(runs.stream().map(Round::sendingLaneCores).toList()), "cores", 1.0, null,
                        "CPU of the sending lane's threads (the lane, its senders, its walks) over the span of its pushes:"
                                + " the scaled figures are a bound on a deployed execution's only while it is at most the 1 vCPU"
                                + " that execution has");
            }
        }
    }

    private static void report(Bench bench, String prefix, int rounds, List<Round> runs, String inFlight) {
        String of = " over " + rounds + " deals, PUSHES_IN_FLIGHT " + inFlight + " (";
        bench.add(prefix + "p50Seconds", Medians.of(runs.stream().map(Round::p50Seconds).toList()), "s", null, null,
                "from the deal's 201 to each push's Publish at the SNS stand-in, median of the deals' p50s"
                        + of + Medians.rounded(runs.stream().map(Round::p50Seconds).toList()) + ")");
        bench.add(prefix + "p99Seconds", Medians.of(runs.stream().map(Round::p99Seconds).toList()), "s", 5.0, null,
                "the same, p99" + of + Medians.rounded(runs.stream().map(Round::p99Seconds).toList()) + "); the issue asks at most 5 s");
        bench.add(prefix + "maxSeconds", Medians.of(runs.stream().map(Round::maxSeconds).toList()), "s", null, null,
                "the last push of the deal" + of + Medians.rounded(runs.stream().map(Round::maxSeconds).toList()) + ")");
        bench.add(prefix + "firstPushSeconds", Medians.of(runs.stream().map(Round::firstSeconds).toList()), "s", null, null,
                "the first push: the deal's batching window, its fan-out's first page, the messages' batching window"
                        + of + Medians.rounded(runs.stream().map(Round::firstSeconds).toList()) + ")");
        bench.add(prefix + "pushesPerSecond", Math.round(Medians.of(runs.stream().map(Round::pushesPerSecond).toList())), "pushes/s",
                null, null, "pushes over the span from the deal's first push to its last" + of
                        + Medians.rounded(runs.stream().map(Round::pushesPerSecond).toList()) + ")");
        bench.add(prefix + "cpuMsPerPush", Medians.of(runs.stream().map(Round::cpuMsPerPush).toList()), "ms", null, null,
                "CPU of the whole stack's JVM from the deal's POST to its last push, over the watchers: the deal, its fan-out,"
                        + " the messages and their pushes" + of + Medians.rounded(runs.stream().map(Round::cpuMsPerPush).toList()) + ")");
        bench.add(prefix + "duplicates", runs.stream().mapToInt(Round::duplicates).sum(), "pushes", null, null,
                "a second push of one deal's message to one device, over every deal: must be 0");
        bench.add(prefix + "lost", runs.stream().mapToInt(r -> r.devices() - r.pushed()).sum(), "pushes", null, null,
                "devices without the deal's push, over every deal: must be 0");
    }

    private List<Round> run(LocalStack stack, int watchers, int rounds, boolean roundTrips, boolean oneLane) throws Exception {
        call("POST", "/cms/brands", editor, "{\"name\":\"Pushed\"}", 201);
        call("POST", "/cms/categories", editor, "{\"name\":\"Phones\"}", 201);
        // Each watcher registers one phone (its endpoint made at the stand-in by the Devices route) and watches the brand,
        // through the API, as a user of the app does.
        java.util.concurrent.atomic.AtomicInteger phones = new java.util.concurrent.atomic.AtomicInteger();
        BenchTables.parallel(watchers, 8, i -> {
            String token = BearerToken.forUser("pw" + i, false);
            try {
                if (!oneLane || sendingLane("pw" + i)) {
                    call("POST", "/me/devices", token, "{\"platform\":\"fcm\",\"token\":\"bench-phone-" + String.format("%010d", i)
                            + "-" + "t".repeat(20) + "\"}", 201);
                    phones.incrementAndGet();
                }
                call("POST", "/brands/pushed/watches", token, null, 201);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        if (!stack.awaitStreamQuiet(1_000, 120_000)) {
            throw new IllegalStateException("the stream did not settle before the measurement");
        }
        if (oneLane) {
            stack.delivery().runMessagesOfOneLaneOnly(0); // the lane sendingLane names
        }
        // A warm-up deal, not reported: the consumers' lanes and the JIT see the push path once at full size first.
        measureOne(stack, "Warm-up phone", phones.get());
        if (roundTrips) {
            // From here on every table request waits as it does from Lambda, and every Publish as SNS's would.
            stack.database().holdRequests(stack.tableName(), PushCosts.DYNAMODB_MS);
            stack.sns().holdPublishes(PushCosts.SNS_MS);
        }
        List<Round> out = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            if (!stack.awaitStreamQuiet(1_000, 120_000)) {
                throw new IllegalStateException("the stream did not settle between deals");
            }
            Round round = measureOne(stack, "Pushed phone " + r, phones.get());
            System.out.printf("  deal %d: %,d pushes, p50 %.2f s, p99 %.2f s, last %.2f s, first %.2f s, %,.0f pushes/s,"
                            + " %.2f ms of CPU a push%n", r, round.pushed(), round.p50Seconds(), round.p99Seconds(),
                    round.maxSeconds(), round.firstSeconds(), round.pushesPerSecond(), round.cpuMsPerPush());
            out.add(round);
        }
        return out;
    }

    private Round measureOne(LocalStack stack, String title, int phones) throws Exception {
        String body = "{\"title\":\"" + title + "\",\"link\":\"https://pushed.example.com/" + title.replace(' ', '-')
                + "\",\"price\":199,\"brandId\":\"pushed\",\"categoryId\":\"phones\"}";
        long cpuBefore = processCpuNanos();
        Map<Long, Long> laneBefore = sendingLaneCpuNanos();
        String dealId = JSON.readTree(call("POST", "/cms/deals", editor, body, 201)).get("id").asText();
        Instant created = Instant.now(); // the 201 is in hand
        long deadline = System.nanoTime() + Duration.ofSeconds(300).toNanos();
        // Only the deliveries since the last look are copied and read: this JVM also runs the stack being measured, and
        // re-reading every delivery so far five times a second took a few per cent of its CPU from the pushes.
        int seen = 0;
        int mine = 0;
        while (true) {
            List<LocalSns.Push> fresh = stack.sns().pushesFrom(seen);
            seen += fresh.size();
            for (LocalSns.Push p : fresh) {
                if (dealId.equals(p.payload().path("data").path("dealId").asText(null))) {
                    mine++;
                }
            }
            if (mine >= phones || System.nanoTime() > deadline) {
                break;
            }
            Thread.sleep(200);
        }
        long cpuUsed = processCpuNanos() - cpuBefore; // the deal, its fan-out and its pushes (and this poll)
        long laneUsed = 0;
        for (Map.Entry<Long, Long> t : sendingLaneCpuNanos().entrySet()) {
            laneUsed += t.getValue() - laneBefore.getOrDefault(t.getKey(), 0L);
        }
        Thread.sleep(1_000); // a duplicate would come after the last first push: give it a moment to show
        List<LocalSns.Push> deal = new ArrayList<>();
        for (LocalSns.Push p : stack.sns().pushes()) {
            if (dealId.equals(p.payload().path("data").path("dealId").asText(null))) {
                deal.add(p);
            }
        }
        Map<String, Integer> perDevice = new HashMap<>();
        List<Double> seconds = new ArrayList<>();
        for (LocalSns.Push p : deal) {
            perDevice.merge(p.endpointArn(), 1, Integer::sum);
            seconds.add(Duration.between(created, p.sentAt()).toNanos() / 1e9);
        }
        int duplicates = perDevice.values().stream().mapToInt(n -> n - 1).sum();
        seconds.sort(null);
        if (seconds.isEmpty()) {
            throw new IllegalStateException("no push for " + title);
        }
        double first = seconds.get(0);
        double last = seconds.get(seconds.size() - 1);
        return new Round(perDevice.size(), phones, duplicates, percentile(seconds, 0.50), percentile(seconds, 0.99), last,
                first, last > first ? (seconds.size() - 1) / (last - first) : seconds.size(), cpuUsed / 1e6 / phones,
                last > first ? laneUsed / 1e9 / (last - first) : Double.NaN);
    }

    /**
     * Whether {@code username}'s messages go to the first lane of their shard: the local mapping's lane of a record is
     * its partition key's hash over the parallelization factor (StreamDelivery), and a message's partition key is
     * its recipient's inbox.
     */
    private static boolean sendingLane(String username) {
        int lanes = com.bigtimedeals.topology.StreamMapping.DEPLOYED.parallelizationFactor();
        return Math.floorMod(com.bigtimedeals.inbox.InboxKeys.messagesPk(username).hashCode(), lanes) == 0;
    }

    /**
     * The CPU so far of each thread of the sending lane (the first lane of a shard, {@code stream-lane-<shard>-0}, and the
     * threads its invocations started: their senders, its walks' and counts' threads, named {@code ...@<lane>}), by
     * thread id. A pool's thread ends only after 30 idle seconds, so none ends during a deal's pushes.
     */
    private static Map<Long, Long> sendingLaneCpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        Map<Long, Long> out = new HashMap<>();
        java.util.regex.Pattern lane = java.util.regex.Pattern.compile("(.*@)?stream-lane-[-0-9]+-0");
        for (java.lang.management.ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && lane.matcher(t.getThreadName()).matches()) {
                long cpu = threads.getThreadCpuTime(t.getThreadId());
                if (cpu >= 0) {
                    out.put(t.getThreadId(), cpu);
                }
            }
        }
        return out;
    }

    /**
     * The CPU this JVM (the whole stack and this benchmark) has used. A push's share of it does not depend on what else
     * the machine runs, as its latency does: on cores shared with other work, the pushes a second the stack could send
     * on two cores of its own is about 2,000 over it.
     */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The nearest-rank percentile of sorted values. */
    static double percentile(List<Double> sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    private String call(String method, String path, String token, String body, int expected) throws Exception {
        return StackCall.call(http, base, method, path, token, body, Duration.ofSeconds(30), status -> status == expected);
    }
}

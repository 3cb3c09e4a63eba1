package com.bigtimedeals.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;

import com.bigtimedeals.bench.Seeding.Seeded;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code ./bigtimedeals bench}: what a request costs, what a cold start costs against the plainest SDK
 * function, what our handler adds to a warm request, how fast fan-out runs against the raw write rate of
 * the same engine, what the word index costs alerts and search, how the local API holds up during a blast, and the
 * engine against a do-nothing stub. Reports counts and same-run ratios, not bare timings. Each phase starts its own in-memory engine, so no phase's data
 * or JIT history flatters another's. {@code --quick} measures less;
 * {@code --fanout} runs only the fan-out phase and writes {@code bench-results/fanout.json}, {@code --words} only the
 * word index's and writes {@code bench-results/words.json}, {@code --community} only the deal community's costs into
 * {@code bench-results/community.json}, {@code --votes} only the votes phase ({@code bench-results/votes.json});
 * {@code --coldstart} runs only the cold-start phase, on a table seeded as {@code --quick} seeds it, and writes
 * {@code bench-results/coldstart.json} ({@code --only=SweepHandler,DevicesWrite} runs those probes alone, beside the baseline); {@code --durability} only what the engine's durability costs a write (a data
 * directory, {@code --fsync} with group commit) into {@code bench-results/durability.json}; {@code --memory} only the
 * served engine's memory with a million items ({@code bench-results/memory.json}); {@code --push} only a new deal's
 * pushes to 10,000 watchers' phones and what a push costs ({@code bench-results/push.json}, docs/data-model.md).
 */
public final class Benchmark {
    private Benchmark() {
    }

    public static void main(String[] args) throws Exception {
        long started = System.nanoTime();
        List<String> options = Arrays.asList(args);
        boolean quick = options.contains("--quick");
        // The product's one configuration for this run: the functions' settings as deployed by default.
        Bench bench = new Bench(new Results(), Instant.now().truncatedTo(ChronoUnit.SECONDS), Path.of("").toAbsolutePath(),
                Settings.defaults());
        if (options.contains("--words")) {
            // Only the word index: alert matching, a new deal's words, search pages; to bench-results/words.json.
            WordIndexCosts.measure(bench, quick);
            write(bench, "words.json");
            System.out.printf("%nWrote bench-results/words.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--crossing")) {
            // Only what a temperature crossing costs with 100,000 temperature alerts held; to bench-results/crossing.json.
            AlertCrossingCosts.measure(bench, quick);
            write(bench, "crossing.json");
            System.exit(0);
        }
        if (options.contains("--reminders")) {
            // Only what a million saved deals cost to remind; to bench-results/reminders.json.
            ReminderCosts.measure(bench, quick);
            write(bench, "reminders.json");
            System.exit(0);
        }
        if (options.contains("--push")) {
            // Only the pushes of a new deal to 10,000 watchers' phones and what a push costs; to bench-results/push.json.
            PushCosts.measure(bench, quick);
            PushDelivery.measure(bench, quick);
            write(bench, "push.json");
            System.out.printf("%nWrote bench-results/push.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--community")) {
            // Only the deal community's costs; the full run's files stay as they are.
            CommunityCosts.measure(bench);
            write(bench, "community.json");
            System.out.printf("%nWrote bench-results/community.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--fanout")) {
            // Only the fan-out phase; its figures go to bench-results/fanout.json, the full run's files stay as they are.
            FanOut.measure(bench, quick);
            write(bench, "fanout.json");
            System.out.printf("%nWrote bench-results/fanout.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--votes")) {
            // Only the votes phase; its figures go to bench-results/votes.json, the full run's files stay as they are.
            VoteBurst.measure(bench, quick);
            write(bench, "votes.json");
            System.out.printf("%nWrote bench-results/votes.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--mobile")) {
            // Only what a mobile client pays on the wire: bench-results/mobile.json and that section of docs/performance.md.
            wireOnly(bench);
            write(bench, "mobile.json");
            Path report = bench.root().resolve("docs/performance.md");
            Files.writeString(report, PerformanceReport.withWireSection(Files.readString(report), bench.results().all(), bench.now()));
            System.out.printf("%nWrote bench-results/mobile.json and its section of docs/performance.md in %d s.%n",
                    Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--durability")) {
            // Only what durability costs the engine's writes (fsync, group commit); to bench-results/durability.json.
            EngineDurability.measure(bench, quick);
            write(bench, "durability.json");
            System.out.printf("%nWrote bench-results/durability.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--memory")) {
            // Only the served engine's memory (a fresh JVM, a million items); to bench-results/memory.json.
            EngineMemory.measure(bench, quick);
            write(bench, "memory.json");
            System.out.printf("%nWrote bench-results/memory.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--peak")) {
            // Only the busiest day's simulation; its figures go to bench-results/peak.json (docs/peak-day.md).
            PeakDay.measure(bench, quick);
            write(bench, "peak.json");
            System.out.printf("%nWrote bench-results/peak.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        if (options.contains("--coldstart")) {
            // Only the cold-start phase (every probe reads one item, so a small table serves); the full run's files stay.
            coldStartOnly(bench, quick, options.stream().filter(o -> o.startsWith("--only="))
                    .flatMap(o -> Arrays.stream(o.substring("--only=".length()).split(","))).toList());
            write(bench, "coldstart.json");
            System.out.printf("%nWrote bench-results/coldstart.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        costAndColdStart(bench, quick);
        FanOut.measure(bench, quick);
        WordIndexCosts.measure(bench, quick);
        AccountDeletionCost.measure(bench);
        VoteBurst.measure(bench, quick);
        CommunityCosts.measure(bench);
        ApiUnderBlast.measure(bench, quick);
        PeakDay.measure(bench, quick);
        EngineThroughput.measure(bench, quick);
        EngineDurability.measure(bench, quick);
        EngineMemory.measure(bench, quick);
        jar(bench);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        write(bench, "latest.json");
        if (!quick) {
            Files.writeString(bench.root().resolve("docs/performance.md"), PerformanceReport.render(bench.results().all(), took,
                    bench.now()));
        }
        System.out.printf("%nWrote bench-results/latest.json%s in %d s.%n", quick ? "" : " and docs/performance.md", took.toSeconds());
        // The load and probe pools of the phases may leave non-daemon threads behind; the results are written.
        System.exit(0);
    }

    /** Phase 1: a realistic table; cost per route; the front-page cache; cold start; warm overhead. */
    private static void costAndColdStart(Bench bench, boolean quick) throws Exception {
        System.out.println("Phase 1: seeding a realistic table through the product's own code…");
        onSeededTable(bench, quick, (dynamo, table, seeded) -> {
            RouteCosts.measure(bench, table, seeded);
            WireBytes.measure(bench, seeded);
            FrontPageCopies.measure(bench, table);
            ColdStarts.measure(bench, dynamo, table, seeded, quick, List.of());
            WarmOverhead.measure(bench, table, seeded, quick);
        });
    }

    /** Bytes on the wire alone, on the full run's table (the pages' sizes are what the figures are about). */
    private static void wireOnly(Bench bench) throws Exception {
        System.out.println("Seeding a realistic table through the product's own code…");
        onSeededTable(bench, false, (dynamo, table, seeded) -> WireBytes.measure(bench, seeded));
    }

    /**
     * The cold-start phase alone: a small table, the probes run as often as in the full run unless quick; {@code only}
     * (from {@code --only=StreamHandler,DevicesWrite}) names the probes to run, every one when empty.
     */
    private static void coldStartOnly(Bench bench, boolean quick, List<String> only) throws Exception {
        System.out.println("Seeding a small table through the product's own code…");
        onSeededTable(bench, true, (dynamo, table, seeded) -> ColdStarts.measure(bench, dynamo, table, seeded, quick, only));
    }

    private interface SeededPhase {
        void run(Database dynamo, Table table, Seeded seeded) throws Exception;
    }

    private static void onSeededTable(Bench bench, boolean quickSeed, SeededPhase phase) throws Exception {
        try (Database dynamo = Database.start(null, 0)) {
            String tableName = "BenchDeals";
            DynamoDbClient client = DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient());
            dynamo.createTable(client, TableDefinition.createTableRequest(tableName));
            // The local gateway loads the handlers by class name, and each reads its environment as in Lambda: the
            // benchmark gives them this table, as the local stack does.
            System.setProperty("TABLE_NAME", tableName);
            System.setProperty("DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
            Table table = new Table(client, tableName, Clock.systemUTC(), CursorCodec.from(Settings.defaults()));
            phase.run(dynamo, table, Seeding.seed(bench, table, quickSeed));
            client.close();
        }
    }

    private static void jar(Bench bench) throws IOException {
        System.out.println("\nDeployed artifact:");
        bench.add("jar.bigtimedeals-functions.bytes", Files.size(bench.functionJar()), "bytes", null, null,
                "one shaded jar for all handlers; the engine, harness, CDK, Apache and Netty excluded");
    }

    private static void write(Bench bench, String file) throws IOException {
        Path dir = bench.root().resolve("bench-results");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(file), bench.results().json());
    }
}

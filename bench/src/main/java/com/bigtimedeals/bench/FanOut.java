package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.StreamHandler;

/**
 * Fan-out throughput against the raw BatchWriteItem rate of the same engine ({@link WriteCeiling}): hot-deal
 * blasts through the faithful local delivery ({@link FaithfulBlast}), a new deal's watcher fan-out and alert matching
 * ({@link WordIndexCosts#alertFanOut}), a blast under
 * injected faults, a new deal's watchers under API load ({@link WatchersUnderLoad}), and the arithmetic for 10
 * million users in AWS.
 */
final class FanOut {
    private FanOut() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        Configuration configuration = bench.configuration();
        System.out.println("\nFan-out throughput (each on a fresh engine):");
        int watchers = quick ? 2_000 : 10_000;
        int blastUsers = quick ? 4_000 : 20_000;
        int blastRuns = quick ? 2 : 5;
        // The engine runs in this JVM, and the JIT goes on compiling its write, read and stream paths for tens of
        // thousands of operations, and a shared machine adds its own drift. A ratio of a warm run to a colder one
        // flatters whichever side ran later. So both sides are warmed first, then measured alternately, ceiling,
        // blast, ceiling, ..., ceiling: each blast is set against the mean of the ceiling rounds just before and just
        // after it, and the figure is the median of those ratios. The blast runs far more code than the ceiling (the
        // consumer, the mapping, conditions, the stream), and one small warm-up round left the JIT compiling seconds
        // of it during the measured blasts: two full-size rounds of each, not reported, come first.
        for (int warmUp = 0; warmUp < (quick ? 1 : 2); warmUp++) {
            WriteCeiling.round(bench, blastUsers);
            FaithfulBlast.run(bench, blastUsers, false);
        }
        List<Double> ceilings = new ArrayList<>();
        List<FaithfulBlast.Run> blasts = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> writingRatios = new ArrayList<>();
        ceilings.add(WriteCeiling.round(bench, blastUsers));
        for (int run = 0; run < blastRuns; run++) {
            FaithfulBlast.Run blast = FaithfulBlast.run(bench, blastUsers, false);
            blasts.add(blast);
            ceilings.add(WriteCeiling.round(bench, blastUsers));
            double around = (ceilings.get(run) + ceilings.get(run + 1)) / 2;
            ratios.add(blast.messagesPerSecond() / around);
            writingRatios.add(blast.writingMessagesPerSecond() / around);
        }
        double ceiling = Medians.of(ceilings);
        bench.add("fanout.ceiling.batchWriteItemsPerSecond", Math.round(ceiling), "items/s", null, null,
                "unconditional BatchWriteItems of 25, 8 in flight, into a fresh engine: median of " + ceilings.size()
                        + " rounds after a warm-up (" + Medians.rounded(ceilings) + ")");
        List<Double> rates = blasts.stream().map(FaithfulBlast.Run::messagesPerSecond).toList();
        bench.add("fanout.blast." + blastUsers + "Users.messagesPerSecond", Math.round(Medians.of(rates)), "msg/s", null, null,
                "64 segments through the local mapping as deployed (batch 100, window 1 s, parallelization 10), request to"
                        + " done; median of " + blastRuns + " (" + Medians.rounded(rates) + ")");
        List<Double> starts = blasts.stream().map(FaithfulBlast.Run::startMillis).toList();
        bench.add("fanout.blast.startMs", Medians.of(starts), "ms", null, null,
                "from the request to the consumer's first invocation: the mapping's 1 s batching window and its next read"
                        + " of the shard, the same for a blast of any size (" + Medians.rounded(starts) + ")");
        bench.add("fanout.blast.writingRatioToCeiling", Medians.of(writingRatios), "x", null, null,
                "median over " + blastRuns + " blasts of messages/s from the first invocation to done, over the mean of the"
                        + " ceiling rounds either side (" + Medians.rounded(writingRatios) + "); goal 0.7");
        bench.add("fanout.blast.ratioToCeiling", Medians.of(ratios), "x", null, null,
                "the same, from the request to done: the start above included (" + Medians.rounded(ratios) + ")");
        bench.add("fanout.blast.duplicates", blasts.stream().mapToInt(FaithfulBlast.Run::duplicates).sum(), "messages", null, null,
                "over the " + blastRuns + " blasts, every user's messages for the deal counted after each: must be 0");
        bench.add("fanout.blast.lost", blasts.stream().mapToInt(FaithfulBlast.Run::lost).sum(), "messages", null, null,
                "users without the deal's message over the " + blastRuns + " blasts: must be 0");
        try (Database dynamo = Database.start()) {
            Table table = BenchTables.freshWithCatalog(dynamo, "Watchers", "mega", "Mega");
            FollowStore follows = new FollowStore(table);
            BenchTables.parallel(watchers, 4, i -> follows.add(Likeable.BRAND, "mega", "w" + i, Relation.WATCH));
            StreamTap tap = new StreamTap(table.client(), DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient()), table.name());
            tap.drain();
            new DealPosting(new DealStore(table)).create(new NewDeal("Mega deal", "https://s.example.com/m", new BigDecimal("9.99"), "mega", "tech", null, null, null));
            List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
            Configuration local = bench.localConfiguration();
            StreamHandler handler = new StreamHandler(ChangeReactions.of(table, local), local);
            long t0 = System.nanoTime();
            handler.handleRequest(StreamRecords.event(records), new SyntheticContext("bench", "stream", 900_000));
            double rate = watchers / ((System.nanoTime() - t0) / 1e9);
            bench.add("fanout.newDeal." + watchers + "Watchers.messagesPerSecond", Math.round(rate), "msg/s", null, null,
                    "the brand list's first run: claimed, written with BatchWriteItems of 25, " + local.deliveryThreads() + " in flight");
            bench.add("fanout.newDeal.ratioToCeiling", rate / ceiling, "x", null, null, "messages/s over the median ceiling above");
        }
        double alerts = WordIndexCosts.alertFanOut(bench, watchers);
        bench.add("fanout.alerts." + watchers + "Holders.messagesPerSecond", Math.round(alerts), "msg/s", null, null,
                "a new deal's alert matching to the holders of one keyword, in the deal's invocation: "
                        + (watchers + 999) / 1000 + " shards, create-only puts (a holder may watch the deal's brand too), "
                        + bench.localConfiguration().deliveryThreads() + " in flight");
        bench.add("fanout.alerts.ratioToCeiling", alerts / ceiling, "x", null, null, "messages/s over the median ceiling above");
        FaithfulBlast.Run faulted = FaithfulBlast.run(bench, blastUsers, true);
        String prefix = "fanout.blastFaulted.";
        bench.add(prefix + "recordsRedelivered", faulted.redelivered(), "records", null, null,
                faulted.throttles() + " throttles injected by the engine as they reach the code after the SDK's retries");
        bench.add(prefix + "unprocessedItems", faulted.unprocessedItems(), "items", null, null,
                "batch items the engine handed back unprocessed: a BatchWriteItem that wrote part of a claimed page");
        bench.add(prefix + "conflictsRetried", faulted.conflicts(), "conflicts", null, null,
                "TransactionConflict injected by the engine into half of all transactions (the request's among them), each retried");
        bench.add(prefix + "recordsToDestination", faulted.toDestination(), "records", null, null,
                "exhausted the mapping's retries; their walks resumed by the sweeper");
        bench.add(prefix + "duplicates", faulted.duplicates(), "messages", null, null, "must be 0");
        bench.add(prefix + "lost", faulted.lost(), "messages", null, null, "must be 0");
        bench.add(prefix + "progressError", faulted.progressError(), "users", null, null, "usersReached against users: must be 0");
        WatchersUnderLoad.measure(bench, quick);
        // On paper, for 10 million users on AWS (docs/fan-out.md): 2 write units a message, 64 segments,
        // bounded by an on-demand table's default 40,000 write units a second, 270 s of work per invocation.
        double writeUnits = 10_000_000 * 2.0 + 10_000 * 2.0;
        bench.add("fanout.blast10M.writeUnits", writeUnits, "WRU", null, null, "table + GSI1 per message, plus checkpoints (item + index stamp)");
        bench.add("fanout.blast10M.writeCostUsd", writeUnits / 1e6 * 0.625, "USD", null, null, "$0.625 per million on-demand write units");
        double seconds = writeUnits / 40_000;
        bench.add("fanout.blast10M.minutes", seconds / 60, "min", null, null, "at the default on-demand table maximum of 40,000 WRU/s");
        double segmentRuns = 64 * Math.ceil(seconds / 270);
        bench.add("fanout.blast10M.segmentRuns", segmentRuns, "runs", null, null,
                "64 segments x ceil(500 s / 270 s of work per 5-minute invocation); a batch runs up to "
                        + configuration.walksPerInvocation() + " side by side, so " + Math.round(segmentRuns / configuration.walksPerInvocation())
                        + " to " + Math.round(segmentRuns) + " consumer invocations");
    }
}

package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.InboxCensus;
import com.bigtimedeals.harness.InjectedFaults;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.local.FailureDestination;
import com.bigtimedeals.local.LocalStack;
import com.bigtimedeals.local.StreamDelivery;
import com.bigtimedeals.local.Sweeper;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.service.DealService;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.StreamHandler;
import com.bigtimedeals.stream.SweepHandler;
import com.bigtimedeals.topology.StreamMapping;

/** A hot-deal blast through the local event source mapping as deployed, clean or under injected faults. */
final class FaithfulBlast {
    /** Segments of the measured blast: the deployed stack's (cdk.json). */
    static final int SEGMENTS = 64;

    private FaithfulBlast() {
    }

    /**
     * What one blast through the faithful local delivery did, and the census of its messages afterwards.
     *
     * @param messagesPerSecond users over the time from the request to {@code done}
     * @param startMillis from the request to the consumer's first invocation for it: the mapping's batching window
     *        and its next read of the shard, in which nothing can be written
     * @param writingMessagesPerSecond users over the time from that first invocation to {@code done}: the rate at
     *        which the consumer and the engine deliver once the mapping has handed the segments over
     */
    record Run(double messagesPerSecond, double startMillis, double writingMessagesPerSecond,
               long redelivered, long throttles, long unprocessedItems, long conflicts, long toDestination, int duplicates,
               int lost, long progressError) {
    }

    /**
     * A 64-segment blast through the local event source mapping as deployed (batch 100, window 1 s, parallelization
     * 10), timed from the request to done; with {@code faults}, DynamoDB also throttles and conflicts, and the
     * figures are what that costs: redeliveries, conflicts retried, duplicates and lost messages (both must be 0).
     */
    static Run run(Bench bench, int users, boolean faults) throws Exception {
        Instant now = bench.now();
        Configuration configuration = bench.localConfiguration();
        try (Database dynamo = Database.start()) {
            Table table = BenchTables.fresh(dynamo, faults ? "FaultedBlast" : "Blast");
            Table live = new Table(table.client(), table.name(), Clock.systemUTC(), table.cursors());
            UserStore userStore = new UserStore(table);
            BenchTables.parallel(users, 4, i -> userStore.create(new UserProfile("u" + i, "u" + i + "@example.com", null, null, now)));
            CatalogStore catalog = new CatalogStore(table);
            catalog.createBrand("mega", "Mega", null);
            catalog.createCategory("tech", "Tech");
            Deal deal = new DealPosting(new DealStore(table)).create(new NewDeal("Hot", "https://s.example.com/h", new BigDecimal("1"), "mega", "tech", null, null, null));
            // Under faults, the engine injects them on this table and the consumer's client makes one attempt per call:
            // each fault is one that outlasted the SDK's retries (InjectedFaults).
            InjectedFaults injected = faults ? InjectedFaults.onBadDay(dynamo, table.name()) : null;
            Table consumerTable = faults ? new Table(InjectedFaults.clientWithoutRetries(dynamo), table.name(), Clock.systemUTC(),
                    table.cursors()) : live;
            String streamArn = table.client().describeTable(b -> b.tableName(table.name())).table().latestStreamArn();
            FailureDestination destination = new FailureDestination(Files.createTempDirectory("bench-failures"));
            // The request goes through the same DynamoDB as the consumer: its transaction (the blast with its
            // segments) is the one a blast makes, and under faults its first attempt conflicts and is retried.
            DealService service = DealService.of(faults ? consumerTable : live, configuration.cacheShards(), SEGMENTS);
            try (StreamDelivery delivery = new StreamDelivery(DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient()), streamArn,
                    () -> new StreamHandler(ChangeReactions.of(consumerTable, configuration), configuration), StreamMapping.DEPLOYED,
                    null, destination);
                 // The local stack's sweeper, as it runs there.
                 Sweeper sweeper = new Sweeper(new SweepHandler(new WalkStore(live),
                         LocalStack.Options.inMemory().sweepStalledAfter()))) {
                delivery.start();
                sweeper.start();
                // A deployed mapping is caught up with its stream when an editor asks for a blast; this one starts at
                // the stream's oldest record, and the seeding wrote one per user. Timed from the request only once it
                // has read through them (and delivered the deal's INSERT), the figure is the blast's, not the seeding's.
                if (!delivery.awaitCaughtUp(300, 120_000)) {
                    throw new IllegalStateException("the local mapping did not catch up with the seeded table's stream");
                }
                delivery.mark();
                long t0 = System.nanoTime();
                Blast blast = service.blast(deal.id(), null, null, Instant.now()).blast();
                // Each look at the progress is 1 GetItem + 1 BatchGetItem of the 64 segments, on the same two cores the
                // blast writes with: looking every 50 ms took 1,300 reads a second from it. So it looks once each time
                // the consumer falls quiet (no invocation running, at least one more ended since the last look: the
                // blast may just have finished), within a millisecond of it, and otherwise once a second (as the CMS
                // does). The end is seen as it happens, and the looks take nothing from the blast's writing.
                long lastLook = 0;
                long lookedAfter = -1;
                while (true) {
                    long ended = delivery.invocationsEnded();
                    boolean quiet = delivery.invoking() == 0 && ended != lookedAfter;
                    if (quiet || System.nanoTime() - lastLook >= 1_000_000_000L) {
                        lastLook = System.nanoTime();
                        lookedAfter = quiet ? ended : lookedAfter;
                        if (service.blastProgress(blast.id()).done()) {
                            break;
                        }
                    }
                    Thread.sleep(1);
                }
                long t1 = System.nanoTime();
                long firstInvocation = delivery.firstInvocationSinceMark();
                double startMillis = (firstInvocation - t0) / 1e6;
                // Every user's messages for the deal, counted after the clock stopped: each blast, faulted or not,
                // must reach every user exactly once.
                Map<String, Integer> perUser = InboxCensus.messagesByUser(table.client(), table.name(), deal.id());
                int duplicates = perUser.values().stream().mapToInt(c -> c - 1).sum();
                int lost = users - perUser.size();
                long progressError = Math.abs(users - service.blastProgress(blast.id()).usersReached());
                return new Run(users / ((t1 - t0) / 1e9), startMillis, users / ((t1 - firstInvocation) / 1e9),
                        delivery.redelivered(), faults ? injected.throttled() : 0,
                        faults ? injected.unprocessed() : 0, faults ? injected.conflicts() : 0, delivery.sentToDestination(),
                        duplicates, lost, progressError);
            }
        }
    }
}

package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.community.Vote;
import com.bigtimedeals.community.VoteStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.deals.HotList;
import com.bigtimedeals.deals.HottestLists;
import com.bigtimedeals.deals.HottestWindow;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.StreamHandler;
import com.bigtimedeals.topology.StreamMapping;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TagResourceRequest;

/**
 * Votes on one popular deal, on a table with the engine's per-partition throughput limit on (1,000 write units a
 * second per partition key, refused as the service refuses): what a vote, a switch and a withdrawal cost, what the
 * reads that show temperatures cost, and a burst of 2,000 votes on one deal with the stream consumer running beside it:
 * the partitions it writes, the busiest partition's most write units in any one second, the errors voters see, and how
 * long after the last vote every copy of the deal shows the final temperature.
 */
final class VoteBurst {
    private static final String TABLE = "Votes";

    private VoteBurst() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int voters = quick ? 500 : 2_000;
        System.out.printf("%nVotes: costs, then a burst of %d votes on one deal with the partition limit on…%n", voters);
        try (Database dynamo = Database.start()) {
            PartitionLedger ledger = new PartitionLedger();
            DynamoDbClient client = DynamoDbClient.builder().httpClient(dynamo.httpClient()).endpointOverride(dynamo.endpoint())
                    .region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                    .overrideConfiguration(c -> c.addExecutionInterceptor(new RequestMeter()).addExecutionInterceptor(ledger))
                    .build();
            dynamo.createTable(client, TableDefinition.createTableRequest(TABLE));
            String arn = client.describeTable(DescribeTableRequest.builder().tableName(TABLE).build()).table().tableArn();
            client.tagResource(TagResourceRequest.builder().resourceArn(arn)
                    .tags(Tag.builder().key("engine:partition-limits").value("true").build()).build());
            Table table = new Table(client, TABLE, Clock.systemUTC(), new CursorCodec("bench"));
            Configuration config = bench.configuration();
            Consumer consumer = new Consumer(table, config, new StreamTap(client,
                    DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient()), TABLE));

            new CatalogStore(table).createBrand("acme", "Acme", null);
            new CatalogStore(table).createCategory("tech", "Tech");
            DealStore deals = new DealStore(table);
            List<Deal> others = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                others.add(create(deals, table, "Hot " + i));
            }
            Deal deal = create(deals, table, "Popular");
            new FeaturedStore(table).set(FeaturedList.FRONT_PAGE, List.of(deal.id()));
            DealCounters counters = new DealCounters(table);
            for (int i = 0; i < others.size(); i++) {
                counters.commit(List.of(), others.get(i).id(), Map.of(Counter.HOT, 100L + i));
            }
            consumer.drain();
            costs(bench, table, deal, others);
            consumer.drain();

            ledger.reset();
            VoteStore votes = new VoteStore(table);
            AtomicInteger errors = new AtomicInteger();
            AtomicBoolean voting = new AtomicBoolean(true);
            Thread stream = new Thread(() -> consumer.runWhile(voting));
            stream.start();
            long started = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(32);
            List<Future<?>> futures = new ArrayList<>();
            long expected = 0;
            for (int i = 0; i < voters; i++) {
                Vote vote = i % 4 == 3 ? Vote.COLD : Vote.HOT;
                expected += vote == Vote.HOT ? 1 : -1;
                String user = "voter" + i;
                futures.add(pool.submit(() -> {
                    try {
                        votes.cast(user, deal.id(), vote);
                    } catch (RuntimeException e) {
                        errors.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            long lastVote = System.nanoTime();
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
            long converged = converge(table, deal.id(), expected, config);
            voting.set(false);
            stream.join();
            long exact = deals.getExact(deal.id()).temperature();
            if (exact != expected || errors.get() > 0) {
                throw new IllegalStateException("the burst ended at " + exact + " instead of " + expected + " with "
                        + errors.get() + " errors");
            }
            Map.Entry<String, Double> busiest = ledger.busiestSecond();
            double seconds = (lastVote - started) / 1e9;
            bench.add("votes.burst.votes", voters, "votes", null, null, String.format("32 threads, %.1f s, %.0f votes/s; 3 in 4 hot",
                    seconds, voters / seconds));
            bench.add("votes.burst.errorsToVoters", errors.get(), "errors", 0.0, null,
                    "with the engine's per-partition limit on; the final temperature equals the sum of the votes");
            bench.add("votes.burst.refusedByPartitionLimit", ledger.refused(), "transactions", null, null,
                    "refused by the per-partition limit and retried (on another shard for a vote); no voter saw one: "
                            + ledger.refusals(deal.id()));
            bench.add("votes.burst.counterPartitions", ledger.partitions(p -> p.startsWith("COUNTERS#" + deal.id())), "partitions",
                    null, null, "counter shards, each under a partition key of its own");
            bench.add("votes.burst.partitionsWritten", ledger.partitions(p -> true), "partitions", null, null,
                    "counter shards, the voters' own partitions and the copies the stream consumer wrote");
            bench.add("votes.burst.busiestPartitionWriteUnitsPerSecond", busiest.getValue(), "WCU", 1000.0, null,
                    "the most write units one partition key took in any one second: " + shape(busiest.getKey(), deal.id()));
            bench.add("votes.burst.counterShardsTogetherWriteUnitsPerSecond",
                    ledger.busiestSecondTogether(p -> p.startsWith("COUNTERS#" + deal.id())), "WCU", null, null,
                    "the 8 shards' busiest second summed: what one counter item would have taken (and every vote "
                            + "would have conflicted on it)");
            bench.add("votes.burst.everyCopyFinalAfterLastVoteMs", (converged - lastVote) / 1e6, "ms", null, null,
                    "deal item, latest index, featured list, front-page cache, hot list, hottest day; stream polled "
                            + "continuously in process (in AWS add the mapping's batching window, "
                            + StreamMapping.DEPLOYED.batchingWindowMillis() + " ms)");
            bench.add("votes.burst.streamInvocations", consumer.invocations.get(), "invocations", null, null,
                    "batches of at most " + StreamMapping.DEPLOYED.batchSize() + " records; one aggregation each");
            client.close();
        }
    }

    private static Deal create(DealStore deals, Table table, String title) {
        return new DealPosting(deals).create(new NewDeal(title, "https://s.example.com/" + title.replace(' ', '-'), new BigDecimal("9.99"),
                "acme", "tech", null, null, table.clock().instant()));
    }

    /** Which kind of partition key the busiest was (no ids in the report). */
    private static String shape(String partition, String dealId) {
        return partition.replace(dealId, "<dealId>").replaceAll("voter\\d+", "<user>");
    }

    /** Units and requests of one vote, one switch, one withdrawal, and the reads that show temperatures. */
    private static void costs(Bench bench, Table table, Deal deal, List<Deal> hot) {
        VoteStore votes = new VoteStore(table);
        Map<String, Supplier<Object>> calls = new LinkedHashMap<>();
        calls.put("POST_/deals/{dealId}/votes_(new)", () -> votes.cast("alice", deal.id(), Vote.HOT));
        calls.put("POST_/deals/{dealId}/votes_(same_again)", () -> votes.cast("alice", deal.id(), Vote.HOT));
        calls.put("POST_/deals/{dealId}/votes_(switch)", () -> votes.cast("alice", deal.id(), Vote.COLD));
        calls.put("DELETE_/deals/{dealId}/votes", () -> votes.withdraw("alice", deal.id()));
        calls.put("GET_/me/votes_(100_ids)", () -> votes.mine("alice", hundredIds(deal, hot)));
        calls.put("GET_/deals/{dealId}", () -> new DealStore(table).getExact(deal.id()));
        calls.put("GET_/hot_(page_of_25)", () -> new HotList(table).page(25, null));
        calls.put("GET_/hottest?window=day", () -> new HottestLists(table).read(HottestWindow.DAY, table.clock().instant()));
        for (Map.Entry<String, Supplier<Object>> call : calls.entrySet()) {
            RequestMeter.reset();
            call.getValue().get();
            RequestMeter.Usage used = RequestMeter.usage();
            bench.add("votes." + call.getKey() + ".requests", used.requests(), "requests", null, null, null);
            bench.add("votes." + call.getKey() + ".readUnits", used.readUnits(), "RCU", null, null, null);
            bench.add("votes." + call.getKey() + ".writeUnits", used.writeUnits(), "WCU", null, null,
                    "by the service's rules (transactions twice)");
        }
    }

    private static List<String> hundredIds(Deal deal, List<Deal> hot) {
        List<String> ids = new ArrayList<>();
        ids.add(deal.id());
        hot.forEach(d -> ids.add(d.id()));
        for (int i = ids.size(); i < 100; i++) {
            ids.add(deal.id().substring(0, deal.id().length() - 3) + String.format("%03d", i));
        }
        return ids;
    }

    /** Polls every copy of the deal until each shows the final temperature; the moment they all did. */
    private static long converge(Table table, String dealId, long expected, Configuration config) throws InterruptedException {
        DealStore deals = new DealStore(table);
        FrontPageCache cache = new FrontPageCache(table, config.cacheShards());
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            boolean all = is(deals.find(dealId), expected)
                    && is(find(all(deals::latest), dealId), expected)
                    && is(find(new FeaturedStore(table).get(FeaturedList.FRONT_PAGE), dealId), expected)
                    && is(find(all(new HotList(table)::page), dealId), expected)
                    && is(find(new HottestLists(table).read(HottestWindow.DAY, table.clock().instant()), dealId), expected);
            for (int shard = 1; all && shard <= cache.shards(); shard++) {
                all = is(find(cache.readCopy(shard).featured(), dealId), expected);
            }
            if (all) {
                return System.nanoTime();
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("a copy of the deal never showed the final temperature " + expected + ": the deal "
                + temperature(deals.find(dealId)) + ", latest " + temperature(find(all(deals::latest), dealId))
                + ", front-page list " + temperature(find(new FeaturedStore(table).get(FeaturedList.FRONT_PAGE), dealId))
                + ", hot " + temperature(find(all(new HotList(table)::page), dealId))
                + ", hottest day " + temperature(find(new HottestLists(table).read(HottestWindow.DAY, table.clock().instant()), dealId))
                + ", front-page copy 1 " + temperature(find(cache.readCopy(1).featured(), dealId)));
    }

    /**
     * Every deal of a list, page by page: the burst's deal is the newest, but KSUIDs order deals made in the same
     * second by their random part, so with the 30 others made in that second too it need not be on the first page.
     */
    private static List<Deal> all(java.util.function.BiFunction<Integer, String, com.bigtimedeals.platform.Page<Deal>> pages) {
        List<Deal> all = new ArrayList<>();
        String cursor = null;
        do {
            com.bigtimedeals.platform.Page<Deal> page = pages.apply(25, cursor);
            all.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);
        return all;
    }

    private static String temperature(Deal d) {
        return d == null ? "absent" : Long.toString(d.temperature());
    }

    private static boolean is(Deal d, long temperature) {
        return d != null && d.temperature() == temperature;
    }

    private static Deal find(List<Deal> deals, String id) {
        return deals.stream().filter(d -> d.id().equals(id)).findFirst().orElse(null);
    }

    /** The stream consumer as the event source mapping drives it: batches of the deployed size, failures redelivered. */
    private static final class Consumer {
        private final StreamHandler handler;
        private final StreamTap tap;
        final AtomicInteger invocations = new AtomicInteger();

        Consumer(Table table, Configuration config, StreamTap tap) {
            this.handler = new StreamHandler(ChangeReactions.of(table, config), config);
            this.tap = tap;
        }

        /** Until the stream is quiet. */
        void drain() {
            for (List<DynamodbEvent.DynamodbStreamRecord> r = tap.drain(); !r.isEmpty(); r = tap.drain()) {
                deliver(r);
            }
        }

        /** Polls and delivers while {@code running}, then drains what is left. */
        void runWhile(AtomicBoolean running) {
            while (running.get()) {
                List<DynamodbEvent.DynamodbStreamRecord> r = tap.drain();
                if (r.isEmpty()) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                } else {
                    deliver(r);
                }
            }
            drain();
        }

        private void deliver(List<DynamodbEvent.DynamodbStreamRecord> records) {
            int size = StreamMapping.DEPLOYED.batchSize();
            int redeliveries = 0;
            for (int from = 0; from < records.size(); ) {
                List<DynamodbEvent.DynamodbStreamRecord> batch = records.subList(from, Math.min(records.size(), from + size));
                invocations.incrementAndGet();
                StreamsEventResponse answer = handler.handleRequest(StreamRecords.event(batch),
                        new SyntheticContext("bench", "stream", 300_000));
                if (answer.getBatchItemFailures() == null || answer.getBatchItemFailures().isEmpty()) {
                    from += batch.size();
                } else {
                    String failed = answer.getBatchItemFailures().get(0).getItemIdentifier();
                    int at = 0;
                    while (at < batch.size() && !batch.get(at).getDynamodb().getSequenceNumber().equals(failed)) {
                        at++;
                    }
                    from += at; // redelivered from the first failed record, as the mapping does
                    if (++redeliveries > StreamMapping.DEPLOYED.retryAttempts() * 10) {
                        throw new IllegalStateException("a batch kept failing at " + failed);
                    }
                }
            }
        }
    }
}

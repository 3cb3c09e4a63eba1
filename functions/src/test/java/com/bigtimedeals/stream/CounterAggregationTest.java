package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealCounts;
import com.bigtimedeals.deals.DealCountsStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPage;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Setting;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The stream carries a deal's counters into every copy of it once per batch, and a replayed, late or reordered
 * aggregation never puts an older value over a newer one.
 */
class CounterAggregationTest extends StreamTest {

    /** Every copy of one deal's temperature and comment count, by where it is kept. */
    private Map<String, String> copies(String dealId) {
        Map<String, String> seen = new LinkedHashMap<>();
        DealStore deals = new DealStore(table);
        seen.put("deal item", show(deals.find(dealId)));
        seen.put("latest deals (GSI1)", show(find(deals.latest(100, null).items(), dealId)));
        seen.put("brand's latest (GSI2)", show(find(deals.latestForBrand("acme", 100, null).items(), dealId)));
        seen.put("category's latest (GSI3)", show(find(deals.latestForCategory("tech", 100, null).items(), dealId)));
        FeaturedStore featured = new FeaturedStore(table);
        seen.put("front page featured", show(find(featured.get(FeaturedList.FRONT_PAGE), dealId)));
        seen.put("category featured", show(find(new CatalogStore(table).category("tech").featured(), dealId)));
        FrontPageCache cache = new FrontPageCache(table, SHARDS);
        for (int shard = 1; shard <= SHARDS; shard++) {
            FrontPage page = cache.readCopy(shard);
            seen.put("cache " + shard + " featured", show(find(page.featured(), dealId)));
            seen.put("cache " + shard + " latest", show(find(page.latest(), dealId)));
        }
        return seen;
    }

    private static Deal find(List<Deal> deals, String id) {
        return deals.stream().filter(d -> d.id().equals(id)).findFirst().orElse(null);
    }

    private static String show(Deal d) {
        return d == null ? "absent" : d.temperature() + "/" + d.commentCount();
    }

    /** Every item of the table, keyed: "nothing changed" is this map not moving. */
    private Map<String, Map<String, AttributeValue>> state() {
        Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
        Map<String, AttributeValue> start = null;
        do {
            var r = client.scan(ScanRequest.builder().tableName(table.name()).exclusiveStartKey(start).build());
            r.items().forEach(i -> items.put(i.get("PK").s() + "|" + i.get("SK").s(), i));
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    private Deal featuredDeal() {
        Deal a = newDeal("A", "acme", "tech");
        newDeal("B", "globex", "home");
        new FeaturedStore(table).set(FeaturedList.FRONT_PAGE, List.of(a.id()));
        new FeaturedStore(table).setForCategory("tech", List.of(a.id()));
        pump(60_000);
        return a;
    }

    @Test
    void everyCopyShowsTheCountsAfterOneBatchAndTheBatchRebuildsTheFrontPageOnce() {
        Deal a = featuredDeal();
        long versionBefore = new FrontPageCache(table, SHARDS).nextVersion();
        tap.drain();
        DealCounters counters = new DealCounters(table);
        for (int i = 0; i < 30; i++) {
            counters.commit(List.of(), a.id(), Map.of(i % 3 == 0 ? Counter.COLD : Counter.HOT, 1L));
        }
        counters.commit(List.of(), a.id(), Map.of(Counter.COMMENTS, 2L));
        List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
        assertEquals(31 * DealCounters.VIEWS, records.size(), "31 changes, each on one shard of every view");
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(versionBefore + 2, new FrontPageCache(table, SHARDS).nextVersion(), "62 counter records, one rebuild");
        pump(60_000);
        for (Map.Entry<String, String> copy : copies(a.id()).entrySet()) {
            assertEquals("10/2", copy.getValue(), copy.getKey());
        }
    }

    @Test
    void replayingTheAggregationsRecordsChangesNothing() {
        Deal a = featuredDeal();
        DealCounters counters = new DealCounters(table);
        for (int i = 0; i < 12; i++) {
            counters.commit(List.of(), a.id(), Map.of(Counter.HOT, 1L));
        }
        List<DynamodbEvent.DynamodbStreamRecord> votes = tap.drain();
        assertTrue(deliver(votes, 60_000).getBatchItemFailures().isEmpty());
        List<DynamodbEvent.DynamodbStreamRecord> followUps = tap.drain(); // the deal item's own record, and so on
        assertTrue(deliver(followUps, 60_000).getBatchItemFailures().isEmpty());
        pump(60_000);
        Map<String, Map<String, AttributeValue>> before = state();
        for (int replay = 0; replay < 3; replay++) {
            assertTrue(deliver(votes, 60_000).getBatchItemFailures().isEmpty());
            // The records in reverse order too: an aggregation reads the counters as they stand, whatever the order.
            List<DynamodbEvent.DynamodbStreamRecord> reversed = new java.util.ArrayList<>(votes);
            java.util.Collections.reverse(reversed);
            assertTrue(deliver(reversed, 60_000).getBatchItemFailures().isEmpty());
            assertTrue(deliver(votes.subList(3, 7), 60_000).getBatchItemFailures().isEmpty());
        }
        assertTrue(tap.drain().isEmpty(), "a replay wrote something");
        assertEquals(before, state());
        // What the aggregation's own writes set off (the featured lists' records) rebuilds the front page again when
        // replayed, as any featured change does, with the same counts.
        for (int replay = 0; replay < 2; replay++) {
            assertTrue(deliver(followUps, 60_000).getBatchItemFailures().isEmpty());
        }
        pump(60_000);
        copies(a.id()).forEach((where, shown) -> assertEquals("12/0", shown, where));
    }

    /**
     * An aggregation that read the counters before another, but writes after it, loses at every copy: the deal item,
     * the featured copies and the front page each keep the newer counts.
     */
    @Test
    void anOlderReadingNeverReplacesANewerOneInAnyCopy() {
        Deal a = featuredDeal();
        String id = a.id();
        DealCounts older = new DealCounts(5, 0, 0, 5, null);
        DealCounts newer = new DealCounts(9, 1, 0, 10, null);
        DealCountsStore counts = new DealCountsStore(table);
        FeaturedStore featured = new FeaturedStore(table);
        FrontPageCache cache = new FrontPageCache(table, SHARDS);
        assertEquals(DealCountsStore.Applied.APPLIED, counts.apply(id, newer, writes(10)));
        featured.refreshCounts(Map.of(id, newer));
        cache.rebuild(featured, new DealStore(table), Map.of(id, newer));
        assertEquals(DealCountsStore.Applied.NEWER_THERE, counts.apply(id, older, writes(5)));
        assertEquals(0, featured.refreshCounts(Map.of(id, older)));
        cache.rebuild(featured, new DealStore(table), Map.of(id, older));
        pump(60_000);
        copies(id).forEach((where, shown) -> assertEquals("8/0", shown, where));
    }

    @Test
    void aTakenDownDealsCountsReachNoCopy() {
        Deal a = featuredDeal();
        new DealCounters(table).commit(List.of(), a.id(), Map.of(Counter.HOT, 3L));
        new DealStore(table).takeDown(a.id());
        pump(60_000);
        assertEquals(null, new DealStore(table).find(a.id()));
        Map<String, AttributeValue> tombstone = client.getItem(b -> b.tableName(table.name())
                .key(Map.of("PK", AttributeValue.fromS("DEAL#" + a.id()), "SK", AttributeValue.fromS("DEAL#" + a.id())))).item();
        assertTrue(!tombstone.containsKey("countersVersion"), "counted after its takedown: " + tombstone);
        copies(a.id()).forEach((where, shown) -> assertEquals("absent", shown, where));
    }

    /**
     * With a pace between two aggregations of one deal (COUNTS_PACE_MS), a batch right after another waits, then
     * carries every change: the copies end exact. Only the outcome is asserted, never how long it took.
     */
    @Test
    void aPacedConsumerStillCarriesEveryChange() {
        Deal a = featuredDeal();
        handler = new StreamHandler(ChangeReactions.of(consumer(table), Configuration.from(SETTINGS.with(Setting.COUNTS_PACE_MS, 300)), 200, 300),
                Configuration.from(SETTINGS.with(Setting.COUNTS_PACE_MS, 300)));
        DealCounters counters = new DealCounters(table);
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 4; i++) {
                counters.commit(List.of(), a.id(), Map.of(Counter.HOT, 1L));
            }
            assertTrue(deliver(tap.drain(), 60_000).getBatchItemFailures().isEmpty());
        }
        pump(60_000);
        copies(a.id()).forEach((where, shown) -> assertEquals("12/0", shown, where));
    }
    /**
     * A batch's counted deals wait at their gates side by side (StreamHandler#gate): two deals whose gates another
     * lane has just claimed are waited for at once. Each wait looks at the clock again once it has slept; that second
     * look waits for the other deal's, so a batch that waited one deal after the other would never get past the first
     * (the meeting breaks, the batch fails). Nothing is timed; the counts then reach every copy all the same.
     */
    @Test
    void aBatchWaitsAtTwoClosedGatesAtOnce() throws Exception {
        Deal a = featuredDeal();
        Deal b = new DealStore(table).latestForBrand("globex", 1, null).items().get(0);
        java.util.concurrent.CyclicBarrier meeting = new java.util.concurrent.CyclicBarrier(2);
        Map<String, Integer> looks = new java.util.concurrent.ConcurrentHashMap<>();
        java.time.Clock meetingClock = new com.bigtimedeals.platform.LookingClock(() -> {
            String thread = Thread.currentThread().getName();
            if (thread.startsWith("counts-gate") && looks.merge(thread, 1, Integer::sum) == 2) {
                try {
                    meeting.await(30, java.util.concurrent.TimeUnit.SECONDS); // a bound on a hang, not a timing
                } catch (Exception e) {
                    throw new IllegalStateException("the gates' waits never met: they waited one after the other", e);
                }
            }
            return NOW;
        });
        Configuration paced = Configuration.from(SETTINGS.with(Setting.COUNTS_PACE_MS, 300));
        com.bigtimedeals.platform.Table gated = new com.bigtimedeals.platform.Table(client, table.name(), meetingClock, table.cursors());
        com.bigtimedeals.deals.CountsGate otherLane = new com.bigtimedeals.deals.CountsGate(gated, 300);
        for (Deal d : List.of(a, b)) {
            assertEquals(com.bigtimedeals.deals.CountsGate.Outcome.CLAIMED, otherLane.await(d.id(), Map.of(0, 1L), () -> true));
        }
        DealCounters counters = new DealCounters(table);
        counters.commit(List.of(), a.id(), Map.of(Counter.HOT, 2L));
        counters.commit(List.of(), b.id(), Map.of(Counter.COLD, 1L));
        handler = new StreamHandler(ChangeReactions.of(consumer(gated), paced, 200, 300), paced);
        assertTrue(deliver(tap.drain(), 60_000).getBatchItemFailures().isEmpty());
        assertEquals(0, meeting.getNumberWaiting());
        assertTrue(!meeting.isBroken());
        assertEquals(2, looks.values().stream().filter(n -> n >= 2).count(), "both waits slept and looked again: " + looks);
        pump(60_000);
        copies(a.id()).forEach((where, shown) -> assertEquals("2/0", shown, where));
        assertEquals(-1, new DealStore(table).find(b.id()).temperature());
    }

    private static long[] writes(long first) {
        long[] writes = new long[DealCounters.SHARDS_PER_VIEW];
        writes[0] = first;
        return writes;
    }

    /** Sets a first-view shard of the deal's counters by hand: {@code hot} votes, at write {@code writes}. */
    private void shard(String dealId, int shard, long hot, long writes) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(com.bigtimedeals.deals.DealKeys.dealCounters(dealId, shard));
        item.put(com.bigtimedeals.platform.Keys.TYPE, AttributeValue.fromS(com.bigtimedeals.deals.DealKeys.DEAL_COUNTERS));
        item.put("dealId", AttributeValue.fromS(dealId));
        item.put("shard", AttributeValue.fromN(Integer.toString(shard)));
        item.put("hot", AttributeValue.fromN(Long.toString(hot)));
        item.put("cold", AttributeValue.fromN("0"));
        item.put("comments", AttributeValue.fromN("0"));
        item.put(DealCounters.WRITES, AttributeValue.fromN(Long.toString(writes)));
        client.putItem(software.amazon.awssdk.services.dynamodb.model.PutItemRequest.builder().tableName(table.name())
                .item(item).build());
    }

    /**
     * Two readings of one deal cross (a BatchGetItem is no snapshot across shards): another lane's reading R2 took
     * shard 0 at write 5 and shard 1 at write 10 (15 writes), this lane's R1 took both at 7 (14 writes). R2's counts
     * reach the deal item just before R1's, and R2 records its reading covered, so R2's batch (shard 1 at 10) and R1's
     * (shard 0 at 7) are both done. By writes alone R1 loses to R2 and the copies keep shard 0 at 5 until the deal
     * next changes; by construction R1 finds its reading crossed, reads again and carries both. The interleaving is
     * driven by a hook on R1's write of the deal item, nothing is timed.
     */
    @Test
    void twoCrossedReadingsStillEndExactInEveryCopy() {
        Deal a = featuredDeal();
        String id = a.id();
        Configuration paced = Configuration.from(SETTINGS.with(Setting.COUNTS_PACE_MS, 300));
        shard(id, 0, 5, 5);
        shard(id, 1, 7, 7);
        handler = new StreamHandler(ChangeReactions.of(consumer(table), paced, 200, 300), paced);
        pump(60_000);
        copies(id).forEach((where, shown) -> assertEquals("12/0", shown, where));

        java.util.concurrent.atomic.AtomicBoolean crossed = new java.util.concurrent.atomic.AtomicBoolean();
        com.bigtimedeals.platform.Table r1 = observed((method, request) -> {
            if (request instanceof software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest u
                    && u.key().equals(com.bigtimedeals.deals.DealKeys.deal(id))
                    && u.expressionAttributeNames().containsValue("countersVersion") && crossed.compareAndSet(false, true)) {
                // R2, just before, on another lane: shard 1 moves to 10 (a vote's write), and R2's reading (shard 0
                // at 5, shard 1 at 10) reaches the deal item, then the gate, as its aggregation writes them.
                com.bigtimedeals.platform.TableAccessLog.bystander(() -> {
                    shard(id, 1, 10, 10);
                    List<AttributeValue> r2 = new java.util.ArrayList<>();
                    StringBuilder covered = new StringBuilder();
                    for (int k = 0; k < DealCounters.SHARDS_PER_VIEW; k++) {
                        long w = k == 0 ? 5 : k == 1 ? 10 : 0;
                        r2.add(AttributeValue.fromN(Long.toString(w)));
                        covered.append(k == 0 ? "" : ",").append(w);
                    }
                    client.updateItem(software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
                            .tableName(table.name()).key(com.bigtimedeals.deals.DealKeys.deal(id))
                            .updateExpression("SET hot = :h, cold = :z, comments = :z, countersVersion = :v, countedWrites = :w")
                            .expressionAttributeValues(Map.of(":h", AttributeValue.fromN("15"), ":z", AttributeValue.fromN("0"),
                                    ":v", AttributeValue.fromN("15"), ":w", AttributeValue.fromL(r2)))
                            .build());
                    client.updateItem(software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
                            .tableName(table.name()).key(com.bigtimedeals.deals.DealKeys.countsGate(id))
                            .updateExpression("SET covered = :c, coveredWrites = :v")
                            .expressionAttributeValues(Map.of(":c", AttributeValue.fromS(covered.toString()),
                                    ":v", AttributeValue.fromN("15")))
                            .build());
                });
            }
        });
        shard(id, 0, 7, 7);
        handler = new StreamHandler(ChangeReactions.of(consumer(r1), paced, 200, 300), paced);
        pump(60_000);
        assertTrue(crossed.get(), "R1 wrote the deal item");
        pump(60_000);
        copies(id).forEach((where, shown) -> assertEquals("17/0", shown, where));
    }
}

package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPage;
import com.bigtimedeals.deals.FrontPageCache;


/** The sharded front-page cache: rebuilt by changes, refreshed by corrections, never overwritten by an older rebuild. */
class FrontPageRebuildTest extends StreamTest {
    @Test
    void newDealsAndFeaturedChangesRebuildTheCacheAndCorrectionsReachEveryCopy() {
        tap.drain();
        Deal a = newDeal("A", "acme", "tech");
        Deal b = newDeal("B", "globex", "home");
        FeaturedStore featured = new FeaturedStore(table);
        featured.set(FeaturedList.FRONT_PAGE, List.of(a.id()));
        featured.setForCategory("tech", List.of(a.id()));
        pump(60_000);
        FrontPageCache cache = new FrontPageCache(table, SHARDS);
        FrontPage page = cache.read();
        assertEquals(List.of(a.id()), page.featured().stream().map(Deal::id).toList());
        assertEquals(2, page.latest().size());
        Deal fixed = new DealStore(table).correct(a.id(), new DealCorrection("A, corrected", null, new BigDecimal("1.25"), null, null));
        pump(60_000);
        // The stream also carried the link's new low (the corrected price) onto the deal and every copy.
        fixed = fixed.withLinkLow(new BigDecimal("1.25"));
        for (int shard = 1; shard <= cache.shards(); shard++) {
            FrontPage after = cache.readCopy(shard);
            assertEquals(fixed, after.featured().get(0));
            assertTrue(after.latest().contains(fixed), "latest " + after.latest() + " fixed " + fixed);
        }
        assertEquals(fixed, new CatalogStore(table).category("tech").featured().get(0));
        assertTrue(new DealStore(table).latest(10, null).items().contains(b.withLinkLow(b.price())), "its link's low is its price");
    }

    @Test
    void aRebuildWithNothingInFlightReadsNoDealItemAndOneForANewDeal() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            created.add(newDeal("Deal " + i, "acme", "tech").id());
        }
        new FeaturedStore(table).set(FeaturedList.FRONT_PAGE, List.of(created.get(3), created.get(7)));
        pump(60_000);
        List<String> calls = new ArrayList<>();
        com.bigtimedeals.platform.Table seen = observed((method, request) -> calls.add(method
                + (request instanceof software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest b
                        ? "(" + b.requestItems().values().iterator().next().keys().size() + ")" : "")));
        // Past the time a rebuild keeps checking recently touched deals (FrontPageCache.take): these are settled.
        com.bigtimedeals.platform.Table observed = new com.bigtimedeals.platform.Table(seen.client(), seen.name(),
                java.time.Clock.offset(seen.clock(), java.time.Duration.ofSeconds(11)), seen.cursors());
        FrontPageCache cache = new FrontPageCache(observed, SHARDS);
        cache.rebuild(new FeaturedStore(observed), new DealStore(observed));
        // The copy and the index agree on every deal and its content: nothing is read from the deal items.
        assertTrue(calls.stream().noneMatch(c -> c.startsWith("batchGetItem")), calls.toString());
        calls.clear();
        // A minute later than the others (this test's clock is fixed): the newest deal, first on the page.
        String fresh = new DealPosting(new DealStore(table)).create(new com.bigtimedeals.deals.NewDeal("Fresh", "https://s.example.com/fresh",
                new BigDecimal("5.00"), "acme", "tech", null, null, table.clock().instant().plusSeconds(60))).id();
        cache.rebuild(new FeaturedStore(observed), new DealStore(observed), java.util.Map.of(), List.of(fresh));
        assertEquals(List.of("batchGetItem(1)"), calls.stream().filter(c -> c.startsWith("batchGetItem")).toList(),
                "only the new deal is read: " + calls);
        assertEquals(fresh, cache.readCopy(1).latest().get(0).id());

        // A bulk of touched deals fills the version item's recent set to its cap; later rebuilds still work (they
        // add nothing to a full set) and the item stays small.
        List<String> bulk = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            bulk.add(com.bigtimedeals.platform.Ids.dealId(table.clock().instant().minusSeconds(3_600 + i)));
        }
        cache.rebuild(new FeaturedStore(observed), new DealStore(observed), java.util.Map.of(), bulk);
        String another = new DealPosting(new DealStore(table)).create(new com.bigtimedeals.deals.NewDeal("Another", "https://s.example.com/another",
                new BigDecimal("5.00"), "acme", "tech", null, null, table.clock().instant().plusSeconds(120))).id();
        cache.rebuild(new FeaturedStore(observed), new DealStore(observed), java.util.Map.of(), List.of(another));
        assertEquals(another, cache.readCopy(1).latest().get(0).id());
        var recent = client.getItem(b -> b.tableName(table.name()).key(java.util.Map.of(
                "PK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("DEALSCACHE"),
                "SK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("VERSION")))).item().get("recent");
        assertTrue(recent.ss().size() <= 72, "the recent set stays near its cap: " + recent.ss().size());
    }

    @Test
    void twoConcurrentRebuildsTheNewerWinsWhicheverLandsLast() throws Exception {
        newDeal("A", "acme", "tech");
        FrontPageCache cache = new FrontPageCache(table, SHARDS);
        for (boolean olderLast : new boolean[] {true, false}) {
            long older = cache.nextVersion();
            long newer = cache.nextVersion();
            FrontPage old = new FrontPage(older, List.of(), List.of(), null);
            FrontPage fresh = FrontPageCache.live(newer, new FeaturedStore(table), new DealStore(table));
            // Both writers start together (a latch), so their copy writes interleave for real.
            ExecutorService pool = Executors.newFixedThreadPool(2);
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            Future<Integer> first = pool.submit(() -> {
                go.await();
                return cache.write(olderLast ? fresh : old);
            });
            Future<Integer> second = pool.submit(() -> {
                go.await();
                return cache.write(olderLast ? old : fresh);
            });
            go.countDown();
            first.get();
            second.get();
            pool.shutdown();
            assertEveryCopyIs(cache, newer);
        }
        // And truly concurrent: many rebuilds racing on different threads end on the highest version.
        ExecutorService pool = Executors.newFixedThreadPool(6);
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<Future<Integer>> racing = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            racing.add(pool.submit(() -> {
                go.await();
                return cache.rebuild(new FeaturedStore(table), new DealStore(table));
            }));
        }
        go.countDown();
        for (Future<Integer> f : racing) {
            f.get();
        }
        pool.shutdown();
        assertEveryCopyIs(cache, cache.nextVersion() - 1);
    }

    /** Every copy, not a random sample: a stale copy on one shard would be served to a share of all readers. */
    private static void assertEveryCopyIs(FrontPageCache cache, long version) {
        for (int shard = 1; shard <= cache.shards(); shard++) {
            assertEquals(version, cache.readCopy(shard).version(), "copy " + shard);
        }
    }

}

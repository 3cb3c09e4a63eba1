package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Table;

/** Counts-only front-page rebuilds coalesce (issue 41) and still show the last change of a quiet moment. */
class FrontPageCoalescingTest extends DynamoDbTest {

    @Test
    void racingCountsOnlyRebuildsWriteFewCopiesAndTheLastVoteShows() throws Exception {
        Table t = table(newTable(), Clock.systemUTC());
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        FeaturedStore featured = new FeaturedStore(t);
        FrontPageCache cache = new FrontPageCache(t, 2);
        DealCounters counters = new DealCounters(t);
        Deal deal = new DealPosting(deals).create(Fixtures.deal("Coalesced", "acme", "tech", t.clock().instant()));
        cache.rebuild(featured, deals);

        // Batches of eight stream lanes, each after a vote of its own: they race for the gate.
        ExecutorService lanes = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> written = new ArrayList<>();
            for (int lane = 0; lane < 8; lane++) {
                written.add(lanes.submit((Callable<Integer>) () -> {
                    counters.commit(List.of(), deal.id(), Map.of(Counter.HOT, 1L));
                    return cache.rebuildCoalesced(featured, deals, Map.of());
                }));
            }
            int copies = 0;
            for (Future<Integer> f : written) {
                copies += f.get();
            }
            // Eight batches in well under a second: at most two windows' rebuilds (the gate may just have opened).
            assertTrue(copies <= 2 * 2 * cache.shards(), "copies written: " + copies);
        } finally {
            lanes.shutdownNow();
        }
        for (int shard = 1; shard <= cache.shards(); shard++) {
            FrontPage page = cache.readCopy(shard);
            Deal shown = page.latest().stream().filter(d -> d.id().equals(deal.id())).findFirst().orElseThrow();
            assertEquals(8, shown.counts().hot(), "copy " + shard);
        }

        // A quiet moment: one more vote, one batch, right after a rebuild; it still shows.
        counters.commit(List.of(), deal.id(), Map.of(Counter.COLD, 1L));
        cache.rebuildCoalesced(featured, deals, Map.of());
        Deal shown = cache.readCopy(1).latest().stream().filter(d -> d.id().equals(deal.id())).findFirst().orElseThrow();
        assertEquals(1, shown.counts().cold());
    }
}

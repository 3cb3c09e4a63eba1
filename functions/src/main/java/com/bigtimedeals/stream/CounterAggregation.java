package com.bigtimedeals.stream;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCounts;
import com.bigtimedeals.deals.DealCountsStore.Applied;
import com.bigtimedeals.deals.DealCountsStore.Reading;
import com.bigtimedeals.deals.DealCountsStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.deals.HotList;
import com.bigtimedeals.deals.HottestLists;

/**
 * Carries the deal counters (votes, comments) into every copy of each deal, once per batch for all the deals the
 * batch's counter records name, however many records name them: never one rewrite per vote.
 *
 * <p>Each deal's counters are read as they stand (strongly consistent, exact) and written to each copy only over
 * older ones, by version ({@code DealCounters}): the hot list's entry (created the first time the deal is seen at
 * the hot temperature), the ranking the hottest lists are rebuilt from (and those lists, when the change can move
 * them), the featured lists' copies, the front page, and the deal item itself, whose latest-deals index entries
 * follow it. The deal item is written <em>last</em>: when it carries a
 * version, every copy was written with that version or a newer one before it. So a replayed batch (or a late one, or
 * one a parallel lane already covered) finds every deal item up to date and writes nothing at all, and one that failed
 * half way is redelivered and finishes the copies it missed.
 */
final class CounterAggregation {
    /** What one batch's aggregation found: the deals whose copies move, with the counts they move to. */
    static final class Run {
        /** Each deal of the run with its exact counts (and the moment it turned hot, when it did). */
        private final Map<String, Deal> changed;
        private final boolean frontPage;
        /** Each live deal read, with its first-view shards' write counts as read (CountsGate#covered). */
        private final Map<String, long[]> read;

        Run(Map<String, Deal> changed, boolean frontPage) {
            this(changed, frontPage, Map.of());
        }

        Run(Map<String, Deal> changed, boolean frontPage, Map<String, long[]> read) {
            this.changed = changed;
            this.frontPage = frontPage;
            this.read = read;
        }

        /** The deals read, each with its first-view shards' write counts as read (less those {@link #finish} found crossed). */
        Map<String, long[]> read() {
            return read;
        }

        /** Every deal of the run with its exact counts, for the front page's rebuild. */
        Map<String, DealCounts> counts() {
            Map<String, DealCounts> counts = new LinkedHashMap<>();
            changed.forEach((id, d) -> counts.put(id, d.counts()));
            return counts;
        }

        /** A deal of the run is on the cached front page: it must be rebuilt (once, with the batch's other changes). */
        boolean frontPage() {
            return frontPage;
        }

        boolean isEmpty() {
            return changed.isEmpty();
        }
    }

    private final DealCountsStore counts;
    private final FeaturedStore featured;
    private final FrontPageCache cache;
    private final HotList hot;
    private final HottestLists hottest;
    private final java.time.Clock clock;
    private final TemperatureCrossings crossings;

    CounterAggregation(DealCountsStore counts, FeaturedStore featured, FrontPageCache cache, HotList hot,
                       HottestLists hottest, java.time.Clock clock, TemperatureCrossings crossings) {
        this.crossings = crossings;
        this.counts = counts;
        this.featured = featured;
        this.cache = cache;
        this.hot = hot;
        this.hottest = hottest;
        this.clock = clock;
    }

    /**
     * The copies other than the deal items and the front page: reads the counters of {@code dealIds} (only live deals
     * whose items are behind), and writes the featured copies. The caller rebuilds the front page when the run says
     * so, then calls {@link #finish}.
     */
    Run start(Collection<String> dealIds) {
        Map<String, Deal> behind = new LinkedHashMap<>();
        Map<String, long[]> read = new LinkedHashMap<>();
        java.time.Instant now = clock.instant();
        for (Reading reading : counts.read(dealIds).values()) {
            read.put(reading.deal().id(), reading.shardWrites());
            if (reading.upToDate()) {
                continue; // every copy has these counts or newer (the deal item is written last)
            }
            crossings.reach(reading, now); // before the counts reach the deal item: a failure redelivers and reaches again
            Deal deal = reading.counted();
            if (deal.counts().hotSince() == null && deal.temperature() >= DealCounts.HOT) {
                java.time.Instant since = counts.markHot(deal.id(), now); // once per deal, whoever sees it first
                if (since == null) {
                    continue; // taken down meanwhile
                }
                deal = deal.withCounts(deal.counts().withHotSince(since));
            }
            behind.put(deal.id(), deal);
        }
        if (behind.isEmpty()) {
            return new Run(behind, false, read);
        }
        for (Deal deal : behind.values()) {
            if (deal.counts().hotSince() != null) {
                hot.record(deal);
            }
        }
        hottest.record(behind.values());
        if (hottest.affectedBy(behind.values(), now)) {
            hottest.rebuild(Map.of());
        }
        Run run = new Run(behind, false);
        featured.refreshCounts(run.counts());
        boolean onFrontPage = cache.showing().stream().anyMatch(behind::containsKey);
        return new Run(behind, onFrontPage, read);
    }

    /**
     * Writes the counts onto the deal items, last (see the class comment). Returns the deals whose reading crossed
     * another's ({@link Applied#CROSSED}): the caller aggregates them again, and does not count them covered by it.
     */
    List<String> finish(Run run) {
        List<String> gone = new java.util.ArrayList<>();
        List<String> crossed = new java.util.ArrayList<>();
        run.changed.forEach((id, deal) -> {
            Applied applied = counts.apply(id, deal.counts(), run.read.get(id));
            if (applied == Applied.CROSSED) {
                crossed.add(id);
            } else if (applied == Applied.GONE) {
                // Taken down between the read and now: its takedown's reaction may have run before the entries above
                // were written, so they go again here. (Featured copies and the front page were only ever refreshed.)
                if (deal.counts().hotSince() != null) {
                    hot.remove(id, deal.counts().hotSince());
                }
                hottest.forget(id, deal.createdAt());
                gone.add(id);
            }
        });
        if (!gone.isEmpty()) {
            hottest.rebuild(Map.of());
        }
        crossed.forEach(run.read::remove);
        return crossed;
    }
}

package com.bigtimedeals.stream;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.data.DealCountsStore;
import com.bigtimedeals.data.DealCountsStore.Applied;
import com.bigtimedeals.data.DealCountsStore.Reading;
import com.bigtimedeals.data.FeaturedStore;
import com.bigtimedeals.data.FrontPageCache;
import com.bigtimedeals.domain.DealCounts;

/**
 * Carries the deal counters (votes, comments) into every copy of each deal, once per batch for all the deals the
 * batch's counter records name, however many records name them: never one rewrite per vote.
 *
 * <p>Each deal's counters are read as they stand (strongly consistent, exact) and written to each copy only over
 * older ones, by version ({@code DealCounters}): the featured lists' copies, the front page, and the deal item
 * itself, whose latest-deals index entries follow it. The deal item is written <em>last</em>: when it carries a
 * version, every copy was written with that version or a newer one before it. So a replayed batch (or a late one, or
 * one a parallel lane already covered) finds every deal item up to date and writes nothing at all, and one that failed
 * half way is redelivered and finishes the copies it missed.
 */
final class CounterAggregation {
    /** What one batch's aggregation found: the deals whose copies move, with the counts they move to. */
    static final class Run {
        private final Map<String, Reading> changed;
        private final boolean frontPage;

        Run(Map<String, Reading> changed, boolean frontPage) {
            this.changed = changed;
            this.frontPage = frontPage;
        }

        /** Every deal of the run with its exact counts, for the front page's rebuild. */
        Map<String, DealCounts> counts() {
            Map<String, DealCounts> counts = new LinkedHashMap<>();
            changed.forEach((id, r) -> counts.put(id, r.exact()));
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

    CounterAggregation(DealCountsStore counts, FeaturedStore featured, FrontPageCache cache) {
        this.counts = counts;
        this.featured = featured;
        this.cache = cache;
    }

    /**
     * The copies other than the deal items and the front page: reads the counters of {@code dealIds} (only live deals
     * whose items are behind), and writes the featured copies. The caller rebuilds the front page when the run says
     * so, then calls {@link #finish}.
     */
    Run start(Collection<String> dealIds) {
        Map<String, Reading> behind = new LinkedHashMap<>();
        counts.read(dealIds).forEach((id, reading) -> {
            if (!reading.upToDate()) {
                behind.put(id, reading);
            }
        });
        if (behind.isEmpty()) {
            return new Run(behind, false);
        }
        Run run = new Run(behind, false);
        featured.refreshCounts(run.counts());
        boolean onFrontPage = cache.showing().stream().anyMatch(behind::containsKey);
        return new Run(behind, onFrontPage);
    }

    /** Writes the counts onto the deal items, last (see the class comment). Returns the deals taken down meanwhile. */
    List<String> finish(Run run) {
        List<String> gone = new java.util.ArrayList<>();
        run.changed.forEach((id, reading) -> {
            if (counts.apply(id, reading.exact()) == Applied.GONE) {
                gone.add(id);
            }
        });
        return gone;
    }
}

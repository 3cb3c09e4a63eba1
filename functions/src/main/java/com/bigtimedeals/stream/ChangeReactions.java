package com.bigtimedeals.stream;

import java.time.Instant;

import com.bigtimedeals.data.BlastStore;
import com.bigtimedeals.data.DealStore;
import com.bigtimedeals.data.FanOutStore;
import com.bigtimedeals.data.FeaturedStore;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.data.FrontPageCache;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.data.Setting;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.data.UserStore;
import com.bigtimedeals.domain.Change;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.FanOutWork;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.Likeable;

/** What each change sets off. */
public final class ChangeReactions {
    private final WatchersFanOut fanOut;
    private final HotDealBlast blast;
    private final FanOutStore work;
    private final DealStore deals;
    private final FeaturedStore featured;
    private final FrontPageCache cache;

    ChangeReactions(WatchersFanOut fanOut, HotDealBlast blast, FanOutStore work, DealStore deals, FeaturedStore featured,
                    FrontPageCache cache) {
        this.fanOut = fanOut;
        this.blast = blast;
        this.work = work;
        this.deals = deals;
        this.featured = featured;
        this.cache = cache;
    }

    public static ChangeReactions of(Table table, int cacheShards) {
        return of(table, cacheShards, WatchersFanOut.PAGE, HotDealBlast.PAGE);
    }

    /** Smaller pages let a test see a walk cross several pages and invocations with few users. */
    public static ChangeReactions of(Table table, int cacheShards, int watcherPage, int userPage) {
        InboxStore inbox = new InboxStore(table, Setting.DELIVERY_THREADS.number());
        FanOutStore work = new FanOutStore(table);
        return new ChangeReactions(new WatchersFanOut(new FollowStore(table), inbox, work, watcherPage),
                new HotDealBlast(new BlastStore(table), new UserStore(table), inbox, userPage), work, new DealStore(table),
                new FeaturedStore(table), new FrontPageCache(table, cacheShards));
    }

    /** Reacts to one change; true when the front page must be rebuilt. */
    boolean apply(Change change, TimeBudget budget, Tally tally) {
        if (change instanceof Change.DealCreated c) {
            Instant at = c.at() != null ? c.at() : c.deal().createdAt();
            // Brand watchers first, then category watchers; a budget that runs out hands the rest on.
            if (fanOut.run(c.deal(), Likeable.BRAND, null, at, budget, tally)) {
                fanOut.run(c.deal(), Likeable.CATEGORY, null, at, budget, tally);
            } else {
                work.handOn(new FanOutWork(c.deal().id(), Likeable.CATEGORY, null, at, false));
            }
            return true;
        }
        if (change instanceof Change.FanOutPending p) {
            FanOutWork w = work.get(p.dealId(), p.source());
            if (w != null && !w.done()) {
                Deal deal = deals.get(w.dealId());
                if (w.after() == null) {
                    // A list handed on before it started: walk it from the top, then mark it finished.
                    if (fanOut.run(deal, w.source(), null, w.messageAt(), budget, tally)) {
                        work.finish(w.dealId(), w.source());
                    }
                } else {
                    fanOut.run(deal, w.source(), w.after(), w.messageAt(), budget, tally);
                }
            }
            return false;
        }
        if (change instanceof Change.DealCorrected c) {
            featured.refresh(c.deal());
            return true;
        }
        if (change instanceof Change.FeaturedChanged f) {
            return f.list().equals(FeaturedList.FRONT_PAGE);
        }
        if (change instanceof Change.BlastRequested b) {
            blast.start(b.blastId());
            return false;
        }
        if (change instanceof Change.BlastSegmentPending s) {
            blast.run(s.blastId(), s.segment(), budget, tally);
            return false;
        }
        return false;
    }

    int rebuildFrontPage() {
        return cache.rebuild(featured, deals);
    }
}

package com.bigtimedeals.stream;

import java.time.Instant;

import com.bigtimedeals.data.AccountStore;
import com.bigtimedeals.data.BlastStore;
import com.bigtimedeals.data.CommentStore;
import com.bigtimedeals.data.Configuration;
import com.bigtimedeals.data.DealCounters;
import com.bigtimedeals.data.DealCountsStore;
import com.bigtimedeals.data.DealStore;
import com.bigtimedeals.data.FanOutStore;
import com.bigtimedeals.data.FeaturedStore;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.data.FrontPageCache;
import com.bigtimedeals.data.InboxDelivery;
import com.bigtimedeals.data.ReportStore;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.data.UserStore;
import com.bigtimedeals.domain.Change;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.service.DealService;

/** What each change sets off. */
public final class ChangeReactions {
    private final WatchersFanOut fanOut;
    private final HotDealBlast blast;
    private final DealStore deals;
    private final FeaturedStore featured;
    private final FrontPageCache cache;
    private final AccountDeletionWalk deletions;
    private final DealService dealService;
    private final ReportStore reports;
    private final CounterAggregation counters;
    private final DealCounters exactCounts;

    ChangeReactions(WatchersFanOut fanOut, HotDealBlast blast, DealStore deals, FeaturedStore featured, FrontPageCache cache,
                    AccountDeletionWalk deletions, DealService dealService, ReportStore reports, CounterAggregation counters,
                    DealCounters exactCounts) {
        this.fanOut = fanOut;
        this.blast = blast;
        this.deals = deals;
        this.featured = featured;
        this.cache = cache;
        this.deletions = deletions;
        this.dealService = dealService;
        this.reports = reports;
        this.counters = counters;
        this.exactCounts = exactCounts;
    }

    public static ChangeReactions of(Table table, Configuration configuration) {
        return of(table, configuration, WatchersFanOut.PAGE, HotDealBlast.PAGE);
    }

    /** Smaller pages let a test see a walk cross several pages and invocations with few users. */
    public static ChangeReactions of(Table table, Configuration configuration, int watcherPage, int userPage) {
        return of(table, configuration, watcherPage, userPage, AccountStore.FOLLOW_PAGE, AccountStore.MESSAGE_PAGE);
    }

    /** Smaller deletion pages let a test see an account's clean-up cross several invocations. */
    public static ChangeReactions of(Table table, Configuration configuration, int watcherPage, int userPage,
                                     int followPage, int messagePage) {
        InboxDelivery inbox = new InboxDelivery(table, configuration.deliveryThreads(), configuration.inboxRetention());
        DealStore deals = new DealStore(table);
        AccountStore accounts = new AccountStore(table);
        FeaturedStore featured = new FeaturedStore(table);
        FrontPageCache cache = new FrontPageCache(table, configuration.cacheShards());
        BlastStore blasts = new BlastStore(table);
        return new ChangeReactions(
                new WatchersFanOut(new FollowStore(table), inbox, new FanOutStore(table), deals, watcherPage),
                new HotDealBlast(blasts, new UserStore(table), inbox, deals, userPage), deals, featured, cache,
                new AccountDeletionWalk(accounts, inbox, new CommentStore(table), followPage, messagePage),
                new DealService(deals, featured, cache, blasts, configuration.blastSegments()), new ReportStore(table),
                new CounterAggregation(new DealCountsStore(table), featured, cache), new DealCounters(table));
    }

    /** Reacts to one change; true when the front page must be rebuilt. */
    boolean apply(Change change, TimeBudget budget, Tally tally) {
        if (change instanceof Change.DealCreated c) {
            if (deals.find(c.deal().id()) == null) {
                return true; // taken down before its fan-out ran (or this record is a late replay): nothing is sent
            }
            Instant at = c.postedAt();
            // Brand watchers first, then category watchers; a budget that runs out hands the rest on.
            if (fanOut.start(c.deal(), Likeable.BRAND, at, budget, tally)) {
                fanOut.start(c.deal(), Likeable.CATEGORY, at, budget, tally);
            } else {
                fanOut.start(c.deal(), Likeable.CATEGORY, at, TimeBudget.SPENT, tally);
            }
            return true;
        }
        if (change instanceof Change.FanOutPending p) {
            fanOut.resume(p.dealId(), p.source(), budget, tally);
            return false;
        }
        if (change instanceof Change.DealCorrected c) {
            featured.refresh(c.deal());
            return true;
        }
        if (change instanceof Change.DealTakenDown t) {
            featured.removeEverywhere(t.dealId());
            deals.releaseLink(t.dealId());
            reports.close(t.dealId()); // taken down is dealt with: it leaves the moderation queue
            return true; // the rebuild reads the latest list again, which no longer holds the deal
        }
        if (change instanceof Change.DealReportedExpired r) {
            dealService.expireByReports(r.dealId(), r.at(), r.round());
            return false; // the expiry rebuilt the front page itself, as an editor's does
        }
        if (change instanceof Change.FeaturedChanged f) {
            // An editor's save that raced a takedown may name the deal again: take it out once more.
            featured.dropTakenDown(f.list());
            // Its copies took the counts their deal items had, which an aggregation may have overtaken meanwhile.
            featured.refreshCounts(exactCounts.read(featured.get(f.list()).stream().map(d -> d.id()).toList()));
            return f.list().equals(FeaturedList.FRONT_PAGE);
        }
        if (change instanceof Change.AccountDeletionPending d) {
            deletions.run(d.username(), budget, tally);
            return false;
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

    int rebuildFrontPage(java.util.Map<String, com.bigtimedeals.domain.DealCounts> fresh) {
        return cache.rebuild(featured, deals, fresh);
    }

    CounterAggregation.Run startAggregation(java.util.Collection<String> dealIds) {
        return counters.start(dealIds);
    }

    /** The deal items of the run; returns how many deals the run carried. */
    int finishAggregation(CounterAggregation.Run run) {
        counters.finish(run);
        return run.counts().size();
    }
}

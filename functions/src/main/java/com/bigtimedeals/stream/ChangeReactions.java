package com.bigtimedeals.stream;

import java.time.Instant;

import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.changes.Change;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.community.ReportStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealCountsStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.deals.HotList;
import com.bigtimedeals.deals.HottestLists;
import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.FanOutStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Words;
import com.bigtimedeals.service.DealService;

/** What each change sets off. */
public final class ChangeReactions {
    private final WatchersFanOut fanOut;
    private final AlertsFanOut alerts;
    private final HotDealBlast blast;
    private final DealStore deals;
    private final WordIndex words;
    private final FeaturedStore featured;
    private final FrontPageCache cache;
    private final AccountDeletionWalk deletions;
    private final DealService dealService;
    private final ReportStore reports;
    private final CounterAggregation counters;
    private final DealCounters exactCounts;
    private final HotList hot;
    private final HottestLists hottest;
    private final DealCountsStore dealCounts;
    private final java.time.Clock clock;
    private final RenameWalk renames;
    private final UnfollowWalk unfollows;
    private final SavedDealChanges saved;
    private final PriceLowChanges lows;
    private PushSender push;

    ChangeReactions(WatchersFanOut fanOut, AlertsFanOut alerts, HotDealBlast blast, DealStore deals, WordIndex words,
                    FeaturedStore featured, FrontPageCache cache, AccountDeletionWalk deletions, DealService dealService,
                    ReportStore reports, CounterAggregation counters, DealCounters exactCounts, Table table) {
        this.fanOut = fanOut;
        this.alerts = alerts;
        this.blast = blast;
        this.deals = deals;
        this.words = words;
        this.featured = featured;
        this.cache = cache;
        this.deletions = deletions;
        this.dealService = dealService;
        this.reports = reports;
        this.counters = counters;
        this.exactCounts = exactCounts;
        this.hot = new HotList(table);
        this.hottest = new HottestLists(table);
        this.dealCounts = new DealCountsStore(table);
        this.clock = table.clock();
        this.gateTable = table;
        this.renames = new RenameWalk(new com.bigtimedeals.catalogue.CatalogRenames(table));
        this.unfollows = new UnfollowWalk(new com.bigtimedeals.catalogue.CatalogDeletions(table), new FollowStore(table));
        this.saved = new SavedDealChanges(new com.bigtimedeals.saved.SavedStore(table));
        this.lows = new PriceLowChanges(new com.bigtimedeals.deals.LinkLows(table));
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
        HotList hot = new HotList(table);
        HottestLists hottest = new HottestLists(table);
        FanOutStore work = new FanOutStore(table);
        return new ChangeReactions(
                new WatchersFanOut(new FollowStore(table), inbox, work, deals, watcherPage),
                new AlertsFanOut(new AlertStore(table), inbox, work, deals, watcherPage),
                new HotDealBlast(blasts, new UserStore(table), inbox, deals, userPage), deals, new WordIndex(table), featured, cache,
                new AccountDeletionWalk(table, accounts, inbox, followPage, messagePage),
                new DealService(deals, featured, cache, blasts, configuration.blastSegments(), hot, hottest),
                new ReportStore(table),
                new CounterAggregation(new DealCountsStore(table), featured, cache, hot, hottest, table.clock(),
                        new TemperatureCrossings(new AlertStore(table), inbox, new DealCountsStore(table))),
                new DealCounters(table), table);
    }

    /** These reactions with every new inbox message pushed to the recipient's devices (the deployed consumer's). */
    public ChangeReactions withPush(PushSender sender) {
        this.push = sender;
        return this;
    }

    /**
     * Reacts to one change; true when the front page must be rebuilt. Each kind of change reaches its own method of
     * {@link Reaction} ({@link Change.Visitor}), so a new kind does not compile until it is given one here.
     */
    boolean apply(Change change, TimeBudget budget, Tally tally) {
        return change.accept(new Reaction(budget, tally));
    }

    /**
     * What one change sets off, within one run's budget and counted in its tally. A new one per change: walks and
     * pushes apply changes side by side, each with a tally of its own, so nothing here is shared between them.
     */
    private final class Reaction implements Change.Visitor<Boolean> {
        private final TimeBudget budget;
        private final Tally tally;

        Reaction(TimeBudget budget, Tally tally) {
            this.budget = budget;
            this.tally = tally;
        }

        /**
         * Every change but a push's passes by the savers' lists and the links' lowest prices first: each reacts to the
         * few kinds it is about (a takedown, a moved expiry, a new or repriced deal) and lets the rest go.
         */
        private void dealFollowers(Change change) {
            saved.apply(change); // savers' lists and reminders follow a takedown or a moved expiry
            lows.apply(change); // the link's lowest price, and each of its deals' lowestEver
        }

        @Override
        public Boolean on(Change.MessageArrived m) {
            if (push != null) {
                push.send(m.message());
            }
            return false;
        }

        @Override
        public Boolean on(Change.QuietMayEnd q) {
            if (push != null) {
                push.wake(q.username()); // held pushes summarised once the user's quiet hours are over
            }
            return false;
        }

        @Override
        public Boolean on(Change.DealCreated c) {
            dealFollowers(c);
            if (deals.find(c.deal().id()) == null) {
                return true; // taken down before its fan-out ran (or this record is a late replay): nothing is sent
            }
            words.index(c.deal().id(), Words.indexable(c.deal().title()));
            Instant at = c.postedAt();
            // Brand watchers first, then category watchers, then alerts; a budget that runs out hands the rest on.
            boolean inTime = fanOut.start(c.deal(), Likeable.BRAND, at, budget, tally);
            inTime = fanOut.start(c.deal(), Likeable.CATEGORY, at, inTime ? budget : TimeBudget.SPENT, tally) && inTime;
            alerts.start(c.deal(), at, inTime ? budget : TimeBudget.SPENT, tally);
            return true;
        }

        @Override
        public Boolean on(Change.FanOutPending p) {
            dealFollowers(p);
            fanOut.resume(p.dealId(), p.source(), budget, tally);
            return false;
        }

        @Override
        public Boolean on(Change.AlertFanOutPending p) {
            dealFollowers(p);
            alerts.resume(p.dealId(), budget, tally);
            return false;
        }

        @Override
        public Boolean on(Change.DealCorrected c) {
            dealFollowers(c);
            reindex(c.deal(), c.before());
            featured.refresh(c.deal());
            hot.refresh(c.deal());
            if (hottest.affectedBy(java.util.List.of(c.deal()), clock.instant())) {
                hottest.rebuild(java.util.Map.of(c.deal().id(), c.deal()));
            }
            return true;
        }

        @Override
        public Boolean on(Change.DealTakenDown t) {
            dealFollowers(t);
            if (t.title() != null) {
                words.remove(t.dealId(), Words.indexable(t.title()));
            }
            featured.removeEverywhere(t.dealId());
            leaveRankings(t.dealId());
            deals.releaseLink(t.dealId());
            reports.close(t.dealId()); // taken down is dealt with: it leaves the moderation queue
            return true; // the rebuild reads the latest list again, which no longer holds the deal
        }

        @Override
        public Boolean on(Change.DealReportedExpired r) {
            dealFollowers(r);
            dealService.expireByReports(r.dealId(), r.at(), r.round());
            return false; // the expiry rebuilt the front page itself, as an editor's does
        }

        @Override
        public Boolean on(Change.CountersChanged c) {
            dealFollowers(c);
            return false; // StreamHandler aggregates a batch's counters once, after it, and hands none here
        }

        @Override
        public Boolean on(Change.FeaturedChanged f) {
            dealFollowers(f);
            // An editor's save that raced a takedown may name the deal again: take it out once more.
            featured.dropTakenDown(f.list());
            // Its copies took the counts their deal items had, which an aggregation may have overtaken meanwhile.
            featured.refreshCounts(exactCounts.read(featured.get(f.list()).stream().map(d -> d.id()).toList()));
            return f.list().equals(FeaturedList.FRONT_PAGE);
        }

        @Override
        public Boolean on(Change.AccountDeletionPending d) {
            dealFollowers(d);
            if (push != null) {
                push.forget(d.username()); // DELETE /me removes the devices, at the push service too
            }
            deletions.run(d.username(), budget, tally);
            return false;
        }

        @Override
        public Boolean on(Change.RenamePending r) {
            dealFollowers(r);
            renames.run(r.kind(), r.id(), budget, tally);
            return false; // each renamed deal's own record is a correction, which rebuilds what shows it
        }

        @Override
        public Boolean on(Change.UnfollowPending u) {
            dealFollowers(u);
            unfollows.run(u.kind(), u.id(), u.incarnation(), budget, tally);
            return false;
        }

        @Override
        public Boolean on(Change.BlastRequested b) {
            dealFollowers(b);
            blast.start(b.blastId());
            return false;
        }

        @Override
        public Boolean on(Change.BlastSegmentPending s) {
            dealFollowers(s);
            blast.run(s.blastId(), s.segment(), budget, tally);
            return false;
        }

        @Override
        public Boolean on(Change.Other o) {
            dealFollowers(o);
            return false; // a change the consumer does not react to (ItemChanges.decode)
        }
    }

    /**
     * A taken-down deal leaves the hot list and the hottest lists' sources (and the lists, when it was on one). Its
     * tombstone still says when it was created and turned hot. Idempotent.
     */
    private void leaveRankings(String dealId) {
        Deal gone = dealCounts.tombstone(dealId);
        if (gone == null) {
            return;
        }
        if (gone.counts().hotSince() != null) {
            hot.remove(dealId, gone.counts().hotSince());
        }
        hottest.forget(dealId, gone.createdAt());
        if (hottest.affectedBy(java.util.List.of(gone), clock.instant())) {
            hottest.rebuild(java.util.Map.of());
        }
    }

    /**
     * A corrected title's words replace the old ones in the index (only new deals are matched against alerts, so a
     * correction sends nothing). A late replay of a correction after the deal's takedown must not put its words
     * back: the deal is read first, only when the words changed.
     */
    private void reindex(Deal now, Deal before) {
        var after = Words.indexable(now.title());
        var was = before == null ? new java.util.TreeSet<String>() : Words.indexable(before.title());
        if (!after.equals(was) && deals.find(now.id()) != null) {
            words.reindex(now.id(), was, after);
        }
    }

    /**
     * Rebuilds the cached front page with the batch's counts and the deals its changes touched. A batch that only
     * moved counts (votes, comments) coalesces with every other such batch: at most one such rebuild a second
     * ({@link FrontPageCache#rebuildCoalesced}, issue 41); a deal created, corrected or taken down rebuilds at once.
     */
    int rebuildFrontPage(java.util.Map<String, com.bigtimedeals.deals.DealCounts> fresh, java.util.Collection<String> touched) {
        if (touched.isEmpty()) {
            return cache.rebuildCoalesced(featured, deals, fresh);
        }
        return cache.rebuild(featured, deals, fresh, touched);
    }

    /**
     * The deal whose item a change created, corrected or took down: the front page's rebuild reads it from the table,
     * because the index its latest deals come from may not show the change yet. Null for any other change.
     */
    static String dealTouched(Change change) {
        return change.accept(DEAL_TOUCHED);
    }

    private static final DealItemChange<String> DEAL_TOUCHED = new DealItemChange<>() {
        @Override
        public String on(Change.DealCreated c) {
            return c.deal().id();
        }

        @Override
        public String on(Change.DealCorrected c) {
            return c.deal().id();
        }

        @Override
        public String on(Change.DealTakenDown t) {
            return t.dealId();
        }

        @Override
        String otherwise(Change change) {
            return null;
        }
    };

    /** The gate that coalesces aggregations of one deal's counts across lanes, at {@code paceMillis}. */
    com.bigtimedeals.deals.CountsGate countsGate(long paceMillis) {
        if (countsGate == null || countsGatePace != paceMillis) {
            countsGate = new com.bigtimedeals.deals.CountsGate(gateTable, paceMillis);
            countsGatePace = paceMillis;
        }
        return countsGate;
    }

    private final Table gateTable;
    private com.bigtimedeals.deals.CountsGate countsGate;
    private long countsGatePace;

    CounterAggregation.Run startAggregation(java.util.Collection<String> dealIds) {
        return counters.start(dealIds);
    }

    /** The deal items of the run; returns the deals whose reading crossed another's, to aggregate again. */
    java.util.List<String> finishAggregation(CounterAggregation.Run run) {
        return counters.finish(run);
    }
}

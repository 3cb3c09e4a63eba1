package com.bigtimedeals.service;

import java.time.Instant;
import java.util.List;

import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealEvent;
import com.bigtimedeals.deals.DealHistory;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.EditedDeal;
import com.bigtimedeals.deals.FrontPage;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.deals.HotList;
import com.bigtimedeals.deals.HottestLists;
import com.bigtimedeals.deals.HottestWindow;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;

/** Deals, the front page, Editor's Choice and hot-deal blasts. */
public final class DealService {
    private final DealStore deals;
    private final DealPosting posting;
    private final FeaturedStore featured;
    private final FrontPageCache cache;
    private final BlastStore blasts;
    private final int blastSegments;
    private final HotList hotList;
    private final HottestLists hottest;
    private final DealHistory history;

    public DealService(DealStore deals, FeaturedStore featured, FrontPageCache cache, BlastStore blasts, int blastSegments,
                       HotList hotList, HottestLists hottest) {
        this.deals = deals;
        this.posting = new DealPosting(deals);
        this.featured = featured;
        this.cache = cache;
        this.blasts = blasts;
        this.blastSegments = blastSegments;
        this.hotList = hotList;
        this.hottest = hottest;
        this.history = new DealHistory(deals.table());
    }

    public static DealService of(Table table, Configuration configuration) {
        return of(table, configuration.cacheShards(), configuration.blastSegments());
    }

    public static DealService of(Table table, int cacheShards, int blastSegments) {
        return new DealService(new DealStore(table), new FeaturedStore(table), new FrontPageCache(table, cacheShards),
                new BlastStore(table), blastSegments, new HotList(table), new HottestLists(table));
    }

    /** One read of a cache copy; straight from the sources only until the stream builds the first copy. */
    public FrontPage frontPage() {
        FrontPage page = cache.read();
        return page != null ? page : FrontPageCache.live(0, featured, deals);
    }

    public Page<Deal> latest(int limit, String cursor) {
        return deals.latest(limit, cursor);
    }

    /** One deal with its exact temperature and comment count: 1 request (the deal and its counter shards). */
    public Deal deal(String id) {
        return deals.getExact(id);
    }

    /** GET /deals/{dealId}: the deal with exact counts and its price history, 1 request. */
    public com.bigtimedeals.deals.DealDetail detail(String id) {
        return deals.detail(id);
    }

    /** A page of the hot list: 1 request. */
    public Page<Deal> hot(int limit, String cursor) {
        return hotList.page(limit, cursor);
    }

    /** A hottest list as it stands at {@code now}: 1 request. */
    public List<Deal> hottest(HottestWindow window, Instant now) {
        return hottest.read(window, now);
    }

    public List<Deal> editorsChoice() {
        return featured.get(FeaturedList.EDITORS_CHOICE);
    }

    public Deal create(NewDeal draft, Instant now) {
        return create(draft, now, null);
    }

    /** A new deal by {@code editor}, whose history starts with its {@code created} event. */
    public Deal create(NewDeal draft, Instant now, String editor) {
        if (draft.createdAt() != null) {
            // The body's check named it with every other field (JsonBody); this holds it for any other caller.
            ContractRules.backfilled("createdAt", draft.createdAt(), now);
        }
        return posting.create(draft, editor);
    }

    /**
     * An editor's correction. One that expires the deal at once ({@code expiresAt} now or earlier) also rewrites
     * the deal's featured copies and the cached front page before answering: those copies were written without
     * the new {@code expiresAt}, and the contract takes the deal out of every featured section at once, not
     * within the stream delay. Any other correction reaches the copies through the stream as before.
     */
    public Deal correct(String dealId, DealCorrection correction, Instant now) {
        return correct(dealId, correction, now, null, null).deal();
    }

    /**
     * {@link #correct(String, DealCorrection, Instant)} by {@code editor}, only while the deal is at version
     * {@code ifMatch} when that is given ({@link com.bigtimedeals.deals.StaleDeal} otherwise, nothing changed).
     */
    public EditedDeal correct(String dealId, DealCorrection correction, Instant now, String editor,
            com.bigtimedeals.deals.VersionGuard ifMatch) {
        if (correction.isEmpty()) {
            throw DomainException.invalid(null, "nothing to change: send title, link, price, imageUrl, description or expiresAt");
        }
        EditedDeal corrected = deals.correct(dealId, correction, editor, ifMatch);
        // Only a correction that sets the expiry: a deal that expired before already left every featured section (its
        // copies carry expiresAt), so correcting its title must not rewrite them all again (8 more requests).
        if (correction.expiresAt() != null && corrected.deal().expiredAt(now)) {
            withdraw(corrected.deal());
        }
        return corrected;
    }

    /** A deal as the editors see it, taken down or not: 1 request. */
    public EditedDeal edited(String dealId) {
        return deals.edited(dealId);
    }

    /** A page of a deal's history, newest first: 1 request. */
    public Page<DealEvent> history(String dealId, int limit, String cursor) {
        return history.page(dealId, limit, cursor);
    }

    /**
     * The community's expiry: the deal's open {@code expired} reports reached the threshold with the report made at
     * {@code at}. The same path as an editor's expiry to that moment, from the stream: the deal (once per report
     * round), its featured copies and the cached front page.
     */
    public void expireByReports(String dealId, Instant at, long round) {
        Deal expired = deals.expireByReports(dealId, at, round);
        if (expired != null) {
            withdraw(expired);
        }
    }

    /** An expired deal's copies follow it at once: every featured list's, and the cached latest deals'. */
    private void withdraw(Deal expired) {
        featured.refresh(expired);
        cache.rebuild(featured, deals, java.util.Map.of(), java.util.List.of(expired.id()));
    }

    /** Takes a deal down; a repeat is a success, an id that never was a deal NOT_FOUND. */
    public void takeDown(String dealId) {
        takeDown(dealId, null);
    }

    public void takeDown(String dealId, String editor) {
        deals.takeDown(dealId, editor);
    }

    public List<Deal> setFrontPage(List<String> dealIds, Instant now) {
        return featured.set(FeaturedList.FRONT_PAGE, dealIds, now);
    }

    public List<Deal> setEditorsChoice(List<String> dealIds, Instant now) {
        return featured.set(FeaturedList.EDITORS_CHOICE, dealIds, now);
    }

    /**
     * Records a blast for the stream consumer to carry out; the deal must exist. A deal has at most one blast:
     * asking again returns the first one, not created, and sends nothing more.
     */
    public BlastStore.Recorded blast(String dealId, String subject, String body, Instant now) {
        return blast(dealId, subject, body, now, null);
    }

    /** {@link #blast(String, String, String, Instant)} by {@code editor}: the first blast of the deal adds its event. */
    public BlastStore.Recorded blast(String dealId, String subject, String body, Instant now, String editor) {
        Deal deal = deals.get(dealId);
        String s = subject != null ? subject : "Hot deal: " + deal.title();
        String b = body != null ? body : ContractRules.shorten(ContractRules.dealLine(deal.title(), deal.price(), deal.brandName()),
                ContractRules.BODY_MAX);
        // Whole seconds, as every instant in the contract; the messages carry this time too.
        Instant at = now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        return blasts.record(new Blast(Ids.blastId(now), deal.id(), s, b, at, blastSegments, 0, 0), editor);
    }

    public Blast blastProgress(String blastId) {
        return blasts.get(blastId);
    }
}

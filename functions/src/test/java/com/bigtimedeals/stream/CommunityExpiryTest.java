package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.changes.Change;
import com.bigtimedeals.community.Report;
import com.bigtimedeals.community.ReportReason;
import com.bigtimedeals.community.ReportStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;

/**
 * The community's expiry on the real stream: three different users' open expired reports expire a deal once, at the
 * third report, through the editor's path (featured copies, the cached front page, the link); dismissed reports and
 * other reasons never count; replays change nothing.
 */
class CommunityExpiryTest extends StreamTest {
    private static final Instant LATER = NOW.plusSeconds(3_600);

    private final java.util.Set<String> profiles = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A profile for the reporter (reports need one), made a day before NOW: old enough to count. */
    private void profile(String user, Instant since) {
        if (profiles.add(user)) {
            new com.bigtimedeals.accounts.UserStore(table).create(new com.bigtimedeals.accounts.UserProfile(user,
                    user + "@example.com", null, null, since));
        }
    }

    private void report(String dealId, String user, ReportReason reason, Instant at) {
        profile(user, NOW.minus(java.time.Duration.ofDays(1)));
        new ReportStore(table, java.time.Duration.ofHours(24)).report(new Report(dealId, user, reason, null, at));
    }

    @Test
    void reportsNeedAProfileAndOnlyProfilesOfTheSetAgeCountTowardExpiry() {
        Deal deal = newDeal("Gamed deal", "acme", "tech");
        ReportStore store = new ReportStore(table, java.time.Duration.ofHours(24));
        var refused = org.junit.jupiter.api.Assertions.assertThrows(com.bigtimedeals.platform.DomainException.class,
                () -> store.report(new Report(deal.id(), "nobody", ReportReason.EXPIRED, null, NOW)));
        assertEquals(com.bigtimedeals.platform.DomainException.Kind.FORBIDDEN, refused.kind());
        assertTrue(store.open(deal.id()).isEmpty(), "a refused report writes nothing");
        // Three throwaway accounts, made an hour ago: their reports are filed and shown, but do not count.
        for (int i = 0; i < 3; i++) {
            profile("fresh" + i, NOW.minusSeconds(3_600));
            assertFalse(store.report(new Report(deal.id(), "fresh" + i, ReportReason.EXPIRED, null, NOW.plusSeconds(i)))
                    .report().counted());
        }
        pump(60_000);
        assertNull(deal(deal.id()).expiresAt(), "reports of young profiles never expire a deal");
        assertEquals(List.of(false, false, false), store.open(deal.id()).stream().map(Report::counted).toList());
        assertEquals(3L, store.queue(10, null).items().get(0).counts().get(ReportReason.EXPIRED));
        // Exactly at the set age a profile counts; three such reporters expire the deal.
        for (int i = 0; i < 3; i++) {
            profile("aged" + i, NOW.minus(java.time.Duration.ofHours(24)));
            assertTrue(store.report(new Report(deal.id(), "aged" + i, ReportReason.EXPIRED, null, NOW.plusSeconds(10 + i)))
                    .report().counted());
        }
        pump(60_000);
        assertEquals(NOW.plusSeconds(12), deal(deal.id()).expiresAt());
    }

    private Deal deal(String id) {
        return new DealStore(table).get(id);
    }

    @Test
    void aReportStoredUnderAnOlderLooserNoteRuleStillReads() {
        // A note with U+0085 was accepted before C1 control characters were refused at the edge; its deal's reports
        // must stay readable (the queue, a repeat report), not fail on the stricter rule.
        Deal deal = newDeal("Noted deal", "acme", "tech");
        profile("ann", NOW);
        new ReportStore(table).report(new Report(deal.id(), "ann", ReportReason.OTHER, "left\u0085over", NOW));
        List<Report> open = new ReportStore(table).open(deal.id());
        assertEquals(1, open.size());
        assertEquals("left\u0085over", open.get(0).note());
    }

    @Test
    void threeUsersReportingAtOnceExpireTheDealOnceAtTheThirdReportAndEveryCopyFollows() throws Exception {
        Deal dead = newDeal("Dead deal", "acme", "tech");
        Deal kept = newDeal("Kept deal", "acme", "tech");
        FeaturedStore featured = new FeaturedStore(table);
        featured.set(FeaturedList.FRONT_PAGE, List.of(dead.id(), kept.id()));
        featured.set(FeaturedList.EDITORS_CHOICE, List.of(dead.id()));
        featured.setForCategory("tech", List.of(kept.id(), dead.id()));
        pump(60_000);
        // Five users at once: three say expired, two say spam.
        parallel(5, i -> report(dead.id(), "u" + i, i < 3 ? ReportReason.EXPIRED : ReportReason.SPAM, NOW.plusSeconds(60 + i)));
        List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
        long crossings = records.stream().filter(r -> ChangeFeed.decode(r) instanceof Change.DealReportedExpired).count();
        assertEquals(1, crossings, "exactly one write takes the open expired reports to three");
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        pump(60_000);

        Deal expired = deal(dead.id());
        assertTrue(Set.of(NOW.plusSeconds(60), NOW.plusSeconds(61), NOW.plusSeconds(62)).contains(expired.expiresAt()),
                "the moment of one of the three expired reports: " + expired.expiresAt());
        assertTrue(expired.expiredAt(LATER));
        // Every copy carries the expiry, so every featured section drops the deal at that moment.
        for (FeaturedList list : List.of(FeaturedList.FRONT_PAGE, FeaturedList.EDITORS_CHOICE)) {
            assertEquals(List.of(expired), featured.get(list).stream().filter(d -> d.id().equals(dead.id())).toList());
        }
        assertEquals(List.of(kept.id()), FeaturedList.showing(new CatalogStore(table).category("tech").featured(), LATER)
                .stream().map(Deal::id).toList());
        var page = new FrontPageCache(table, SHARDS).read();
        assertEquals(List.of(kept.id()), FeaturedList.showing(page.featured(), LATER).stream().map(Deal::id).toList());
        assertEquals(expired.expiresAt(), page.latest().stream().filter(d -> d.id().equals(dead.id())).findFirst()
                .orElseThrow().expiresAt());

        // Redelivered twice: nothing moves. An editor then clears the expiry, and a late replay leaves it cleared.
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(expired, deal(dead.id()));
        new DealStore(table).correct(dead.id(), new DealCorrection(null, null, null, null, null, null, true));
        pump(60_000);
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        pump(60_000);
        assertNull(deal(dead.id()).expiresAt());
    }

    @Test
    void aDismissedReportNoLongerCountsAndOtherReasonsNeverExpireADeal() {
        Deal disputed = newDeal("Disputed", "acme", "tech");
        report(disputed.id(), "ann", ReportReason.EXPIRED, NOW.plusSeconds(10));
        report(disputed.id(), "bob", ReportReason.EXPIRED, NOW.plusSeconds(11));
        new ReportStore(table).dismiss(disputed.id());
        report(disputed.id(), "cat", ReportReason.EXPIRED, NOW.plusSeconds(12));
        report(disputed.id(), "dan", ReportReason.WRONG_PRICE, NOW.plusSeconds(13));
        report(disputed.id(), "eve", ReportReason.DUPLICATE, NOW.plusSeconds(14));
        report(disputed.id(), "fay", ReportReason.OTHER, NOW.plusSeconds(15));
        pump(60_000);
        assertNull(deal(disputed.id()).expiresAt(), "two of the three expired reports were dismissed");
        report(disputed.id(), "gus", ReportReason.EXPIRED, NOW.plusSeconds(16));
        pump(60_000);
        assertNull(deal(disputed.id()).expiresAt());
        report(disputed.id(), "hal", ReportReason.EXPIRED, NOW.plusSeconds(17));
        pump(60_000);
        assertEquals(NOW.plusSeconds(17), deal(disputed.id()).expiresAt());

        Deal spam = newDeal("Spam", "acme", "tech");
        for (int i = 0; i < 4; i++) {
            report(spam.id(), "s" + i, ReportReason.SPAM, NOW.plusSeconds(20 + i));
        }
        pump(60_000);
        assertNull(deal(spam.id()).expiresAt());
    }

    @Test
    void aDealThatExpiresSoonerKeepsItsExpiryAndATakedownClosesItsReports() {
        Deal soon = new DealPosting(new DealStore(table)).create(new com.bigtimedeals.deals.NewDeal("Soon", "https://s.example.com/soon",
                new java.math.BigDecimal("5"), "acme", "tech", null, null, null, NOW.plusSeconds(30)));
        for (int i = 0; i < 3; i++) {
            report(soon.id(), "u" + i, ReportReason.EXPIRED, NOW.plusSeconds(100 + i));
        }
        pump(60_000);
        assertEquals(NOW.plusSeconds(30), deal(soon.id()).expiresAt());

        Deal gone = newDeal("Gone", "acme", "tech");
        report(gone.id(), "ann", ReportReason.SPAM, NOW.plusSeconds(5));
        assertEquals(2, new ReportStore(table).queue(10, null).items().size());
        new DealStore(table).takeDown(gone.id());
        pump(60_000);
        assertEquals(List.of(soon.id()), new ReportStore(table).queue(10, null).items().stream().map(r -> r.deal().id()).toList());
        assertFalse(new ReportStore(table).close(gone.id()), "the takedown closed them");
        // Its link is free again, and the guard item is gone.
        Deal back = newDeal("Gone", "globex", "tech");
        assertEquals(gone.link(), back.link());
    }
}

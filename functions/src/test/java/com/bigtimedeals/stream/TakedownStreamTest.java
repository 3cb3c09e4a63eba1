package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPage;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;

/** A takedown travels through the stream: out of every featured list and the front-page cache, never resurrected. */
class TakedownStreamTest extends StreamTest {
    private static List<String> ids(List<Deal> deals) {
        return deals.stream().map(Deal::id).toList();
    }

    @Test
    void takedownLeavesEveryFeaturedListAndTheCachedFrontPageAndCorrectionsNeverBringItBack() {
        Deal a = newDeal("A", "acme", "tech");
        Deal b = newDeal("B", "globex", "tech");
        FeaturedStore featured = new FeaturedStore(table);
        featured.set(FeaturedList.FRONT_PAGE, List.of(a.id(), b.id()));
        featured.set(FeaturedList.EDITORS_CHOICE, List.of(b.id()));
        featured.setForCategory("tech", List.of(b.id()));
        pump(60_000);
        DealStore deals = new DealStore(table);
        // A correction and the takedown, both on the stream before the consumer runs: the worst order.
        deals.correct(b.id(), new DealCorrection("B, corrected", null, null, null, null));
        deals.takeDown(b.id());
        pump(60_000);
        FrontPage page = new FrontPageCache(table, SHARDS).read();
        assertEquals(List.of(a.id()), ids(page.featured()));
        assertEquals(List.of(a.id()), ids(page.latest()));
        assertTrue(featured.get(FeaturedList.EDITORS_CHOICE).isEmpty());
        assertTrue(new CatalogStore(table).category("tech").featured().isEmpty());
        assertNull(deals.find(b.id()));

        // Replaying every record of the episode changes nothing.
        tap.drain();
        deals.takeDown(b.id());
        pump(60_000);
        assertEquals(List.of(a.id()), ids(featured.get(FeaturedList.FRONT_PAGE)));
    }

    @Test
    void aListWriteWhoseRecordArrivesAfterTheTakedownNeverBringsTheDealBack() {
        Deal a = newDeal("A", "acme", "tech");
        Deal b = newDeal("B", "acme", "tech");
        pump(60_000);
        FeaturedStore featured = new FeaturedStore(table);
        // The editor's request read B live and writes the list; the takedown commits in between and its
        // reaction has run (found no copy) before the list's own record arrives.
        featured.set(FeaturedList.FRONT_PAGE, List.of(a.id(), b.id()));
        List<DynamodbEvent.DynamodbStreamRecord> listWrite = tap.drain();
        new DealStore(table).takeDown(b.id());
        pump(60_000);
        assertTrue(deliver(listWrite, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(List.of(a.id()), ids(featured.get(FeaturedList.FRONT_PAGE)));
        pump(60_000);
        assertEquals(List.of(a.id()), ids(new FrontPageCache(table, SHARDS).read().featured()));
    }

    @Test
    void aDealTakenDownBeforeItsFanOutRanSendsNothing() {
        FollowStore follows = new FollowStore(table);
        follows.add(Likeable.BRAND, "acme", "wendy", Relation.WATCH);
        pump(60_000);
        Deal d = newDeal("Gone", "acme", "tech");
        new DealStore(table).takeDown(d.id());
        pump(60_000);
        assertTrue(messagesByUser(d.id()).isEmpty());
        Deal kept = newDeal("Kept", "acme", "tech");
        pump(60_000);
        assertEquals(1, messagesByUser(kept.id()).get("wendy"));
        assertFalse(new DealStore(table).latest(10, null).items().stream().anyMatch(x -> x.id().equals(d.id())));
    }

    @Test
    void aTakedownEndsABlastInFlightWhereItStandsAndNothingMoreIsSent() throws Exception {
        com.bigtimedeals.accounts.UserStore users = new com.bigtimedeals.accounts.UserStore(table);
        parallel(3_000, i -> users.create(new com.bigtimedeals.accounts.UserProfile("t" + i, "t" + i + "@example.com",
                null, null, NOW)));
        Deal deal = newDeal("Blasted, then taken down", "acme", "tech");
        tap.drain();
        String blastId = com.bigtimedeals.service.DealService.of(table, SHARDS, 4).blast(deal.id(), null, null, NOW)
                .blast().id();
        // The request wrote the blast with its 4 segments. Their first invocation runs out of time after two pages:
        // the blast is in flight.
        assertTrue(deliverWithBudget(tap.drain(), 2).getBatchItemFailures().isEmpty());
        int sent = messagesByUser(deal.id()).size();
        assertTrue(sent > 0 && sent < 3_000, "sent " + sent);

        new DealStore(table).takeDown(deal.id());
        pump(60_000);
        assertEquals(sent, messagesByUser(deal.id()).size(), "messages sent after the takedown");
        com.bigtimedeals.inbox.Blast ended = new com.bigtimedeals.inbox.BlastStore(table).get(blastId);
        assertTrue(ended.done(), "every segment ended where it stood");
        assertEquals(sent, ended.usersReached());
    }
}

package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.community.Vote;
import com.bigtimedeals.community.VoteStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;

/**
 * Sharper alerts on the real stream: excluded words, and alerts with a minTemperature matched when the deal's
 * temperature first reaches it (by real votes), never at creation, never twice (falling and rising again, replays,
 * racing voters), and one message per user and deal across watches, plain and temperature alerts.
 */
class TemperatureAlertTest extends StreamTest {

    private void alert(String user, String keywords, String exclude, Integer minTemperature, String maxPrice) {
        new AlertStore(table).create(user, NewAlert.of(keywords, maxPrice == null ? null : new BigDecimal(maxPrice), null,
                null, exclude, minTemperature));
    }

    private void votes(Deal deal, String prefix, int from, int to, Vote vote) {
        VoteStore store = new VoteStore(table);
        for (int i = from; i < to; i++) {
            store.cast(prefix + i, deal.id(), vote);
        }
    }

    @Test
    void excludedWordsAreWholeWordsInAnyCase() {
        alert("plain", "kettle", null, null, null);
        alert("no-refurb", "kettle", "refurbished used", null, null);
        alert("no-refurb-part", "kettle", "refurb", null, null);
        pump(60_000);
        Deal refurbished = newDeal("REFURBISHED steel kettle", "acme", "tech");
        Deal fresh = newDeal("Steel kettle, refurbishment free", "acme", "tech");
        pump(60_000);
        assertEquals(Map.of("plain", 1, "no-refurb-part", 1), messagesByUser(refurbished.id()));
        assertEquals(Map.of("plain", 1, "no-refurb", 1, "no-refurb-part", 1), messagesByUser(fresh.id()));
    }

    @Test
    void aThresholdMatchesWhenFirstReachedNeverAtCreationAndNeverTwice() {
        alert("at3", "kettle", null, 3, null);
        alert("at3-excluded", "kettle", "steel", 3, null);
        alert("at3-too-dear", "kettle", null, 3, "4.99");
        alert("at5", "steel kettle", null, 5, null);
        alert("plain", "kettle", null, null, null);
        alert("other-word", "toaster", null, 1, null);
        // A watcher whose temperature alert would also match: still one message, the watch's.
        new FollowStore(table).add(Likeable.BRAND, "acme", "watcher", Relation.WATCH);
        alert("watcher", "kettle", null, 2, null);
        pump(60_000);
        Deal deal = newDeal("Steel kettle", "acme", "tech");
        pump(60_000);
        assertEquals(Map.of("plain", 1, "watcher", 1), messagesByUser(deal.id()), "nothing at creation but the new-deal lists");

        votes(deal, "v", 0, 2, Vote.HOT);
        pump(60_000);
        assertEquals(Map.of("plain", 1, "watcher", 1), messagesByUser(deal.id()), "2 is below every threshold but the watcher's");

        List<DynamodbEvent.DynamodbStreamRecord> reaching = new ArrayList<>();
        votes(deal, "v", 2, 3, Vote.HOT);
        reaching.addAll(tap.drain());
        assertTrue(deliver(reaching, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(Map.of("plain", 1, "watcher", 1, "at3", 1), messagesByUser(deal.id()));
        assertEquals(MessageKind.ALERT, inbox(table).list("at3", false, 10, null).items().get(0).kind());
        assertEquals(MessageKind.WATCH, inbox(table).list("watcher", false, 10, null).items().get(0).kind());

        // It falls below and reaches 3 again: nothing more, also when the reaching batch is delivered again.
        new VoteStore(table).withdraw("v0", deal.id());
        new VoteStore(table).cast("v1", deal.id(), Vote.COLD);
        pump(60_000);
        votes(deal, "w", 0, 2, Vote.HOT);
        new VoteStore(table).withdraw("v1", deal.id());
        pump(60_000);
        for (int replay = 0; replay < 2; replay++) {
            assertTrue(deliver(reaching, 60_000).getBatchItemFailures().isEmpty());
        }
        assertEquals(Map.of("plain", 1, "watcher", 1, "at3", 1), messagesByUser(deal.id()));

        // 4 now; two more reach 5 (crossing 4 and 5 in one batch).
        votes(deal, "x", 0, 2, Vote.HOT);
        pump(60_000);
        assertEquals(Map.of("plain", 1, "watcher", 1, "at3", 1, "at5", 1), messagesByUser(deal.id()));
        assertTrue(inbox(table).list("other-word", false, 10, null).items().isEmpty());
    }

    @Test
    void anExpiredDealReachingAThresholdSendsNothing() {
        alert("ann", "kettle", null, 1, null);
        pump(60_000);
        Deal deal = new DealPosting(new com.bigtimedeals.deals.DealStore(table)).create(new com.bigtimedeals.deals.NewDeal("Steel kettle",
                "https://s.example.com/expired-kettle", new BigDecimal("5"), "acme", "tech", null, null, NOW.minusSeconds(7200),
                NOW.minusSeconds(60)));
        pump(60_000);
        votes(deal, "v", 0, 2, Vote.HOT);
        pump(60_000);
        assertEquals(Map.of(), messagesByUser(deal.id()));
    }

    @Test
    void votersRacingPastTheThresholdSendOneMessage() throws Exception {
        alert("ann", "kettle", null, 10, null);
        alert("bob", "kettle steel", null, 12, null);
        pump(60_000);
        Deal deal = newDeal("Steel kettle", "acme", "tech");
        pump(60_000);
        VoteStore store = new VoteStore(table);
        parallel(24, i -> store.cast("r" + i, deal.id(), Vote.HOT));
        // Delivered in small pieces, each piece twice: lanes and replays see the crossing out of step.
        List<DynamodbEvent.DynamodbStreamRecord> all = tap.drain();
        for (int from = 0; from < all.size(); from += 3) {
            List<DynamodbEvent.DynamodbStreamRecord> piece = all.subList(from, Math.min(all.size(), from + 3));
            assertTrue(deliver(piece, 60_000).getBatchItemFailures().isEmpty());
            assertTrue(deliver(piece, 60_000).getBatchItemFailures().isEmpty());
        }
        pump(60_000);
        assertEquals(Map.of("ann", 1, "bob", 1), messagesByUser(deal.id()));
    }
}

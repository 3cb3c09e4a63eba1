package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.harness.InboxCensus;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.inbox.Alert;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.FanOutStore;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;

/**
 * Deal alerts in the new-deal fan-out, on the real stream: who is messaged, one message per user and deal whatever
 * else names them, nothing for corrections or deleted alerts, and exactly one message (read ones staying read)
 * through replays, a run that dies midway and a matching handed on across invocations.
 */
class AlertFanOutTest extends StreamTest {

    private Deal deal(String title, String price, String brand, String category) {
        return new DealPosting(new DealStore(table)).create(new NewDeal(title, "https://s.example.com/" + Math.abs(title.hashCode()),
                new BigDecimal(price), brand, category, null, null, null));
    }

    private Alert alert(String user, String keywords, String maxPrice, String brand, String category) {
        return new AlertStore(table).create(user, NewAlert.of(keywords, maxPrice == null ? null : new BigDecimal(maxPrice),
                brand, category));
    }

    /**
     * {@code n} users holding the same alert, made one after another: made at once, they would all update the word's
     * head item in their transactions and spend the test's time retrying each other's conflicts.
     */
    private void holders(String prefix, int n, String keywords) {
        AlertStore alerts = new AlertStore(table);
        for (int i = 0; i < n; i++) {
            alerts.create(prefix + i, NewAlert.of(keywords, null, null, null));
        }
    }

    @Test
    void aNewDealMessagesExactlyTheUsersWhoseAlertsItMatches() {
        alert("word", "ps5", null, null, null);
        alert("words-any-order", "console ps5", null, null, null);
        alert("other-word", "ps55", null, null, null);
        alert("part-of-a-word", "cons", null, null, null);
        alert("missing-word", "ps5 headset", null, null, null);
        alert("upper-case", "SONY", null, null, null);
        alert("price-equal", "ps5", "399.99", null, null);
        alert("price-below", "ps5", "399.98", null, null);
        alert("its-brand", "ps5", null, "acme", null);
        alert("other-brand", "ps5", null, "globex", null);
        alert("its-category", "ps5", null, null, "tech");
        alert("other-category", "ps5", null, null, "home");
        alert("accented", "édition", null, null, null);
        alert("accent-combining", "e\u0301dition", null, null, null);
        alert("unicode-digits", "٥٠٠", null, null, null);
        alert("cjk", "限定", null, null, null);
        tap.drain();
        Deal deal = deal("Sony PS5, Console! (ÉDITION 限定 ٥٠٠ GB)", "399.99", "acme", "tech");
        pump(60_000);
        assertEquals(List.of("accent-combining", "accented", "cjk", "its-brand", "its-category", "price-equal", "unicode-digits",
                "upper-case", "word", "words-any-order"), messagesByUser(deal.id()).keySet().stream().sorted().toList());
        assertTrue(messagesByUser(deal.id()).values().stream().allMatch(n -> n == 1));
        Message m = inbox(table).list("word", false, 10, null).items().get(0);
        assertEquals("Deal alert: " + deal.title(), m.subject());
        assertEquals(deal.id(), m.dealId());
    }

    @Test
    void aUserMatchingThroughSeveralAlertsAndWatchesGetsOneMessageWhichStaysReadThroughReplays() {
        FollowStore follows = new FollowStore(table);
        follows.add(Likeable.BRAND, "acme", "ann", Relation.WATCH);
        follows.add(Likeable.CATEGORY, "tech", "ann", Relation.WATCH);
        alert("ann", "kettle", null, null, null);
        alert("ann", "steel kettle", null, null, null);
        alert("ann", "kettle", "10", "acme", "tech");
        alert("bob", "kettle", null, null, null);
        alert("bob", "steel", null, null, null);
        tap.drain();
        Deal deal = newDeal("Steel kettle", "acme", "tech");
        List<DynamodbEvent.DynamodbStreamRecord> batch = tap.drain();
        assertTrue(deliver(batch, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(Map.of("ann", 1, "bob", 1), messagesByUser(deal.id()));
        assertTrue(inbox(table).list("ann", false, 10, null).items().get(0).subject().startsWith("New deal from Acme"),
                "the brand's list named ann first; her alerts wrote nothing more");
        InboxStore inbox = inbox(table);
        for (String user : List.of("ann", "bob")) {
            inbox.markRead(user, inbox.list(user, false, 10, null).items().get(0).id());
        }
        int items = itemCount();
        for (int replay = 0; replay < 3; replay++) {
            assertTrue(deliver(batch, 60_000).getBatchItemFailures().isEmpty());
        }
        assertEquals(items, itemCount(), "a replay changes nothing");
        for (String user : List.of("ann", "bob")) {
            assertEquals(List.of(false), InboxCensus.unreadFlagsByUser(client, table.name(), deal.id()).get(user), user);
            assertEquals(0, inbox.unreadCount(user));
        }
    }

    @Test
    void aDeletedAlertMatchesNothingAndACorrectionMatchesNothingNewButSearchFollowsBoth() {
        Alert gone = alert("ann", "lamp", null, null, null);
        alert("bob", "ps5", null, null, null);
        new AlertStore(table).delete("ann", gone.id());
        pump(60_000);
        Deal lamp = newDeal("Desk lamp", "acme", "home");
        pump(60_000);
        assertEquals(Map.of(), messagesByUser(lamp.id()), "ann deleted her alert");
        WordIndex index = new WordIndex(table);
        assertEquals(List.of(lamp.id()), index.search(List.of("lamp"), 10, null).items().stream().map(Deal::id).toList());

        new DealStore(table).correct(lamp.id(), new DealCorrection("PS5 desk stand", null, null, null, null));
        pump(60_000);
        assertEquals(Map.of(), messagesByUser(lamp.id()), "only new deals are matched, not corrections");
        assertEquals(List.of(lamp.id()), index.search(List.of("ps5", "stand"), 10, null).items().stream().map(Deal::id).toList());
        assertTrue(index.search(List.of("lamp"), 10, null).items().isEmpty(), "the corrected title lost lamp");

        new DealStore(table).takeDown(lamp.id());
        pump(60_000);
        assertTrue(index.search(List.of("ps5"), 10, null).items().isEmpty());
        assertEquals(0, client.scan(b -> b.tableName(table.name()).select("COUNT").filterExpression("#t = :w")
                .expressionAttributeNames(Map.of("#t", "Type"))
                .expressionAttributeValues(Map.of(":w", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("DealWord"))))
                .count(), "a taken-down deal leaves the word index");
    }

    @Test
    void aThousandHoldersOfOneKeywordAreMessagedByTheDealsOwnInvocation() throws Exception {
        holders("h", 1_000, "kettle");
        tap.drain();
        Deal deal = newDeal("Kettle, 1.7 litres", "acme", "tech");
        List<DynamodbEvent.DynamodbStreamRecord> batch = tap.drain();
        assertTrue(deliver(batch, 600_000).getBatchItemFailures().isEmpty());
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(1_000, counts.size());
        assertTrue(counts.values().stream().allMatch(n -> n == 1));
        assertEquals(null, new FanOutStore(table).getAlerts(deal.id()), "nothing was handed on");
    }

    @Test
    void aMatchingThatRunsOutOfTimeIsHandedOnAndFinishedWithExactlyOneMessageEach() throws Exception {
        holders("h", 250, "toaster");
        new FollowStore(table).add(Likeable.BRAND, "acme", "h7", Relation.WATCH);
        tap.drain();
        Deal deal = newDeal("Toaster", "acme", "tech");
        // Time for the brand and category lists and one page of alert matches (200), then the budget is spent.
        assertTrue(deliverWithBudget(tap.drain(), 3).getBatchItemFailures().isEmpty());
        int first = messagesByUser(deal.id()).size();
        assertTrue(first < 250, "handed on after " + first);
        assertFalse(new FanOutStore(table).getAlerts(deal.id()).done());
        pump(60_000);
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(250, counts.size());
        assertTrue(counts.values().stream().allMatch(n -> n == 1));
        assertTrue(new FanOutStore(table).getAlerts(deal.id()).done());
    }

    @Test
    void aRunThatDiesMidMatchingIsRedeliveredAndEveryHolderEndsWithOneMessageReadOnesRead() throws Exception {
        holders("h", 300, "blender");
        tap.drain();
        Deal deal = newDeal("Blender", "acme", "tech");
        List<DynamodbEvent.DynamodbStreamRecord> batch = tap.drain();
        AtomicInteger puts = new AtomicInteger();
        StreamHandler dying = new StreamHandler(ChangeReactions.of(failingWhen((method, request) ->
                method.equals("putItem") && request.toString().contains("Message") && puts.incrementAndGet() > 250), CONFIG, 200, 300),
                CONFIG);
        assertFalse(dying.handleRequest(StreamRecords.event(batch), new SyntheticContext("stream-test", "stream", 60_000))
                .getBatchItemFailures().isEmpty());
        Map<String, Integer> written = messagesByUser(deal.id());
        assertTrue(written.size() >= 200 && written.size() < 300, "written " + written.size());
        InboxStore inbox = inbox(table);
        List<String> readers = written.keySet().stream().sorted().limit(3).toList();
        for (String reader : readers) {
            inbox.markRead(reader, inbox.list(reader, false, 10, null).items().get(0).id());
        }
        for (int redelivery = 0; redelivery < 3; redelivery++) {
            assertTrue(deliver(batch, 60_000).getBatchItemFailures().isEmpty());
        }
        Map<String, List<Boolean>> flags = InboxCensus.unreadFlagsByUser(client, table.name(), deal.id());
        assertEquals(300, flags.size());
        for (var e : flags.entrySet()) {
            assertEquals(List.of(!readers.contains(e.getKey())), e.getValue(), e.getKey());
        }
    }
}

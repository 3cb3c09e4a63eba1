package com.bigtimedeals.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.AccountDeletion;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.accounts.Recipients;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TickingClock;
import com.bigtimedeals.platform.Words;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Deal alerts: filed under their rarest keyword, at most 20 a user under concurrency, found by a new deal's words. */
class AlertStoreTest extends DynamoDbTest {

    private static Table catalogTable() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        return t;
    }

    private static NewAlert alert(String keywords) {
        return NewAlert.of(keywords, null, null, null);
    }

    private static Table at(Table t, Instant now) {
        return new Table(t.client(), t.name(), Clock.fixed(now, ZoneOffset.UTC), t.cursors());
    }

    @Test
    void anAlertIsStoredLowercaseAndListedNewestFirstInOneRequest() {
        Table t = catalogTable();
        Alert first = new AlertStore(t).create("ann", NewAlert.of("PS5 Console", new BigDecimal("399.50"), "acme", "tech"));
        Alert second = new AlertStore(at(t, Fixtures.NOW.plusSeconds(5))).create("ann", alert("kettle"));
        new AlertStore(t).create("bob", alert("toaster"));
        assertEquals(List.of("ps5", "console"), first.keywords());
        assertEquals(new BigDecimal("399.5"), first.maxPrice());
        RequestMeter.reset();
        assertEquals(List.of(second, first), new AlertStore(t).list("ann"));
        assertEquals(1, RequestMeter.usage().requests());
        assertEquals(List.of(), new AlertStore(t).list("carol"));
    }

    @Test
    void alertsCreatedWithinOneSecondStillListNewestFirst() {
        Table catalog = catalogTable();
        // A millisecond apart, all in the same second: their createdAt ties, their order must not.
        Table t = new Table(catalog.client(), catalog.name(), new TickingClock(Fixtures.NOW, 1_000), catalog.cursors());
        List<Alert> made = new java.util.ArrayList<>();
        for (String word : List.of("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")) {
            made.add(0, new AlertStore(t).create("ann", alert(word)));
        }
        assertEquals(1, made.stream().map(Alert::createdAt).distinct().count());
        assertEquals(made, new AlertStore(t).list("ann"));
    }

    @Test
    void aBrandOrCategoryThatDoesNotExistIsNotFoundAndNothingIsWritten() {
        Table t = catalogTable();
        AlertStore alerts = new AlertStore(t);
        int items = items(t);
        for (NewAlert bad : List.of(NewAlert.of("ps5", null, "nobody", null), NewAlert.of("ps5", null, null, "nothing"),
                NewAlert.of("ps5", null, "Not A Slug", null), NewAlert.of("ps5", null, "acme", "nothing"))) {
            DomainException e = assertThrows(DomainException.class, () -> alerts.create("ann", bad));
            assertEquals(DomainException.Kind.NOT_FOUND, e.kind());
        }
        assertEquals(items, items(t));
    }

    @Test
    void twentyAlertsAUserHoldUnderConcurrentCreatesAndADeleteMakesRoomForOneMore() throws Exception {
        Table t = catalogTable();
        AlertStore alerts = new AlertStore(t);
        AtomicInteger created = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        // 30 creates at once, 8 at a time, on words of their own and on one shared word.
        ParallelRuns.run(30, 8, i -> {
            try {
                alerts.create("ann", alert(i % 2 == 0 ? "lamp" : "word" + i));
                created.incrementAndGet();
            } catch (DomainException e) {
                assertEquals(DomainException.Kind.INVALID, e.kind());
                refused.incrementAndGet();
            }
        });
        assertEquals(AlertStore.MAX_PER_USER, created.get());
        assertEquals(30 - AlertStore.MAX_PER_USER, refused.get());
        List<Alert> held = alerts.list("ann");
        assertEquals(AlertStore.MAX_PER_USER, held.size());
        assertEquals(AlertStore.MAX_PER_USER, number(t, InboxKeys.alertCount("ann"), "count"));
        long lamps = held.stream().filter(a -> a.keywords().equals(List.of("lamp"))).count();
        assertEquals(lamps, number(t, InboxKeys.alertWord("lamp"), "count"), "the word's head counts its alerts exactly");
        int items = items(t);
        assertEquals(DomainException.Kind.INVALID, assertThrows(DomainException.class, () -> alerts.create("ann", alert("sofa"))).kind());
        assertEquals(items, items(t), "the 21st wrote nothing");
        alerts.delete("ann", held.get(0).id());
        alerts.create("ann", alert("sofa"));
        assertEquals(AlertStore.MAX_PER_USER, alerts.list("ann").size());
    }

    @Test
    void deletingIsRepeatableButOnlyForTheOwnerAndADeletedAlertMatchesNothing() {
        Table t = catalogTable();
        AlertStore alerts = new AlertStore(t);
        Alert a = alerts.create("ann", alert("kettle"));
        Deal kettle = new DealPosting(new DealStore(t)).create(Fixtures.deal("Kettle", "acme", "tech", null));
        assertEquals(List.of("ann"), allMatches(alerts, kettle, 10));
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class, () -> alerts.delete("bob", a.id())).kind());
        assertEquals(DomainException.Kind.NOT_FOUND,
                assertThrows(DomainException.class, () -> alerts.delete("ann", Ids.alertId(Fixtures.NOW))).kind());
        alerts.delete("ann", a.id());
        int items = items(t);
        alerts.delete("ann", a.id());
        assertEquals(items, items(t), "a repeat changes nothing");
        assertEquals(List.of(), alerts.list("ann"));
        assertEquals(List.of(), allMatches(alerts, kettle, 10));
        assertEquals(0, number(t, InboxKeys.alertCount("ann"), "count"));
        assertEquals(0, number(t, InboxKeys.alertWord("kettle"), "count"));
    }

    @Test
    void anAlertIsFiledUnderItsKeywordFewestRecentDealsHold() {
        Table t = catalogTable();
        DealStore deals = new DealStore(t);
        WordIndex index = new WordIndex(t);
        for (int i = 0; i < 5; i++) {
            Deal d = new DealPosting(deals).create(Fixtures.deal("Console bundle " + i, "acme", "tech", Fixtures.NOW.minus(Duration.ofDays(i))));
            index.index(d.id(), Words.indexable(d.title()));
        }
        Deal ps5 = new DealPosting(deals).create(Fixtures.deal("PS5 console", "acme", "tech", null));
        index.index(ps5.id(), Words.indexable(ps5.title()));
        Alert a = new AlertStore(t).create("ann", alert("console ps5 bundle"));
        assertEquals("ps5", string(t, InboxKeys.alert("ann", a.id()), "word"), "1 recent deal holds ps5, 5 console, 5 bundle");
        Alert tie = new AlertStore(t).create("bob", alert("sofa lamp"));
        assertEquals("lamp", string(t, InboxKeys.alert("bob", tie.id()), "word"), "no deal holds either: the longer, then the first");
    }

    @Test
    void aWordWithManyAlertsSpreadsThemOverShardsAndADealFindsEachOnceThroughThemAll() throws Exception {
        Table t = catalogTable();
        AlertStore alerts = new AlertStore(t, 5);
        ParallelRuns.run(23, 4, i -> alerts.create("u" + i, alert("lamp")));
        assertTrue(number(t, InboxKeys.alertWord("lamp"), "shards") >= 4, "one shard per 5 alerts, give or take races");
        Map<String, Integer> partitions = new HashMap<>();
        for (var item : t.client().scan(b -> b.tableName(t.name())).items()) {
            if (InboxKeys.ALERT_ENTRY.equals(item.get(Keys.TYPE).s())) {
                partitions.merge(item.get(Keys.PK).s(), 1, Integer::sum);
            }
        }
        assertTrue(partitions.size() >= 3, "spread over " + partitions);
        Deal lamp = new DealPosting(new DealStore(t)).create(Fixtures.deal("Lamp with a shade", "acme", "tech", null));
        List<String> found = allMatches(alerts, lamp, 7);
        assertEquals(23, found.size());
        assertEquals(23, found.stream().distinct().count());
    }

    @Test
    void aNewDealFindsExactlyTheAlertsItMatchesByWordPriceBrandAndCategory() {
        Table t = catalogTable();
        AlertStore alerts = new AlertStore(t);
        alerts.create("words", alert("ps5 console"));
        alerts.create("one-word", alert("PS5"));
        alerts.create("other-word", alert("ps55"));
        alerts.create("missing-word", alert("ps5 headset"));
        alerts.create("cheap-enough", NewAlert.of("console", new BigDecimal("19.99"), null, null));
        alerts.create("too-cheap", NewAlert.of("console", new BigDecimal("19.98"), null, null));
        alerts.create("its-brand", NewAlert.of("console", null, "acme", null));
        alerts.create("other-brand", NewAlert.of("console", null, "globex", null));
        alerts.create("its-category", NewAlert.of("console", null, null, "tech"));
        alerts.create("other-category", NewAlert.of("console", null, null, "food-drink"));
        Deal deal = new DealPosting(new DealStore(t)).create(Fixtures.deal("Sony PS5, Digital Console!", "acme", "tech", null)); // 19.99
        RequestMeter.reset();
        List<String> found = allMatches(alerts, deal, 500);
        assertEquals(List.of("cheap-enough", "its-brand", "its-category", "one-word", "words"), found.stream().sorted().toList());
        assertEquals(Words.indexable(deal.title()).size(), RequestMeter.usage().requests(),
                "one query per distinct word of the title: " + Words.indexable(deal.title()));
    }

    @Test
    void anAccountDeletionRemovesItsAlertsAndTombstonesButKeepsWhatTheNewAccountMade() {
        Table t = catalogTable();
        AlertStore alerts = new AlertStore(t);
        Alert kept = null;
        for (String words : List.of("kettle", "lamp sofa", "toaster")) {
            kept = alerts.create("ann", alert(words));
        }
        alerts.delete("ann", kept.id());
        alerts.create("bob", alert("kettle"));
        Instant deletedAt = Fixtures.NOW.plusSeconds(10);
        Alert later = new AlertStore(at(t, deletedAt.plusSeconds(5))).create("ann", alert("kettle"));
        String position = null;
        int removed = 0;
        for (int step = 0; step < 10; step++) {
            AccountStore.Cleared page = alerts.removeForDeletion(new AccountDeletion("ann", deletedAt, position, false), 2);
            removed += page.removed();
            if (page.last() == null) {
                break;
            }
            position = AccountDeletion.next(AccountDeletion.Phase.ALERTS, page.last());
        }
        assertEquals(2, removed);
        assertEquals(List.of(later), alerts.list("ann"), "an alert made after the deletion stays");
        assertEquals(1, number(t, InboxKeys.alertCount("ann"), "count"));
        assertEquals(2, number(t, InboxKeys.alertWord("kettle"), "count"), "bob's and the new account's");
        assertEquals(0, number(t, InboxKeys.alertWord("lamp"), "count") + number(t, InboxKeys.alertWord("sofa"), "count"));
        for (var item : t.client().scan(b -> b.tableName(t.name())).items()) {
            assertTrue(!InboxKeys.DELETED_ALERT.equals(item.get(Keys.TYPE).s()), "tombstones go");
        }
    }

    /** Every user a deal's matching names, walking page after page from the start. */
    static List<String> allMatches(AlertStore alerts, Deal deal, int pageSize) {
        NavigableSet<String> words = Words.indexable(deal.title());
        List<String> users = new ArrayList<>();
        String position = null;
        do {
            Recipients page = alerts.matching(deal, words, position, pageSize);
            assertTrue(page.usernames().size() <= pageSize);
            users.addAll(page.usernames());
            position = page.next();
        } while (position != null);
        return users;
    }

    private static long number(Table t, Map<String, AttributeValue> key, String attribute) {
        Map<String, AttributeValue> item = t.client().getItem(b -> b.tableName(t.name()).key(key).consistentRead(true)).item();
        return item == null || !item.containsKey(attribute) ? 0 : Long.parseLong(item.get(attribute).n());
    }

    private static String string(Table t, Map<String, AttributeValue> key, String attribute) {
        return t.client().getItem(b -> b.tableName(t.name()).key(key).consistentRead(true)).item().get(attribute).s();
    }

    private static int items(Table t) {
        return t.client().scan(b -> b.tableName(t.name()).select("COUNT")).count();
    }
}

package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.community.Vote;
import com.bigtimedeals.community.VoteStore;
import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.devices.DeviceKeys;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.devices.NotificationSettings;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * A table from before the counter views and liveness markers, in the old code's own items (8 shards
 * {@code COUNTERS#<dealId>#0..7}, no marker), brought up to date: votes count on the old live deals again, a
 * taken-down one stays 404, and both views read the old counts; a second run, a racing run and a rerun after a lost
 * record change nothing twice.
 */
class DealCountersUpgradeTest extends DynamoDbTest {
    /** A deal as the old code left it: its item (and indexes, history) as created, no marker, its counts in 8 shards. */
    private static Deal oldDeal(Table t, DealStore deals, String title, long hot, long cold, long comments, boolean down) {
        Deal deal = new DealPosting(deals).create(Fixtures.deal(title, "acme", "tech", null));
        if (down) {
            deals.takeDown(deal.id());
        }
        OldCounterLayout.make(client, t.name(), deal.id(), hot, cold, comments);
        return deal;
    }

    /** One view's exact sums, read as a reader that chose it does. */
    private static DealCounts view(Table t, String dealId, int view) {
        return DealCounters.sum(dealId, TableReads.batchGet(t, KeysAndAttributes.builder()
                .keys(DealCounters.keys(dealId, view)).consistentRead(true).build()));
    }

    private static void assertViews(Table t, String dealId, long hot, long cold, long comments) {
        for (int v = 0; v < DealCounters.VIEWS; v++) {
            DealCounts c = view(t, dealId, v);
            assertEquals(List.of(hot, cold, comments), List.of(c.hot(), c.cold(), c.comments()), "view " + v);
        }
        assertEquals(view(t, dealId, 0).version(), view(t, dealId, 1).version(), "the views count the same writes");
    }

    private static boolean hasMarkers(Table t, String dealId) {
        for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
            Map<String, AttributeValue> key = DealKeys.dealLive(dealId, m);
            if (!client.getItem(b -> b.tableName(t.name()).key(key).consistentRead(true)).hasItem()) {
                return false;
            }
        }
        return true;
    }

    /** A new table with the catalog, an old live deal (130 hot, 20 cold, 7 comments) and an old taken-down one. */
    private record OldTable(Table table, DealStore deals, VoteStore votes, Deal live, Deal down) {
    }

    private static OldTable oldTable() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        return new OldTable(t, deals, new VoteStore(t), oldDeal(t, deals, "Old and live", 130, 20, 7, false),
                oldDeal(t, deals, "Old and down", 4, 1, 2, true));
    }

    @Test
    void oldDealsVoteAgainWithExactCountsOnBothViewsAndATakenDownOneStays404() {
        OldTable old = oldTable();
        Table t = old.table();
        DealStore deals = old.deals();
        VoteStore votes = old.votes();
        Deal live = old.live();
        Deal down = old.down();
        Deal quiet = oldDeal(t, deals, "Old, never counted", 0, 0, 0, false);
        Deal fresh = new DealPosting(deals).create(Fixtures.deal("New since today", "acme", "tech", null));
        votes.cast("ann", fresh.id(), Vote.HOT);

        // A comment counted while the old layout was served by today's code: into both views, so view 1 lacks only
        // the old counts; the upgrade adds exactly those.
        new DealCounters(t).commit(List.of(), live.id(), Map.of(Counter.COMMENTS, 1L));

        DealCountersUpgrade.Result first = new DealCountersUpgrade(t).run();
        assertEquals(new DealCountersUpgrade.Result(false, 4, 3), first, "the 3 old deals, not the new one");
        assertViews(t, live.id(), 130, 20, 8);
        assertViews(t, down.id(), 4, 1, 2);
        assertViews(t, quiet.id(), 0, 0, 0);
        assertViews(t, fresh.id(), 1, 0, 0);
        assertTrue(hasMarkers(t, live.id()) && hasMarkers(t, down.id()) && hasMarkers(t, quiet.id()));

        // The second run: one GetItem of the table's record, nothing scanned or written.
        RequestMeter.reset();
        assertEquals(new DealCountersUpgrade.Result(true, 0, 0), new DealCountersUpgrade(t).run());
        assertEquals(1, RequestMeter.usage().requests());
        // A run whose record was lost (a crash after the last deal): it scans again and changes no deal.
        client.deleteItem(b -> b.tableName(t.name()).key(DealKeys.upgrade(DealCountersUpgrade.NAME)));
        assertEquals(new DealCountersUpgrade.Result(false, 4, 0), new DealCountersUpgrade(t).run());
        assertViews(t, live.id(), 130, 20, 8);

        // Votes count on the old live deal again, exact on both views; the taken-down one stays a 404.
        assertEquals(130 - 20 + 1, votes.cast("bob", live.id(), Vote.HOT).temperature());
        assertEquals(130 - 20 + 1 - 1, votes.cast("cid", live.id(), Vote.COLD).temperature());
        assertEquals(130 - 20 - 1 - 1, votes.cast("bob", live.id(), Vote.COLD).temperature(), "a switch moves both counters");
        assertViews(t, live.id(), 130, 22, 8);
        assertEquals(1, votes.cast("bob", quiet.id(), Vote.HOT).temperature());
        DomainException gone = assertThrows(DomainException.class, () -> votes.cast("bob", down.id(), Vote.HOT));
        assertEquals(DomainException.Kind.NOT_FOUND, gone.kind());
        assertViews(t, down.id(), 4, 1, 2);

        // GET /deals/{id}'s read, whichever view it chose (it picks one at random per read): the counts as they are.
        for (int i = 0; i < 16; i++) {
            Deal read = deals.getExact(live.id());
            assertEquals(List.of(130L, 22L, 8L), List.of(read.counts().hot(), read.counts().cold(), read.commentCount()));
        }
        DomainException getDown = assertThrows(DomainException.class, () -> deals.getExact(down.id()));
        assertEquals(DomainException.Kind.NOT_FOUND, getDown.kind());
        for (int i = 0; i < 16; i++) {
            assertEquals(4, deals.edited(down.id()).deal().counts().hot(), "the editors' view of the tombstone");
        }
    }

    @Test
    void beforeTheUpgradeEveryReaderReadsTheOldLayoutAndOnceItIsRecordedTodays() {
        OldTable old = oldTable();
        Table t = old.table();
        DealStore deals = old.deals();
        VoteStore votes = old.votes();
        String live = old.live().id();
        String down = old.down().id();
        assertFalse(DealCounters.upgraded(t));

        // Deployed, not upgraded yet: a vote on the old live deal counts (no marker: its item says it is live), every
        // read sums view 0 (view 1 was never written by the old code), a taken-down old deal stays a 404.
        assertEquals(130 - 20 + 1, votes.cast("bob", live, Vote.HOT).temperature());
        for (int i = 0; i < 16; i++) {
            Deal read = deals.getExact(live);
            assertEquals(List.of(131L, 20L, 7L), List.of(read.counts().hot(), read.counts().cold(), read.commentCount()));
            assertEquals(131, new DealCounters(t).read(List.of(live)).get(live).hot());
        }
        assertEquals(DomainException.Kind.NOT_FOUND,
                assertThrows(DomainException.class, () -> votes.cast("bob", down, Vote.HOT)).kind());
        // A takedown while not upgraded writes the markers down: the vote after it is a 404 too.
        Deal later = oldDeal(t, deals, "Old, taken down after the deploy", 3, 0, 0, false);
        deals.takeDown(later.id());
        assertEquals(DomainException.Kind.NOT_FOUND,
                assertThrows(DomainException.class, () -> votes.cast("bob", later.id(), Vote.HOT)).kind());
        assertFalse(DealCounters.upgraded(t), "no record yet: still the old layout's reads");

        new DealCountersUpgrade(t).run();
        assertViews(t, live, 131, 20, 7);
        // Another process (a function's container) learns it from its next read, which named the record's key.
        DealCountersUpgradeTest.forget(t);
        assertEquals(131, deals.getExact(live).counts().hot());
        assertTrue(DealCounters.upgraded(t));
        // From then on the reads name no key more than before the fallback: one view, the deal (or marker and vote).
        RequestMeter.reset();
        deals.getExact(live);
        assertEquals(DealCounters.SHARDS_PER_VIEW + 1.0, RequestMeter.usage().readUnits(), "a view of shards and the deal");
        assertEquals(131 - 20 + 1, votes.cast("cid", live, Vote.HOT).temperature());
    }

    /** As a process that has not read the table's upgrade record yet. */
    private static void forget(Table t) {
        DealCounters.forgetUpgrade(t);
    }

    @Test
    void twoRunsAtOnceUpgradeEveryDealExactlyOnce() throws Exception {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        List<Deal> old = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            old.add(oldDeal(t, deals, "Old " + i, 10 + i, i, 2 * i, i == 5));
        }
        AtomicInteger upgraded = new AtomicInteger();
        ParallelRuns.run(2, 2, i -> upgraded.addAndGet(new DealCountersUpgrade(t).run().upgraded()));
        assertEquals(old.size(), upgraded.get(), "each deal's transaction committed once, by one of the runs");
        for (int i = 0; i < old.size(); i++) {
            assertViews(t, old.get(i).id(), 10 + i, i, 2 * i);
            assertTrue(hasMarkers(t, old.get(i).id()));
        }
        assertTrue(new DealCountersUpgrade(t).done());
        VoteStore votes = new VoteStore(t);
        assertEquals(10 - 0 + 1, votes.cast("ann", old.get(0).id(), Vote.HOT).temperature());
        assertViews(t, old.get(0).id(), 11, 0, 0);
        assertThrows(DomainException.class, () -> votes.cast("ann", old.get(5).id(), Vote.HOT));
    }

    @Test
    void aTakenDownDealsMarkersCarryItsTakedownAsATakedownWritesThem() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        Deal down = oldDeal(t, deals, "Down before today", 1, 0, 0, true);
        new DealCountersUpgrade(t).run();
        String at = new ItemReader(client.getItem(b -> b.tableName(t.name()).key(DealKeys.deal(down.id()))).item())
                .string(DealCodec.TAKEN_DOWN_AT);
        for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
            Map<String, AttributeValue> key = DealKeys.dealLive(down.id(), m);
            Map<String, AttributeValue> marker = client.getItem(b -> b.tableName(t.name()).key(key)).item();
            assertEquals(at, new ItemReader(marker).string(DealCodec.TAKEN_DOWN_AT));
            assertFalse(DealCounters.isLiveMarker(marker));
        }
    }

    /** Settings as the first devices code kept them: the item DeviceStore writes, under the sort key {@code SETTINGS}. */
    private static void oldSettings(Table t, String username, NotificationSettings settings) {
        DeviceStore devices = new DeviceStore(t);
        devices.putSettings(username, settings);
        Map<String, AttributeValue> now = client.getItem(b -> b.tableName(t.name()).key(DeviceKeys.notificationSettings(username))
                .consistentRead(true)).item();
        Map<String, AttributeValue> old = new java.util.HashMap<>(now);
        old.put(Keys.SK, AttributeValue.fromS(DealCountersUpgrade.FIRST_SETTINGS_SK));
        client.putItem(b -> b.tableName(t.name()).item(old));
        client.deleteItem(b -> b.tableName(t.name()).key(DeviceKeys.notificationSettings(username)));
    }

    @Test
    void notificationSettingsMoveToTheirKeyOnceAndNewerSettingsWin() {
        Table t = newTable(Fixtures.NOW);
        NotificationSettings quiet = new NotificationSettings(false, true, false, true,
                new NotificationSettings.QuietHours("22:30", "07:00", "Europe/London"));
        NotificationSettings savedSince = new NotificationSettings(true, false, true, false, null);
        oldSettings(t, "ann", quiet);
        oldSettings(t, "bob", quiet);
        DeviceStore devices = new DeviceStore(t);
        assertEquals(NotificationSettings.DEFAULTS, devices.pushTargets("ann").settings(), "before: the defaults");
        devices.putSettings("bob", savedSince); // bob saved settings after this code began serving

        assertEquals(2, new DealCountersUpgrade(t).run().settingsMoved());
        assertEquals(quiet, devices.pushTargets("ann").settings());
        assertEquals(quiet, devices.settings("ann"));
        assertEquals(savedSince, devices.settings("bob"), "the newer settings win");
        for (String user : List.of("ann", "bob")) {
            assertFalse(client.getItem(b -> b.tableName(t.name()).consistentRead(true).key(Map.of(Keys.PK,
                    AttributeValue.fromS(Keys.devicesPk(user)), Keys.SK, AttributeValue.fromS("SETTINGS")))).hasItem(), user);
        }
        client.deleteItem(b -> b.tableName(t.name()).key(DealKeys.upgrade(DealCountersUpgrade.NAME)));
        assertEquals(0, new DealCountersUpgrade(t).run().settingsMoved(), "a second run moves nothing");
        assertEquals(quiet, devices.settings("ann"));
    }
}

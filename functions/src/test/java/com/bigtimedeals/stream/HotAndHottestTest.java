package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.HotList;
import com.bigtimedeals.deals.HottestLists;
import com.bigtimedeals.deals.HottestWindow;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.lambda.GrantedAccess;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.MovableClock;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.topology.LambdaFunction;

/** The hot list and the hottest lists, fed by the stream's aggregation of the deal counters. */
class HotAndHottestTest extends StreamTest {
    private final MovableClock clock = new MovableClock(NOW);
    private DealCounters counters;

    @BeforeEach
    void onTheMovableClock() {
        table = new Table(client, table.name(), clock, new CursorCodec("test-key"));
        handler = new StreamHandler(ChangeReactions.of(consumer(table), CONFIG, 200, 300), CONFIG);
        counters = new DealCounters(table);
    }

    private Deal dealCreated(String title, Instant createdAt) {
        return new DealPosting(new DealStore(table)).create(new NewDeal(title, "https://s.example.com/" + title.replace(' ', '-'),
                new BigDecimal("5"), "acme", "tech", null, null, createdAt));
    }

    private void heat(Deal deal, long hot, long cold) {
        if (hot != 0) {
            counters.commit(List.of(), deal.id(), Map.of(Counter.HOT, hot));
        }
        if (cold != 0) {
            counters.commit(List.of(), deal.id(), Map.of(Counter.COLD, cold));
        }
    }

    private List<Deal> allHot(int limit) {
        HotList hot = new HotList(table);
        List<Deal> all = new ArrayList<>();
        String cursor = null;
        do {
            Page<Deal> page = hot.page(limit, cursor);
            assertTrue(page.nextCursor() == null || page.items().size() == limit, "a page before the last is full");
            all.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);
        return all;
    }

    private static List<String> ids(List<Deal> deals) {
        return deals.stream().map(Deal::id).toList();
    }

    @Test
    void aDealTurnsHotOnceAtOneHundredAndPagesOnceMostRecentlyHotFirst() {
        List<Deal> deals = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            deals.add(dealCreated("D" + k, NOW.minusSeconds(3600 - k)));
        }
        Deal lukewarm = dealCreated("Lukewarm", NOW.minusSeconds(10));
        heat(lukewarm, 99, 0);
        for (int k = 0; k < 12; k++) {
            clock.set(NOW.plus(Duration.ofMinutes(k)));
            heat(deals.get(k), 100 + k, 0);
            pump(60_000);
        }
        pump(60_000);
        List<Deal> listed = allHot(5);
        List<String> expected = new ArrayList<>(ids(deals));
        java.util.Collections.reverse(expected);
        assertEquals(expected, ids(listed), "the most recently turned hot first, each once, without the one at 99");
        Deal first = new DealStore(table).find(deals.get(0).id());
        assertEquals(NOW, first.counts().hotSince());

        // Its temperature falls below 100 and rises again: it stays where it was, written once, showing the new value.
        clock.set(NOW.plus(Duration.ofHours(1)));
        heat(deals.get(0), 0, 150);
        pump(60_000);
        heat(deals.get(0), 80, 0);
        pump(60_000);
        listed = allHot(5);
        assertEquals(expected, ids(listed));
        assertEquals(30, listed.get(11).temperature());
        assertEquals(NOW, new DealStore(table).find(deals.get(0).id()).counts().hotSince());

        // Taken down: it leaves. Expired: it stays, flagged by its expiresAt.
        new DealStore(table).takeDown(deals.get(3).id());
        new DealStore(table).correct(deals.get(4).id(), new DealCorrection(null, null, null, null, null,
                clock.instant().minusSeconds(1), false));
        pump(60_000);
        listed = allHot(5);
        expected.remove(deals.get(3).id());
        assertEquals(expected, ids(listed));
        Deal expired = listed.stream().filter(d -> d.id().equals(deals.get(4).id())).findFirst().orElseThrow();
        assertTrue(expired.expiredAt(clock.instant()));
    }

    @Test
    void theHottestListsHoldTheWindowsDealsAboveZeroHighestFirstNewerFirstOnTies() {
        Deal hourAgo = dealCreated("Hour", NOW.minus(Duration.ofHours(1)));
        Deal twoHoursAgo = dealCreated("Two hours", NOW.minus(Duration.ofHours(2)));
        Deal threeDays = dealCreated("Three days", NOW.minus(Duration.ofDays(3)));
        Deal twentyDays = dealCreated("Twenty days", NOW.minus(Duration.ofDays(20)));
        Deal fortyDays = dealCreated("Forty days", NOW.minus(Duration.ofDays(40)));
        Deal zero = dealCreated("Zero", NOW.minus(Duration.ofMinutes(30)));
        Deal cold = dealCreated("Cold", NOW.minus(Duration.ofMinutes(10)));
        heat(hourAgo, 5, 0);
        heat(twoHoursAgo, 6, 1);
        heat(threeDays, 50, 0);
        heat(twentyDays, 80, 0);
        heat(fortyDays, 90, 0);
        heat(zero, 3, 3);
        heat(cold, 0, 3);
        pump(60_000);
        HottestLists hottest = new HottestLists(table);
        assertEquals(ids(List.of(hourAgo, twoHoursAgo)), ids(hottest.read(HottestWindow.DAY, NOW)));
        assertEquals(ids(List.of(threeDays, hourAgo, twoHoursAgo)), ids(hottest.read(HottestWindow.WEEK, NOW)));
        assertEquals(ids(List.of(twentyDays, threeDays, hourAgo, twoHoursAgo)), ids(hottest.read(HottestWindow.MONTH, NOW)));
        assertEquals(List.of(80L, 50L, 5L, 5L), hottest.read(HottestWindow.MONTH, NOW).stream().map(Deal::temperature).toList());

        // Time alone, no vote: the two-hour-old deal leaves the day first.
        assertEquals(ids(List.of(hourAgo)), ids(hottest.read(HottestWindow.DAY, NOW.plus(Duration.ofMinutes(22 * 60 + 30)))));

        // A vote moves the order within the stream delay.
        heat(twoHoursAgo, 10, 0);
        pump(60_000);
        assertEquals(ids(List.of(twoHoursAgo, hourAgo)), ids(hottest.read(HottestWindow.DAY, NOW)));

        // Corrections reach the copies; a takedown leaves every list.
        new DealStore(table).correct(threeDays.id(), new DealCorrection("Three days, corrected", null, null, null, null));
        new DealStore(table).takeDown(twentyDays.id());
        pump(60_000);
        List<Deal> month = hottest.read(HottestWindow.MONTH, NOW);
        assertEquals(ids(List.of(threeDays, twoHoursAgo, hourAgo)), ids(month));
        assertEquals("Three days, corrected", month.get(0).title());
    }

    /**
     * Fifty hot deals about to age out of the day and ten cooler, newer ones: after the fifty age out, the ten are the
     * answer at once, with no vote and no rebuild, because the list kept what could still rank. Then the sweeper
     * rebuilds it before its horizon runs out.
     */
    @Test
    void aDealAgesOutOfItsWindowWithoutAnyVoteAndTheListStaysFull() {
        List<Deal> old = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            old.add(dealCreated("Old " + i, NOW.minus(Duration.ofHours(23)).minus(Duration.ofMinutes(40)).plusSeconds(i)));
        }
        List<Deal> fresh = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            fresh.add(dealCreated("Fresh " + i, NOW.minus(Duration.ofHours(1)).plusSeconds(i)));
        }
        for (int i = 0; i < 50; i++) {
            heat(old.get(i), 100 + i, 0);
        }
        for (int i = 0; i < 10; i++) {
            heat(fresh.get(i), 10 + i, 0);
        }
        Deal oneMore = dealCreated("One more", NOW.minus(Duration.ofHours(2)));
        heat(oneMore, 1, 0);
        pump(60_000);
        HottestLists hottest = new HottestLists(table);
        List<Deal> now = hottest.read(HottestWindow.DAY, NOW);
        assertEquals(HottestWindow.SIZE, now.size(), "at most 50");
        assertEquals(ids(old.subList(0, 50)).stream().sorted().toList(), ids(now).stream().sorted().toList());
        Instant later = NOW.plus(Duration.ofMinutes(25));
        List<Deal> afterwards = hottest.read(HottestWindow.DAY, later);
        List<Deal> expected = new ArrayList<>(fresh);
        java.util.Collections.reverse(expected);
        expected.add(oneMore);
        assertEquals(ids(expected), ids(afterwards), "the older fifty aged out; the eleven newer take their place");

        clock.set(later.plusSeconds(10 * 60));
        SweepHandler sweeper = new SweepHandler(new WalkStore(table), Duration.ofMinutes(10), hottest);
        GrantedAccess.checked(LambdaFunction.SWEEPER, false, sweeper::sweep);
        HottestLists.Stored stored = hottest.stored(HottestWindow.DAY, true);
        assertNotNull(stored);
        assertTrue(stored.validUntil().isAfter(clock.instant().plus(HottestLists.REBUILD_BEFORE)), "rebuilt by the sweeper");
        Set<String> kept = new HashSet<>(ids(stored.deals()));
        assertTrue(kept.containsAll(ids(expected)));
        assertNull(stored.deals().stream().filter(d -> d.id().equals(old.get(0).id())).findFirst().orElse(null),
                "no longer in the window: not kept");
    }
}

package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TickingClock;

class DealStoreTest extends DynamoDbTest {

    @Test
    void createDealCopiesBrandAndCategoryNamesAndReadsBackInOneRequest() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        Deal created = new DealPosting(deals).create(Fixtures.deal("Blender", "acme", "food-drink", null));
        assertEquals("Acme", created.brandName());
        assertEquals("Food & Drink", created.categoryName());
        assertEquals(Fixtures.NOW, created.createdAt());
        assertEquals(Fixtures.NOW, Ids.instantOf(created.id()));
        RequestMeter.reset();
        assertEquals(created, deals.get(created.id()));
        assertEquals(1, RequestMeter.usage().requests());
    }

    @Test
    void backfilledDealGetsAnIdFromItsInstantAndSortsIntoHistory() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        Deal today = new DealPosting(deals).create(Fixtures.deal("Today", "acme", "tech", null));
        Instant lastMonth = Fixtures.NOW.minus(Duration.ofDays(30));
        Deal old = new DealPosting(deals).create(Fixtures.deal("Old", "acme", "tech", lastMonth));
        assertEquals(lastMonth, Ids.instantOf(old.id()));
        assertTrue(old.id().compareTo(today.id()) < 0);
        assertEquals(List.of(today.id(), old.id()), ids(deals.latestForBrand("acme", 10, null)));
    }

    @Test
    void createDealWithUnknownBrandOrCategoryIsInvalidAndWritesNothing() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        DomainException e = assertThrows(DomainException.class,
                () -> new DealPosting(deals).create(Fixtures.deal("X", "nobody", "tech", null)));
        assertEquals(DomainException.Kind.INVALID, e.kind());
        assertEquals("brandId", e.field());
        assertEquals("categoryId", assertThrows(DomainException.class,
                () -> new DealPosting(deals).create(Fixtures.deal("X", "acme", "nothing", null))).field());
        assertEquals(0, deals.latest(10, null).items().size());
    }

    @Test
    void updateDealCorrectsTitleAndPriceOnly() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        Deal d = new DealPosting(deals).create(Fixtures.deal("Blender", "acme", "tech", null));
        Deal fixed = deals.correct(d.id(), new DealCorrection("Blender Pro", null, new BigDecimal("9.5"), null, null));
        assertEquals("Blender Pro", fixed.title());
        assertEquals(0, new BigDecimal("9.5").compareTo(fixed.price()));
        assertEquals(d.link(), fixed.link());
        assertEquals(d.createdAt(), fixed.createdAt());
        assertEquals(fixed, deals.get(d.id()));
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class,
                () -> deals.correct(Ids.dealId(Fixtures.NOW), new DealCorrection("x", null, null, null, null))).kind());
    }

    @Test
    void dealsBackfilledWithinOneSecondStillListNewestFirst() {
        dealsMadeWithinOneSecondListNewestFirst(newTable(Fixtures.NOW), i -> Fixtures.NOW.plusMillis(i));
    }

    @Test
    void dealsPostedWithinOneSecondStillListNewestFirst() {
        // Posted now (no backfilled createdAt), by a clock a millisecond further on at each read.
        dealsMadeWithinOneSecondListNewestFirst(table(newTable(), new TickingClock(Fixtures.NOW, 1_000)), i -> null);
    }

    /** Eight deals made a millisecond apart in one second: their createdAt ties, their order must not. */
    private static void dealsMadeWithinOneSecondListNewestFirst(Table t, java.util.function.IntFunction<Instant> createdAt) {
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        List<Deal> made = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            made.add(0, new DealPosting(deals).create(Fixtures.deal("D" + i, "acme", "tech", createdAt.apply(i))));
        }
        assertEquals(1, made.stream().map(Deal::createdAt).distinct().count());
        List<String> newestFirst = made.stream().map(Deal::id).toList();
        assertEquals(newestFirst, ids(deals.latest(100, null)));
        assertEquals(newestFirst, ids(deals.latestForBrand("acme", 100, null)));
    }

    @Test
    void latestDealsOverallForBrandAndCategoryAreNewestFirst() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        List<Deal> made = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String brand = i % 3 == 0 ? "globex" : "acme";
            String category = i % 2 == 0 ? "tech" : "food-drink";
            made.add(new DealPosting(deals).create(Fixtures.deal("D" + i, brand, category, Fixtures.NOW.minus(Duration.ofHours(i * 7L)))));
        }
        made.sort(Comparator.comparing(Deal::id).reversed());
        assertEquals(made.stream().map(Deal::id).toList(), ids(deals.latest(100, null)));
        assertEquals(made.stream().filter(d -> d.brandId().equals("globex")).map(Deal::id).toList(),
                ids(deals.latestForBrand("globex", 100, null)));
        assertEquals(made.stream().filter(d -> d.categoryId().equals("tech")).map(Deal::id).toList(),
                ids(deals.latestForCategory("tech", 100, null)));
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class,
                () -> deals.latestForBrand("unknown", 10, null)).kind());
    }

    /** The example: 60 deals of one brand over 120 days, pages of 25: exactly 25/25/10. */
    @Test
    void sparseHistoryOfOneBrandPagesFullWithinThreeRequests() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            expected.add(new DealPosting(deals).create(Fixtures.deal("S" + i, "acme", "tech",
                    Fixtures.NOW.minus(Duration.ofDays(2L * i)).minusSeconds(i))).id());
        }
        expected.sort(Comparator.reverseOrder());
        List<Integer> sizes = walk(expected, (limit, cursor) -> deals.latestForBrand("acme", limit, cursor), 25);
        assertEquals(List.of(25, 25, 10), sizes);
    }

    /**
     * Many sealed buckets (capacity 10), deals years apart and a dense brand beside a sparse one: every page is
     * full, newest first, each deal exactly once, and no page costs more than 3 requests.
     */
    @Test
    void sparseHistoryAcrossManyBucketsPagesFullWithinThreeRequests() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        int capacity = 10;
        List<String> sparse = new ArrayList<>();
        List<String> all = new ArrayList<>();
        // Deals are made in time order, as editors make them: the clock moves forward with each deal.
        Instant start = Fixtures.NOW.minus(Duration.ofDays(1000));
        for (int i = 0; i < 90; i++) {
            Instant at = start.plus(Duration.ofDays(11L * i)).plusSeconds(i);
            DealStore deals = new DealStore(table(t.name(), java.time.Clock.fixed(at, java.time.ZoneOffset.UTC)), capacity);
            boolean rare = i % 3 == 0;
            Deal d = new DealPosting(deals).create(Fixtures.deal("P" + i, rare ? "globex" : "acme", "tech", null));
            all.add(d.id());
            if (rare) {
                sparse.add(d.id());
            }
        }
        sparse.sort(Comparator.reverseOrder());
        all.sort(Comparator.reverseOrder());
        DealStore deals = new DealStore(t, capacity);
        for (int limit : new int[] {1, 3, 7, 10}) {
            walk(sparse, (l, c) -> deals.latestForBrand("globex", l, c), limit);
            walk(all, (l, c) -> deals.latest(l, c), limit);
            walk(all, (l, c) -> deals.latestForCategory("tech", l, c), limit);
        }
    }

    /**
     * The service cancels a transaction that meets another one on an item (TransactionConflict) rather than waiting;
     * concurrent creates in one brand meet on its bucket items. A create is retried, never failed, for that.
     */
    @Test
    void aCreateCancelledByAConflictingTransactionIsRetried() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        com.bigtimedeals.harness.InjectedFaults faults = com.bigtimedeals.harness.InjectedFaults.transactionConflicts(dynamo, t.name(), 0.5);
        DealStore deals = new DealStore(t);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            expected.add(new DealPosting(deals).create(Fixtures.deal("Conflicted " + i, "acme", "tech", null)).id());
        }
        assertTrue(faults.conflicts() > 0, "conflicts were injected");
        expected.sort(Comparator.reverseOrder());
        walk(expected, (l, c) -> deals.latestForBrand("acme", l, c), 12);
    }

    @Test
    void concurrentCreatesThatOpenBucketsKeepEveryDealExactlyOnceInOrder() throws Exception {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        int capacity = 3;
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Deal>> futures = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Instant at = Fixtures.NOW.minus(Duration.ofDays(40 - i));
            DealStore deals = new DealStore(table(t.name(), java.time.Clock.fixed(at, java.time.ZoneOffset.UTC)), capacity);
            int n = i;
            futures.add(pool.submit(() -> new DealPosting(deals).create(Fixtures.deal("C" + n, "acme", "tech", null))));
        }
        List<String> expected = new ArrayList<>();
        for (Future<Deal> f : futures) {
            expected.add(f.get().id());
        }
        pool.shutdown();
        expected.sort(Comparator.reverseOrder());
        DealStore deals = new DealStore(t, capacity);
        walk(expected, (l, c) -> deals.latestForBrand("acme", l, c), 3);
    }

    /**
     * A page whose cursor names a bucket whose marker the index does not show (one GSI read may see less than the read
     * that made the cursor): 503, to be retried, rather than a skip to the previous bucket past deals of this one the
     * read does not see, or a 400 that calls a good cursor bad; a bucket the table does not hold is a bad cursor.
     */
    @Test
    void aCursorIntoABucketTheIndexDoesNotShowIsRetriedNotSkippedOrRefused() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        int capacity = 2;
        for (int i = 0; i < 2; i++) {
            Instant at = Fixtures.NOW.minus(Duration.ofDays(3)).plusSeconds(i);
            new DealPosting(new DealStore(table(t.name(), java.time.Clock.fixed(at, java.time.ZoneOffset.UTC)), capacity))
                    .create(Fixtures.deal("Old" + i, "acme", "tech", null));
        }
        dynamo.gsiLagMillis(t.name(), 600_000);
        Instant opened = Fixtures.NOW.minus(Duration.ofDays(1));
        new DealPosting(new DealStore(table(t.name(), java.time.Clock.fixed(opened, java.time.ZoneOffset.UTC)), capacity))
                .create(Fixtures.deal("New", "acme", "tech", null));
        String day = java.time.LocalDate.ofInstant(opened, java.time.ZoneOffset.UTC).toString();
        DealTimeline.Scope scope = DealTimeline.Scope.brand("acme");
        DealStore deals = new DealStore(t, capacity);
        String lagging = t.cursors().encode(scope.key(), List.of(day, ""));
        assertEquals(DomainException.Kind.UNAVAILABLE,
                assertThrows(DomainException.class, () -> deals.latestForBrand("acme", 2, lagging)).kind());
        String nowhere = t.cursors().encode(scope.key(), List.of("2020-01-01", ""));
        assertEquals("cursor", assertThrows(DomainException.class, () -> deals.latestForBrand("acme", 2, nowhere)).field());
    }

    @Test
    void limitAboveTheBucketCapacityIsRejected() {
        DealStore deals = new DealStore(newTable(Fixtures.NOW));
        assertEquals("limit", assertThrows(DomainException.class, () -> deals.latest(101, null)).field());
        assertEquals("limit", assertThrows(DomainException.class, () -> deals.latest(0, null)).field());
    }

    @Test
    void cursorFromAnotherBrandOrTamperedIsRejected() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        for (int i = 0; i < 3; i++) {
            new DealPosting(deals).create(Fixtures.deal("A" + i, "acme", "tech", Fixtures.NOW.minusSeconds(i)));
        }
        String cursor = deals.latestForBrand("acme", 1, null).nextCursor();
        assertNotNull(cursor);
        assertEquals("cursor", assertThrows(DomainException.class, () -> deals.latestForBrand("globex", 1, cursor)).field());
        assertEquals("cursor", assertThrows(DomainException.class, () -> deals.latest(1, cursor)).field());
        String tampered = cursor.substring(0, cursor.length() - 2) + (cursor.endsWith("A") ? "BB" : "AA");
        assertEquals("cursor", assertThrows(DomainException.class, () -> deals.latestForBrand("acme", 1, tampered)).field());
        assertEquals("cursor", assertThrows(DomainException.class, () -> deals.latestForBrand("acme", 1, "not-a-cursor")).field());
    }

    /** Walks every page, asserting full pages, order, no duplicates and the request budget; returns the page sizes. */
    static List<Integer> walk(List<String> expected, BiFunction<Integer, String, Page<Deal>> read, int limit) {
        return walk(expected, read, limit, 3);
    }

    /** Pages through a list: every page full, newest first, each deal exactly once, each page within the bound. */
    static List<Integer> walk(List<String> expected, BiFunction<Integer, String, Page<Deal>> read, int limit,
                              int maxRequests) {
        List<String> seen = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String cursor = null;
        do {
            RequestMeter.reset();
            Page<Deal> page = read.apply(limit, cursor);
            int requests = RequestMeter.usage().requests();
            assertTrue(requests <= maxRequests, "a page cost " + requests + " requests");
            int remaining = expected.size() - seen.size();
            assertEquals(Math.min(limit, remaining), page.items().size(), "page " + sizes.size() + " is not full");
            page.items().forEach(d -> seen.add(d.id()));
            sizes.add(page.items().size());
            cursor = page.nextCursor();
        } while (cursor != null);
        assertEquals(expected, seen);
        assertEquals(expected.size(), new HashSet<>(seen).size());
        return sizes;
    }

    private static List<String> ids(Page<Deal> page) {
        return page.items().stream().map(Deal::id).toList();
    }

    @Test
    void utcDayBucketsIgnoreTheMachineZone() {
        java.util.TimeZone original = java.util.TimeZone.getDefault();
        try {
            java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("Pacific/Kiritimati"));
            assertEquals("2026-11-20", DealTimeline.utcDay(Instant.parse("2026-11-20T23:30:00Z")));
            assertEquals("2026-11-21", DealTimeline.utcDay(Instant.parse("2026-11-21T00:00:00Z")));
        } finally {
            java.util.TimeZone.setDefault(original);
        }
    }
}

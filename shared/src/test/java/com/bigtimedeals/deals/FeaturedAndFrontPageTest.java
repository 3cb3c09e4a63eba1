package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

class FeaturedAndFrontPageTest extends DynamoDbTest {

    private record Setup(Table table, DealStore deals, FeaturedStore featured, CatalogStore catalog) {
    }

    private static Setup setup() {
        Table t = newTable(Fixtures.NOW);
        CatalogStore catalog = new CatalogStore(t);
        Fixtures.catalog(catalog);
        return new Setup(t, new DealStore(t), new FeaturedStore(t), catalog);
    }

    private static List<String> makeDeals(Setup s, int n) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(new DealPosting(s.deals()).create(Fixtures.deal("F" + i, "acme", "tech", Fixtures.NOW.minusSeconds(i))).id());
        }
        return ids;
    }

    @Test
    void setFeaturedDealsForTheFrontPageCopiesServerDataInTheGivenOrder() {
        Setup s = setup();
        List<String> ids = makeDeals(s, 3);
        List<String> order = List.of(ids.get(2), ids.get(0));
        RequestMeter.reset();
        List<Deal> featured = s.featured().set(FeaturedList.FRONT_PAGE, order);
        assertEquals(2, RequestMeter.usage().requests());
        assertEquals(order, featured.stream().map(Deal::id).toList());
        assertEquals(featured, s.featured().get(FeaturedList.FRONT_PAGE));
    }

    @Test
    void setFeaturedDealsForEditorsChoiceAndReadEditorsChoice() {
        Setup s = setup();
        List<String> ids = makeDeals(s, 2);
        s.featured().set(FeaturedList.EDITORS_CHOICE, ids);
        RequestMeter.reset();
        assertEquals(ids, s.featured().get(FeaturedList.EDITORS_CHOICE).stream().map(Deal::id).toList());
        assertEquals(1, RequestMeter.usage().requests());
    }

    @Test
    void setFeaturedDealsForACategoryAnswersTheCategory() {
        Setup s = setup();
        List<String> ids = makeDeals(s, 2);
        Category c = s.featured().setForCategory("tech", ids);
        assertEquals(ids, c.featured().stream().map(Deal::id).toList());
        assertEquals(c, s.catalog().category("tech"));
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class,
                () -> s.featured().setForCategory("nope", ids)).kind());
    }

    @Test
    void moreThanTwentyOrUnknownDealsAreInvalidAndChangeNothing() {
        Setup s = setup();
        List<String> ids = makeDeals(s, 21);
        s.featured().set(FeaturedList.FRONT_PAGE, ids.subList(0, 2));
        assertEquals("dealIds", assertThrows(DomainException.class, () -> s.featured().set(FeaturedList.FRONT_PAGE, ids)).field());
        List<String> withUnknown = List.of(ids.get(5), Ids.dealId(Fixtures.NOW));
        assertEquals("dealIds", assertThrows(DomainException.class, () -> s.featured().set(FeaturedList.FRONT_PAGE, withUnknown)).field());
        assertEquals("dealIds", assertThrows(DomainException.class, () -> s.featured().set(FeaturedList.FRONT_PAGE, List.of("junk"))).field());
        assertEquals(ids.subList(0, 2), s.featured().get(FeaturedList.FRONT_PAGE).stream().map(Deal::id).toList());
    }

    @Test
    void correctedDealIsRefreshedInEveryFeaturedCopy() {
        Setup s = setup();
        List<String> ids = makeDeals(s, 3);
        s.featured().set(FeaturedList.FRONT_PAGE, ids);
        s.featured().set(FeaturedList.EDITORS_CHOICE, List.of(ids.get(1)));
        s.featured().setForCategory("tech", List.of(ids.get(1), ids.get(2)));
        Deal fixed = s.deals().correct(ids.get(1), new DealCorrection("Fixed title", null, new BigDecimal("1.00"), null, null));
        assertEquals(3, s.featured().refresh(fixed));
        assertEquals(fixed, s.featured().get(FeaturedList.FRONT_PAGE).get(1));
        assertEquals(fixed, s.featured().get(FeaturedList.EDITORS_CHOICE).get(0));
        assertEquals(fixed, s.catalog().category("tech").featured().get(0));
        assertEquals(0, s.featured().refresh(fixed), "a replay rewrites nothing");
    }

    @Test
    void frontPageIsOneReadOfACompactItemUnderEightKilobytes() {
        Setup s = setup();
        List<String> ids = makeDeals(s, 40);
        s.featured().set(FeaturedList.FRONT_PAGE, ids.subList(0, 10));
        FrontPageCache cache = new FrontPageCache(s.table(), 4);
        assertNull(cache.read());
        assertEquals(4, cache.rebuild(s.featured(), s.deals()));
        RequestMeter.reset();
        FrontPage page = cache.read();
        assertEquals(1, RequestMeter.usage().requests());
        double units = RequestMeter.usage().readUnits();
        assertTrue(units > 0 && units <= 1.0, "read units " + units);
        assertEquals(10, page.featured().size());
        assertEquals(25, page.latest().size());
        assertEquals(s.deals().latest(25, null).items(), page.latest());
        int bytes = FrontPageCache.itemBytes(page);
        assertTrue(bytes <= 8 * 1024, "cache item is " + bytes + " bytes");
        assertEquals(s.deals().latest(25, null).nextCursor(), page.nextCursor());
    }

    @Test
    void aStaleRebuildCannotOverwriteANewerOne() {
        Setup s = setup();
        makeDeals(s, 3);
        FrontPageCache cache = new FrontPageCache(s.table(), 3);
        long older = cache.nextVersion();
        long newer = cache.nextVersion();
        FrontPage newerPage = FrontPageCache.live(newer, s.featured(), s.deals());
        assertEquals(3, cache.write(newerPage));
        FrontPage olderPage = new FrontPage(older, List.of(), List.of(), null);
        assertEquals(0, cache.write(olderPage));
        for (int i = 0; i < 10; i++) {
            assertEquals(newer, cache.read().version());
            assertEquals(3, cache.read().latest().size());
        }
    }

    /** 20 featured and 25 latest deals, every field at its maximum and incompressible: still far below 400 KB. */
    @Test
    void cacheAndFeaturedListsOfMaximumDealsStayFarBelowTheItemLimit() {
        Random random = new Random(7);
        List<Deal> max = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            max.add(new Deal(Ids.dealId(Fixtures.NOW), noise(random, 200), "https://x.example/" + noise(random, 2020),
                    new BigDecimal("10000000.00"), noise(random, 64), noise(random, 100), noise(random, 64),
                    noise(random, 100), "https://i.example/" + noise(random, 2020), noise(random, 2000),
                    Instant.parse("2026-01-01T00:00:00Z")));
        }
        FrontPage page = new FrontPage(1, max.subList(0, 20), max.subList(20, 45), "c".repeat(200));
        int bytes = FrontPageCache.itemBytes(page);
        assertTrue(bytes < 400 * 1024 / 1.5, "worst-case cache item is " + bytes + " bytes");
        assertEquals(page.latest(), DealCodec.decompress(1, DealCodec.compress(page)).latest());
        // The same worst case through the engine, which enforces the 400 KB limit itself.
        Setup s = setup();
        assertEquals(1, new FrontPageCache(s.table(), 1).write(page));
    }

    /** A featured list of 20 deals, every field at the contract's maximum: written and read back, far below 400 KB. */
    @Test
    void aFeaturedListOfTwentyMaximumDealsFitsByConstruction() {
        Setup s = setup();
        Random random = new Random(11);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ids.add(new DealPosting(s.deals()).create(new com.bigtimedeals.deals.NewDeal(noise(random, 200),
                    "https://x.example/" + urlSafe(random, 2020), new BigDecimal("10000000"), "acme", "tech",
                    "https://i.example/" + urlSafe(random, 2020), noise(random, 2000), Fixtures.NOW.minusSeconds(i))).id());
        }
        List<Deal> listed = s.featured().set(FeaturedList.EDITORS_CHOICE, ids);
        assertEquals(20, listed.size());
        assertEquals(listed, s.featured().get(FeaturedList.EDITORS_CHOICE));
        int bytes = 0;
        for (Deal d : listed) {
            bytes += d.title().length() + d.link().length() + d.imageUrl().length() + d.description().length() + 200;
        }
        assertTrue(bytes < 160 * 1024, "20 maximum deals are " + bytes + " bytes");
    }

    /** The longest URL the contract allows is still a URL: path characters only. */
    private static String urlSafe(Random random, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append((char) ('a' + random.nextInt(26)));
        }
        return b.toString();
    }

    private static String noise(Random random, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append((char) ('!' + random.nextInt(90)));
        }
        return b.toString();
    }
}

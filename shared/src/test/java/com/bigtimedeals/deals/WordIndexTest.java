package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Words;

/** The deal side of the word index: what it holds for a title, and search pages over it. */
class WordIndexTest extends DynamoDbTest {

    private record Setup(Table table, DealStore deals, WordIndex index) {
        Deal deal(String title, int daysAgo) {
            Deal d = new DealPosting(deals).create(Fixtures.deal(title, "acme", "tech", Fixtures.NOW.minus(Duration.ofDays(daysAgo))));
            index.index(d.id(), Words.indexable(d.title()));
            return d;
        }
    }

    private static Setup setup() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        return new Setup(t, new DealStore(t), new WordIndex(t));
    }

    /** Every page of a search, each within the budget; the ids in the order returned. */
    private static List<String> pageThrough(WordIndex index, List<String> words, int limit, List<Integer> sizes) {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        for (int pages = 0; pages < 1000; pages++) {
            RequestMeter.reset();
            Page<Deal> page = index.search(words, limit, cursor);
            assertTrue(RequestMeter.usage().requests() <= 3, "a page made " + RequestMeter.usage().requests() + " requests");
            assertTrue(page.items().size() <= limit);
            page.items().forEach(d -> ids.add(d.id()));
            sizes.add(page.items().size());
            cursor = page.nextCursor();
            if (cursor == null) {
                return ids;
            }
        }
        throw new AssertionError("paging never ended");
    }

    @Test
    void aSearchForOneWordPagesThroughEveryDealHoldingItNewestFirstExactlyOnce() {
        Setup s = setup();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            Deal d = s.deal((i % 2 == 0 ? "PS5 console " : "Xbox console ") + i, 60 - i);
            if (i % 2 == 0) {
                expected.add(0, d.id());
            }
        }
        s.deal("PS55 bundle", 1);
        s.deal("Headphones", 2);
        List<Integer> sizes = new ArrayList<>();
        assertEquals(expected, pageThrough(s.index(), List.of("ps5"), 5, sizes));
        assertEquals(List.of(5, 5, 2), sizes, "single-word pages are full: every entry matches");
        RequestMeter.reset();
        s.index().search(List.of("ps5"), 25, null);
        assertEquals(2, RequestMeter.usage().requests(), "1 Query + 1 BatchGetItem");
    }

    @Test
    void aSearchForSeveralWordsKeepsOnlyDealsHoldingAllOfThemAndEveryMatchOnce() {
        Setup s = setup();
        Set<String> expected = new HashSet<>();
        // 600 deals hold "console" (the longer, queried word); one in 25 also holds "ps5", spread thin.
        for (int i = 0; i < 600; i++) {
            boolean both = i % 25 == 0;
            Deal d = s.deal((both ? "PS5 " : "Other ") + "console offer " + i, 600 - i);
            if (both) {
                expected.add(d.id());
            }
        }
        List<Integer> sizes = new ArrayList<>();
        List<String> found = pageThrough(s.index(), List.of("ps5", "console"), 20, sizes);
        assertEquals(expected.size(), found.size(), "every match exactly once");
        assertEquals(expected, new HashSet<>(found));
        List<String> sorted = new ArrayList<>(found);
        sorted.sort(java.util.Comparator.reverseOrder());
        assertEquals(sorted, found, "newest first");
        // A page looks at up to 2 x 200 entries: 16 matches and a cursor, then the last 8.
        assertEquals(List.of(16, 8), sizes, "a page may hold fewer than limit while more follow");
    }

    @Test
    void wordsAreMatchedWholeInAnyCaseAndInAnyScript() {
        Setup s = setup();
        Deal ps5 = s.deal("Sony PS5, Digital Edition!", 3);
        s.deal("PS55 retro bundle", 2);
        Deal cafe = s.deal("CAFÉ crème beans", 1);
        Deal tokyo = s.deal("東京 weekend 2 nights", 0);
        assertEquals(List.of(ps5.id()), ids(s.index().search(List.of("ps5"), 10, null)));
        assertEquals(List.of(ps5.id()), ids(s.index().search(Words.parse("q", "DIGITAL ps5"), 10, null)));
        assertEquals(List.of(cafe.id()), ids(s.index().search(Words.parse("q", "cafe\u0301"), 10, null)));
        assertEquals(List.of(tokyo.id()), ids(s.index().search(List.of("東京"), 10, null)));
        assertEquals(List.of(), ids(s.index().search(List.of("ps"), 10, null)));
    }

    @Test
    void aTakenDownDealIsNeverAnsweredAndACorrectedTitleIsFoundByItsNewWordsOnly() {
        Setup s = setup();
        Deal gone = s.deal("Kettle deal", 2);
        Deal fixed = s.deal("Toaster deal", 1);
        s.deals().takeDown(gone.id());
        // Before the stream removes its words, the deal is read and dropped: never answered.
        assertEquals(List.of(fixed.id()), ids(s.index().search(List.of("deal"), 10, null)));
        s.index().remove(gone.id(), Words.indexable(gone.title()));
        Deal corrected = s.deals().correct(fixed.id(), new DealCorrection("Blender deal", null, null, null, null));
        // Before the stream reindexes it, the deal's title no longer holds "toaster": not answered for it.
        assertEquals(List.of(), ids(s.index().search(List.of("toaster"), 10, null)));
        s.index().reindex(fixed.id(), Words.indexable(fixed.title()), Words.indexable(corrected.title()));
        assertEquals(List.of(fixed.id()), ids(s.index().search(List.of("blender"), 10, null)));
        assertEquals(List.of(fixed.id()), ids(s.index().search(List.of("deal", "blender"), 10, null)));
        assertEquals(List.of("blender", "deal"), wordsHeld(s.table(), fixed.id()));
    }

    @Test
    void writingADealsWordsAgainChangesNothing() {
        Setup s = setup();
        Deal d = s.deal("Repeat repeat REPEAT after me", 0);
        int items = items(s.table());
        s.index().index(d.id(), Words.indexable(d.title()));
        s.index().index(d.id(), Words.indexable(d.title()));
        assertEquals(items, items(s.table()));
        assertEquals(List.of("after", "me", "repeat"), wordsHeld(s.table(), d.id()));
    }

    @Test
    void aCursorOnlyContinuesTheSearchItCameFrom() {
        Setup s = setup();
        for (int i = 0; i < 4; i++) {
            s.deal("Console game " + i, i);
        }
        String cursor = s.index().search(List.of("console", "game"), 2, null).nextCursor();
        assertEquals(2, s.index().search(List.of("game", "console"), 2, cursor).items().size(), "the same words in any order");
        DomainException e = assertThrows(DomainException.class, () -> s.index().search(List.of("console"), 2, cursor));
        assertEquals("cursor", e.field());
        assertThrows(DomainException.class, () -> s.index().search(List.of("console"), 101, null));
        assertNull(s.index().search(List.of("nothing"), 2, null).nextCursor());
    }

    @Test
    void recentDealsCountsOnlyTheLastMonthUpToItsCap() {
        Setup s = setup();
        s.deal("Lamp sale", 40); // titles differ: one link holds one live deal, and fixtures make links of titles
        s.deal("Lamp offer", 10);
        s.deal("Lamp deal", 1);
        assertEquals(2, s.index().recentDeals("lamp"));
        assertEquals(0, s.index().recentDeals("sofa"));
    }

    private static List<String> ids(Page<Deal> page) {
        return page.items().stream().map(Deal::id).toList();
    }

    /** The words of a deal's title as the index holds them: the word set on each of its entries, which all agree. */
    private static List<String> wordsHeld(Table t, String dealId) {
        Set<List<String>> sets = new HashSet<>();
        List<String> partitions = new ArrayList<>();
        for (var item : t.client().scan(b -> b.tableName(t.name())).items()) {
            if (DealKeys.DEAL_WORD.equals(item.get(Keys.TYPE).s()) && dealId.equals(item.get("dealId").s())) {
                sets.add(item.get("words").ss().stream().sorted().toList());
                partitions.add(item.get(Keys.PK).s().substring("WORD#".length()));
            }
        }
        assertEquals(1, sets.size(), "every entry of the deal carries the same words");
        List<String> words = sets.iterator().next();
        assertEquals(words, partitions.stream().sorted().toList(), "one entry per word");
        return words;
    }

    private static int items(Table t) {
        return t.client().scan(b -> b.tableName(t.name()).select("COUNT")).count();
    }
}

package com.bigtimedeals.community;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.Brand;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedCopies;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.IdempotencyStore;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

class FollowStoreTest extends DynamoDbTest {

    private record Setup(CatalogStore catalog, FollowStore follows, Table table) {
    }

    private static Setup setup() {
        Table t = newTable(Fixtures.NOW);
        CatalogStore catalog = new CatalogStore(t);
        Fixtures.catalog(catalog);
        return new Setup(catalog, new FollowStore(t), t);
    }

    @Test
    void likeBrandCountsOnceAndCostsAboutFourWriteUnits() {
        Setup s = setup();
        RequestMeter.reset();
        assertTrue(s.follows().add(Likeable.BRAND, "acme", "ann", Relation.LIKE));
        // The read (of the incarnation and the count the answer holds) and the transaction: the whole like, no read-back.
        assertEquals(2, RequestMeter.usage().requests());
        assertFalse(s.follows().add(Likeable.BRAND, "acme", "ann", Relation.LIKE));
        assertEquals(1, s.catalog().brand("acme").likes());
        assertEquals(0, s.catalog().brand("acme").watchers());
    }

    @Test
    void anAccountDeletionRemovesFollowsOfABrandAndCategoryDeletedSince() {
        Setup s = setup();
        s.catalog().createBrand("gone-brand", "Gone Brand", null);
        s.catalog().createCategory("gone-category", "Gone Category");
        s.follows().add(Likeable.BRAND, "gone-brand", "ann", Relation.LIKE);
        s.follows().add(Likeable.BRAND, "gone-brand", "ann", Relation.WATCH);
        s.follows().add(Likeable.CATEGORY, "gone-category", "ann", Relation.WATCH);
        s.follows().add(Likeable.BRAND, "acme", "ann", Relation.LIKE);
        s.catalog().delete(Likeable.BRAND, "gone-brand");
        s.catalog().delete(Likeable.CATEGORY, "gone-category");
        // Before: the like's counter (the deleted brand's item) failed its condition, the walk threw NOT_FOUND on
        // every try, and the stream batch holding the deletion went to the on-failure destination.
        var page = s.follows().removeForDeletion(new com.bigtimedeals.accounts.AccountDeletion("ann",
                Fixtures.NOW.plusSeconds(10), null, false), 10);
        assertEquals(4, page.removed());
        assertEquals(0, s.catalog().brand("acme").likes());
        for (var item : s.table().client().scan(b -> b.tableName(s.table().name())).items()) {
            String pk = item.get(Keys.PK).s();
            assertFalse(pk.contains("gone-") && item.toString().contains("ann"), "a relation of ann's stayed: " + item);
            assertFalse(pk.contains("ann") && item.toString().contains("gone-"), "a relation of ann's stayed: " + item);
        }
    }

    @Test
    void watchBrandAndUnwatchBrand() {
        Setup s = setup();
        assertTrue(s.follows().add(Likeable.BRAND, "acme", "ann", Relation.WATCH));
        assertEquals(new FollowState(false, true), s.follows().state(Likeable.BRAND, "acme", "ann"));
        assertEquals(1, s.catalog().brand("acme").watchers());
        assertTrue(s.follows().remove(Likeable.BRAND, "acme", "ann", Relation.WATCH));
        assertFalse(s.follows().remove(Likeable.BRAND, "acme", "ann", Relation.WATCH));
        assertEquals(0, s.catalog().brand("acme").watchers());
    }

    @Test
    void likeCategoryAndWatchCategoryTouchOnlyTheSmallCounterItem() {
        Setup s = setup();
        assertTrue(s.follows().add(Likeable.CATEGORY, "tech", "ann", Relation.LIKE));
        assertTrue(s.follows().add(Likeable.CATEGORY, "tech", "ann", Relation.WATCH));
        assertTrue(s.follows().add(Likeable.CATEGORY, "tech", "bob", Relation.WATCH));
        var tech = s.catalog().category("tech");
        assertEquals(1, tech.likes());
        assertEquals(2, tech.watchers());
        RequestMeter.reset();
        assertEquals(new FollowState(true, true), s.follows().state(Likeable.CATEGORY, "tech", "ann"));
        assertEquals(1, RequestMeter.usage().requests());
        assertEquals(new FollowState(false, false), s.follows().state(Likeable.CATEGORY, "food-drink", "ann"));
    }

    @Test
    void unlikeWhenNotLikedNeverGoesBelowZero() {
        Setup s = setup();
        assertFalse(s.follows().remove(Likeable.BRAND, "acme", "ann", Relation.LIKE));
        assertEquals(0, s.catalog().brand("acme").likes());
    }

    @Test
    void likingAnUnknownBrandOrCategoryIsNotFoundAndWritesNothing() {
        Setup s = setup();
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class,
                () -> s.follows().add(Likeable.BRAND, "nope", "ann", Relation.LIKE)).kind());
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class,
                () -> s.follows().add(Likeable.CATEGORY, "nope", "ann", Relation.WATCH)).kind());
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class,
                () -> s.follows().state(Likeable.BRAND, "nope", "ann")).kind(), "an unknown brand is not \"neither liked nor watched\"");
    }

    @Test
    void twentyFiveUsersLikingAtOnceCountTwentyFive() throws Exception {
        Setup s = setup();
        List<Callable<Boolean>> calls = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            String user = "user" + i;
            calls.add(() -> s.follows().add(Likeable.BRAND, "acme", user, Relation.LIKE));
        }
        assertEquals(25, run(calls).stream().filter(b -> b).count());
        assertEquals(25, s.catalog().brand("acme").likes());
    }

    @Test
    void tenThreadsOfOneUserCountOne() throws Exception {
        Setup s = setup();
        List<Callable<Boolean>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(() -> s.follows().add(Likeable.CATEGORY, "tech", "ann", Relation.LIKE));
        }
        assertEquals(1, run(calls).stream().filter(b -> b).count());
        assertEquals(1, s.catalog().category("tech").likes());
    }

    @Test
    void interleavedLikeAndUnlikeNeverDriveTheCountNegative() throws Exception {
        Setup s = setup();
        List<Callable<Boolean>> calls = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String user = "user" + (i % 5);
            boolean like = i % 2 == 0;
            calls.add(() -> {
                boolean changed = like ? s.follows().add(Likeable.BRAND, "acme", user, Relation.LIKE)
                        : s.follows().remove(Likeable.BRAND, "acme", user, Relation.LIKE);
                long likes = s.catalog().brand("acme", true).likes();
                assertTrue(likes >= 0 && likes <= 5, "likes went to " + likes);
                return changed;
            });
        }
        run(calls);
        long liked = 0;
        for (int u = 0; u < 5; u++) {
            liked += s.follows().state(Likeable.BRAND, "acme", "user" + u).liked() ? 1 : 0;
        }
        assertEquals(liked, s.catalog().brand("acme", true).likes());
    }

    /**
     * A key for the keyed path, its record (opaque to the store) the target's like count and whether it changed;
     * {@code between} runs between read and write.
     */
    private static KeyedWrite<FollowChange> key(String key, Runnable between) {
        return new KeyedWrite<>("user:ann", key, "fingerprint-" + key, Fixtures.NOW, change -> {
            between.run();
            return (change.changed() + " " + change.target().fold(Brand::likes, Category::likes))
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        });
    }

    @Test
    void aKeyedLikeIsOneReadAndOneTransactionAndItsAnswerIsTheCountItLeaves() {
        Setup s = setup();
        RequestMeter.reset();
        FollowChange liked = s.follows().add(Likeable.BRAND, "acme", "ann", Relation.LIKE, key("k1", () -> { }));
        assertEquals(2, RequestMeter.usage().requests(), "the read with the key's record, then the transaction with it");
        assertTrue(liked.changed());
        assertEquals(1, ((Brand) liked.target()).likes());
        assertEquals(1, s.catalog().brand("acme", true).likes());
        // The same key again: the record, read with the brand, is what answers; nothing is done.
        KeyedWrite.Held held = assertThrows(KeyedWrite.Held.class,
                () -> s.follows().add(Likeable.BRAND, "acme", "ann", Relation.LIKE, key("k1", () -> { })));
        assertEquals("true 1", new String(held.holder().outcome(), java.nio.charset.StandardCharsets.UTF_8));
        // A like that is already there, under a new key: the record alone.
        RequestMeter.reset();
        FollowChange again = s.follows().add(Likeable.BRAND, "acme", "ann", Relation.LIKE, key("k2", () -> { }));
        assertEquals(2, RequestMeter.usage().requests());
        assertFalse(again.changed());
        assertEquals(1, s.catalog().brand("acme", true).likes());
        assertThrows(DomainException.class,
                () -> s.follows().add(Likeable.BRAND, "nope", "ann", Relation.LIKE, key("k3", () -> { })));
    }

    @Test
    void aKeyedLikeOvertakenByOtherLikesReadsAgainThenGivesWayHavingDoneNothing() {
        Setup s = setup();
        // Another user likes the brand between this request's read and its write, once: it reads again, and its
        // answer counts both likes, which is what the brand holds after it.
        int[] others = {0};
        FollowChange liked = s.follows().add(Likeable.BRAND, "acme", "ann", Relation.LIKE, key("k1", () -> {
            if (others[0] < 1) {
                s.follows().add(Likeable.BRAND, "acme", "other" + others[0]++, Relation.LIKE);
            }
        }));
        assertEquals(2, ((Brand) liked.target()).likes());
        assertEquals(2, s.catalog().brand("acme", true).likes());
        // Overtaken on every read: it gives way, and neither its like nor its record was written.
        assertThrows(KeyedWrite.Contended.class, () -> s.follows().add(Likeable.BRAND, "acme", "bob", Relation.LIKE,
                key("k2", () -> s.follows().add(Likeable.BRAND, "acme", "other" + others[0]++, Relation.LIKE))));
        assertFalse(s.follows().state(Likeable.BRAND, "acme", "bob").liked());
        assertEquals(2 + others[0] - 1, s.catalog().brand("acme", true).likes());
        assertEquals(null, new IdempotencyStore(s.table()).read("user:ann", "k2", Fixtures.NOW), "no record of the key");
    }

    @Test
    void aTargetFromBeforeTheWatchCountItemsKeepsItsWatchesAndCountsOnExactly() {
        Setup s = setup();
        for (String old : List.of("old1", "old2", "old3")) {
            s.follows().add(Likeable.CATEGORY, "tech", old, Relation.WATCH);
        }
        // The layout before: every watch counted on the category's own item, no watch count item.
        var client = s.table().client();
        client.deleteItem(b -> b.tableName(s.table().name()).key(CatalogKeys.watcherCount(Likeable.CATEGORY, "tech")));
        client.updateItem(b -> b.tableName(s.table().name()).key(CatalogKeys.category("tech")).updateExpression("SET watchers = :n")
                .expressionAttributeValues(java.util.Map.of(":n", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("3"))));
        assertEquals(3, s.catalog().category("tech", true).watchers());
        // An unwatch of an old watch, a watch, a keyed watch: each counted once, on the new item, the old ones kept.
        assertTrue(s.follows().remove(Likeable.CATEGORY, "tech", "old1", Relation.WATCH));
        assertEquals(2, s.catalog().category("tech", true).watchers());
        assertTrue(s.follows().add(Likeable.CATEGORY, "tech", "ann", Relation.WATCH));
        assertEquals(3, s.catalog().category("tech", true).watchers());
        FollowChange keyed = s.follows().add(Likeable.CATEGORY, "tech", "bob", Relation.WATCH, key("w1", () -> { }));
        assertEquals(4, keyed.target().count(Relation.WATCH));
        assertEquals(4, s.catalog().category("tech", true).watchers());
        assertEquals(0, s.catalog().category("tech", true).likes());
        // A deleted category's watch count item goes with it: a watch of it is NOT_FOUND, and nothing is left behind.
        s.catalog().delete(Likeable.BRAND, "globex");
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class,
                () -> s.follows().add(Likeable.BRAND, "globex", "ann", Relation.WATCH)).kind());
        assertEquals(null, client.getItem(b -> b.tableName(s.table().name()).key(CatalogKeys.watcherCount(Likeable.BRAND, "globex"))).item()
                .get(Keys.PK));
    }

    @Test
    void aCategoryLikeAnswersWithTheProcesssCopyOfItsFeaturedListForThirtySeconds() {
        Setup s = setup();
        DealStore deals = new DealStore(s.table());
        String first = new DealPosting(deals).create(Fixtures.deal("Featured one", "acme", "tech", Fixtures.NOW.minusSeconds(1))).id();
        String second = new DealPosting(deals).create(Fixtures.deal("Featured two", "acme", "tech", Fixtures.NOW.minusSeconds(2))).id();
        FeaturedStore featured = new FeaturedStore(s.table());
        featured.setForCategory("tech", List.of(first));
        long[] nanos = {0};
        FollowStore follows = new FollowStore(s.table(), new FeaturedCopies(() -> nanos[0]));
        FollowChange one = follows.add(Likeable.CATEGORY, "tech", "ann", Relation.LIKE, key("c1", () -> { }));
        assertEquals(List.of(first), ((Category) one.target()).featured().stream().map(d -> d.id()).toList());
        featured.setForCategory("tech", List.of(second));
        nanos[0] = java.util.concurrent.TimeUnit.SECONDS.toNanos(29);
        RequestMeter.reset();
        FollowChange two = follows.add(Likeable.CATEGORY, "tech", "bob", Relation.LIKE, key("c2", () -> { }));
        assertEquals(2, RequestMeter.usage().requests(), "the counts read without the list, then the transaction");
        assertEquals(List.of(first), ((Category) two.target()).featured().stream().map(d -> d.id()).toList(), "the copy");
        assertEquals(2, ((Category) two.target()).likes(), "the counts read strongly consistent all the same");
        nanos[0] = java.util.concurrent.TimeUnit.SECONDS.toNanos(31);
        FollowChange three = follows.add(Likeable.CATEGORY, "tech", "carol", Relation.LIKE, key("c3", () -> { }));
        assertEquals(List.of(second), ((Category) three.target()).featured().stream().map(d -> d.id()).toList(), "read again");
        assertEquals(3, ((Category) three.target()).likes());
    }

    private static List<Boolean> run(List<Callable<Boolean>> calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        try {
            List<Boolean> results = new ArrayList<>();
            for (Future<Boolean> f : pool.invokeAll(calls)) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }
}

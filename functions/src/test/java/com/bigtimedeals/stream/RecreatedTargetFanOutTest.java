package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;

/**
 * A brand or category deleted while watched and made again with the same id: a new deal in the one made again reaches
 * its own watchers only, never the deleted one's (before: the stale watchers got the message and its push). And the
 * counts stay exact while likes and watches race the deletion and the re-creation.
 */
class RecreatedTargetFanOutTest extends StreamTest {

    @Test
    void aNewDealReachesOnlyTheWatchersOfTheTargetMadeAgain() {
        CatalogStore catalog = new CatalogStore(table);
        FollowStore follows = new FollowStore(table);
        catalog.createBrand("fresh", "Fresh", null);
        catalog.createCategory("newcat", "Newcat");
        follows.add(Likeable.BRAND, "fresh", "stale-b", Relation.WATCH);
        follows.add(Likeable.CATEGORY, "newcat", "stale-c", Relation.WATCH);
        catalog.delete(Likeable.BRAND, "fresh");
        catalog.delete(Likeable.CATEGORY, "newcat");
        catalog.createBrand("fresh", "Fresh", null);
        catalog.createCategory("newcat", "Newcat");
        follows.add(Likeable.BRAND, "fresh", "new-b", Relation.WATCH);
        follows.add(Likeable.CATEGORY, "newcat", "new-c", Relation.WATCH);
        tap.drain();

        Deal deal = newDeal("Fresh kettle", "fresh", "newcat");
        pump(60_000);
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(Map.of("new-b", 1, "new-c", 1), counts);
    }

    /**
     * Users like and watch, and unlike and unwatch, a brand while an editor deletes it and makes it again, over and
     * over: whenever it exists, each count equals the relations of its live incarnation, and never drops below zero.
     */
    @Test
    void countsStayExactWhileLikesRaceTheDeletionAndTheRecreation() throws Exception {
        CatalogStore catalog = new CatalogStore(table);
        FollowStore follows = new FollowStore(table);
        catalog.createBrand("racy", "Racy", null);
        AtomicBoolean stop = new AtomicBoolean();
        Thread editor = new Thread(() -> {
            for (int round = 0; round < 15; round++) {
                catalog.delete(Likeable.BRAND, "racy");
                catalog.createBrand("racy", "Racy", null);
            }
            stop.set(true);
        });
        editor.start();
        parallel(12, i -> {
            Relation relation = i % 2 == 0 ? Relation.LIKE : Relation.WATCH;
            for (int n = 0; !stop.get() || n < 4; n++) {
                try {
                    if (n % 3 == 2) {
                        follows.remove(Likeable.BRAND, "racy", "u" + i, relation);
                    } else {
                        follows.add(Likeable.BRAND, "racy", "u" + i, relation);
                    }
                } catch (DomainException e) {
                    assertEquals(DomainException.Kind.NOT_FOUND, e.kind(), "only between the deletion and the re-creation");
                }
            }
        });
        editor.join();
        long likes = 0;
        long watches = 0;
        for (int i = 0; i < 12; i++) {
            var state = follows.state(Likeable.BRAND, "racy", "u" + i);
            likes += state.liked() ? 1 : 0;
            watches += state.watching() ? 1 : 0;
        }
        var brand = catalog.brand("racy", true);
        assertEquals(likes, brand.likes(), "likes: one per live like");
        assertEquals(watches, brand.watchers(), "watchers: one per live watch");
        assertTrue(brand.likes() >= 0 && brand.watchers() >= 0);
        long listed = follows.follows("u0").brands().size() + follows.follows("u1").brands().size();
        assertEquals((follows.state(Likeable.BRAND, "racy", "u0").liked() ? 1 : 0)
                + (follows.state(Likeable.BRAND, "racy", "u1").watching() ? 1 : 0), listed);
    }

    /**
     * The deletion's walk deletes the deleted brand's 250 watch items (and their twins) a page per invocation, every
     * batch delivered twice, while the brand is made again and watched: by new users, and again by some of the old
     * ones, between the walk's pages. Only the deleted incarnation's watches go; the new one's counts stay exact.
     */
    /** Rounds of the delivery between which users watch the brand made again: fewer than the walk's pages. */
    private static final int WATCHING_ROUNDS = 3;

    @Test
    void theDeletionsWalkRemovesTheOldWatchesWhileTheBrandIsMadeAgainAndWatched() throws Exception {
        CatalogStore catalog = new CatalogStore(table);
        FollowStore follows = new FollowStore(table);
        catalog.createBrand("walked", "Walked", null);
        parallel(250, i -> follows.add(Likeable.BRAND, "walked", "old" + String.format("%03d", i), Relation.WATCH));
        tap.drain();
        catalog.delete(Likeable.BRAND, "walked");
        catalog.createBrand("walked", "Walked", null); // made again before the walk's first page
        int invocations = 0;
        int round = 0;
        for (var records = tap.drain(); !records.isEmpty(); records = tap.drain(), round++) {
            // Between pages: new users watch, and old ones (those the walk has not reached, and those it has) watch again.
            if (round < WATCHING_ROUNDS) {
                follows.add(Likeable.BRAND, "walked", "new" + round, Relation.WATCH);
                follows.add(Likeable.BRAND, "walked", "old" + String.format("%03d", (round * 37) % 250), Relation.WATCH);
            }
            for (int copy = 0; copy < 2; copy++) {
                assertTrue(deliverWithBudget(records, 1).getBatchItemFailures().isEmpty());
                invocations++;
            }
            assertTrue(round < 100, "the walk never finished");
        }
        assertTrue(invocations >= 6, "a page per invocation, handed on: " + invocations);
        java.util.Set<String> rewatched = new java.util.HashSet<>();
        for (int r = 0; r < WATCHING_ROUNDS; r++) {
            rewatched.add("old" + String.format("%03d", (r * 37) % 250));
        }
        java.util.Set<String> listed = new java.util.HashSet<>();
        String after = null;
        do {
            var page = follows.watchers(Likeable.BRAND, "walked", after, 1000);
            listed.addAll(page.usernames());
            after = page.next();
        } while (after != null);
        var items = client.query(software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk").expressionAttributeValues(Map.of(":pk",
                        software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("BRANDWATCH#walked"))).build()).items();
        assertEquals(listed.size(), items.size(), "every watch item left is one of the live incarnation");
        assertEquals(WATCHING_ROUNDS + rewatched.size(), listed.size());
        assertEquals(listed.size(), catalog.brand("walked", true).watchers());
        for (int i = 0; i < 250; i++) {
            String user = "old" + String.format("%03d", i);
            boolean again = rewatched.contains(user);
            assertEquals(again, follows.state(Likeable.BRAND, "walked", user).watching(), user);
            assertEquals(again ? 1 : 0, follows.follows(user).brands().size(), user + "'s follows (the twin)");
        }
        assertEquals(0, client.scan(b -> b.tableName(table.name())).items().stream()
                .filter(item -> item.get("PK").s().startsWith("FOLLOWS#old") && item.get("SK").s().startsWith("BRAND#walked"))
                .filter(item -> !rewatched.contains(item.get("PK").s().substring("FOLLOWS#".length()))).count(), "twins of old watches");
    }
}

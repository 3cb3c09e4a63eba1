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
}

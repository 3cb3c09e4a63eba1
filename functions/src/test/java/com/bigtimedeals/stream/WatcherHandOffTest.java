package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;


/** A watcher list longer than one invocation can walk is handed on through the table and finished later. */
class WatcherHandOffTest extends StreamTest {
    @Test
    void aWatcherListThatOutlastsTheInvocationIsHandedOnAndFinishedLater() throws Exception {
        FollowStore follows = new FollowStore(table);
        parallel(1200, i -> follows.add(Likeable.BRAND, "globex", "w" + i, Relation.WATCH));
        parallel(30, i -> follows.add(Likeable.CATEGORY, "home", "h" + i, Relation.WATCH));
        tap.drain();
        Deal deal = newDeal("Lamp", "globex", "home");
        // Runs out of time after two pages: the rest is handed on through the table.
        assertTrue(deliverWithBudget(tap.drain(), 2).getBatchItemFailures().isEmpty());
        assertTrue(messagesByUser(deal.id()).size() > 0);
        assertTrue(messagesByUser(deal.id()).size() < 1230);
        pump(60_000);
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(1230, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
    }
}

package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.data.BlastStore;
import com.bigtimedeals.data.UserStore;
import com.bigtimedeals.domain.Blast;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.UserProfile;
import com.bigtimedeals.service.DealService;


/** A hot-deal blast carried across invocations with every user reached exactly once. */
class HotDealBlastTest extends StreamTest {
    @Test
    void hotDealBlastReachesFiveThousandUsersExactlyOnceAcrossInvocations() throws Exception {
        UserStore users = new UserStore(table);
        parallel(5000, i -> users.create(new UserProfile("u" + i, "u" + i + "@example.com", null, null, NOW)));
        Deal deal = newDeal("Hot", "acme", "tech");
        tap.drain();
        DealService service = DealService.of(table, SHARDS, 4);
        Blast blast = service.blast(deal.id(), null, null, NOW);
        assertTrue(deliver(tap.drain(), 60_000).getBatchItemFailures().isEmpty()); // the request: creates 4 segments
        // The segments' first invocation is told it has almost no time left: one page each, then hand on.
        assertTrue(deliver(tap.drain(), 1).getBatchItemFailures().isEmpty());
        Blast midway = new BlastStore(table).get(blast.id());
        assertTrue(midway.usersReached() > 0 && midway.usersReached() < 5000, "reached " + midway.usersReached());
        assertFalse(midway.done());
        pump(60_000);
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(5000, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
        Blast done = new BlastStore(table).get(blast.id());
        assertEquals(5000, done.usersReached());
        assertTrue(done.done());
        int items = itemCount();
        pump(60_000);
        assertEquals(items, itemCount());
    }
}

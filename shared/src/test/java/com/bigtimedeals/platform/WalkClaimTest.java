package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.BlastSegment;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.FanOutStore;

/**
 * A page's claim goes to the first run that starts it and to no other: the guarantee that lets that run write
 * the page with BatchWriteItem (which cannot carry a condition) and every later run of the page create-only.
 */
class WalkClaimTest extends DynamoDbTest {
    private static BlastSegment segmentAt(String after) {
        return new BlastSegment("b1", 0, 1, after, 0, false);
    }

    private static BlastStore blastWithOneSegment(Table table) {
        BlastStore blasts = new BlastStore(table);
        blasts.createSegments(new Blast("b1", "d1", "subject", "body", Fixtures.NOW, 1, 0, 0));
        return blasts;
    }

    @Test
    void onlyTheFirstRunToStartAPageHoldsItsClaim() {
        BlastStore blasts = blastWithOneSegment(newTable(Fixtures.NOW));
        assertTrue(blasts.claim(segmentAt(null)), "the first run at the start");
        assertFalse(blasts.claim(segmentAt(null)), "a second run of the same page: after a crash, or a redelivery");
        // The run goes on: its checkpoint claims the next page for it, so nobody else can.
        assertTrue(blasts.advance(segmentAt(null), "p2", 10, true));
        assertFalse(blasts.claim(segmentAt("p2")));
        // A run that hands on leaves the next page unclaimed for the run that continues the walk.
        assertTrue(blasts.advance(segmentAt("p2"), "p3", 10, false));
        assertTrue(blasts.claim(segmentAt("p3")));
        assertFalse(blasts.claim(segmentAt("p3")));
        // A run that read an old position claims nothing: the walk no longer stands there.
        assertFalse(blasts.claim(segmentAt("p2")));
        assertTrue(blasts.advance(segmentAt("p3"), null, 5, false));
        assertFalse(blasts.claim(segmentAt(null)), "a finished walk");
        BlastSegment done = blasts.segment("b1", 0);
        assertTrue(done.done());
        assertEquals(25, done.reached());
    }

    @Test
    void racingRunsOfOnePageGetOneClaimBetweenThem() throws Exception {
        BlastStore blasts = blastWithOneSegment(newTable(Fixtures.NOW));
        assertTrue(blasts.advance(segmentAt(null), "p2", 10, false));
        ConcurrentLinkedQueue<Boolean> claims = new ConcurrentLinkedQueue<>();
        ParallelRuns.run(12, 12, i -> claims.add(blasts.claim(segmentAt("p2"))));
        assertEquals(1, claims.stream().filter(c -> c).count());
    }

    @Test
    void aNewDealsFanOutListIsClaimedByItsFirstRunOnly() {
        FanOutStore work = new FanOutStore(newTable(Fixtures.NOW));
        assertTrue(work.claimFirstRun("d1", Likeable.BRAND));
        assertFalse(work.claimFirstRun("d1", Likeable.BRAND), "a redelivered new-deal record");
        assertTrue(work.claimFirstRun("d2", Likeable.BRAND));
        assertEquals(List.of(true, false), List.of(work.claimFirstRun("d1", Likeable.CATEGORY),
                work.claimFirstRun("d1", Likeable.CATEGORY)));
    }
}

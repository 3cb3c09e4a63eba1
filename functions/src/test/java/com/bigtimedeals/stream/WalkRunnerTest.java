package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.Context;

/**
 * The runner's rules, on a walk held in memory (the walk is the runner's seam: a store-backed walk and this one
 * answer the same five questions): each page is done and then checkpointed from where it started, a lost checkpoint
 * stops the run, a spent budget hands on, only the first run of a page holds its claim, and a walk that must end
 * where it stands is finished without another page.
 */
class WalkRunnerTest {
    /** Pages "p0".."p{pages-1}" of 10 things each; a checkpoint moves only from where the walk stands. */
    static final class InMemoryWalk implements WalkRunner.Walk<String> {
        final int pages;
        final boolean claims;
        String at;
        boolean done;
        boolean endHere;
        String claimed;
        int requeued;
        String movedByAnotherRunAfter;
        final List<String> stepped = new ArrayList<>();
        final List<Boolean> firstHand = new ArrayList<>();

        InMemoryWalk(int pages, boolean claims) {
            this.pages = pages;
            this.claims = claims;
        }

        @Override
        public WalkRunner.Start<String> start() {
            if (done) {
                return null;
            }
            return endHere ? WalkRunner.Start.endAt("state", at) : WalkRunner.Start.at("state", at);
        }

        @Override
        public WalkRunner.Step step(String state, String from, boolean first, Tally tally) {
            assertEquals("state", state, "every step is handed what start() read");
            stepped.add(from);
            firstHand.add(first);
            int page = from == null ? 0 : Integer.parseInt(from.substring(1));
            return new WalkRunner.Step(page + 1 < pages ? "p" + (page + 1) : null, 10);
        }

        @Override
        public boolean claimsPages() {
            return claims;
        }

        @Override
        public boolean claim(String state, String page) {
            if (java.util.Objects.equals(claimed, "@" + page)) {
                return false;
            }
            claimed = "@" + page;
            return true;
        }

        @Override
        public boolean checkpoint(String state, String from, String next, int count, boolean claimNext) {
            if (done || !java.util.Objects.equals(at, from) || (movedByAnotherRunAfter != null && movedByAnotherRunAfter.equals(from))) {
                return false;
            }
            at = next;
            done = next == null;
            if (claimNext) {
                claimed = "@" + next;
            }
            return true;
        }

        @Override
        public void requeue() {
            requeued++;
        }
    }

    /** A budget that holds for the first {@code looks} looks at the clock and is spent after that. */
    private static TimeBudget budgetFor(int looks) {
        int[] left = {looks};
        Context context = (Context) Proxy.newProxyInstance(WalkRunnerTest.class.getClassLoader(), new Class<?>[] {Context.class},
                (proxy, method, args) -> method.getName().equals("getRemainingTimeInMillis") ? (left[0]-- > 0 ? 60_000 : 0) : null);
        return new TimeBudget(context, 1_000);
    }

    @Test
    void aWalkWithTimeRunsEveryPageInOrderAndFinishes() {
        InMemoryWalk walk = new InMemoryWalk(3, false);
        Tally tally = new Tally();
        WalkRunner.run(walk, budgetFor(100), tally);
        assertEquals(java.util.Arrays.asList(null, "p1", "p2"), walk.stepped);
        assertTrue(walk.done);
        assertEquals(0, tally.handedOn);
    }

    @Test
    void aSpentBudgetRequeuesBeforeTheFirstPageAndHandsOnAfterACheckpoint() {
        InMemoryWalk untouched = new InMemoryWalk(3, false);
        Tally tally = new Tally();
        WalkRunner.run(untouched, budgetFor(0), tally);
        assertEquals(1, untouched.requeued);
        assertTrue(untouched.stepped.isEmpty());
        InMemoryWalk onePage = new InMemoryWalk(3, false);
        WalkRunner.run(onePage, budgetFor(1), tally); // holds at the start, spent after the first page
        assertEquals(List.of("p1"), List.of(onePage.at));
        assertFalse(onePage.done);
        assertEquals(2, tally.handedOn);
    }

    @Test
    void aRunThatLosesItsCheckpointStopsAndLeavesTheRestToTheWinner() {
        InMemoryWalk walk = new InMemoryWalk(5, false);
        walk.movedByAnotherRunAfter = "p1";
        Tally tally = new Tally();
        walk.at = null;
        WalkRunner.run(walk, budgetFor(100), tally);
        assertEquals(java.util.Arrays.asList(null, "p1"), walk.stepped);
        assertEquals(1, tally.checkpointsLost);
        assertEquals("p1", walk.at);
    }

    @Test
    void onlyTheFirstRunOfAPageHoldsItsClaimAndAGoingRunClaimsItsNextPageWithItsCheckpoint() {
        InMemoryWalk walk = new InMemoryWalk(3, true);
        walk.claimed = "@null"; // an earlier run started the first page and died before its checkpoint
        WalkRunner.run(walk, budgetFor(100), new Tally());
        assertEquals(List.of(false, true, true), walk.firstHand);
    }

    @Test
    void aWalkThatMustEndWhereItStandsIsFinishedWithNoFurtherPage() {
        InMemoryWalk walk = new InMemoryWalk(3, false);
        walk.at = "p1";
        walk.endHere = true;
        WalkRunner.run(walk, budgetFor(100), new Tally());
        assertTrue(walk.stepped.isEmpty());
        assertTrue(walk.done);
        WalkRunner.run(walk, budgetFor(100), new Tally()); // a late record of a finished walk does nothing
        assertTrue(walk.stepped.isEmpty());
    }
}

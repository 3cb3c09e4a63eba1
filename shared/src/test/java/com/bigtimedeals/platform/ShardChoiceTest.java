package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * SnapStart restores many environments from one snapshot. This JVM cannot checkpoint (no CRaC), so a
 * snapshot is played by copying the primed generator's state, and a restore by calling the hook as Lambda
 * would.
 */
class ShardChoiceTest {
    private static final int SHARDS = 17;

    private static int[] draws(ShardChoice choice, int n) {
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = choice.next(SHARDS);
        }
        return d;
    }

    @Test
    void environmentsRestoredFromOneSnapshotChooseDifferentCopies() {
        ShardChoice primed = new ShardChoice();
        draws(primed, 5); // priming reads the front page before the snapshot

        // Without the hook, every restored copy replays one sequence: the hazard this class exists for.
        assertEquals(Arrays.toString(draws(primed.snapshotCopy(), 32)), Arrays.toString(draws(primed.snapshotCopy(), 32)));

        ShardChoice first = primed.snapshotCopy();
        ShardChoice second = primed.snapshotCopy();
        first.afterRestore(null);
        second.afterRestore(null);
        assertNotEquals(Arrays.toString(draws(first, 32)), Arrays.toString(draws(second, 32)));
    }

    @Test
    void everyCopyIsChosenAndNoneOutsideTheRange() {
        ShardChoice choice = new ShardChoice();
        choice.afterRestore(null);
        int[] hits = new int[SHARDS + 1];
        for (int d : draws(choice, 17_000)) {
            assertTrue(d >= 1 && d <= SHARDS, "shard " + d);
            hits[d]++;
        }
        for (int shard = 1; shard <= SHARDS; shard++) {
            // 1,000 expected each; below 700 would be a broken generator, not bad luck (p < 1e-20).
            assertTrue(hits[shard] > 700, "shard " + shard + " got " + hits[shard] + " of 17,000");
        }
        assertEquals(1, new ShardChoice().next(1));
    }
}

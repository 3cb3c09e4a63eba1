package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Table;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The counts gate: a reading covers a batch only when it saw each of the batch's shards at its count or later. */
class CountsGateTest extends DynamoDbTest {

    @Test
    void aReadingCoversABatchOnlyWhenItSawEveryShardAtItsCountOrLater() {
        Map<String, AttributeValue> gate = Map.of("covered", AttributeValue.fromS("3,0,7"));
        assertTrue(CountsGate.covers(gate, Map.of(0, 3L, 2, 5L)));
        assertFalse(CountsGate.covers(gate, Map.of(0, 4L)), "shard 0 was read before its fourth write");
        assertFalse(CountsGate.covers(gate, Map.of(1, 1L)));
        assertFalse(CountsGate.covers(gate, Map.of(-1, 0L)), "a record that names no shard is never covered");
        assertFalse(CountsGate.covers(gate, Map.of()), "nothing known: aggregate");
        assertFalse(CountsGate.covers(null, Map.of(0, 1L)));
    }

    /**
     * The first batch claims; once its aggregation records what it read, a batch whose changes it read is covered,
     * and one with a later change is not: with a clock that stands still it aggregates on its own, never waits forever.
     */
    @Test
    void aClaimThenACoveredReadingThenALaterChange() {
        Table t = newTable(Fixtures.NOW);
        CountsGate gate = new CountsGate(t, 2_000);
        assertEquals(CountsGate.Outcome.CLAIMED, gate.await("d1", Map.of(4, 2L), () -> true));
        long[] read = new long[DealCounters.SHARDS_PER_VIEW];
        read[4] = 2;
        gate.covered("d1", read);
        assertEquals(CountsGate.Outcome.COVERED, gate.await("d1", Map.of(4, 1L), () -> true));
        assertEquals(CountsGate.Outcome.UNGATED, gate.await("d1", Map.of(4, 3L), () -> true));
        long[] older = new long[DealCounters.SHARDS_PER_VIEW];
        gate.covered("d1", older); // a reading with fewer writes never replaces a newer one
        assertEquals(CountsGate.Outcome.COVERED, gate.await("d1", Map.of(4, 2L), () -> true));
    }
}

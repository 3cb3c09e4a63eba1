package com.bigtimedeals.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.changes.Change;
import com.bigtimedeals.changes.ItemChanges;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A blast exists with all its work from the moment it is recorded: nothing waits for its own stream record,
 * which may exhaust the mapping's retries and never arrive.
 */
class BlastRecordTest extends DynamoDbTest {
    private static Blast blast(String id, int segments) {
        return new Blast(id, "d-" + id, "subject", "body", Fixtures.NOW, segments, 0, 0);
    }

    private static Map<String, AttributeValue> item(Table table, Map<String, AttributeValue> key) {
        return table.client().getItem(GetItemRequest.builder().tableName(table.name()).key(key).consistentRead(true)
                .build()).item();
    }

    @Test
    void aBlastIsRecordedWithEverySegmentPendingAndItsOwnRecordAsksForNothingMore() {
        Table table = newTable(Fixtures.NOW);
        BlastStore blasts = new BlastStore(table);
        assertTrue(blasts.record(blast("b1", 5)).created());
        for (int k = 0; k < 5; k++) {
            BlastSegment segment = blasts.segment("b1", k);
            assertEquals(0, segment.reached());
            assertFalse(segment.done());
        }
        // The sweeper sees all five as unfinished work, should their INSERT records never be delivered.
        Table later = table(table.name(), Clock.fixed(Fixtures.NOW.plus(Duration.ofHours(1)), ZoneOffset.UTC));
        assertEquals(5, new WalkStore(later).stalled(Duration.ofMinutes(10), 100).size());
        Blast recorded = blasts.get("b1");
        assertEquals(5, recorded.segments());
        assertEquals(0, recorded.segmentsDone());
        assertInstanceOf(Change.Other.class,
                ItemChanges.decode(true, item(table, InboxKeys.blast("b1")), null));
    }

    @Test
    void theMostSegmentsABlastCanHaveAreWrittenInItsOneTransaction() {
        BlastStore blasts = new BlastStore(newTable(Fixtures.NOW));
        assertTrue(blasts.record(blast("b1", BlastStore.MAX_SEGMENTS)).created());
        assertEquals(BlastStore.MAX_SEGMENTS, blasts.get("b1").segments());
        assertFalse(blasts.segment("b1", BlastStore.MAX_SEGMENTS - 1).done());
    }

    @Test
    void aBlastRecordedByTheVersionBeforeStillGetsItsSegmentsFromItsRecord() {
        Table table = newTable(Fixtures.NOW);
        // The item as the previous version wrote it: the request only, its segments left to the stream consumer.
        Map<String, AttributeValue> old = new ItemWriter(InboxKeys.blast("b0"), InboxKeys.BLAST).string("id", "b0")
                .string("dealId", "d0").string("subject", "s").string("body", "b").instant("requestedAt", Fixtures.NOW)
                .number("segments", 3).build();
        table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(old).build());
        assertEquals(new Change.BlastRequested("b0"), ItemChanges.decode(true, old, null));
        BlastStore blasts = new BlastStore(table);
        blasts.createSegments(blasts.requested("b0"));
        blasts.createSegments(blasts.requested("b0")); // a redelivered record: every segment is there already
        for (int k = 0; k < 3; k++) {
            assertFalse(blasts.segment("b0", k).done());
        }
        assertEquals(0, blasts.get("b0").segmentsDone());
    }
}

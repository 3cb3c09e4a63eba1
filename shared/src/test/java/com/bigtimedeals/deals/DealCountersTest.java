package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The deal's counters: spread over partitions, exact under concurrency, read with the deal in one request. */
class DealCountersTest extends DynamoDbTest {

    private record Setup(Table table, DealStore deals, DealCounters counters, Deal deal) {
    }

    private static Setup setup() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        Deal deal = new DealPosting(deals).create(Fixtures.deal("Counted", "acme", "tech", null));
        return new Setup(t, deals, new DealCounters(t), deal);
    }

    /** A write of the caller's own that rides in the counter's transaction (a comment, a vote). */
    private static TransactWriteItem marker(Table t, String id) {
        return TransactWriteItem.builder().put(Put.builder().tableName(t.name())
                .item(Map.of("PK", AttributeValue.fromS("MARK#" + id), "SK", AttributeValue.fromS("MARK"),
                        "Type", AttributeValue.fromS("Mark")))
                .conditionExpression("attribute_not_exists(PK)").build()).build();
    }

    @Test
    void everyShardHasAPartitionKeyOfItsOwnApartFromTheDeals() {
        Setup s = setup();
        Set<String> keys = new HashSet<>();
        assertEquals(DealCounters.SHARDS_PER_VIEW, DealCounters.keys(s.deal().id()).size(), "a reader reads one view");
        for (int view = 0; view < DealCounters.VIEWS; view++) {
            for (Map<String, AttributeValue> key : DealCounters.keys(s.deal().id(), view)) {
                keys.add(key.get("PK").s());
            }
        }
        for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
            keys.add(DealKeys.dealLive(s.deal().id(), m).get("PK").s());
        }
        assertEquals(DealCounters.SHARDS + DealCounters.LIVE_MARKERS, keys.size(),
                "shards and markers sharing a partition key would spread nothing");
        assertTrue(!keys.contains(DealKeys.deal(s.deal().id()).get("PK").s()));
    }

    @Test
    void getExactReadsTheDealAndItsCountsInOneStronglyConsistentRequest() {
        Setup s = setup();
        s.counters().commit(List.of(marker(s.table(), "a")), s.deal().id(), Map.of(Counter.HOT, 3L));
        s.counters().commit(List.of(), s.deal().id(), Map.of(Counter.COLD, 1L, Counter.COMMENTS, 2L));
        RequestMeter.reset();
        Deal read = s.deals().getExact(s.deal().id());
        assertEquals(1, RequestMeter.usage().requests());
        assertEquals(2, read.temperature());
        assertEquals(2, read.commentCount());
        assertEquals(2, read.counts().version(), "one per counted write");
        assertTrue(s.deal().sameContent(read));
    }

    @Test
    void aDealsMarkersAreLiveFromItsCreationAndDownFromItsTakedown() {
        Setup s = setup();
        for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
            assertTrue(DealCounters.isLiveMarker(TableReads.batchGetConsistent(s.table(),
                    List.of(DealKeys.dealLive(s.deal().id(), m))).get(0)), "marker " + m + " written with the deal");
        }
        s.deals().takeDown(s.deal().id());
        for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
            assertTrue(!DealCounters.isLiveMarker(TableReads.batchGetConsistent(s.table(),
                    List.of(DealKeys.dealLive(s.deal().id(), m))).get(0)), "marker " + m + " down with the deal");
        }
    }

    @Test
    void aTakenDownDealHasNoCounts() {
        Setup s = setup();
        s.counters().commit(List.of(), s.deal().id(), Map.of(Counter.HOT, 1L));
        s.deals().takeDown(s.deal().id());
        assertThrows(DomainException.class, () -> s.deals().getExact(s.deal().id()));
    }

    @Test
    void aFailedConditionOfTheCallersWriteCountsNothingAndReachesTheCaller() {
        Setup s = setup();
        s.counters().commit(List.of(marker(s.table(), "once")), s.deal().id(), Map.of(Counter.COMMENTS, 1L));
        TransactionCanceledException e = assertThrows(TransactionCanceledException.class, () -> s.counters()
                .commit(List.of(marker(s.table(), "once")), s.deal().id(), Map.of(Counter.COMMENTS, 1L)));
        assertEquals("ConditionalCheckFailed", e.cancellationReasons().get(0).code(), "reasons line up with the caller's writes");
        assertEquals(1, s.counters().read(List.of(s.deal().id())).get(s.deal().id()).commentCount());
    }

    /**
     * 200 concurrent transactions, each with its own write and a counter change: every one lands exactly once, and
     * the sum is what the caller's own items say. The version only grows while they run.
     */
    @Test
    void concurrentChangesAreExactAndTheVersionOnlyGrows() throws Exception {
        Setup s = setup();
        String id = s.deal().id();
        AtomicLong lastSeen = new AtomicLong();
        ParallelRuns.run(200, 16, i -> {
            Counter c = i % 3 == 0 ? Counter.COLD : i % 3 == 1 ? Counter.HOT : Counter.COMMENTS;
            s.counters().commit(List.of(marker(s.table(), "c" + i)), id, Map.of(c, 1L));
            if (i % 10 == 0) {
                long v = s.counters().read(List.of(id)).get(id).version();
                lastSeen.accumulateAndGet(v, Math::max);
            }
        });
        DealCounts counts = s.counters().read(List.of(id)).get(id);
        int marks = client.scan(ScanRequest.builder().tableName(s.table().name()).filterExpression("#t = :m")
                .expressionAttributeNames(Map.of("#t", "Type")).expressionAttributeValues(Map.of(":m", AttributeValue.fromS("Mark")))
                .build()).count();
        assertEquals(200, marks);
        assertEquals(67, counts.cold());
        assertEquals(67, counts.hot());
        assertEquals(66, counts.comments());
        assertEquals(200, counts.version());
        assertTrue(lastSeen.get() <= 200);
        Set<String> written = new HashSet<>();
        client.scan(ScanRequest.builder().tableName(s.table().name()).build()).items().stream()
                .filter(item -> "DealCounters".equals(item.get("Type").s())).forEach(item -> written.add(item.get("PK").s()));
        assertTrue(written.size() > 1, "the changes spread over the shards: " + written);
        for (int view = 0; view < DealCounters.VIEWS; view++) {
            DealCounts alone = DealCounters.sum(id, TableReads.batchGetConsistent(s.table(), DealCounters.keys(id, view)));
            assertEquals(counts, alone, "view " + view + " holds every change on its own");
        }
        assertNotEquals(0, counts.version());
    }
}

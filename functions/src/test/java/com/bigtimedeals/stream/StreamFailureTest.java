package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;


/** Partial batch failures with sequence-number checkpoint semantics. */
class StreamFailureTest extends StreamTest {
    @Test
    void aFailingRecordIsReportedWithEverythingAfterItAndEarlierRecordsAreNotRedone() throws Exception {
        new FollowStore(table).add(Likeable.BRAND, "acme", "ann", Relation.WATCH);
        tap.drain();
        Deal first = newDeal("First", "acme", "tech");
        Deal second = newDeal("Second", "acme", "tech");
        Deal third = newDeal("Third", "acme", "tech");
        List<DynamodbEvent.DynamodbStreamRecord> all = tap.drain();
        List<DynamodbEvent.DynamodbStreamRecord> deals = new ArrayList<>();
        for (var r : all) {
            if (r.getDynamodb().getNewImage() != null && "Deal".equals(r.getDynamodb().getNewImage().get("Type").getS())) {
                deals.add(r);
            }
        }
        assertEquals(3, deals.size());
        // Poison the second: a deal image without its price cannot become a message.
        deals.get(1).getDynamodb().getNewImage().remove("price");
        StreamsEventResponse response = deliver(deals, 60_000);
        List<String> failed = response.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
        assertEquals(List.of(deals.get(1).getDynamodb().getSequenceNumber(), deals.get(2).getDynamodb().getSequenceNumber()), failed);
        assertEquals(1, messagesByUser(first.id()).size());
        assertEquals(0, messagesByUser(third.id()).size());
        // Lambda redelivers from the failed record on; after the retries it goes to the failure
        // destination, and the records behind it still run.
        assertFalse(deliver(deals.subList(1, 3), 60_000).getBatchItemFailures().isEmpty());
        assertTrue(deliver(deals.subList(2, 3), 60_000).getBatchItemFailures().isEmpty());
        assertEquals(1, messagesByUser(third.id()).size());
        assertEquals(0, messagesByUser(second.id()).size());
    }
}

package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;

/** How a batch ends: whichever way failures are found, the earliest wins, and every record from it on is reported. */
class BatchOutcomeTest {
    private static List<DynamodbStreamRecord> records(int n) {
        List<DynamodbStreamRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            DynamodbStreamRecord r = new DynamodbStreamRecord();
            r.setEventID("e" + i);
            r.setDynamodb(new StreamRecord().withSequenceNumber(Integer.toString(100 + i)));
            records.add(r);
        }
        return records;
    }

    private static List<String> reported(BatchOutcome outcome) {
        return outcome.response().getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .toList();
    }

    @Test
    void aCleanBatchReportsNothing() {
        BatchOutcome outcome = new BatchOutcome(records(3));
        assertFalse(outcome.hasFailed());
        assertEquals(List.of(), reported(outcome));
        assertEquals(0, outcome.tally().failures);
    }

    @Test
    void theEarliestFailureWinsWhateverOrderTheyAreFoundIn() {
        BatchOutcome outcome = new BatchOutcome(records(5));
        outcome.failed(3); // a walk run on its own thread
        outcome.failed(1); // an inline reaction
        outcome.failed(4);
        assertEquals(List.of("101", "102", "103", "104"), reported(outcome));
        assertEquals(4, outcome.tally().failures);
    }

    @Test
    void aFailedRebuildResumesFromTheFirstRecordThatAskedForItUnlessAnEarlierOneFailed() {
        BatchOutcome rebuildOnly = new BatchOutcome(records(4));
        rebuildOnly.changedFrontPage(2);
        rebuildOnly.changedFrontPage(3);
        assertTrue(rebuildOnly.frontPageChanged());
        rebuildOnly.frontPageRebuildFailed();
        assertEquals(List.of("102", "103"), reported(rebuildOnly));
        BatchOutcome earlier = new BatchOutcome(records(4));
        earlier.changedFrontPage(2);
        earlier.failed(1);
        earlier.frontPageRebuildFailed();
        assertEquals(List.of("101", "102", "103"), reported(earlier));
    }

    @Test
    void aRecordWithoutAStreamPartIsReportedByItsEventId() {
        DynamodbStreamRecord bare = new DynamodbStreamRecord();
        bare.setEventID("bare");
        BatchOutcome outcome = new BatchOutcome(List.of(bare));
        outcome.failed(0);
        assertEquals(List.of("bare"), reported(outcome));
    }
}

package com.bigtimedeals.stream;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.bigtimedeals.changes.Change;

/**
 * A batch's records as changes, in order, up to the first record that does not decode (which fails, and so does
 * everything after it). Every checkpoint of a walk is a record, and a run reads the walk's current checkpoint
 * anyway, so of the records of one walk only the last in the batch is run: it does the work of all of them.
 */
final class Batch {
    private static final Logger LOG = LoggerFactory.getLogger(Batch.class);

    private final List<DynamodbStreamRecord> records;
    private final List<Change> changes = new ArrayList<>();
    private final Map<Change.WalkPending, Integer> lastOfWalk = new HashMap<>();

    Batch(List<DynamodbStreamRecord> records, BatchOutcome outcome) {
        this.records = records;
        for (int i = 0; i < records.size(); i++) {
            try {
                changes.add(ChangeFeed.decode(records.get(i)));
            } catch (RuntimeException e) {
                LOG.error("stream record failed to decode", entry("eventId", records.get(i).getEventID()),
                        entry("sequenceNumber", BatchOutcome.sequence(records.get(i))), e);
                outcome.failed(i);
                break;
            }
        }
        for (int i = 0; i < changes.size(); i++) {
            if (changes.get(i) instanceof Change.WalkPending walk) {
                lastOfWalk.put(walk, i);
            }
        }
    }

    /** How many records decoded: the ones that are run, in order. */
    int size() {
        return changes.size();
    }

    Change change(int index) {
        return changes.get(index);
    }

    DynamodbStreamRecord record(int index) {
        return records.get(index);
    }

    /** A walk's record that a later record of the same walk in this batch stands for. */
    boolean coalesced(int index) {
        return changes.get(index) instanceof Change.WalkPending walk && lastOfWalk.get(walk) != index;
    }
}

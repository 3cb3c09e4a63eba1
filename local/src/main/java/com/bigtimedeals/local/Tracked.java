package com.bigtimedeals.local;

import java.util.ArrayList;
import java.util.List;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;

/** One fetched record, done or not. */
final class Tracked {
    final String sequence;
    final String key;
    final DynamodbEvent.DynamodbStreamRecord record;
    volatile boolean done;

    Tracked(String sequence, String key, DynamodbEvent.DynamodbStreamRecord record) {
        this.sequence = sequence;
        this.key = key;
        this.record = record;
    }

    static List<DynamodbEvent.DynamodbStreamRecord> records(List<Tracked> batch) {
        List<DynamodbEvent.DynamodbStreamRecord> out = new ArrayList<>(batch.size());
        batch.forEach(t -> out.add(t.record));
        return out;
    }

    /** Position of the earliest reported failure; an identifier we did not send redelivers everything, as Lambda does. */
    static int firstFailed(List<Tracked> batch, List<StreamsEventResponse.BatchItemFailure> failures) {
        int first = batch.size();
        for (StreamsEventResponse.BatchItemFailure f : failures) {
            int at = -1;
            for (int i = 0; i < batch.size(); i++) {
                if (batch.get(i).sequence.equals(f.getItemIdentifier())) {
                    at = i;
                    break;
                }
            }
            if (at < 0) {
                return 0;
            }
            first = Math.min(first, at);
        }
        return first;
    }
}

package com.bigtimedeals.local;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.topology.StreamMapping;

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

    /**
     * A batch as the mapping gathers one on a lane: {@code first} and what follows it, up to the batch size, for at
     * most the batching window.
     */
    static List<Tracked> batch(Tracked first, LinkedBlockingQueue<Tracked> queue, StreamMapping mapping)
            throws InterruptedException {
        List<Tracked> batch = new ArrayList<>();
        batch.add(first);
        long windowEnds = System.currentTimeMillis() + mapping.batchingWindowMillis();
        while (batch.size() < mapping.batchSize()) {
            long wait = windowEnds - System.currentTimeMillis();
            Tracked next = wait > 0 ? queue.poll(wait, TimeUnit.MILLISECONDS) : queue.poll();
            if (next == null) {
                break;
            }
            batch.add(next);
        }
        return batch;
    }
}

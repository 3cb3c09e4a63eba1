package com.bigtimedeals.platform;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** One BatchWriteItem, complete however DynamoDB splits it: unprocessed items are asked again with backoff. */
public final class BatchWrites {
    /** BatchWriteItem takes at most 25 items. */
    public static final int MAX_ITEMS = 25;
    private static final int MAX_ATTEMPTS = 10;

    private BatchWrites() {
    }

    /** Writes at most {@link #MAX_ITEMS} puts or deletes; returns how many. Throws when DynamoDB keeps refusing some. */
    public static int write(Table table, List<WriteRequest> writes) {
        Map<String, List<WriteRequest>> pending = Map.of(table.name(), writes);
        for (int attempt = 1; ; attempt++) {
            // Every item held by a transaction: the whole request is refused, and goes again like a single write.
            BatchWriteItemRequest request = BatchWriteItemRequest.builder().requestItems(pending).build();
            BatchWriteItemResponse r = Transactions.retrying(() -> table.client().batchWriteItem(request));
            if (!r.hasUnprocessedItems() || r.unprocessedItems().isEmpty()) {
                return writes.size();
            }
            if (attempt >= MAX_ATTEMPTS) {
                throw new IllegalStateException("DynamoDB left " + r.unprocessedItems().get(table.name()).size()
                        + " writes unprocessed after " + attempt + " attempts");
            }
            pending = r.unprocessedItems();
            try {
                // Full jitter: parallel walks that were throttled together do not retry together.
                Thread.sleep(ThreadLocalRandom.current().nextLong(Math.min(2_000L, 25L << attempt) + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while retrying unprocessed writes", e);
            }
        }
    }
}

package com.bigtimedeals.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.bigtimedeals.harness.Database;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageItems;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Table;

import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** The raw write ceiling a fan-out is held against: message items written with nothing but unconditional batches. */
final class WriteCeiling {
    private WriteCeiling() {
    }

    /** One round of the raw ceiling on a fresh engine: items a second. */
    static double round(Bench bench, int items) throws Exception {
        try (Database dynamo = Database.start()) {
            return rate(bench, BenchTables.fresh(dynamo, "Ceiling"), items);
        }
    }

    /** Items a second that unconditional BatchWriteItems of 25 message items, 8 in flight, write into {@code table}. */
    private static double rate(Bench bench, Table table, int items) throws Exception {
        Instant now = bench.now();
        MessageItems messages = new MessageItems(bench.configuration().inboxRetention());
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> writes = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int from = 0; from < items; from += 25) {
            List<WriteRequest> batch = new ArrayList<>();
            for (int i = from; i < Math.min(items, from + 25); i++) {
                batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(messages.item(new Message(
                        Ids.messageId(now, "u" + i, "ceiling"), "u" + i, "Subject of a typical message",
                        "Body of a typical message for the ceiling test", "x", true, now, MessageKind.WATCH))).build()).build());
            }
            writes.add(pool.submit(() -> {
                Map<String, List<WriteRequest>> pending = Map.of(table.name(), batch);
                while (!pending.isEmpty()) {
                    var r = table.client().batchWriteItem(BatchWriteItemRequest.builder().requestItems(pending).build());
                    pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
                }
                return null;
            }));
        }
        for (var w : writes) {
            w.get();
        }
        double rate = items / ((System.nanoTime() - t0) / 1e9);
        pool.shutdown();
        return rate;
    }
}

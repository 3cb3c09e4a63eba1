package com.bigtimedeals.harness;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * DynamoDB as the stream consumer meets it on a bad day (AWS is the one thing tests may fake): every n-th
 * message put and every m-th update (checkpoints, claims, requeues) fails as throttled after the SDK's retries,
 * and transactions are cancelled by conflicting ones. A throttled checkpoint is the crash between writing a
 * page and recording it. A BatchWriteItem that reaches the n-th message writes the messages before it and then,
 * in turn, either hands the rest back unprocessed or fails: the crash in the middle of a claimed page, which
 * leaves it half written for a later run to finish create-only.
 */
public final class FaultyDynamoDb {
    private final DynamoDbClient real;
    private final long throttlePutEvery;
    private final long throttleUpdateEvery;
    private final long conflictEvery;
    private final AtomicLong puts = new AtomicLong();
    private final AtomicLong updates = new AtomicLong();
    private final AtomicLong transactions = new AtomicLong();
    public final AtomicLong throttled = new AtomicLong();
    public final AtomicLong conflicts = new AtomicLong();
    private final AtomicLong batchFaults = new AtomicLong();
    /** BatchWriteItems that handed part of their items back unprocessed (the caller asks again). */
    public final AtomicLong unprocessed = new AtomicLong();

    public FaultyDynamoDb(DynamoDbClient real, long throttlePutEvery, long throttleUpdateEvery, long conflictEvery) {
        this.real = real;
        this.throttlePutEvery = throttlePutEvery;
        this.throttleUpdateEvery = throttleUpdateEvery;
        this.conflictEvery = conflictEvery;
    }

    /**
     * The client to hand the code under test: the four writes it faults go through this class, every other call
     * straight to the real client.
     */
    public DynamoDbClient client() {
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class},
                (proxy, method, args) -> {
                    Object request = args != null && args.length == 1 ? args[0] : null;
                    try {
                        if (request instanceof PutItemRequest put) {
                            return putItem(put);
                        } else if (request instanceof BatchWriteItemRequest batch) {
                            return batchWriteItem(batch);
                        } else if (request instanceof UpdateItemRequest update) {
                            return updateItem(update);
                        } else if (request instanceof TransactWriteItemsRequest transaction) {
                            return transactWriteItems(transaction);
                        } else if (method.getName().equals("close")) {
                            return null; // the real client is the caller's to close
                        }
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private void maybeThrottle(AtomicLong calls, long every) {
        if (calls.incrementAndGet() % every == 0) {
            throttled.incrementAndGet();
            throw ProvisionedThroughputExceededException.builder().message("injected throttle").statusCode(400).build();
        }
    }

    private PutItemResponse putItem(PutItemRequest request) {
        maybeThrottle(puts, throttlePutEvery);
        return real.putItem(request);
    }

    private BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        Map.Entry<String, List<WriteRequest>> only = request.requestItems().entrySet().iterator().next();
        List<WriteRequest> writes = only.getValue();
        long before = puts.getAndAdd(writes.size());
        int cut = -1;
        for (int i = 0; i < writes.size() && cut < 0; i++) {
            if ((before + i + 1) % throttlePutEvery == 0) {
                cut = i;
            }
        }
        if (cut < 0) {
            return real.batchWriteItem(request);
        }
        if (cut > 0) {
            Map<String, List<WriteRequest>> head = Map.of(only.getKey(), writes.subList(0, cut));
            while (!head.isEmpty()) {
                BatchWriteItemResponse r = real.batchWriteItem(BatchWriteItemRequest.builder().requestItems(head).build());
                head = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
            }
        }
        if (batchFaults.incrementAndGet() % 2 == 1) {
            unprocessed.incrementAndGet();
            return BatchWriteItemResponse.builder()
                    .unprocessedItems(Map.of(only.getKey(), writes.subList(cut, writes.size()))).build();
        }
        throttled.incrementAndGet();
        throw ProvisionedThroughputExceededException.builder().message("injected throttle after a partial write")
                .statusCode(400).build();
    }

    private UpdateItemResponse updateItem(UpdateItemRequest request) {
        maybeThrottle(updates, throttleUpdateEvery);
        return real.updateItem(request);
    }

    private TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        if (transactions.incrementAndGet() % conflictEvery == 1) { // the first attempt of every other transaction
            conflicts.incrementAndGet();
            throw TransactionCanceledException.builder().message("injected conflict")
                    .cancellationReasons(request.transactItems().stream()
                            .map(i -> CancellationReason.builder().code("TransactionConflict").build()).toList())
                    .build();
        }
        return real.transactWriteItems(request);
    }
}

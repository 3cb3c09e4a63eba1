package com.bigtimedeals.local;

import java.util.concurrent.atomic.AtomicLong;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * DynamoDB as the stream consumer meets it on a bad day (AWS is the one thing tests may fake): every n-th
 * message put and every m-th update (checkpoints, requeues) fails as throttled after the SDK's retries, and
 * transactions are cancelled by conflicting ones. A throttled checkpoint is the crash
 * between writing a page and recording it.
 */
final class FaultyDynamoDb implements DynamoDbClient {
    private final DynamoDbClient real;
    private final long throttlePutEvery;
    private final long throttleUpdateEvery;
    private final long conflictEvery;
    private final AtomicLong puts = new AtomicLong();
    private final AtomicLong updates = new AtomicLong();
    private final AtomicLong transactions = new AtomicLong();
    final AtomicLong throttled = new AtomicLong();
    final AtomicLong conflicts = new AtomicLong();

    FaultyDynamoDb(DynamoDbClient real, long throttlePutEvery, long throttleUpdateEvery, long conflictEvery) {
        this.real = real;
        this.throttlePutEvery = throttlePutEvery;
        this.throttleUpdateEvery = throttleUpdateEvery;
        this.conflictEvery = conflictEvery;
    }

    private void maybeThrottle(AtomicLong calls, long every) {
        if (calls.incrementAndGet() % every == 0) {
            throttled.incrementAndGet();
            throw ProvisionedThroughputExceededException.builder().message("injected throttle").statusCode(400).build();
        }
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        maybeThrottle(puts, throttlePutEvery);
        return real.putItem(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        maybeThrottle(updates, throttleUpdateEvery);
        return real.updateItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        if (transactions.incrementAndGet() % conflictEvery == 1) { // the first attempt of every other transaction
            conflicts.incrementAndGet();
            throw TransactionCanceledException.builder().message("injected conflict")
                    .cancellationReasons(request.transactItems().stream()
                            .map(i -> CancellationReason.builder().code("TransactionConflict").build()).toList())
                    .build();
        }
        return real.transactWriteItems(request);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return real.getItem(request);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return real.batchGetItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return real.query(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return real.scan(request);
    }

    @Override
    public String serviceName() {
        return real.serviceName();
    }

    @Override
    public void close() {
    }
}

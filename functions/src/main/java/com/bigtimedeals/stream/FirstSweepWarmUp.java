package com.bigtimedeals.stream;

import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * What the sweeper's first sweep needs that does not need the DynamoDB client, done on an init thread of its own while
 * the container builds the client on the constructing thread ({@link com.bigtimedeals.lambda.Container#fromProcess(Runnable)}),
 * as {@link FirstBatchWarmUp} does for the consumer: the request and response shapes every sweep sends (the walks' and
 * the buckets' ExecuteStatement, the two marks' GetItem and PutItem, the hottest lists' BatchGetItem) and the consumed capacity every answer carries. Each shape's
 * model classes link a getter and a setter lambda per field when first built: about 150 classes, which the
 * constructing thread paid on the sweep's critical path. Nothing here is sent, and nothing here is kept.
 *
 * <p>It touches only model classes, as {@link FirstBatchWarmUp} does (its comment says why two threads' class
 * initialisation cannot deadlock there). A shape the code stops using is only a wasted build here, never a wrong answer.
 * The container joins this thread before the handler's constructor returns: all of it is init.
 */
final class FirstSweepWarmUp {
    private FirstSweepWarmUp() {
    }

    static void run() {
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("WARM"), "SK", AttributeValue.fromS("WARM"));
        ExecuteStatementRequest.builder().statement("SELECT * FROM \"warm\" WHERE PK IN [?]")
                .parameters(List.of(AttributeValue.fromS("WARM"))).consistentRead(true).nextToken("warm").build();
        ExecuteStatementResponse.builder().items(List.of(key)).nextToken("warm").build();
        GetItemRequest.builder().tableName("warm").key(key).consistentRead(true).build();
        GetItemResponse.builder().item(key).consumedCapacity(FirstBatchWarmUp.consumed()).build();
        PutItemRequest.builder().tableName("warm").item(key).build();
        PutItemResponse.builder().build();
        BatchGetItemRequest.builder()
                .requestItems(Map.of("warm", KeysAndAttributes.builder().keys(List.of(key)).build())).build();
        BatchGetItemResponse.builder().responses(Map.of("warm", List.of(key))).unprocessedKeys(Map.of()).build();
    }
}

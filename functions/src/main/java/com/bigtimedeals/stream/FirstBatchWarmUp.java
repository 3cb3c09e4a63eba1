package com.bigtimedeals.stream;

import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What the consumer's first batch needs that does not need the DynamoDB client, done on an init thread of its own
 * while the container builds the client on the constructing thread
 * ({@link com.bigtimedeals.lambda.Container#fromProcess(Runnable)}), as the TLS context is: the front page's codec and
 * deflater, and the request and response
 * shapes of the operations a batch sends (GetItem, Query, BatchGetItem, BatchWriteItem, UpdateItem, PutItem) and the
 * consumed capacity every answer carries ({@code RequestMeter} asks for it).
 * Each shape's model classes link a getter and a setter lambda per field when first built: about 300 classes and
 * 70 ms of CPU (docs/cold-start.md), which the constructing thread paid on the first batch's critical path. Nothing
 * here is sent, and nothing here is kept: the objects are dropped, their classes stay loaded.
 *
 * <p>It touches only model classes, our own codec and the JDK's text classes. Two threads' class initialisation can
 * deadlock only through a cycle between their static initialisers; the model classes' build field descriptions from
 * lambdas and reach no client or pipeline class, so there is none. A shape the code stops using is only a wasted
 * build here, never a wrong answer. The container joins this thread before the handler's constructor
 * returns: all of it is init, and in a SnapStart snapshot.
 */
final class FirstBatchWarmUp {
    private FirstBatchWarmUp() {
    }

    static void run() {
        com.bigtimedeals.deals.FrontPageCache.itemBytes(new com.bigtimedeals.deals.FrontPage(0, List.of(), List.of(), null));
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("WARM"), "SK", AttributeValue.fromS("WARM"));
        GetItemRequest.builder().tableName("warm").key(key).consistentRead(true).build();
        GetItemResponse.builder().item(key).consumedCapacity(consumed()).build();
        QueryRequest.builder().tableName("warm").keyConditionExpression("PK = :pk").expressionAttributeValues(key).limit(1)
                .consistentRead(true).exclusiveStartKey(key).build();
        QueryResponse.builder().items(List.of(key)).lastEvaluatedKey(key).count(1).build();
        BatchGetItemRequest.builder()
                .requestItems(Map.of("warm", KeysAndAttributes.builder().keys(List.of(key)).consistentRead(true).build())).build();
        BatchGetItemResponse.builder().responses(Map.of("warm", List.of(key))).unprocessedKeys(Map.of()).build();
        BatchWriteItemRequest.builder().requestItems(Map.of("warm", List.of(
                WriteRequest.builder().putRequest(PutRequest.builder().item(key).build()).build(),
                WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build()))).build();
        BatchWriteItemResponse.builder().unprocessedItems(Map.of()).build();
        UpdateItemRequest.builder().tableName("warm").key(key).updateExpression("SET #a = :a")
                .conditionExpression("attribute_exists(PK)").expressionAttributeNames(Map.of("#a", "a")).expressionAttributeValues(key).returnValues(ReturnValue.ALL_NEW).build();
        UpdateItemResponse.builder().attributes(key).build();
        PutItemRequest.builder().tableName("warm").item(key).conditionExpression("attribute_not_exists(PK)")
                .expressionAttributeValues(key).build();
        PutItemResponse.builder().build();
    }

    /** The consumed capacity of an answer (its shapes' classes initialised): shared with {@link FirstSweepWarmUp}. */
    static ConsumedCapacity consumed() {
        return ConsumedCapacity.builder().tableName("warm").capacityUnits(1.0).readCapacityUnits(1.0).writeCapacityUnits(1.0)
                .table(Capacity.builder().capacityUnits(1.0).readCapacityUnits(1.0).writeCapacityUnits(1.0).build())
                .globalSecondaryIndexes(Map.of("warm", Capacity.builder().capacityUnits(1.0).build())).build();
    }
}

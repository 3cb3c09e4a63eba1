package com.bigtimedeals.bench;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The cold-start baseline: the plainest SDK v2 Java function, a default {@code DynamoDbClient.create()}
 * (default HTTP client, credential and region chains; endpoint from AWS_ENDPOINT_URL_DYNAMODB) and one
 * GetItem, no logging library. Run in a fresh JVM with only the SDK on the classpath.
 */
public final class BaselineProbe {
    private BaselineProbe() {
    }

    public static void main(String[] args) {
        ProbeTimes times = ProbeTimes.start();
        DynamoDbClient client = DynamoDbClient.create();
        times.constructed();
        var item = client.getItem(GetItemRequest.builder().tableName(args[0])
                .key(Map.of("PK", AttributeValue.fromS(args[1]), "SK", AttributeValue.fromS(args[2]))).build()).item();
        times.answered(item == null || item.isEmpty() ? 404 : 200);
    }
}

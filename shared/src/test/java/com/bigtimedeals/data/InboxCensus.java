package com.bigtimedeals.data;

import java.util.HashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Messages per user for one deal, counted by a scan of the whole table: the exactly-once tests (stream consumer
 * and local delivery alike) judge by what the table holds, never by what the code under test says it wrote.
 */
public final class InboxCensus {
    private InboxCensus() {
    }

    public static Map<String, Integer> messagesByUser(DynamoDbClient client, String table, String dealId) {
        Map<String, Integer> counts = new HashMap<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse r = client.scan(ScanRequest.builder().tableName(table).exclusiveStartKey(start)
                    .filterExpression("#t = :m AND dealId = :d")
                    .expressionAttributeNames(Map.of("#t", "Type"))
                    .expressionAttributeValues(Map.of(":m", AttributeValue.fromS("Message"), ":d", AttributeValue.fromS(dealId)))
                    .build());
            r.items().forEach(i -> counts.merge(i.get("username").s(), 1, Integer::sum));
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return counts;
    }
}

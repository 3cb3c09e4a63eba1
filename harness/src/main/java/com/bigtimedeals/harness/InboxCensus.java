package com.bigtimedeals.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Messages per user for one deal, read by a scan of the whole table: the exactly-once tests (stream consumer
 * and local delivery alike) and the benchmark's faulted blast judge by what the table holds, never by what the
 * code under test says it wrote. It reads the items by their stored names ({@code Type}, {@code dealId},
 * {@code username}, {@code unread}) as any tool outside the product would.
 */
public final class InboxCensus {
    private InboxCensus() {
    }

    public static Map<String, Integer> messagesByUser(DynamoDbClient client, String table, String dealId) {
        Map<String, Integer> counts = new HashMap<>();
        messages(client, table, dealId).forEach(i -> counts.merge(i.get("username").s(), 1, Integer::sum));
        return counts;
    }

    /**
     * Per user, the {@code unread} flag of each message they hold for the deal: exactly-once means one flag per
     * user, and a message read before a crash or a replay must still say false afterwards.
     */
    public static Map<String, List<Boolean>> unreadFlagsByUser(DynamoDbClient client, String table, String dealId) {
        Map<String, List<Boolean>> flags = new HashMap<>();
        messages(client, table, dealId).forEach(i -> flags.computeIfAbsent(i.get("username").s(), u -> new ArrayList<>())
                .add(i.get("unread").bool()));
        return flags;
    }

    private static List<Map<String, AttributeValue>> messages(DynamoDbClient client, String table, String dealId) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse r = client.scan(ScanRequest.builder().tableName(table).exclusiveStartKey(start)
                    .filterExpression("#t = :m AND dealId = :d")
                    .expressionAttributeNames(Map.of("#t", "Type"))
                    .expressionAttributeValues(Map.of(":m", AttributeValue.fromS("Message"), ":d", AttributeValue.fromS(dealId)))
                    .build());
            out.addAll(r.items());
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return out;
    }
}

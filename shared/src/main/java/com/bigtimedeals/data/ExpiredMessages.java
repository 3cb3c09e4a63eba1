package com.bigtimedeals.data;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Deletes messages and idempotency records whose TTL has passed: what DynamoDB's TTL does in AWS, and what DynamoDB Local never does on a
 * table with global secondary indexes. Only the local stack runs it (a Scan is fine there); reads never depend on
 * it, since a message past its retention is outside every inbox read's key range.
 */
public final class ExpiredMessages {
    private final Table table;

    public ExpiredMessages(Table table) {
        this.table = table;
    }

    /**
     * One sweep. Each delete is conditioned on the TTL still being past, so a message rewritten meanwhile stays.
     * Returns the number deleted.
     */
    public int sweep() {
        String now = Long.toString(table.clock().instant().getEpochSecond());
        int deleted = 0;
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse r = table.client().scan(ScanRequest.builder()
                    .tableName(table.name())
                    .filterExpression("(#t = :message OR #t = :idempotency) AND #ttl < :now")
                    .projectionExpression("PK, SK")
                    .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#ttl", MessageItems.EXPIRY_ATTRIBUTE))
                    .expressionAttributeValues(Map.of(":message", AttributeValue.fromS(Keys.MESSAGE),
                            ":idempotency", AttributeValue.fromS(Keys.IDEMPOTENCY_RECORD), ":now", AttributeValue.fromN(now)))
                    .exclusiveStartKey(start).build());
            for (Map<String, AttributeValue> key : r.items()) {
                try {
                    table.client().deleteItem(DeleteItemRequest.builder()
                            .tableName(table.name()).key(key)
                            .conditionExpression("#ttl < :now")
                            .expressionAttributeNames(Map.of("#ttl", MessageItems.EXPIRY_ATTRIBUTE))
                            .expressionAttributeValues(Map.of(":now", AttributeValue.fromN(now))).build());
                    deleted++;
                } catch (ConditionalCheckFailedException e) {
                    // Rewritten with a later expiry, or already gone: not ours to delete.
                }
            }
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return deleted;
    }
}

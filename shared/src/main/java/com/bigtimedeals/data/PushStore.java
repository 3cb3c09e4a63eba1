package com.bigtimedeals.data;

import java.time.Duration;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * What records a push as sent: one claim item per (message, device), {@code PUSH#<messageId> DEVICE#<deviceId>},
 * written create-only before the push is handed to the push service, then marked sent. The claims expire with the
 * table's TTL after {@link #KEPT}: by then no redelivery of the message's stream record can come.
 */
public final class PushStore {
    /** Longer than the stream keeps a record (24 hours) and any redrive of the on-failure queue (14 days). */
    static final Duration KEPT = Duration.ofDays(15);

    private final Table table;

    public PushStore(Table table) {
        this.table = table;
    }

    /**
     * Claims the push of {@code messageId} to {@code deviceId}: true for exactly one caller, ever. A second delivery of
     * the same stream record (redelivery after a failed batch, a Lambda retry, a redrive of the on-failure queue, a
     * replay after kill -9), or a concurrent consumer of the same record, finds the claim and sends nothing: no push is
     * ever sent twice. The price, stated: a crash after the claim and before the push service took the push loses that
     * one push (the claim stays unmarked, which a census shows), where sending first would send it twice.
     */
    public boolean claim(String messageId, String deviceId, String username) {
        try {
            table.client().putItem(PutItemRequest.builder().tableName(table.name())
                    .item(new ItemWriter(Keys.pushClaim(messageId, deviceId), Keys.PUSH_CLAIM).string("username", username)
                            .instant("claimedAt", table.clock().instant())
                            .number(TableDefinition.TTL_ATTRIBUTE, table.clock().instant().plus(KEPT).getEpochSecond()).build())
                    .conditionExpression("attribute_not_exists(PK)").build());
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /** Marks the claimed push as handed over (or the device as found dead): what a census of claims counts. */
    public void mark(String messageId, String deviceId, String outcome) {
        table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(Keys.pushClaim(messageId, deviceId))
                .updateExpression("SET outcome = :o, doneAt = :t")
                .expressionAttributeValues(Map.of(":o", AttributeValue.fromS(outcome),
                        ":t", AttributeValue.fromS(table.clock().instant().toString()))).build());
    }
}

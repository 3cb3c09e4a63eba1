package com.bigtimedeals.data;

import java.util.Map;

import com.bigtimedeals.domain.FanOutWork;
import com.bigtimedeals.domain.Likeable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Durable hand-off of a watcher fan-out that would not finish inside one invocation: the work item's own
 * stream record wakes the invocation that continues it, from where the last one stopped.
 */
public final class FanOutStore {
    private final Table table;

    public FanOutStore(Table table) {
        this.table = table;
    }

    public FanOutWork get(String dealId, Likeable source) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.fanOut(dealId, source)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            return null;
        }
        ItemReader r = new ItemReader(item);
        return new FanOutWork(dealId, source, r.string("after"), r.instant("messageAt"), r.bool("done"));
    }

    /** Records where the walk stopped; the write's stream record continues it. A finished walk stays finished. */
    public void handOn(FanOutWork work) {
        Map<String, AttributeValue> item = new ItemWriter(Keys.fanOut(work.dealId(), work.source()), Keys.FAN_OUT)
                .string("dealId", work.dealId()).string("source", work.source().name()).string("after", work.after())
                .instant("messageAt", work.messageAt()).bool("done", false)
                .instant("updatedAt", table.clock().instant())
                .build();
        try {
            table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(done) OR done = :false")
                    .expressionAttributeValues(Map.of(":false", AttributeValue.fromBool(false))).build());
        } catch (ConditionalCheckFailedException e) {
            // Already finished by a redelivered record: nothing to hand on.
        }
    }

    /** Marks handed-on work finished; without a work item (it all fit in one invocation) there is nothing to do. */
    public void finish(String dealId, Likeable source) {
        try {
            table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(Keys.fanOut(dealId, source))
                    .updateExpression("SET done = :true REMOVE #after")
                    .conditionExpression("attribute_exists(PK)")
                    .expressionAttributeNames(Map.of("#after", "after"))
                    .expressionAttributeValues(Map.of(":true", AttributeValue.fromBool(true))).build());
        } catch (ConditionalCheckFailedException e) {
            // No work item was ever handed on.
        }
    }
}

package com.bigtimedeals.data;

import java.util.Map;

import com.bigtimedeals.domain.FanOutWork;
import com.bigtimedeals.domain.Likeable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Durable hand-off of a watcher fan-out that would not finish inside one invocation: a {@link WalkStore
 * resumable walk} over one watcher list, continued by its own stream records (and by the sweeper when those
 * stop arriving).
 */
public final class FanOutStore {
    private final Table table;
    private final WalkStore walks;

    public FanOutStore(Table table) {
        this.table = table;
        this.walks = new WalkStore(table);
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

    /**
     * Starts the walk at {@code work.after()} unless it was handed on before: a redelivered new-deal record that
     * runs out of time again must not move an existing walk back (or restart a finished one).
     */
    public void handOn(FanOutWork work) {
        Map<String, AttributeValue> key = Keys.fanOut(work.dealId(), work.source());
        Map<String, AttributeValue> item = WalkStore.pending(new ItemWriter(key, Keys.FAN_OUT)
                .string("dealId", work.dealId()).string("source", work.source().name()).string("after", work.after())
                .instant("messageAt", work.messageAt()).bool("done", false).number("reached", 0),
                key.get(Keys.PK).s(), table.clock().instant()).build();
        try {
            table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(PK)").build());
        } catch (ConditionalCheckFailedException e) {
            // Handed on before: that walk carries on from its own checkpoint.
        }
    }

    /** Checkpoints a page of the walk; false when another run moved it first (the caller stops). */
    public boolean advance(FanOutWork from, String next, int reached) {
        return walks.advance(Keys.fanOut(from.dealId(), from.source()), from.after(), next, reached);
    }

    /** Asks for another run of an unfinished walk (an invocation out of time does this instead of a page). */
    public boolean requeue(String dealId, Likeable source) {
        return walks.requeue(Keys.fanOut(dealId, source));
    }
}

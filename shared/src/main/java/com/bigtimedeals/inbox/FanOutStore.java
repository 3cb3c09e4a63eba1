package com.bigtimedeals.inbox;

import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.Transactions;
import com.bigtimedeals.platform.WalkStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Durable hand-off of a new deal's fan-out that would not finish inside one invocation: a {@link WalkStore
 * resumable walk} over one watcher list, or over the alerts its title's words are filed under, continued by its own
 * stream records (and by the sweeper when those stop arriving).
 */
public final class FanOutStore {
    private final Table table;
    private final WalkStore walks;

    public FanOutStore(Table table) {
        this.table = table;
        this.walks = new WalkStore(table);
    }

    /**
     * How long a fan-out claim is kept: longer than a stream record lives (24 hours), so no record that could
     * start the fan-out again outlives the claim that tells it it is not the first.
     */
    static final java.time.Duration CLAIM_KEPT = java.time.Duration.ofDays(2);

    /**
     * Claims the first run of a new deal's fan-out over one watcher list: true for exactly one caller ever (a
     * create-only PutItem), which therefore knows no run wrote any of that list's messages before it. A
     * redelivered or replayed new-deal record, possibly beside walks an earlier run handed on, is refused and
     * writes create-only. The claim item's type is none the stream consumer is invoked for.
     */
    public boolean claimFirstRun(String dealId, Likeable source) {
        Map<String, AttributeValue> item = new ItemWriter(InboxKeys.fanOutClaim(dealId, source), InboxKeys.FAN_OUT_CLAIM)
                .string("dealId", dealId)
                .number(TableDefinition.TTL_ATTRIBUTE, table.clock().instant().plus(CLAIM_KEPT).getEpochSecond())
                .build();
        try {
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(PK)").build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    public FanOutWork get(String dealId, Likeable source) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(key(dealId, source)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            return null;
        }
        ItemReader r = new ItemReader(item);
        return new FanOutWork(dealId, source, r.string("after"), r.instant("messageAt"), r.bool("done"));
    }

    /** The alert list's hand-off of a new deal: the same walk as a watcher list's, under a key and type of its own. */
    public FanOutWork getAlerts(String dealId) {
        return get(dealId, null);
    }

    /** A watcher list's walk item; the alert list's when {@code source} is null ({@link FanOutWork#source()}). */
    private static Map<String, AttributeValue> key(String dealId, Likeable source) {
        return source == null ? InboxKeys.alertFanOut(dealId) : InboxKeys.fanOut(dealId, source);
    }

    /**
     * Starts the walk at {@code work.after()} unless it was handed on before: a redelivered new-deal record that
     * runs out of time again must not move an existing walk back (or restart a finished one).
     */
    public void handOn(FanOutWork work) {
        Map<String, AttributeValue> key = key(work.dealId(), work.source());
        Map<String, AttributeValue> item = WalkStore.pending(new ItemWriter(key, work.source() == null ? InboxKeys.ALERT_FAN_OUT : InboxKeys.FAN_OUT)
                .string("dealId", work.dealId()).string("source", work.source() == null ? null : work.source().name())
                .string("after", work.after())
                .instant("messageAt", work.messageAt()).bool("done", false).number("reached", 0),
                key.get(Keys.PK).s(), table.clock().instant()).build();
        try {
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(PK)").build()));
        } catch (ConditionalCheckFailedException e) {
            // Handed on before: that walk carries on from its own checkpoint.
        }
    }

    /** Checkpoints a page of the walk; false when another run moved it first (the caller stops). */
    public boolean advance(FanOutWork from, String next, int reached) {
        return walks.advance(key(from.dealId(), from.source()), from.after(), next, reached, false);
    }

    /** Asks for another run of an unfinished walk (an invocation out of time does this instead of a page). */
    public boolean requeue(String dealId, Likeable source) {
        return walks.requeue(key(dealId, source));
    }

    public boolean requeueAlerts(String dealId) {
        return requeue(dealId, null);
    }
}

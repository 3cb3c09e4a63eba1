package com.bigtimedeals.platform;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.bigtimedeals.platform.IdempotencyStore.Holder;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The record of a keyed operation, carried by the operation's own requests, for the operations the contract gives a
 * request budget (likes, watches, votes, comments): the key's record is read by the store's first, strongly
 * consistent read and written, the service's outcome in it, by the store's own transaction (or, when the decision
 * changes nothing, by one conditional put), so a request with a key costs what one without a key costs. The store
 * never knows what the outcome says: the service layer (IdempotencyService) builds this with the encoding of its
 * typed result, and the store only hands it its decision. There is no claim
 * and no lease: the record comes into being only with the work, in one transaction, so a crash leaves both or neither,
 * and a repeat of a request whose answer was lost finds either the record (and replays it) or nothing done (and does
 * it). Two requests with one key at once: both may read the key as free, but only one transaction can create the
 * record; the other's is cancelled on it and answers with what it holds.
 *
 * @param <T> what the store decides (a like's target and whether it changed, a vote's result, a comment)
 */
public final class KeyedWrite<T> {
    /**
     * The key already holds a record: the store does nothing and the service answers from the record (a replay, or
     * a refusal when the key was first used with another request).
     */
    public static final class Held extends RuntimeException {
        private final transient Holder holder;

        Held(Holder holder) {
            super("the idempotency key is held", null, false, false);
            this.holder = holder;
        }

        public Holder holder() {
            return holder;
        }
    }

    /**
     * The store's reads kept being overtaken by other requests' changes (a popular brand liked by many at once): it
     * did nothing and the service gives way to the claimed path (claim, the store's contention-free write, record),
     * which costs 2 requests more but races nobody.
     */
    public static final class Contended extends RuntimeException {
        public Contended() {
            super("overtaken by concurrent changes", null, false, false);
        }
    }

    private final String caller;
    private final String key;
    private final String fingerprint;
    private final Instant now;
    private final Function<T, byte[]> outcomeOf;

    /**
     * @param outcomeOf the service's record of a decision of the store: opaque bytes, which a replay decodes back into
     *                  the same typed result (it is written in the decision's own transaction, so a retry after a
     *                  lost answer finds exactly what the first request did)
     */
    public KeyedWrite(String caller, String key, String fingerprint, Instant now, Function<T, byte[]> outcomeOf) {
        this.caller = caller;
        this.key = key;
        this.fingerprint = fingerprint;
        this.now = now;
        this.outcomeOf = outcomeOf;
    }

    /** The record's key, read with the store's own strongly consistent BatchGetItem. */
    public Map<String, AttributeValue> recordKey() {
        return Keys.idempotencyRecord(caller, key);
    }

    /**
     * A store's first read: one strongly consistent BatchGetItem of {@code keys}, projected; with {@code keyed}, the
     * key's record read in it too and {@link Held} when it holds one (without a key, {@code keyed} is null).
     */
    public static List<Map<String, AttributeValue>> read(Table table, KeyedWrite<?> keyed, List<Map<String, AttributeValue>> keys,
                                                  String projection, Map<String, String> names) {
        KeysAndAttributes.Builder read = keyed == null
                ? KeysAndAttributes.builder().keys(keys).projectionExpression(projection).expressionAttributeNames(names)
                : keyed.reading(keys, projection, names);
        List<Map<String, AttributeValue>> items = TableReads.batchGet(table, read.consistentRead(true).build());
        if (keyed != null) {
            keyed.requireFree(items);
        }
        return items;
    }

    /**
     * The store's read with the key's record added: its key, and its attributes beside the store's own projection (the
     * expression and its names), so that the store reads its own items as narrowly as without a key.
     */
    private KeysAndAttributes.Builder reading(List<Map<String, AttributeValue>> keys, String projection, Map<String, String> names) {
        List<Map<String, AttributeValue>> all = new ArrayList<>(keys);
        all.add(recordKey());
        StringBuilder expression = new StringBuilder(projection);
        Map<String, String> allNames = new HashMap<>(names);
        for (int i = 0; i < IdempotencyStore.ATTRIBUTES.size(); i++) {
            expression.append(", #record").append(i);
            allNames.put("#record" + i, IdempotencyStore.ATTRIBUTES.get(i));
        }
        return KeysAndAttributes.builder().keys(all).projectionExpression(expression.toString()).expressionAttributeNames(allNames);
    }

    /** Stops the store ({@link Held}) when the items its read returned hold a live record of this key. */
    public void requireFree(Collection<Map<String, AttributeValue>> items) {
        Map<String, AttributeValue> recordKey = recordKey();
        for (Map<String, AttributeValue> item : items) {
            if (recordKey.get(Keys.PK).equals(item.get(Keys.PK)) && recordKey.get(Keys.SK).equals(item.get(Keys.SK))
                    && IdempotencyStore.isLive(item, now)) {
                throw new Held(IdempotencyStore.holder(item));
            }
        }
    }

    /** The record holding the outcome of {@code decision}, as an item of the store's transaction. */
    public TransactWriteItem record(String tableName, T decision) {
        Put.Builder put = Put.builder().tableName(tableName).item(item(outcomeOf.apply(decision)))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
        IdempotencyStore.whileFree(now, put::conditionExpression, put::expressionAttributeNames, put::expressionAttributeValues);
        return TransactWriteItem.builder().put(put.build()).build();
    }

    /**
     * The record alone, for a decision that writes nothing else (a like of what the caller already likes): one
     * conditional PutItem; {@link Held} when another request with the key wrote its record first.
     */
    public void recordAlone(Table table, T decision) {
        PutItemRequest.Builder put = PutItemRequest.builder().tableName(table.name()).item(item(outcomeOf.apply(decision)))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
        IdempotencyStore.whileFree(now, put::conditionExpression, put::expressionAttributeNames, put::expressionAttributeValues);
        PutItemRequest request = put.build();
        try {
            IdempotencyStore.pastTransactions(() -> table.client().putItem(request));
        } catch (ConditionalCheckFailedException e) {
            if (!e.hasItem() || e.item().isEmpty()) {
                throw new IllegalStateException("DynamoDB refused the record without returning the item that holds the key", e);
            }
            throw new Held(IdempotencyStore.holder(e.item()));
        }
    }

    /**
     * After the store's transaction was cancelled: {@link Held} when the record's own condition failed (a request with
     * the same key committed first), with the record the cancellation returned. Otherwise it returns, and the store
     * handles the cancellation as it would without a key.
     *
     * @param index where {@link #record} stands among the transaction's items
     */
    public void requireNotTaken(TransactionCanceledException e, int index) {
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        if (index < reasons.size() && "ConditionalCheckFailed".equals(reasons.get(index).code())) {
            Map<String, AttributeValue> item = reasons.get(index).item();
            if (item == null || item.isEmpty()) {
                throw new IllegalStateException("DynamoDB cancelled on the record without returning the item that holds the key", e);
            }
            throw new Held(IdempotencyStore.holder(item));
        }
    }

    private Map<String, AttributeValue> item(byte[] outcome) {
        return IdempotencyStore.recordedItem(caller, key, fingerprint, now, outcome);
    }
}

package com.bigtimedeals.data;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.FollowState;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.Relation;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Likes and watches (access patterns: Like/Watch Brand, Like/Watch Category, and unlike, unwatch and "do I
 * like/watch this?"). Each change is one transaction: the relation item, conditioned on (not) existing,
 * and the counter on the small brand/category item, so the count is exact under any concurrency and never
 * drops below zero. About 4 write units: two items under 1 KB, doubled for the transaction.
 */
public final class FollowStore {
    /** Transactions on one hot counter collide; these are retried, with jitter, this many times. */
    private static final int CONFLICT_ATTEMPTS = 12;

    private final Table table;

    public FollowStore(Table table) {
        this.table = table;
    }

    /** True when newly added; false when it already existed. NOT_FOUND for an unknown brand or category. */
    public boolean add(Likeable kind, String id, String username, Relation relation) {
        Map<String, AttributeValue> item = new ItemWriter(key(kind, id, username, relation),
                relation == Relation.LIKE ? Keys.LIKE : Keys.WATCH)
                .string("targetKind", kind.name()).string("targetId", id).string("username", username)
                .instant("createdAt", table.clock().instant())
                .build();
        TransactWriteItem put = TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build()).build();
        TransactWriteItem count = TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(Keys.target(kind, id))
                .updateExpression("ADD #c :one")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeNames(Map.of("#c", counter(relation)))
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                .build()).build();
        return commit(put, count, kind);
    }

    /** True when removed; false when there was nothing to remove. NOT_FOUND for an unknown target. */
    public boolean remove(Likeable kind, String id, String username, Relation relation) {
        TransactWriteItem delete = TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                .key(key(kind, id, username, relation))
                .conditionExpression("attribute_exists(PK)").build()).build();
        TransactWriteItem count = TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(Keys.target(kind, id))
                .updateExpression("ADD #c :minus")
                .conditionExpression("attribute_exists(PK) AND #c > :zero")
                .expressionAttributeNames(Map.of("#c", counter(relation)))
                .expressionAttributeValues(Map.of(":minus", AttributeValue.fromN("-1"), ":zero", AttributeValue.fromN("0")))
                .build()).build();
        return commit(delete, count, kind);
    }

    private boolean commit(TransactWriteItem relation, TransactWriteItem counter, Likeable kind) {
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(relation, counter).build());
                return true;
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
                if (reasons.size() == 2) {
                    // Relation condition first: an unlike of something not liked is "nothing to do" even though
                    // the zero-floor on the counter fails with it. A missing target surfaces in the read-back.
                    if (failedCondition(reasons.get(0))) {
                        return false;
                    }
                    if (failedCondition(reasons.get(1))) {
                        throw DomainException.notFound(kind.name().toLowerCase(java.util.Locale.ROOT) + " not found");
                    }
                }
                boolean conflict = reasons.stream().anyMatch(r -> "TransactionConflict".equals(r.code()));
                if (!conflict || attempt >= CONFLICT_ATTEMPTS) {
                    throw e;
                }
                backOff(attempt);
            }
        }
    }

    private static boolean failedCondition(CancellationReason reason) {
        return "ConditionalCheckFailed".equals(reason.code());
    }

    private static void backOff(int attempt) {
        long ceiling = Math.min(200L, 5L << Math.min(attempt, 6));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, ceiling + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Does this user like / watch it? Both relation items and the brand or category itself in one BatchGetItem
     * (the contract's budget is 1 request), so an unknown id is a NOT_FOUND rather than "neither".
     */
    public FollowState state(Likeable kind, String id, String username) {
        boolean exists = false;
        boolean liked = false;
        boolean watching = false;
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(Keys.like(kind, id, username), Keys.watch(kind, id, username), Keys.target(kind, id))
                .projectionExpression("#t").expressionAttributeNames(Map.of("#t", Keys.TYPE)).build())) {
            String type = new ItemReader(item).type();
            liked |= Keys.LIKE.equals(type);
            watching |= Keys.WATCH.equals(type);
            exists |= (kind == Likeable.BRAND ? Keys.BRAND : Keys.CATEGORY).equals(type);
        }
        if (!exists) {
            throw DomainException.notFound(kind.name().toLowerCase(java.util.Locale.ROOT) + " not found");
        }
        return new FollowState(liked, watching);
    }

    /**
     * Access pattern: watchers of a brand or category (the new-deal fan-out), one page at a time so that a
     * list of a million watchers is never held in memory. {@code after} is the last username of the previous page.
     */
    public com.bigtimedeals.domain.Recipients watchers(Likeable kind, String id, String after, int limit) {
        var request = software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(Keys.watchersPk(kind, id))))
                .projectionExpression("username")
                .limit(limit);
        if (after != null) {
            request.exclusiveStartKey(Keys.watch(kind, id, after));
        }
        var r = table.client().query(request.build());
        List<String> users = new java.util.ArrayList<>(r.items().size());
        r.items().forEach(item -> users.add(new ItemReader(item).string("username")));
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() && !users.isEmpty();
        return new com.bigtimedeals.domain.Recipients(users, more ? users.get(users.size() - 1) : null);
    }

    private static Map<String, AttributeValue> key(Likeable kind, String id, String username, Relation relation) {
        return relation == Relation.LIKE ? Keys.like(kind, id, username) : Keys.watch(kind, id, username);
    }

    private static String counter(Relation relation) {
        return relation == Relation.LIKE ? "likes" : "watchers";
    }
}

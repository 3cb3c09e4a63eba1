package com.bigtimedeals.data;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.domain.AccountDeletion;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.Relation;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Account deletion (docs/data-model.md, "Account deletion"). {@link #delete} is the request: one transaction
 * that removes the profile (so {@code GET /me} is 404 and no later blast scan finds the user) and records the
 * deletion, which is both the tombstone fan-outs check and the work item whose stream record starts the walk.
 */
public final class AccountStore {
    /** Follows a walk step removes; each is one transaction (exact count), so a page is small. */
    public static final int FOLLOW_PAGE = 100;
    /** Messages a walk step removes: 20 BatchWriteItems. */
    public static final int MESSAGE_PAGE = 500;

    private final Table table;
    private final FollowStore follows;

    public AccountStore(Table table) {
        this.table = table;
        this.follows = new FollowStore(table);
    }

    /**
     * DELETE /me: 1 TransactWriteItems. Idempotent: a repeat deletes nothing more and records the deletion
     * again with a later {@code deletedAt}, restarting a walk that removes only what is already gone or older.
     */
    public void delete(String username) {
        Instant at = table.clock().instant().truncatedTo(ChronoUnit.SECONDS);
        table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.name()).key(Keys.user(username)).build()).build(),
                TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item(
                        new AccountDeletion(username, at, AccountDeletion.Phase.FOLLOWS, null, false))).build()).build())
                .build());
    }

    private static Map<String, AttributeValue> item(AccountDeletion d) {
        return new ItemWriter(Keys.accountDeletion(d.username()), Keys.ACCOUNT_DELETION)
                .string("username", d.username()).instant("deletedAt", d.deletedAt())
                .string("phase", d.phase().name()).string("after", d.after()).bool("done", d.done())
                .build();
    }

    /**
     * A deleted user signed up again: from now on fan-outs reach them again. 1 UpdateItem, conditioned on a
     * deletion existing (for everyone else it fails and writes nothing). The walk is unaffected: it only
     * removes what was made up to {@code deletedAt}.
     */
    public void revive(String username) {
        try {
            table.client().updateItem(software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
                    .tableName(table.name()).key(Keys.accountDeletion(username))
                    .updateExpression("SET revivedAt = :now")
                    .conditionExpression("attribute_exists(PK)")
                    .expressionAttributeValues(Map.of(":now", AttributeValue.fromS(
                            table.clock().instant().truncatedTo(ChronoUnit.SECONDS).toString())))
                    .build());
        } catch (ConditionalCheckFailedException e) {
            // Never deleted: nothing to revive.
        }
    }

    public AccountDeletion get(String username) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.accountDeletion(username)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            return null;
        }
        ItemReader r = new ItemReader(item);
        return new AccountDeletion(username, r.instant("deletedAt"), AccountDeletion.Phase.valueOf(r.string("phase")),
                r.string("after"), r.bool("done"));
    }

    /**
     * Writes the walk's new position, only over the deletion it continues ({@code deletedAt} unchanged): a
     * repeated DELETE /me meanwhile restarts the walk instead of being overwritten by an older one.
     */
    public void checkpoint(AccountDeletion next) {
        try {
            table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item(next))
                    .conditionExpression("deletedAt = :at")
                    .expressionAttributeValues(Map.of(":at", AttributeValue.fromS(next.deletedAt().toString())))
                    .build());
        } catch (ConditionalCheckFailedException e) {
            // A newer deletion of the same user restarted the walk: its own record carries on.
        }
    }

    /**
     * Of these recipients, the ones whose account was deleted: one BatchGetItem per 100 (keys only). Fan-outs
     * and blasts drop them, so no later message reaches a deleted user, even before the walk removed the watch.
     */
    public Set<String> deleted(List<String> usernames) {
        Set<String> gone = new HashSet<>();
        for (int from = 0; from < usernames.size(); from += 100) {
            List<Map<String, AttributeValue>> keys = new ArrayList<>();
            for (String u : usernames.subList(from, Math.min(usernames.size(), from + 100))) {
                keys.add(Keys.accountDeletion(u));
            }
            for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                    .projectionExpression("username, deletedAt, revivedAt").build())) {
                ItemReader r = new ItemReader(item);
                Instant revived = r.instant("revivedAt");
                if (revived == null || revived.isBefore(r.instant("deletedAt"))) {
                    gone.add(r.string("username"));
                }
            }
        }
        return gone;
    }

    /**
     * One step of the walk's first phase: up to {@code limit} follows made before the deletion, each removed
     * with the unlike/unwatch transaction (the relation item must exist: the count drops by exactly one, and a
     * replayed step finds nothing to remove). Returns the last sort key seen, or null when the phase is done.
     */
    public String removeFollows(AccountDeletion d, int limit) {
        QueryResponse r = page(Keys.followsPk(d.username()), d.after(), null, limit);
        for (Map<String, AttributeValue> item : r.items()) {
            ItemReader f = new ItemReader(item);
            Instant made = f.instant("createdAt");
            if (made != null && made.isAfter(d.deletedAt())) {
                continue; // made by the user who signed up again
            }
            Relation relation = Keys.LIKE.equals(f.type()) ? Relation.LIKE : Relation.WATCH;
            follows.remove(Likeable.valueOf(f.string("targetKind")), f.string("targetId"), d.username(), relation);
        }
        return next(r);
    }

    /**
     * One step of the second phase: up to {@code limit} messages sent up to the deletion (message ids are
     * KSUIDs of their time), deleted 25 to a BatchWriteItem. Deleting twice is harmless.
     */
    public String removeMessages(AccountDeletion d, int limit, InboxStore inbox) {
        String upTo = Keys.messageSk(Ids.largestAt(d.deletedAt()));
        QueryResponse r = page(Keys.messagesPk(d.username()), d.after(), upTo, limit);
        List<WriteRequest> deletes = new ArrayList<>(r.items().size());
        for (Map<String, AttributeValue> item : r.items()) {
            deletes.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                    .key(Keys.key(item.get(Keys.PK).s(), item.get(Keys.SK).s())).build()).build());
        }
        inbox.write(deletes);
        return next(r);
    }

    private QueryResponse page(String pk, String after, String upTo, int limit) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":pk", AttributeValue.fromS(pk));
        String condition = "PK = :pk";
        if (upTo != null) {
            values.put(":upTo", AttributeValue.fromS(upTo));
            condition += " AND SK <= :upTo";
        }
        QueryRequest.Builder q = QueryRequest.builder().tableName(table.name()).keyConditionExpression(condition)
                .expressionAttributeValues(values).consistentRead(true).limit(limit);
        if (after != null) {
            q.exclusiveStartKey(Keys.key(pk, after));
        }
        return table.client().query(q.build());
    }

    private static String next(QueryResponse r) {
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        return more ? r.lastEvaluatedKey().get(Keys.SK).s() : null;
    }
}

package com.bigtimedeals.accounts;

import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.Transactions;
import com.bigtimedeals.platform.WalkStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Account deletion (docs/data-model.md, "Account deletion"). {@link #delete} is the request: one transaction
 * that removes the profile (so {@code GET /me} is 404 and no later blast scan finds the user) and records the
 * deletion, which is both the tombstone fan-outs check and the work item whose stream record starts the walk.
 */
public final class AccountStore {
    /** Follows a walk step removes; each is one transaction (exact count), so a page is small. */
    public static final int FOLLOW_PAGE = 100;
    /** Votes a walk step removes; each is one transaction (exact temperature), so a page is small. */
    public static final int VOTE_PAGE = 100;
    /** Messages a walk step removes: 20 BatchWriteItems. */
    public static final int MESSAGE_PAGE = 500;

    private final Table table;
    private final WalkStore walks;

    public AccountStore(Table table) {
        this.table = table;
        this.walks = new WalkStore(table);
    }

    /**
     * What one page of the walk removed, and the last sort key it saw (null: the phase is finished). Each phase's
     * page is its own feature's step (FollowStore, VoteStore, AlertStore, CommentStore, SavedStore, InboxDelivery
     * {@code removeForDeletion}), run by the functions' walk: this package knows none of them.
     */
    public record Cleared(String last, int removed) {
    }

    /**
     * DELETE /me: 1 TransactWriteItems. Idempotent: a repeat deletes nothing more and records the deletion
     * again with a later {@code deletedAt}, restarting the walk from the top (a run of the older walk then
     * finds its position gone and stops); it removes only what is already gone or older.
     */
    public void delete(String username) {
        // Full precision: a follow made earlier in the same second is older than the deletion and must go.
        Instant at = table.clock().instant();
        Map<String, AttributeValue> key = AccountKeys.accountDeletion(username);
        Map<String, AttributeValue> deletion = WalkStore.pending(new ItemWriter(key, AccountKeys.ACCOUNT_DELETION)
                .string("username", username).instant("deletedAt", at).bool("done", false).number("reached", 0)
                .index(TableDefinition.GSI2.partitionKey(), AccountKeys.DELETIONS)
                .index(TableDefinition.GSI2.sortKey(), WalkStore.stamp(at)),
                key.get(Keys.PK).s(), at).build();
        // A comment post's transaction checks the profile: while one holds it, this one is cancelled with a
        // TransactionConflict. Retried (the whole write is idempotent: see above), so that no race answers a 503.
        Transactions.retrying(() -> table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.name()).key(AccountKeys.user(username)).build()).build(),
                TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(deletion).build()).build())
                .build()));
    }

    /**
     * A deleted user signed up again: from now on fan-outs reach them again. 1 UpdateItem, conditioned on a
     * deletion existing (for everyone else it fails and writes nothing). The walk is unaffected: it only
     * removes what was made up to {@code deletedAt}.
     */
    public void revive(String username) {
        try {
            // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
            Transactions.retrying(() -> table.client().updateItem(software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
                    .tableName(table.name()).key(AccountKeys.accountDeletion(username))
                    .updateExpression("SET revivedAt = :now")
                    .conditionExpression("attribute_exists(PK)")
                    .expressionAttributeValues(Map.of(":now", AttributeValue.fromS(table.clock().instant().toString())))
                    .build()));
        } catch (ConditionalCheckFailedException e) {
            // Never deleted: nothing to revive.
        }
    }

    public AccountDeletion get(String username) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(AccountKeys.accountDeletion(username)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            return null;
        }
        ItemReader r = new ItemReader(item);
        return new AccountDeletion(username, r.instant("deletedAt"), r.string("after"), r.bool("done"));
    }

    /**
     * Checkpoints a page of the walk; false when another run moved it first, or a repeated DELETE /me restarted
     * it (the caller stops either way, so a page is counted once).
     */
    public boolean advance(AccountDeletion from, String next, int removed) {
        return walks.advance(AccountKeys.accountDeletion(from.username()), from.position(), next, removed, false);
    }

    /** Asks for another run of an unfinished deletion (an invocation out of time does this instead of a page). */
    public boolean requeue(String username) {
        return walks.requeue(AccountKeys.accountDeletion(username));
    }

    /**
     * How long after a deletion deliveries still check for it. A deleted user can be a recipient only through a
     * list read before the deletion (a blast's page of profiles, a watcher page) or a watch the deletion's walk
     * has not removed yet; both are over within seconds, the walk within minutes even when the sweeper must
     * resume it (every 10 minutes). An hour is a wide margin, and the check stays one small Query.
     */
    static final java.time.Duration RECENT = java.time.Duration.ofHours(1);

    /**
     * Users deleted within {@link #RECENT} and not signed up again since: 1 Query of the deletions' GSI2
     * partition, a handful of items. Every delivery reads it right before writing, so no message reaches a
     * deleted user from the moment of deletion, at one request per page instead of a read per recipient.
     */
    public Set<String> recentlyDeleted() {
        Set<String> gone = new HashSet<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                    .indexName(TableDefinition.GSI2.name())
                    .keyConditionExpression("#pk = :pk AND #sk >= :since")
                    .expressionAttributeNames(Map.of("#pk", TableDefinition.GSI2.partitionKey(),
                            "#sk", TableDefinition.GSI2.sortKey()))
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(AccountKeys.DELETIONS),
                            ":since", AttributeValue.fromS(WalkStore.stamp(table.clock().instant().minus(RECENT)))))
                    .projectionExpression("username, deletedAt, revivedAt")
                    .exclusiveStartKey(start).build());
            for (Map<String, AttributeValue> item : r.items()) {
                ItemReader d = new ItemReader(item);
                Instant revived = d.instant("revivedAt");
                if (revived == null || revived.isBefore(d.instant("deletedAt"))) {
                    gone.add(d.string("username"));
                }
            }
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return gone;
    }
}

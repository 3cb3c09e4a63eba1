package com.bigtimedeals.community;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.platform.BatchWrites;
import com.bigtimedeals.platform.BilledSize;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Deal threads (docs/data-model.md, "Comments"). A deal's comments live in the deal's own partition, keyed so that
 * one ascending Query reads the thread in its order: each top-level comment, oldest first, at once followed by its
 * replies, oldest first. A deleted comment stays where it was as a tombstone. Each comment also leaves a small item
 * in its author's partition, which is how account deletion finds a user's comments without a scan.
 */
public final class CommentStore {
    /** Comments an account deletion's walk anonymises per step. */
    public static final int AUTHOR_PAGE = 100;

    private final Table table;
    private final DealCounters counters;

    public CommentStore(Table table) {
        this.table = table;
        this.counters = new DealCounters(table);
    }

    /**
     * Posts a comment: 1 BatchGetItem (the deal and, for a reply, its parent) and 1 TransactWriteItems (the comment,
     * its author item, +1 on the deal's comment count, and a check that the author has a profile, which also orders
     * the post against the author's account deletion: a comment either commits before it, and the deletion's walk
     * finds it, or fails with 403).
     */
    public Comment post(String dealId, String author, NewComment draft) {
        return post(dealId, author, draft, null);
    }

    /**
     * {@link #post(String, String, NewComment)} with {@code keyed} (the request's Idempotency-Key; null for none): the
     * key's record is read with the deal and written in the comment's transaction, so a keyed comment is 2 requests.
     */
    public Comment post(String dealId, String author, NewComment draft, KeyedWrite<Comment> keyed) {
        String replyTo = draft.replyTo();
        if (replyTo != null && !Ids.isValid(replyTo)) {
            throw DomainException.invalid("replyTo", "replyTo must name a top-level comment of this deal");
        }
        List<Map<String, AttributeValue>> keys = new ArrayList<>(3);
        keys.add(DealKeys.deal(dealId));
        if (replyTo != null) {
            keys.add(CommunityKeys.comment(dealId, replyTo));
        }
        List<Map<String, AttributeValue>> items = KeyedWrite.read(table, keyed, keys, "#t, #down",
                Map.of("#t", Keys.TYPE, "#down", DealCodec.TAKEN_DOWN_AT));
        boolean dealLive = false;
        boolean parentFound = false;
        for (Map<String, AttributeValue> item : items) {
            String type = new ItemReader(item).type();
            dealLive |= DealCodec.isLiveDeal(item);
            parentFound |= CommunityKeys.COMMENT.equals(type);
        }
        if (!dealLive) {
            throw DomainException.notFound("deal not found");
        }
        if (replyTo != null && !parentFound) {
            throw DomainException.invalid("replyTo", "replyTo must name a top-level comment of this deal");
        }
        Instant postedAt = table.clock().instant();
        Comment comment = new Comment(Ids.commentId(replyTo, postedAt), dealId, author, draft.body(), replyTo, false,
                postedAt.truncatedTo(ChronoUnit.SECONDS));
        List<TransactWriteItem> writes = new ArrayList<>(4);
        writes.add(TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table.name())
                .key(AccountKeys.user(author)).conditionExpression("attribute_exists(PK)").build()).build());
        writes.add(put(CommentItems.item(comment)));
        writes.add(put(authorItem(comment)));
        if (keyed != null) {
            writes.add(keyed.record(table.name(), comment));
        }
        commit(writes, dealId, 1, () -> DomainException.forbidden("posting a comment needs a profile: POST /me first"),
                keyed, writes.size() - 1);
        return comment;
    }

    private static Map<String, AttributeValue> authorItem(Comment c) {
        return new ItemWriter(CommunityKeys.commentOfAuthor(c.author(), Ids.ownPart(c.id())), CommunityKeys.COMMENT_OF_AUTHOR)
                .string("dealId", c.dealId()).string("commentId", c.id()).build();
    }

    /**
     * The billed sizes of what posting {@code c} wrote or checked, by name: the comment, its author's item, the
     * author's profile (the transaction's condition check) and the deal's largest counter shard. For the benchmark's "write units a comment costs".
     */
    public Map<String, Integer> billedSizes(Comment c) {
        Map<String, AttributeValue> profile = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(AccountKeys.user(c.author())).build()).item();
        Map<String, Integer> sizes = new java.util.LinkedHashMap<>();
        sizes.put("comment", BilledSize.of(CommentItems.item(c)));
        sizes.put("author item", BilledSize.of(authorItem(c)));
        sizes.put("profile check", BilledSize.of(profile));
        int shard = 0;
        for (Map<String, AttributeValue> key : DealCounters.keys(c.dealId())) {
            Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(key).build()).item();
            shard = item == null || item.isEmpty() ? shard : Math.max(shard, BilledSize.of(item));
        }
        sizes.put("counter shard", shard);
        return sizes;
    }

    private TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build()).build();
    }

    /**
     * Commits {@code writes} with a change of the deal's comment count, in one transaction (the count's shard is
     * chosen, and conflicts retried, by {@link DealCounters#commit}). The first action is the one precondition:
     * its failure is {@code refused}.
     */
    /**
     * The transaction, its first item's condition failing as {@code refused}; with {@code keyed}, its record (at
     * {@code recordAt}) taken first by a request with the same key is that request's answer, whatever else failed.
     */
    private void commit(List<TransactWriteItem> writes, String dealId, long delta,
                        java.util.function.Supplier<DomainException> refused, KeyedWrite<?> keyed, int recordAt) {
        try {
            counters.commit(writes, dealId, Map.of(DealCounters.Counter.COMMENTS, delta));
        } catch (TransactionCanceledException e) {
            if (keyed != null) {
                keyed.requireNotTaken(e, recordAt);
            }
            List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
            if (!reasons.isEmpty() && "ConditionalCheckFailed".equals(reasons.get(0).code())) {
                throw refused.get();
            }
            throw e;
        }
    }

    /**
     * One page of a thread: 1 Query. The first page starts at the deal item itself, so an unknown or taken-down deal
     * is a 404 with no second read; later pages continue after the cursor's comment. Eventually consistent, like
     * every public read.
     */
    public Page<Comment> thread(String dealId, int limit, String cursor) {
        if (limit < 1 || limit > DealStore.MAX_PAGE) {
            throw DomainException.invalid("limit", "limit must be an integer from 1 to " + DealStore.MAX_PAGE);
        }
        String scope = "THREAD#" + dealId;
        String after = null;
        if (cursor != null) {
            after = table.cursors().decode(scope, cursor, 1).get(0);
            if (!Ids.isCommentId(after)) {
                throw DomainException.invalid("cursor", "cursor is not valid for this list");
            }
        }
        String pk = DealKeys.dealPk(dealId);
        Map<String, AttributeValue> start = after == null ? null : CommunityKeys.comment(dealId, after);
        List<Comment> comments = new ArrayList<>(limit + 1);
        boolean dealSeen = after != null;
        do {
            QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                    .keyConditionExpression("PK = :pk AND SK BETWEEN :from AND :to")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk),
                            ":from", AttributeValue.fromS(after == null ? pk : CommunityKeys.commentSk(dealId, "")),
                            ":to", AttributeValue.fromS(CommunityKeys.commentsEnd(dealId))))
                    .limit(limit + 1 - comments.size() + (dealSeen ? 0 : 1))
                    .exclusiveStartKey(start).build());
            for (Map<String, AttributeValue> item : r.items()) {
                if (!dealSeen) {
                    if (!DealCodec.isLiveDeal(item)) {
                        throw DomainException.notFound("deal not found");
                    }
                    dealSeen = true;
                } else if (CommunityKeys.COMMENT.equals(new ItemReader(item).type())) {
                    comments.add(CommentItems.read(item));
                }
            }
            if (!dealSeen) {
                throw DomainException.notFound("deal not found");
            }
            // Only a 1 MB page ends a Query before its limit; 101 comments of at most 2,000 characters never reach it.
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null && comments.size() <= limit);
        if (comments.size() > limit) {
            List<Comment> page = new ArrayList<>(comments.subList(0, limit));
            return new Page<>(page, table.cursors().encode(scope, List.of(page.get(limit - 1).id())));
        }
        return new Page<>(comments, null);
    }

    /**
     * Deletes a comment: it becomes a tombstone in its place. Only its author or an editor may (FORBIDDEN
     * otherwise); deleting a deleted comment succeeds and changes nothing. 1 GetItem and 1 TransactWriteItems (the
     * tombstone, conditioned on the comment not being deleted yet, and −1 on the deal's comment count), so two
     * deletes racing count once.
     */
    public void delete(String dealId, String commentId, String caller, boolean editor) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(CommunityKeys.comment(dealId, commentId)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("comment not found");
        }
        Comment comment = CommentItems.read(item);
        if (!editor && !caller.equals(comment.author())) {
            throw DomainException.forbidden("only the comment's author or an editor may delete it");
        }
        if (comment.deleted()) {
            return;
        }
        tombstone(dealId, commentId, null);
    }

    /**
     * Turns a live comment into a tombstone; with {@code formerAuthor}, also takes the author's name off it, and
     * only if it is still theirs. False when the comment was already deleted (or not theirs): nothing changed.
     */
    private boolean tombstone(String dealId, String commentId, String formerAuthor) {
        Map<String, String> names = new HashMap<>();
        names.put("#deleted", CommentItems.DELETED);
        names.put("#body", CommentItems.BODY);
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":true", AttributeValue.fromBool(true));
        values.put(":false", AttributeValue.fromBool(false));
        String update = "SET #deleted = :true REMOVE #body";
        String condition = "attribute_exists(PK) AND #deleted = :false";
        if (formerAuthor != null) {
            names.put("#author", CommentItems.AUTHOR);
            values.put(":author", AttributeValue.fromS(formerAuthor));
            update += ", #author";
            condition += " AND #author = :author";
        }
        List<TransactWriteItem> writes = new ArrayList<>(2);
        writes.add(TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(CommunityKeys.comment(dealId, commentId)).updateExpression(update).conditionExpression(condition)
                .expressionAttributeNames(names).expressionAttributeValues(values).build()).build());
        try {
            commit(writes, dealId, -1, () -> new DomainException(DomainException.Kind.CONFLICT, "already deleted", null), null, -1);
            return true;
        } catch (DomainException e) {
            if (e.kind() == DomainException.Kind.CONFLICT) {
                return false;
            }
            throw e;
        }
    }

    /**
     * One step of an account deletion: up to {@code limit} of the user's comments posted up to {@code deletedAt},
     * each turned into a tombstone with no author (a live one counted out of its deal's comments once: the write is
     * conditioned on it still being live and theirs); then their author items are deleted. 1 Query, 1 BatchGetItem,
     * a write per comment that still names the user, and a BatchWriteItem per 25 author items. Safe to run twice.
     */
    public AccountStore.Cleared anonymise(String username, Instant deletedAt, String after, int limit) {
        String pk = CommunityKeys.commentsOfAuthorPk(username);
        QueryRequest.Builder q = QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk AND SK <= :upTo")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk),
                        ":upTo", AttributeValue.fromS(CommunityKeys.commentOfAuthorSk(Ids.largestAt(deletedAt)))))
                .consistentRead(true).limit(limit);
        if (after != null) {
            q.exclusiveStartKey(Keys.key(pk, after));
        }
        QueryResponse r = table.client().query(q.build());
        List<Map<String, AttributeValue>> commentKeys = new ArrayList<>(r.items().size());
        List<WriteRequest> refs = new ArrayList<>(r.items().size());
        for (Map<String, AttributeValue> ref : r.items()) {
            ItemReader of = new ItemReader(ref);
            commentKeys.add(CommunityKeys.comment(of.string("dealId"), of.string("commentId")));
            refs.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                    .key(Keys.key(pk, ref.get(Keys.SK).s())).build()).build());
        }
        int anonymised = 0;
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(commentKeys)
                .consistentRead(true).build())) {
            Comment c = CommentItems.read(item);
            if (username.equals(c.author()) && (c.deleted() || !tombstone(c.dealId(), c.id(), username))) {
                forgetAuthor(c, username); // deleted before: only the name goes
            }
            anonymised++;
        }
        for (int from = 0; from < refs.size(); from += BatchWrites.MAX_ITEMS) {
            BatchWrites.write(table, refs.subList(from, Math.min(refs.size(), from + BatchWrites.MAX_ITEMS)));
        }
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        return new AccountStore.Cleared(more ? r.lastEvaluatedKey().get(Keys.SK).s() : null, anonymised);
    }

    private void forgetAuthor(Comment c, String username) {
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(CommunityKeys.comment(c.dealId(), c.id()))
                    .updateExpression("REMOVE #author, #body")
                    .conditionExpression("#author = :author")
                    .expressionAttributeNames(Map.of("#body", CommentItems.BODY, "#author", CommentItems.AUTHOR))
                    .expressionAttributeValues(Map.of(":author", AttributeValue.fromS(username)))
                    .build()));
        } catch (ConditionalCheckFailedException e) {
            // A replayed step: it has no author already.
        }
    }
}

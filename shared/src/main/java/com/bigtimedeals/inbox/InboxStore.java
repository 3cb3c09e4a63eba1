package com.bigtimedeals.inbox;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.InboxRetention;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Each user's inbox as the user reads it (access patterns: view all Messages, view unread Messages, mark a Message
 * read, the unread badge). An unread message also carries GSI1 keys, so the unread view is a sparse index. The
 * writes of fan-outs are {@link InboxDelivery}'s; how a message is stored is {@link MessageItems}'.
 */
public final class InboxStore {
    /** The badge counts this far: "100" means 100 or more. */
    public static final int BADGE_CAP = 100;

    private final Table table;
    private final Duration retention;

    public InboxStore(Table table, InboxRetention retention) {
        this.table = table;
        this.retention = retention.duration();
    }

    /**
     * The smallest message sort key still kept. Message ids are KSUIDs of the message's time, so "not older than
     * the retention" is a key condition: reads never see an expired message, even before TTL (which can lag by
     * days) deletes it, and never read one only to filter it out (no short pages, no extra request).
     */
    private AttributeValue retentionFloor() {
        Instant oldest = table.clock().instant().minus(retention);
        return AttributeValue.fromS(InboxKeys.messageSk(Ids.smallestAt(oldest)));
    }

    /** One page of the inbox, newest first: a single query of limit+1 items (the extra one says whether more exist). */
    public Page<Message> list(String username, boolean unreadOnly, int limit, String cursor) {
        if (limit < 1 || limit > DealStore.MAX_PAGE) {
            throw DomainException.invalid("limit", "limit must be an integer from 1 to " + DealStore.MAX_PAGE);
        }
        String scope = "INBOX#" + (unreadOnly ? "unread#" : "all#") + username;
        String after = null;
        if (cursor != null) {
            after = table.cursors().decode(scope, cursor, 1).get(0);
            if (!Ids.isValid(after)) {
                throw DomainException.invalid("cursor", "cursor is not valid for this list");
            }
        }
        String pkName = unreadOnly ? TableDefinition.GSI1.partitionKey() : Keys.PK;
        String skName = unreadOnly ? TableDefinition.GSI1.sortKey() : Keys.SK;
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":pk", AttributeValue.fromS(InboxKeys.messagesPk(username)));
        String condition;
        AttributeValue floor = retentionFloor();
        values.put(":lo", floor);
        if (after == null) {
            values.put(":hi", AttributeValue.fromS(InboxKeys.messageSk(Ids.LARGEST)));
        } else {
            values.put(":hi", AttributeValue.fromS(InboxKeys.messageSk(after)));
            if (values.get(":hi").s().compareTo(floor.s()) <= 0) {
                return new Page<>(List.of(), null); // everything past this cursor has expired meanwhile
            }
        }
        condition = "#pk = :pk AND #sk BETWEEN :lo AND :hi";
        QueryRequest.Builder q = QueryRequest.builder().tableName(table.name())
                .keyConditionExpression(condition)
                .expressionAttributeNames(Map.of("#pk", pkName, "#sk", skName))
                .expressionAttributeValues(values)
                .scanIndexForward(false)
                .limit(limit + 2);
        if (unreadOnly) {
            q.indexName(TableDefinition.GSI1.name());
        }
        QueryResponse r = table.client().query(q.build());
        List<Message> messages = new ArrayList<>();
        for (Map<String, AttributeValue> item : r.items()) {
            Message m = MessageItems.read(item);
            if (!m.id().equals(after)) { // BETWEEN is inclusive of the cursor's own message
                messages.add(m);
            }
        }
        if (messages.size() > limit) {
            List<Message> page = messages.subList(0, limit);
            return new Page<>(new ArrayList<>(page), table.cursors().encode(scope, List.of(page.get(limit - 1).id())));
        }
        return new Page<>(messages, null);
    }

    /**
     * The unread badge (1 Query of the sparse unread index, {@code Select COUNT}, at most {@link #BADGE_CAP}
     * items read, newest first). It counts index items, so no replay can count a message twice (a message id
     * is a function of recipient, subject and time, so a replayed fan-out rewrites the same item) and, with
     * nothing ever decremented, it cannot go negative.
     */
    public int unreadCount(String username) {
        QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                .indexName(TableDefinition.GSI1.name())
                .keyConditionExpression("#pk = :pk AND #sk > :floor")
                .expressionAttributeNames(Map.of("#pk", TableDefinition.GSI1.partitionKey(),
                        "#sk", TableDefinition.GSI1.sortKey()))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(InboxKeys.messagesPk(username)),
                        ":floor", retentionFloor()))
                .scanIndexForward(false)
                .select(Select.COUNT)
                .limit(BADGE_CAP)
                .build());
        return Math.min(BADGE_CAP, r.count());
    }

    /** Idempotent: marking a read message read again succeeds. NOT_FOUND when it is not this user's message. */
    public void markRead(String username, String messageId) {
        try {
            // A transaction on the message (an account deletion's, a fan-out's) may hold it: retried, as marking is idempotent.
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(InboxKeys.message(username, messageId))
                    .updateExpression("SET unread = :false REMOVE #gpk, #gsk")
                    .conditionExpression("attribute_exists(PK)")
                    .expressionAttributeNames(Map.of("#gpk", TableDefinition.GSI1.partitionKey(),
                            "#gsk", TableDefinition.GSI1.sortKey()))
                    .expressionAttributeValues(Map.of(":false", AttributeValue.fromBool(false)))
                    .build()));
        } catch (ConditionalCheckFailedException e) {
            throw DomainException.notFound("message not found");
        }
    }
}

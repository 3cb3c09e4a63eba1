package com.bigtimedeals.inbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.accounts.AccountDeletion;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.platform.BatchWrites;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.InboxRetention;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.ParallelWrites;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The inbox writes of every fan-out (access patterns: send a new-deal Message to a Brand's / a Category's watchers,
 * send a Hot Deal Message to all Users) and of an account's clean-up. Delivery is at-least-once upstream, so each
 * write is shaped to be repeated: see {@link #deliver} and {@link #deliverClaimed}.
 */
public final class InboxDelivery {
    private final Table table;
    private final MessageItems items;
    private final AccountStore accounts;
    private final ParallelWrites writes;

    /** {@code parallelism} writes in flight ({@code DELIVERY_THREADS}); messages kept for {@code retention}. */
    public InboxDelivery(Table table, int parallelism, InboxRetention retention) {
        this.table = table;
        this.items = new MessageItems(retention);
        this.accounts = new AccountStore(table);
        this.writes = new ParallelWrites(parallelism);
    }

    /**
     * Writes each message only if it does not exist yet: one PutItem conditioned on {@code attribute_not_exists},
     * {@code parallelism} in flight. A redelivered page, a user who watches both the brand and the category, or
     * a rerun after a crash finds the message there and leaves it alone, so a message a user has read stays
     * read (and out of the unread index). BatchWriteItem cannot carry a condition, and an unconditional put
     * would reset {@code unread}: only a page claimed first-hand may take {@link #deliverClaimed}, and
     * docs/fan-out.md weighs the cost. Throttling is retried by the SDK. Returns the number of messages this call
     * created.
     *
     * <p>Recipients whose account was deleted are dropped first (1 Query of the recent deletions,
     * {@link AccountStore#recentlyDeleted}): every delivery path, a blast page read before the deletion as much
     * as a watcher list the clean-up has not reached yet, passes here, so no message reaches a deleted user
     * from the moment of deletion.
     */
    public int deliver(List<Message> messages) {
        List<Map<String, AttributeValue>> toWrite = toDeliver(messages);
        int slice = Math.max(1, (toWrite.size() + writes.parallelism() - 1) / writes.parallelism());
        return sum(writes.run(toWrite, slice, this::putNew));
    }

    /**
     * Writes a page of messages that no run can have written before: 25 to a BatchWriteItem, {@code parallelism}
     * in flight, unprocessed items asked again with backoff. A twenty-fifth of the requests of {@link #deliver},
     * for the same write units; but BatchWriteItem carries no condition, so a message that already exists would be
     * replaced and turn unread again. Only a caller that has claimed the page (see {@code WalkStore.claim}: the
     * first run to start a page wins it, and every later run of that page comes back through {@link #deliver})
     * and whose recipients no other writer can reach with the same message id may call this. Returns the number
     * of messages written; recipients deleted in the last hour are dropped as in {@link #deliver}.
     */
    public int deliverClaimed(List<Message> messages) {
        List<WriteRequest> puts = new ArrayList<>();
        for (Map<String, AttributeValue> item : toDeliver(messages)) {
            puts.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
        }
        return sum(writes.run(puts, BatchWrites.MAX_ITEMS, batch -> BatchWrites.write(table, batch)));
    }

    /**
     * Deletes messages by key (an account deletion's walk), 25 to a BatchWriteItem. Deleting a message twice is
     * harmless, so unlike delivery this needs no condition.
     */
    public void remove(List<Map<String, AttributeValue>> keys) {
        List<WriteRequest> deletes = new ArrayList<>(keys.size());
        for (Map<String, AttributeValue> key : keys) {
            deletes.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build());
        }
        writes.run(deletes, BatchWrites.MAX_ITEMS, batch -> BatchWrites.write(table, batch));
    }

    /** The items to write: one per (user, message id), none for a user deleted in the last hour. */
    private List<Map<String, AttributeValue>> toDeliver(List<Message> messages) {
        Set<String> deleted = messages.isEmpty() ? Set.of() : accounts.recentlyDeleted();
        Map<String, Map<String, AttributeValue>> distinct = new LinkedHashMap<>();
        for (Message m : messages) {
            if (!deleted.contains(m.username())) {
                distinct.put(m.username() + "\u0000" + m.id(), items.item(m));
            }
        }
        return new ArrayList<>(distinct.values());
    }

    private int putNew(List<Map<String, AttributeValue>> toWrite) {
        int created = 0;
        for (Map<String, AttributeValue> item : toWrite) {
            try {
                Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                        .conditionExpression("attribute_not_exists(PK)").build()));
                created++;
            } catch (ConditionalCheckFailedException e) {
                // Delivered before (redelivery, or the other watcher list): the existing message, read or not, stays.
            }
        }
        return created;
    }

    private static int sum(List<Integer> counts) {
        return counts.stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * One step of an account deletion's last phase: up to {@code limit} messages sent up to the deletion (message ids
     * are KSUIDs of their time), deleted 25 to a BatchWriteItem. Deleting twice is harmless.
     */
    public AccountStore.Cleared removeForDeletion(AccountDeletion d, int limit) {
        String upTo = InboxKeys.messageSk(Ids.largestAt(d.deletedAt()));
        QueryResponse r = TableReads.page(table, InboxKeys.messagesPk(d.username()), d.after(), upTo, limit);
        List<Map<String, AttributeValue>> keys = new ArrayList<>(r.items().size());
        for (Map<String, AttributeValue> item : r.items()) {
            keys.add(Keys.key(item.get(Keys.PK).s(), item.get(Keys.SK).s()));
        }
        remove(keys);
        return new AccountStore.Cleared(TableReads.next(r), keys.size());
    }
}

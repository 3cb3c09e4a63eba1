package com.bigtimedeals.saved;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Saved deals and their reminders (docs/data-model.md, "Saved deals and reminders"). A save is three items written in
 * one transaction: the saver's list entry ({@code SAVED#<user>}, {@code AT#<savedAt>#<dealId>}: the list newest first
 * is one Query), the saver item ({@code SAVERS#<dealId>}, {@code USER#<user>}: whether this user saved this deal, when,
 * and where the entry and the reminder are; a deal's savers are one Query when its expiry moves), and the user's count
 * (the 500 limit, held under concurrent saves), with the deal checked live in the same transaction; and, when the deal
 * expires more than an hour later, the pending reminder in the bucket of the minute it is due
 * ({@code REMIND#<minute>}), which the sweeper reads every minute.
 *
 * <p>A reminder is checked when it is due, against what stands then: the saver item (still saved, not reminded yet),
 * the deal (live, not expired, and still expiring at the moment the reminder was planned for). So unsaving, a takedown,
 * an expiry or a moved expiry cancel it without touching it; a moved expiry plans a new one ({@link #replan}).
 */
public final class SavedStore {
    /** The contract's limit of saved deals per user. */
    public static final int MAX_PER_USER = 500;
    /** A reminder goes this long before the deal expires... */
    public static final Duration REMIND_BEFORE = Duration.ofHours(24);
    /** ...or at once for a deal saved with less left, but only with more than this left. */
    public static final Duration REMIND_AT_LEAST = Duration.ofHours(1);
    /** A cursor's scope: the list's owner is in it, so another user's cursor is refused (400), as the inbox's is. */
    private static String scope(String username) {
        return "SAVED#" + username;
    }
    static final String SAVED_AT = "savedAt";
    static final String LIST_SK = "listSk";
    static final String REMINDER_PK = "reminderPk";
    static final String PLANNED_FOR = "plannedFor";
    static final String REMINDED_AT = "remindedAt";

    private final Table table;

    public SavedStore(Table table) {
        this.table = table;
    }

    /**
     * PUT /me/saved/{dealId}: 1 strongly consistent BatchGetItem (the deal and the caller's saver item) and, unless
     * already saved, 1 transaction. NOT_FOUND for an unknown or taken-down deal, INVALID for a 501st save. Saving again
     * answers the first {@code savedAt}, also when two saves race (the loser reads the winner's).
     */
    public SavedDeal save(String username, String dealId) {
        if (!Ids.isValid(dealId)) {
            throw DomainException.notFound("deal not found");
        }
        Map<String, AttributeValue> deal = null;
        Map<String, AttributeValue> saver = null;
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(DealKeys.deal(dealId), SavedKeys.saver(dealId, username)).consistentRead(true).build())) {
            if (SavedKeys.SAVER.equals(new ItemReader(item).type())) {
                saver = item;
            } else {
                deal = item;
            }
        }
        if (saver != null) {
            return new SavedDeal(dealId, new ItemReader(saver).instant(SAVED_AT), null);
        }
        if (!DealCodec.isLiveDeal(deal)) {
            throw DomainException.notFound("deal not found");
        }
        Instant now = table.clock().instant();
        Instant savedAt = now.truncatedTo(ChronoUnit.SECONDS);
        Instant expiresAt = new ItemReader(deal).instant("expiresAt");
        Instant due = due(expiresAt, now);
        String listSk = SavedKeys.savedSk(savedAt, dealId);
        ItemWriter s = new ItemWriter(SavedKeys.saver(dealId, username), SavedKeys.SAVER).string("username", username)
                .string("dealId", dealId).instant(SAVED_AT, savedAt).string(LIST_SK, listSk);
        List<TransactWriteItem> writes = new ArrayList<>(List.of(
                put(s.string(REMINDER_PK, due == null ? null : Keys.reminderPk(minute(due))).build(), true),
                put(new ItemWriter(Keys.key(SavedKeys.savedPk(username), listSk), SavedKeys.SAVED).string("dealId", dealId)
                        .instant(SAVED_AT, savedAt).build(), false),
                count(username, 1, true),
                TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table.name()).key(DealKeys.deal(dealId))
                        .conditionExpression("#t = :deal AND attribute_not_exists(#down)")
                        .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#down", DealCodec.TAKEN_DOWN_AT))
                        .expressionAttributeValues(Map.of(":deal", AttributeValue.fromS(DealKeys.DEAL))).build()).build()));
        if (due != null) {
            writes.add(put(reminder(username, dealId, due, expiresAt), false));
        }
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return new SavedDeal(dealId, savedAt, null);
            } catch (TransactionCanceledException e) {
                if (Transactions.conditionFailed(e, 0)) {
                    Map<String, AttributeValue> first = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                            .key(SavedKeys.saver(dealId, username)).consistentRead(true).build()).item();
                    if (first != null && !first.isEmpty()) {
                        return new SavedDeal(dealId, new ItemReader(first).instant(SAVED_AT), null);
                    }
                } else if (Transactions.conditionFailed(e, 2)) {
                    throw DomainException.invalid(null, "a user saves at most " + MAX_PER_USER + " deals: unsave one first");
                } else if (Transactions.conditionFailed(e, 3)) {
                    throw DomainException.notFound("deal not found");
                } else if (!Transactions.retryable(e, attempt)) {
                    throw Contention.cancelledBy(e) ? DomainException.unavailable("too many saves at once; try again") : e;
                }
            }
        }
    }

    /**
     * DELETE /me/saved/{dealId}: 1 strongly consistent GetItem of the saver item and, when saved, 1 transaction that
     * removes it, the list entry and the pending reminder and counts down. Also a success when it was not saved.
     */
    public void unsave(String username, String dealId) {
        if (!Ids.isValid(dealId)) {
            return;
        }
        Map<String, AttributeValue> saver = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(SavedKeys.saver(dealId, username)).consistentRead(true).build()).item();
        if (saver == null || saver.isEmpty()) {
            return;
        }
        remove(new ItemReader(saver));
    }

    /** Removes a saver item with its entry, its reminder and its count; nothing when a concurrent removal got there first. */
    private void remove(ItemReader saver) {
        String username = saver.string("username");
        String dealId = saver.string("dealId");
        List<TransactWriteItem> writes = new ArrayList<>(List.of(
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.name()).key(SavedKeys.saver(dealId, username))
                        .conditionExpression("attribute_exists(PK)").build()).build(),
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                        .key(Keys.key(SavedKeys.savedPk(username), saver.string(LIST_SK))).build()).build(),
                count(username, -1, false)));
        if (saver.string(REMINDER_PK) != null) {
            writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                    .key(Keys.key(saver.string(REMINDER_PK), SavedKeys.reminderSk(dealId, username))).build()).build());
        }
        Transactions.removing(table.client(), writes, "the saved deal");
    }

    /**
     * GET /me/saved: 1 Query of the caller's list, most recently saved first (strongly consistent: exact right after a
     * save), and 1 BatchGetItem of those deals. A deal taken down is left out (the stream also removes its entries).
     */
    public Page<SavedDeal> page(String username, int limit, String cursor) {
        QueryRequest.Builder q = QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk AND SK BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(SavedKeys.savedPk(username)),
                        ":lo", AttributeValue.fromS("AT#"), ":hi", AttributeValue.fromS("AT$")))
                .scanIndexForward(false).consistentRead(true).limit(limit + 1); // one more tells whether more follow
        if (cursor != null) {
            String after = table.cursors().decode(scope(username), cursor, 1).get(0);
            if (!after.startsWith("AT#")) {
                throw DomainException.invalid("cursor", "cursor is not valid for this list");
            }
            // The caller's own partition, whatever the cursor says: it only names a place in it.
            q.exclusiveStartKey(Keys.key(SavedKeys.savedPk(username), after));
        }
        QueryResponse r = table.client().query(q.build());
        List<Map<String, AttributeValue>> entries = new ArrayList<>(r.items());
        boolean more = entries.size() > limit;
        if (more) {
            entries = entries.subList(0, limit);
        }
        if (entries.isEmpty()) {
            return new Page<>(List.of(), null);
        }
        List<Map<String, AttributeValue>> keys = new ArrayList<>(entries.size());
        entries.forEach(e -> keys.add(DealKeys.deal(e.get("dealId").s())));
        Map<String, Deal> deals = new HashMap<>();
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys).build())) {
            if (DealCodec.isLiveDeal(item)) {
                Deal d = DealCodec.read(item);
                deals.put(d.id(), d);
            }
        }
        List<SavedDeal> saved = new ArrayList<>(entries.size());
        for (Map<String, AttributeValue> e : entries) {
            Deal d = deals.get(e.get("dealId").s());
            if (d != null) {
                saved.add(new SavedDeal(d.id(), new ItemReader(e).instant(SAVED_AT), d));
            }
        }
        String last = entries.get(entries.size() - 1).get(Keys.SK).s();
        return new Page<>(saved, more ? table.cursors().encode(scope(username), List.of(last)) : null);
    }

    /** When a deal expiring at {@code expiresAt} and saved (or re-planned) at {@code now} is reminded of; null: never. */
    static Instant due(Instant expiresAt, Instant now) {
        if (expiresAt == null || !expiresAt.isAfter(now.plus(REMIND_AT_LEAST))) {
            return null;
        }
        Instant due = expiresAt.minus(REMIND_BEFORE);
        return (due.isBefore(now) ? now : due).truncatedTo(ChronoUnit.SECONDS);
    }

    /** The bucket of an instant: its minute, as {@code yyyy-MM-ddTHH:mm}. */
    static String minute(Instant at) {
        return at.truncatedTo(ChronoUnit.MINUTES).toString().substring(0, 16);
    }

    private Map<String, AttributeValue> reminder(String username, String dealId, Instant due, Instant plannedFor) {
        return new ItemWriter(Keys.key(Keys.reminderPk(minute(due)), SavedKeys.reminderSk(dealId, username)), SavedKeys.REMINDER)
                .string("username", username).string("dealId", dealId).instant("due", due).instant(PLANNED_FOR, plannedFor)
                .build();
    }

    /**
     * A deal's expiry moved (or was set or cleared): every saver not yet reminded gets a reminder planned for the new
     * expiry, a page of savers at a time. The old reminder is left where it is: when due it finds the deal expiring at
     * another moment and sends nothing. Safe to run twice: the same reminder is put again.
     */
    public int replan(String dealId, Instant expiresAt) {
        Instant now = table.clock().instant();
        Instant due = due(expiresAt, now);
        int[] planned = {0};
        TableReads.forEachPage(table, SavedKeys.saversPk(dealId), true, items -> {
            for (Map<String, AttributeValue> item : items) {
                ItemReader saver = new ItemReader(item);
                if (saver.has(REMINDED_AT) || due == null) {
                    continue;
                }
                String user = saver.string("username");
                Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                        .item(reminder(user, dealId, due, expiresAt)).build()));
                try {
                    Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(SavedKeys.saver(dealId, user))
                            .updateExpression("SET #r = :r").conditionExpression("attribute_exists(PK)")
                            .expressionAttributeNames(Map.of("#r", REMINDER_PK))
                            .expressionAttributeValues(Map.of(":r", AttributeValue.fromS(Keys.reminderPk(minute(due))))).build()));
                } catch (ConditionalCheckFailedException unsaved) {
                    // Unsaved meanwhile: the reminder just put finds no saver when due.
                }
                planned[0]++;
            }
        });
        return planned[0];
    }

    /** A deal taken down leaves every saver's list (and count): a page of savers at a time. Idempotent. */
    public int forgetDeal(String dealId) {
        int[] removed = {0};
        TableReads.forEachPage(table, SavedKeys.saversPk(dealId), true, items -> {
            for (Map<String, AttributeValue> item : items) {
                remove(new ItemReader(item));
                removed[0]++;
            }
        });
        return removed[0];
    }

    /** A reminder due now: who, which deal, when it was due, and the deal as it stands (null: taken down or gone). */
    public record DueReminder(String username, String dealId, Instant due, Deal deal) {
    }

    /**
     * One sweep of the reminders due by now: every minute bucket after the last swept one, up to the current minute;
     * each reminder still valid (saved, not reminded, the deal live, unexpired and still expiring when planned) is
     * handed to {@code send}, then marked reminded on its saver item, then deleted. {@code send} must be idempotent (a
     * crash between it and the mark sends again: the message id is fixed). The mark moves to two minutes back, so a
     * reminder written into the current minute by a save that is still under way is read by the next sweep.
     * Returns how many were sent.
     */
    public int sweepDue(java.util.function.Consumer<DueReminder> send) {
        Instant now = table.clock().instant();
        Map<String, AttributeValue> mark = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(SavedKeys.reminderSwept()).consistentRead(true).build()).item();
        Instant from = mark == null || mark.isEmpty() ? now.minus(Duration.ofMinutes(10)).truncatedTo(ChronoUnit.MINUTES)
                : new ItemReader(mark).instant("through").plus(Duration.ofMinutes(1));
        Instant through = now.truncatedTo(ChronoUnit.MINUTES);
        List<String> buckets = new ArrayList<>();
        for (Instant m = from; !m.isAfter(through); m = m.plus(Duration.ofMinutes(1))) {
            buckets.add(Keys.reminderPk(minute(m)));
        }
        int sent = sweepBuckets(buckets, now, send);
        Instant keep = through.minus(Duration.ofMinutes(2));
        if (keep.isAfter(from.minus(Duration.ofMinutes(1)))) {
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                    .item(new ItemWriter(SavedKeys.reminderSwept(), SavedKeys.REMINDER_SWEPT).instant("through", keep).build()).build()));
        }
        return sent;
    }

    /** Every bucket's reminders in one read of all of them ({@link TableReads#forEachPageOf}), consistent. */
    private int sweepBuckets(List<String> buckets, Instant now, java.util.function.Consumer<DueReminder> send) {
        int[] sent = {0};
        TableReads.forEachPageOf(table, buckets, true, items -> {
            for (Map<String, AttributeValue> item : items) {
                ItemReader reminder = new ItemReader(item);
                if (reminder.instant("due").isAfter(now)) {
                    continue; // later in the current minute: the next sweep reads this bucket again
                }
                String user = reminder.string("username");
                String dealId = reminder.string("dealId");
                Map<String, AttributeValue> saver = null;
                Map<String, AttributeValue> deal = null;
                for (Map<String, AttributeValue> i : TableReads.batchGet(table, KeysAndAttributes.builder()
                        .keys(DealKeys.deal(dealId), SavedKeys.saver(dealId, user)).consistentRead(true).build())) {
                    if (SavedKeys.SAVER.equals(new ItemReader(i).type())) {
                        saver = i;
                    } else {
                        deal = i;
                    }
                }
                Deal d = DealCodec.isLiveDeal(deal) ? DealCodec.read(deal) : null;
                boolean valid = saver != null && !new ItemReader(saver).has(REMINDED_AT) && d != null
                        && d.expiresAt() != null && d.expiresAt().equals(reminder.instant(PLANNED_FOR)) && !d.expiredAt(now);
                if (valid) {
                    send.accept(new DueReminder(user, dealId, reminder.instant("due"), d));
                    try {
                        Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(SavedKeys.saver(dealId, user))
                                .updateExpression("SET #r = :at").conditionExpression("attribute_exists(PK)")
                                .expressionAttributeNames(Map.of("#r", REMINDED_AT))
                                .expressionAttributeValues(Map.of(":at", AttributeValue.fromS(now.truncatedTo(ChronoUnit.SECONDS).toString())))
                                .build()));
                    } catch (ConditionalCheckFailedException unsaved) {
                        // Unsaved since the read: the message stands, there is nothing to mark.
                    }
                    sent[0]++;
                }
                Transactions.retrying(() -> table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
                        .key(Keys.key(item.get(Keys.PK).s(), item.get(Keys.SK).s())).build()));
            }
        });
        return sent[0];
    }

    /** One step of an account deletion: up to {@code limit} of the user's saved deals removed (entry, saver, reminder). */
    public AccountStore.Cleared removeForDeletion(com.bigtimedeals.accounts.AccountDeletion d, int limit) {
        QueryResponse r = TableReads.page(table, SavedKeys.savedPk(d.username()), d.after(), null, limit);
        int removed = 0;
        for (Map<String, AttributeValue> item : r.items()) {
            ItemReader i = new ItemReader(item);
            Instant at = i.instant(SAVED_AT);
            if (SavedKeys.SAVED.equals(i.type()) && (at == null || !at.isAfter(d.deletedAt()))) {
                Map<String, AttributeValue> saver = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                        .key(SavedKeys.saver(i.string("dealId"), d.username())).consistentRead(true).build()).item();
                if (saver != null && !saver.isEmpty()) {
                    remove(new ItemReader(saver));
                } else {
                    Transactions.retrying(() -> table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
                            .key(Keys.key(item.get(Keys.PK).s(), item.get(Keys.SK).s())).build()));
                }
                removed++;
            } else if (SavedKeys.SAVED_COUNT.equals(i.type())) {
                // Saves of the account signed up again are counted here: the count stays.
                TableReads.deleteEmptyCount(table, SavedKeys.savedCount(d.username()));
            }
        }
        return new AccountStore.Cleared(TableReads.next(r), removed);
    }

    private TransactWriteItem put(Map<String, AttributeValue> item, boolean createOnly) {
        Put.Builder p = Put.builder().tableName(table.name()).item(item);
        if (createOnly) {
            p.conditionExpression("attribute_not_exists(PK)");
        }
        return TransactWriteItem.builder().put(p.build()).build();
    }

    private TransactWriteItem count(String username, int delta, boolean limited) {
        Update.Builder u = Update.builder().tableName(table.name()).key(SavedKeys.savedCount(username))
                .updateExpression("SET #t = :type ADD #n :d")
                .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#n", "count"));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":type", AttributeValue.fromS(SavedKeys.SAVED_COUNT),
                ":d", AttributeValue.fromN(Integer.toString(delta))));
        if (limited) {
            u.conditionExpression("attribute_not_exists(#n) OR #n < :max");
            values.put(":max", AttributeValue.fromN(Integer.toString(MAX_PER_USER)));
        }
        return TransactWriteItem.builder().update(u.expressionAttributeValues(values).build()).build();
    }

}

package com.bigtimedeals.devices;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.BatchWrites;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementError;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementErrorCodeEnum;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What records a push as sent: one claim item per (push, device), {@code PUSH#<pushId> DEVICE#<deviceId>}, a push
 * being an inbox message or a quiet-hours summary. A claim is {@code sending} while a sender holds its lease (who, and
 * until when), then {@code sent} or {@code gone} once the push service answered. The claims expire with the table's
 * TTL after {@link #KEPT}: by then no redelivery of the push's stream record can come.
 *
 * <p>Why a lease rather than a claim that, once written, is never sent again: a sender killed (kill -9, a Lambda
 * timeout) between its claim and the push service's answer would otherwise lose that push for good. With a lease, the
 * next delivery of the record finds the claim {@code sending}, waits out the dead sender's lease and takes it over
 * (a conditional update: one taker only), then sends. The price is the residual window: a sender killed after the push
 * service accepted the push and before {@link #mark} sends it twice. Both copies carry the same collapse identifier
 * (the deal, else the push), so the phone shows one notification.
 */
public final class PushStore {
    /** Longer than the stream keeps a record (24 hours) and any redrive of the on-failure queue (14 days). */
    static final Duration KEPT = Duration.ofDays(15);
    /**
     * How long a sender's claim is its own: far longer than a Publish may take (the SNS client's whole call, retries
     * included, is cut at {@code SnsPush.CALL_TIMEOUT}, 5 s) plus the mark, so a live sender is never taken over in
     * practice, and short enough that a push of a killed sender goes out again within the stream delay plus this.
     */
    public static final Duration LEASE = Duration.ofSeconds(20);

    static final String STATE = "state";
    static final String SENDING = "sending";
    static final String OWNER = "leaseOwner";
    static final String LEASE_UNTIL = "leaseUntil";
    static final String TAKEOVERS = "takeovers";

    /** At most this many marks in one BatchWriteItem: its own limit. */
    static final int MARKS_GROUP = BatchWrites.MAX_ITEMS;
    /** At most this many claims in one BatchExecuteStatement: its own limit (25 statements). */
    static final int CLAIMS_GROUP = 25;

    private final Table table;
    /**
     * The marks of the senders in flight at once in this process, each group in one BatchWriteItem (docs/data-model.md,
     * "Pushes at scale"). A group of one is the single request it always was.
     */
    private final GroupCommit<Map<String, AttributeValue>, Boolean> marks = new GroupCommit<>(MARKS_GROUP, this::markAll);
    /**
     * The claims of the senders in flight at once, each group in one BatchExecuteStatement of PartiQL INSERTs
     * ({@link #createAll}): 1 write unit a claim, as its own PutItem, and one request for the group. A group of one is
     * the single PutItem it always was. Not a TransactWriteItems (one request too, but 2 units a claim, and a claim's
     * outcome is its own: a cancelled group was sent again claim by claim), nor a BatchWriteItem (it takes no condition).
     */
    private final GroupCommit<Map<String, AttributeValue>, Created> creates = new GroupCommit<>(CLAIMS_GROUP, this::createAll);

    public PushStore(Table table) {
        this.table = table;
    }

    /**
     * What a claim's create-only write found: written, or the item already there ({@code existing}; null when a group's
     * INSERT found it and the caller is to read it).
     */
    private record Created(boolean written, Map<String, AttributeValue> existing) {
    }

    /**
     * The claim's create-only put: one PutItem, 1 write unit. What it prevents is two live senders of one push (a
     * racing consumer, a retry, a redrive): exactly one of any number of concurrent or repeated puts of one claim
     * writes it, since the condition is checked and the item written atomically on the item, just as for a Put action
     * in a transaction. A claim alone takes this put; claims in flight together take {@link #createAll}. Throttles
     * and conflicts are retried, as any contended write is
     * ({@link Transactions#retrying}); the SDK's retry of a put whose answer was lost finds the item with this
     * attempt's own owner, which {@link #claim} judges as written.
     */
    private Created createOne(Map<String, AttributeValue> item) {
        try {
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(PK)")
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()));
            return new Created(true, null);
        } catch (ConditionalCheckFailedException e) {
            return new Created(false, e.item() == null ? Map.of() : e.item());
        }
    }

    /**
     * A group's claims in one BatchExecuteStatement: each an {@code INSERT}, which DynamoDB writes only when no item
     * has the key ({@code DuplicateItem} otherwise), the condition checked and the item written atomically on the item
     * as for the create-only PutItem, and billed as that put is, 1 write unit ("PartiQL for DynamoDB", Developer
     * Guide). Each statement succeeds or fails alone, so each claim's outcome stays its own: written; a duplicate (the
     * claim exists: another sender's, a delivery's before, or this attempt's own write retried by the SDK after its
     * answer was lost): its caller reads it strongly consistent (a duplicate's error carries no item: existing null)
     * and judges it as the PutItem's refusal; any other error (a throttle, a conflict): null, its caller puts it alone
     * with {@link #createOne}'s retries. Both on the caller's own thread, not the group's. A group of one is that
     * PutItem.
     */
    private List<Created> createAll(List<Map<String, AttributeValue>> group) {
        if (group.size() == 1) {
            return List.of(createOne(group.get(0)));
        }
        List<BatchStatementRequest> statements = new java.util.ArrayList<>(group.size());
        for (Map<String, AttributeValue> item : group) {
            statements.add(insert(item));
        }
        List<BatchStatementResponse> answers = table.client().batchExecuteStatement(
                BatchExecuteStatementRequest.builder().statements(statements).build()).responses();
        List<Created> out = new java.util.ArrayList<>(group.size());
        for (int i = 0; i < group.size(); i++) {
            BatchStatementError error = answers.get(i).error();
            if (error == null) {
                out.add(new Created(true, null));
            } else if (error.code() == BatchStatementErrorCodeEnum.DUPLICATE_ITEM
                    || error.code() == BatchStatementErrorCodeEnum.CONDITIONAL_CHECK_FAILED) {
                out.add(new Created(false, error.hasItem() && !error.item().isEmpty() ? error.item() : null));
            } else {
                out.add(null);
            }
        }
        return out;
    }

    /** The claim as it stands, strongly consistent (empty when there is none). */
    private Map<String, AttributeValue> existing(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = Map.of(TableDefinition.PARTITION_KEY, item.get(TableDefinition.PARTITION_KEY),
                TableDefinition.SORT_KEY, item.get(TableDefinition.SORT_KEY));
        Map<String, AttributeValue> found = table.client().getItem(GetItemRequest.builder().tableName(table.name()).key(key)
                .consistentRead(true).build()).item();
        return found == null ? Map.of() : found;
    }

    /** {@code INSERT INTO "<table>" VALUE {'a' : ?, ...}}, the item's values as the parameters, its attributes in order. */
    private BatchStatementRequest insert(Map<String, AttributeValue> item) {
        StringBuilder sql = new StringBuilder(160).append("INSERT INTO \"").append(table.name()).append("\" VALUE {");
        List<AttributeValue> values = new java.util.ArrayList<>(item.size());
        for (Map.Entry<String, AttributeValue> a : new java.util.TreeMap<>(item).entrySet()) {
            sql.append(values.isEmpty() ? "'" : ", '").append(a.getKey()).append("' : ?");
            values.add(a.getValue());
        }
        return BatchStatementRequest.builder().statement(sql.append('}').toString()).parameters(values).build();
    }

    /**
     * The marks of a group in one BatchWriteItem of whole-item puts, 1 write unit each (a transaction's write is
     * billed twice), DynamoDB's unprocessed items asked again with backoff ({@link BatchWrites}). No condition is
     * needed (see {@link #mark}). Any failure (unprocessed items left after the retries, two marks of one claim in a
     * group, a throttle): each caller marks alone.
     */
    private List<Boolean> markAll(List<Map<String, AttributeValue>> group) {
        if (group.size() == 1) {
            markOne(group.get(0));
            return List.of(true);
        }
        List<WriteRequest> writes = new java.util.ArrayList<>(group.size());
        group.forEach(item -> writes.add(WriteRequest.builder().putRequest(p -> p.item(item)).build()));
        try {
            BatchWrites.write(table, writes);
            return java.util.Collections.nCopies(group.size(), true);
        } catch (RuntimeException e) {
            return java.util.Collections.nCopies(group.size(), false);
        }
    }

    private void markOne(Map<String, AttributeValue> item) {
        Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item).build()));
    }

    /** What a sender may do with one (push, device). */
    public enum Verdict {
        /** The claim is this sender's: send, then {@link #mark}. */
        SEND,
        /** Sent (or the device found gone) already: nothing to do. */
        DONE,
        /** Another sender holds a live lease: wait for {@link Claim#leaseUntil} and claim again, or fail and be retried. */
        BUSY
    }

    /**
     * A claim's verdict; {@code leaseUntil} is when a BUSY claim's lease runs out. A SEND claim carries the item as its
     * sender holds it ({@code held}), which its {@link #mark} writes back whole with the outcome.
     */
    public record Claim(Verdict verdict, Instant leaseUntil, Map<String, AttributeValue> held) {
        Claim(Verdict verdict, Instant leaseUntil) {
            this(verdict, leaseUntil, null);
        }
    }

    /**
     * Claims the push {@code pushId} to {@code deviceId} for {@code owner} (one attempt: a name no other attempt,
     * concurrent or later, uses, so two threads of one consumer racing on the same push are two owners). In order:
     * <ol>
     * <li>a create-only write of the claim as {@code sending}, leased to the owner (a PutItem, {@link #createOne}, or
     * with the other senders' claims in flight an INSERT in their BatchExecuteStatement, {@link #createAll}): of concurrent
     * deliveries of the same record (a racing consumer, a retry, a redrive) exactly one writes it, so no two live
     * senders send;</li>
     * <li>when it exists: {@code sent}/{@code gone} is DONE, so a redelivery after the mark sends nothing;</li>
     * <li>{@code sending} under a lease that ran out (or was {@link #release}d): taken over by an update conditioned on
     * the lease as read, so of two deliveries finding the same dead claim only one sends: this is what keeps a kill -9
     * between claim and Publish from losing the push;</li>
     * <li>{@code sending} under another owner's live lease: BUSY, never skipped (it may be a dead sender's).</li>
     * </ol>
     * A claim written before leases existed (no state, no outcome) counts as a lease that ran out.
     */
    public Claim claim(String pushId, String deviceId, String username, String owner) {
        Instant now = table.clock().instant();
        Map<String, AttributeValue> item = new ItemWriter(DeviceKeys.pushClaim(pushId, deviceId), DeviceKeys.PUSH_CLAIM)
                .string("username", username).string(STATE, SENDING).string(OWNER, owner)
                .instant(LEASE_UNTIL, now.plus(LEASE)).instant("claimedAt", now)
                .number(TableDefinition.TTL_ATTRIBUTE, now.plus(KEPT).getEpochSecond()).build();
        Created created;
        try {
            created = creates.submit(item);
        } catch (RuntimeException e) {
            created = null; // its group's request failed
        }
        if (created == null) {
            created = createOne(item); // alone, as before groups (a failure here fails the record)
        }
        if (created.written()) {
            return new Claim(Verdict.SEND, null, item);
        }
        Map<String, AttributeValue> found = created.existing() != null ? created.existing() : existing(item);
        for (int attempt = 0; attempt < 3; attempt++) {
            if (found == null || found.isEmpty()) {
                // Written and gone between our two requests: only the table's TTL deletes a claim, 15 days on.
                throw new IllegalStateException("push claim " + pushId + "/" + deviceId + " vanished; retry the record");
            }
            ItemReader claim = new ItemReader(found);
            if (claim.has("outcome")) {
                return new Claim(Verdict.DONE, null);
            }
            if (owner.equals(claim.has(OWNER) ? claim.string(OWNER) : null)) {
                // Our own write: it committed, its answer was lost, and the SDK's retry found it. The owner is this
                // attempt's alone, so the claim is ours; without this the sender waited out its own 20 s lease.
                return new Claim(Verdict.SEND, null, found);
            }
            Instant until = claim.has(LEASE_UNTIL) ? claim.instant(LEASE_UNTIL) : Instant.EPOCH;
            if (until.isAfter(now)) {
                return new Claim(Verdict.BUSY, until);
            }
            Map<String, AttributeValue> values = new HashMap<>();
            values.put(":me", AttributeValue.fromS(owner));
            values.put(":until", AttributeValue.fromS(now.plus(LEASE).toString()));
            values.put(":one", AttributeValue.fromN("1"));
            values.put(":zero", AttributeValue.fromN("0"));
            String condition = "attribute_not_exists(outcome) AND "
                    + (claim.has(LEASE_UNTIL) ? "#until = :was" : "attribute_not_exists(#until)");
            if (claim.has(LEASE_UNTIL)) {
                values.put(":was", found.get(LEASE_UNTIL));
            }
            try {
                Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DeviceKeys.pushClaim(pushId, deviceId))
                        .updateExpression("SET #state = :sending, #owner = :me, #until = :until, "
                                + "#takeovers = if_not_exists(#takeovers, :zero) + :one")
                        .conditionExpression(condition)
                        .expressionAttributeNames(Map.of("#state", STATE, "#owner", OWNER, "#until", LEASE_UNTIL,
                                "#takeovers", TAKEOVERS))
                        .expressionAttributeValues(with(values, ":sending", AttributeValue.fromS(SENDING)))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()));
                return new Claim(Verdict.SEND, null, takenOver(found, owner, now.plus(LEASE), claim));
            } catch (ConditionalCheckFailedException lost) {
                found = lost.item(); // another taker, or the mark, got there first: judge what it left
            }
        }
        throw new IllegalStateException("push claim " + pushId + "/" + deviceId + " keeps changing; retry the record");
    }

    /** The item a takeover's update leaves: what it found, under the taker's lease, one takeover more. */
    private static Map<String, AttributeValue> takenOver(Map<String, AttributeValue> found, String owner, Instant until,
                                                         ItemReader claim) {
        Map<String, AttributeValue> item = new HashMap<>(found);
        item.put(STATE, AttributeValue.fromS(SENDING));
        item.put(OWNER, AttributeValue.fromS(owner));
        item.put(LEASE_UNTIL, AttributeValue.fromS(until.toString()));
        long before = claim.has(TAKEOVERS) ? Long.parseLong(found.get(TAKEOVERS).n()) : 0;
        item.put(TAKEOVERS, AttributeValue.fromN(Long.toString(before + 1)));
        return item;
    }

    private static Map<String, AttributeValue> with(Map<String, AttributeValue> values, String name, AttributeValue v) {
        values.put(name, v);
        return values;
    }

    /** The outcome a push held for quiet hours is recorded under, in place of a send. */
    static final String HELD = "held";

    /**
     * Records the push to {@code deviceId} as held for the user's quiet hours, create-only, with the outcome
     * {@code held}: from here on any delivery of the record finds the claim DONE, so a redelivery after the window ended
     * (the summary having counted it) pushes nothing. True when the push is held for this device (written now, or by
     * an earlier delivery); false when the device had it, or is having it, before the window began (a claim sent,
     * gone or sending): that delivery is not held again, and the summary never counts a message the phone has.
     */
    public boolean hold(String pushId, String deviceId, String username) {
        Instant now = table.clock().instant();
        try {
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                    .item(new ItemWriter(DeviceKeys.pushClaim(pushId, deviceId), DeviceKeys.PUSH_CLAIM).string("username", username)
                            .string(STATE, HELD).string("outcome", HELD).instant("claimedAt", now)
                            .number(TableDefinition.TTL_ATTRIBUTE, now.plus(KEPT).getEpochSecond()).build())
                    .conditionExpression("attribute_not_exists(PK)")
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            ItemReader found = new ItemReader(e.item());
            return found.has("outcome") && HELD.equals(found.string("outcome"));
        }
    }

    /**
     * Gives up {@code owner}'s lease at once (the push service refused its Publish: a throttle), so the record's
     * redelivery claims the push without waiting the lease out. Never after a Publish that may have been delivered (a
     * timeout): that keeps its lease, so its redelivery sends again only once the lease ran out, never at once. Only while the claim is still this owner's and unmarked;
     * otherwise nothing (another sender has it, or it is done). A release lost to a crash costs only the wait.
     */
    public void release(String pushId, String deviceId, String owner) {
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DeviceKeys.pushClaim(pushId, deviceId))
                    .updateExpression("SET #until = :gone")
                    .conditionExpression("#owner = :me AND attribute_not_exists(outcome)")
                    .expressionAttributeNames(Map.of("#until", LEASE_UNTIL, "#owner", OWNER))
                    .expressionAttributeValues(Map.of(":gone", AttributeValue.fromS(Instant.EPOCH.toString()),
                            ":me", AttributeValue.fromS(owner))).build()));
        } catch (ConditionalCheckFailedException e) {
            // Taken over or marked meanwhile: not ours to give up.
        }
    }

    /**
     * Marks the claimed push as handed over ({@code sent}) or the device as found dead ({@code gone}): from here on
     * every delivery of the record finds it DONE. With the other senders' marks waiting at that moment, one
     * BatchWriteItem ({@link #markAll}).
     *
     * <p>A put of the whole claim as its sender holds it ({@code claim.held()}: who, since when, its takeovers, its TTL)
     * with the outcome, and no condition: the lease is what makes the item this sender's to write. While it is live, no
     * one else writes the claim: another delivery finds it BUSY and only reads; a takeover is conditioned on the lease
     * having run out as it read it; a release is conditioned on its own owner, which is this sender, and only ever
     * instead of a mark. A sender that outlived its lease (a stall past 20 s; its Publish is cut at 5 s) may have been
     * taken over: then both may have published (the residual window, one collapse key) and both mark the push as out,
     * whichever lands last; the one thing the earlier owner's put can undo is the later one's count of takeovers, never
     * the outcome. A timed-out Publish keeps its lease and does not mark (PushSender): its claim stays {@code sending}
     * until the lease runs out and a redelivery takes it over, as before. The put cannot bring back a claim the table
     * deleted: only TTL does, 15 days on.
     */
    public void mark(Claim claim, String outcome) {
        if (claim.verdict() != Verdict.SEND) {
            throw new IllegalArgumentException("only a sender's own claim is marked: " + claim.verdict());
        }
        Map<String, AttributeValue> item = new HashMap<>(claim.held());
        item.put("outcome", AttributeValue.fromS(outcome));
        item.put(STATE, AttributeValue.fromS(outcome));
        item.put("doneAt", AttributeValue.fromS(table.clock().instant().toString()));
        item.remove(LEASE_UNTIL);
        boolean marked;
        try {
            marked = marks.submit(item);
        } catch (RuntimeException e) {
            marked = false;
        }
        if (!marked) {
            markOne(item); // its group's request failed: alone, as before groups (a failure here fails the record)
        }
    }
}

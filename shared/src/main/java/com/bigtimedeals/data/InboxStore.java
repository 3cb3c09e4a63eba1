package com.bigtimedeals.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Page;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Each user's inbox (access patterns: view all Messages, view unread Messages, mark a Message read, and the
 * writes of every fan-out). An unread message also carries GSI1 keys, so the unread view is a sparse index.
 */
public final class InboxStore {
    /** BatchWriteItem takes at most 25 items. */
    static final int BATCH = 25;
    private static final int MAX_BATCH_ATTEMPTS = 10;

    /** The TTL attribute (epoch seconds) DynamoDB deletes expired messages by; the table enables TTL on it. */
    public static final String EXPIRY_ATTRIBUTE = TableDefinition.TTL_ATTRIBUTE;

    private final Table table;
    private final int parallelism;
    private final java.time.Duration retention;
    private final AccountStore accounts;
    private final java.util.concurrent.ExecutorService writers;

    public InboxStore(Table table) {
        this(table, 1);
    }

    /**
     * With {@code parallelism > 1}, deliver() keeps that many BatchWriteItems in flight: the fan-out is
     * I/O-bound, not CPU-bound ({@code DELIVERY_THREADS}).
     */
    public InboxStore(Table table, int parallelism) {
        this(table, parallelism, retentionFromEnvironment());
    }

    public InboxStore(Table table, int parallelism, java.time.Duration retention) {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException(Setting.INBOX_RETENTION_DAYS.name() + " must be at least 1 day");
        }
        this.table = table;
        this.parallelism = parallelism;
        this.retention = retention;
        this.accounts = new AccountStore(table);
        this.writers = parallelism > 1 ? java.util.concurrent.Executors.newFixedThreadPool(parallelism, r -> {
            Thread t = new Thread(r, "inbox-writer");
            t.setDaemon(true);
            return t;
        }) : null;
    }

    public static java.time.Duration retentionFromEnvironment() {
        return java.time.Duration.ofDays(Setting.INBOX_RETENTION_DAYS.number());
    }

    /**
     * The smallest message sort key still kept. Message ids are KSUIDs of the message's time, so "not older than
     * the retention" is a key condition: reads never see an expired message, even before TTL (which can lag by
     * days) deletes it, and never read one only to filter it out (no short pages, no extra request).
     */
    private AttributeValue retentionFloor() {
        java.time.Instant oldest = table.clock().instant().minus(retention);
        return AttributeValue.fromS(Keys.messageSk(Ids.smallestAt(oldest)));
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
        values.put(":pk", AttributeValue.fromS(Keys.messagesPk(username)));
        String condition;
        AttributeValue floor = retentionFloor();
        values.put(":lo", floor);
        if (after == null) {
            values.put(":hi", AttributeValue.fromS(Keys.messageSk(Ids.LARGEST)));
        } else {
            values.put(":hi", AttributeValue.fromS(Keys.messageSk(after)));
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
            Message m = read(item);
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
     * Deletes messages whose TTL has passed: what DynamoDB's TTL does in AWS, and what DynamoDB Local never does
     * on a table with global secondary indexes. Only the local stack calls it (a Scan is fine there). Each
     * delete is conditioned on the TTL still being past, so a message rewritten meanwhile stays. Returns the
     * number deleted.
     */
    public int sweepExpired() {
        String now = Long.toString(table.clock().instant().getEpochSecond());
        int deleted = 0;
        Map<String, AttributeValue> start = null;
        do {
            var r = table.client().scan(software.amazon.awssdk.services.dynamodb.model.ScanRequest.builder()
                    .tableName(table.name())
                    .filterExpression("#t = :message AND #ttl < :now")
                    .projectionExpression("PK, SK")
                    .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#ttl", EXPIRY_ATTRIBUTE))
                    .expressionAttributeValues(Map.of(":message", AttributeValue.fromS(Keys.MESSAGE),
                            ":now", AttributeValue.fromN(now)))
                    .exclusiveStartKey(start).build());
            for (Map<String, AttributeValue> key : r.items()) {
                try {
                    table.client().deleteItem(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder()
                            .tableName(table.name()).key(key)
                            .conditionExpression("#ttl < :now")
                            .expressionAttributeNames(Map.of("#ttl", EXPIRY_ATTRIBUTE))
                            .expressionAttributeValues(Map.of(":now", AttributeValue.fromN(now))).build());
                    deleted++;
                } catch (ConditionalCheckFailedException e) {
                    // Rewritten with a later expiry, or already gone: not ours to delete.
                }
            }
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return deleted;
    }

    /** The badge counts this far: "100" means 100 or more. */
    public static final int BADGE_CAP = 100;

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
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(Keys.messagesPk(username)),
                        ":floor", retentionFloor()))
                .scanIndexForward(false)
                .select(software.amazon.awssdk.services.dynamodb.model.Select.COUNT)
                .limit(BADGE_CAP)
                .build());
        return Math.min(BADGE_CAP, r.count());
    }

    /** Idempotent: marking a read message read again succeeds. NOT_FOUND when it is not this user's message. */
    public void markRead(String username, String messageId) {
        try {
            table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(Keys.message(username, messageId))
                    .updateExpression("SET unread = :false REMOVE #gpk, #gsk")
                    .conditionExpression("attribute_exists(PK)")
                    .expressionAttributeNames(Map.of("#gpk", TableDefinition.GSI1.partitionKey(),
                            "#gsk", TableDefinition.GSI1.sortKey()))
                    .expressionAttributeValues(Map.of(":false", AttributeValue.fromBool(false)))
                    .build());
        } catch (ConditionalCheckFailedException e) {
            throw DomainException.notFound("message not found");
        }
    }

    static Message read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return new Message(r.string("id"), r.string("username"), r.string("subject"), r.string("body"),
                r.string("dealId"), r.bool("unread"), r.instant("createdAt"));
    }

    /** The item a message is stored as: the benchmark writes the same items raw, to measure the table's ceiling. */
    public Map<String, AttributeValue> item(Message m) {
        ItemWriter w = new ItemWriter(Keys.message(m.username(), m.id()), Keys.MESSAGE)
                .string("id", m.id()).string("username", m.username()).string("subject", m.subject())
                .string("body", m.body()).string("dealId", m.dealId()).bool("unread", m.unread())
                .instant("createdAt", m.createdAt())
                .number(EXPIRY_ATTRIBUTE, Ids.instantOf(m.id()).plus(retention).getEpochSecond());
        if (m.unread()) {
            w.index(TableDefinition.GSI1.partitionKey(), Keys.messagesPk(m.username()))
                    .index(TableDefinition.GSI1.sortKey(), Keys.messageSk(m.id()));
        }
        return w.build();
    }

    /**
     * Writes each message only if it does not exist yet: one PutItem conditioned on {@code attribute_not_exists},
     * {@code parallelism} in flight. A redelivered page, a user who watches both the brand and the category, or
     * a rerun after a crash finds the message there and leaves it alone, so a message a user has read stays
     * read (and out of the unread index). BatchWriteItem cannot carry a condition, and an unconditional put
     * would reset {@code unread}: only a page claimed first-hand may take {@link #deliverClaimed}, and
     * docs/fan-out.md weighs the cost. Throttling is retried by the SDK. Returns the
     * number of messages this call created.
     *
     * <p>Recipients whose account was deleted are dropped first (1 Query of the recent deletions,
     * {@link AccountStore#recentlyDeleted}): every delivery path, a blast page read before the deletion as much
     * as a watcher list the clean-up has not reached yet, passes here, so no message reaches a deleted user
     * from the moment of deletion.
     */
    public int deliver(List<Message> messages) {
        List<Map<String, AttributeValue>> items = toDeliver(messages);
        return sum(inParallel(items, Math.max(1, (items.size() + parallelism - 1) / parallelism), this::putNew));
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
        return sum(inParallel(puts, BATCH, this::writeBatch));
    }

    /** The items to write: one per (user, message id), none for a user deleted in the last hour. */
    private List<Map<String, AttributeValue>> toDeliver(List<Message> messages) {
        Set<String> deleted = messages.isEmpty() ? Set.of() : accounts.recentlyDeleted();
        Map<String, Map<String, AttributeValue>> distinct = new LinkedHashMap<>();
        for (Message m : messages) {
            if (!deleted.contains(m.username())) {
                distinct.put(m.username() + "\u0000" + m.id(), item(m));
            }
        }
        return new ArrayList<>(distinct.values());
    }

    /**
     * Deletes messages by key (an account deletion's walk), 25 to a BatchWriteItem, unprocessed keys asked
     * again with backoff. Deleting a message twice is harmless, so unlike delivery this needs no condition.
     */
    public void remove(List<Map<String, AttributeValue>> keys) {
        List<WriteRequest> deletes = new ArrayList<>(keys.size());
        for (Map<String, AttributeValue> key : keys) {
            deletes.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build());
        }
        inParallel(deletes, BATCH, this::writeBatch);
    }

    private static int sum(List<Integer> counts) {
        return counts.stream().mapToInt(Integer::intValue).sum();
    }

    /** Runs {@code work} over slices of {@code all}, {@code parallelism} slices in flight; each slice's result in order. */
    private <T, R> List<R> inParallel(List<T> all, int sliceSize, java.util.function.Function<List<T>, R> work) {
        List<List<T>> slices = new ArrayList<>();
        for (int from = 0; from < all.size(); from += sliceSize) {
            slices.add(all.subList(from, Math.min(all.size(), from + sliceSize)));
        }
        if (writers == null || slices.size() < 2) {
            return slices.stream().map(work).toList();
        }
        List<java.util.concurrent.Future<R>> inFlight = new ArrayList<>();
        for (List<T> slice : slices) {
            inFlight.add(writers.submit(() -> work.apply(slice)));
        }
        List<R> results = new ArrayList<>(slices.size());
        for (java.util.concurrent.Future<R> f : inFlight) {
            try {
                results.add(f.get());
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while writing messages", e);
            }
        }
        return results;
    }

    /** One BatchWriteItem of at most 25 writes, its unprocessed items asked again with jittered backoff. */
    private int writeBatch(List<WriteRequest> writes) {
        Map<String, List<WriteRequest>> pending = Map.of(table.name(), writes);
        for (int attempt = 1; ; attempt++) {
            BatchWriteItemResponse r = table.client().batchWriteItem(BatchWriteItemRequest.builder()
                    .requestItems(pending).build());
            if (!r.hasUnprocessedItems() || r.unprocessedItems().isEmpty()) {
                return writes.size();
            }
            if (attempt >= MAX_BATCH_ATTEMPTS) {
                throw new IllegalStateException("DynamoDB left " + r.unprocessedItems().get(table.name()).size()
                        + " writes unprocessed after " + attempt + " attempts");
            }
            pending = r.unprocessedItems();
            try {
                // Full jitter: parallel walks that were throttled together do not retry together.
                Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(Math.min(2_000L, 25L << attempt) + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while retrying unprocessed writes", e);
            }
        }
    }

    private int putNew(List<Map<String, AttributeValue>> items) {
        int created = 0;
        for (Map<String, AttributeValue> item : items) {
            try {
                table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                        .conditionExpression("attribute_not_exists(PK)").build());
                created++;
            } catch (ConditionalCheckFailedException e) {
                // Delivered before (redelivery, or the other watcher list): the existing message, read or not, stays.
            }
        }
        return created;
    }
}

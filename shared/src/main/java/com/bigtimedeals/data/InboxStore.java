package com.bigtimedeals.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Page;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Each user's inbox (access patterns: view all Messages, view unread Messages, mark a Message read, and the
 * writes of every fan-out). An unread message also carries GSI1 keys, so the unread view is a sparse index.
 */
public final class InboxStore {
    /** BatchWriteItem takes at most 25 items. */
    public static final int BATCH = 25;
    private static final int MAX_BATCH_ATTEMPTS = 10;

    /** The TTL attribute (epoch seconds) DynamoDB deletes expired messages by; the table enables TTL on it. */
    public static final String EXPIRY_ATTRIBUTE = TableDefinition.TTL_ATTRIBUTE;

    private final Table table;
    private final int parallelism;
    private final java.time.Duration retention;
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

    Map<String, AttributeValue> item(Message m) {
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
     * Writes messages 25 to a BatchWriteItem, asking again for unprocessed items with exponential backoff and
     * full jitter. Message ids are deterministic, so writing one twice leaves one message. Returns the number
     * of distinct messages written.
     */
    public int deliver(List<Message> messages) {
        Map<String, WriteRequest> distinct = new LinkedHashMap<>();
        for (Message m : messages) {
            distinct.put(m.username() + "\u0000" + m.id(),
                    WriteRequest.builder().putRequest(PutRequest.builder().item(item(m)).build()).build());
        }
        List<WriteRequest> all = new ArrayList<>(distinct.values());
        write(all);
        return all.size();
    }

    /** Any puts or deletes, 25 to a BatchWriteItem, in parallel when built with parallelism, each retried until processed. */
    public void write(List<WriteRequest> requests) {
        List<List<WriteRequest>> batches = new ArrayList<>();
        for (int from = 0; from < requests.size(); from += BATCH) {
            batches.add(requests.subList(from, Math.min(requests.size(), from + BATCH)));
        }
        if (writers == null || batches.size() < 2) {
            batches.forEach(this::writeBatch);
            return;
        }
        List<java.util.concurrent.Future<?>> inFlight = new ArrayList<>();
        for (List<WriteRequest> batch : batches) {
            inFlight.add(writers.submit(() -> writeBatch(batch)));
        }
        for (java.util.concurrent.Future<?> f : inFlight) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while delivering messages", e);
            }
        }
    }

    private void writeBatch(List<WriteRequest> batch) {
        Map<String, List<WriteRequest>> pending = Map.of(table.name(), batch);
        for (int attempt = 1; ; attempt++) {
            BatchWriteItemResponse r = table.client().batchWriteItem(BatchWriteItemRequest.builder()
                    .requestItems(pending).build());
            if (!r.hasUnprocessedItems() || r.unprocessedItems().isEmpty()) {
                return;
            }
            if (attempt >= MAX_BATCH_ATTEMPTS) {
                throw new IllegalStateException("DynamoDB left " + r.unprocessedItems().get(table.name()).size()
                        + " messages unprocessed after " + attempt + " attempts");
            }
            pending = r.unprocessedItems();
            long ceiling = Math.min(2_000L, 25L << attempt);
            try {
                Thread.sleep(ThreadLocalRandom.current().nextLong(ceiling + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while retrying unprocessed messages", e);
            }
        }
    }
}

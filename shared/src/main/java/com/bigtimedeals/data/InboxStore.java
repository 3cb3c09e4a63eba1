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

    private final Table table;
    private final int parallelism;
    private final java.util.concurrent.ExecutorService writers;

    public InboxStore(Table table) {
        this(table, 1);
    }

    /**
     * With {@code parallelism > 1}, deliver() keeps that many BatchWriteItems in flight: the fan-out is
     * I/O-bound, not CPU-bound ({@code DELIVERY_THREADS}).
     */
    public InboxStore(Table table, int parallelism) {
        this.table = table;
        this.parallelism = parallelism;
        this.writers = parallelism > 1 ? java.util.concurrent.Executors.newFixedThreadPool(parallelism, r -> {
            Thread t = new Thread(r, "inbox-writer");
            t.setDaemon(true);
            return t;
        }) : null;
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
        if (after == null) {
            values.put(":prefix", AttributeValue.fromS(Keys.messageSk("")));
            condition = "#pk = :pk AND begins_with(#sk, :prefix)";
        } else {
            values.put(":lo", AttributeValue.fromS(Keys.messageSk("")));
            values.put(":after", AttributeValue.fromS(Keys.messageSk(after)));
            condition = "#pk = :pk AND #sk BETWEEN :lo AND :after";
        }
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

    static Map<String, AttributeValue> item(Message m) {
        ItemWriter w = new ItemWriter(Keys.message(m.username(), m.id()), Keys.MESSAGE)
                .string("id", m.id()).string("username", m.username()).string("subject", m.subject())
                .string("body", m.body()).string("dealId", m.dealId()).bool("unread", m.unread())
                .instant("createdAt", m.createdAt());
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
        List<List<WriteRequest>> batches = new ArrayList<>();
        for (int from = 0; from < all.size(); from += BATCH) {
            batches.add(all.subList(from, Math.min(all.size(), from + BATCH)));
        }
        if (writers == null || batches.size() < 2) {
            batches.forEach(this::writeBatch);
            return all.size();
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
        return all.size();
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

package com.bigtimedeals.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Page;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
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

    /** The item a message is stored as: the benchmark writes the same items raw, to measure the table's ceiling. */
    public static Map<String, AttributeValue> item(Message m) {
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
     * Writes each message only if it does not exist yet: one PutItem conditioned on {@code attribute_not_exists},
     * {@code parallelism} in flight. A redelivered page, a user who watches both the brand and the category, or
     * a rerun after a crash finds the message there and leaves it alone, so a message a user has read stays
     * read (and out of the unread index). BatchWriteItem cannot carry a condition, and an unconditional put
     * would reset {@code unread}; docs/fan-out.md weighs the cost. Throttling is retried by the SDK. Returns the
     * number of messages this call created.
     */
    public int deliver(List<Message> messages) {
        Map<String, Map<String, AttributeValue>> distinct = new LinkedHashMap<>();
        for (Message m : messages) {
            distinct.put(m.username() + "\u0000" + m.id(), item(m));
        }
        List<Map<String, AttributeValue>> all = new ArrayList<>(distinct.values());
        List<List<Map<String, AttributeValue>>> slices = new ArrayList<>();
        int slice = Math.max(1, (all.size() + parallelism - 1) / parallelism);
        for (int from = 0; from < all.size(); from += slice) {
            slices.add(all.subList(from, Math.min(all.size(), from + slice)));
        }
        if (writers == null || slices.size() < 2) {
            return slices.stream().mapToInt(this::putNew).sum();
        }
        List<java.util.concurrent.Future<Integer>> inFlight = new ArrayList<>();
        for (List<Map<String, AttributeValue>> items : slices) {
            inFlight.add(writers.submit(() -> putNew(items)));
        }
        int created = 0;
        for (java.util.concurrent.Future<Integer> f : inFlight) {
            try {
                created += f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while delivering messages", e);
            }
        }
        return created;
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

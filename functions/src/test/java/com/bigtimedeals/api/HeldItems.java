package com.bigtimedeals.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.TableAccessLog;
import com.bigtimedeals.platform.TableDefinition;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Transactions that hold, again and again, every item the handlers under test have written so far: the rival a write
 * route meets in production when another request's transaction is on its items. It watches the handlers' own client
 * (an interceptor): what they write is added to what is held, and every contention failure the handlers' requests
 * met is counted, so that a test can show its race was real (the route did meet held items, and answered anyway).
 *
 * <p>The holders' transactions are ConditionChecks that always pass: they change nothing, so the state a test checks
 * afterwards is the route's alone, yet each holds its items exactly as a writing transaction does (the service and
 * the engine lock an item for a ConditionCheck as for a Put).
 */
public final class HeldItems implements ExecutionInterceptor {
    /** Items per holding transaction: a few, so that holders and handlers meet often but not always. */
    private static final int PER_TRANSACTION = 8;

    /** What was written, the most recently written last (an item written again moves to the end). */
    private final Map<Map<String, AttributeValue>, Boolean> written = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true));
    private final AtomicLong conflictsMet = new AtomicLong();
    private final java.util.Set<String> sitesMet = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean watching;

    /** How many of the handlers' DynamoDB requests failed for contention (before the handlers' own retries). */
    public long conflictsMet() {
        return conflictsMet.get();
    }

    /** Starts recording what the handlers write (a test's set-up before this is not held). */
    public void watch() {
        written.clear();
        conflictsMet.set(0);
        sitesMet.clear();
        watching = true;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (!watching) {
            return;
        }
        SdkRequest r = context.request();
        if (r instanceof PutItemRequest q) {
            add(q.item());
        } else if (r instanceof UpdateItemRequest q) {
            add(q.key());
        } else if (r instanceof DeleteItemRequest q) {
            add(q.key());
        } else if (r instanceof BatchWriteItemRequest q) {
            for (List<WriteRequest> writes : q.requestItems().values()) {
                for (WriteRequest w : writes) {
                    add(w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key());
                }
            }
        } else if (r instanceof TransactWriteItemsRequest q) {
            for (TransactWriteItem w : q.transactItems()) {
                add(w.put() != null ? w.put().item() : w.update() != null ? w.update().key()
                        : w.delete() != null ? w.delete().key() : w.conditionCheck().key());
            }
        } else if (r instanceof software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest q) {
            q.statements().forEach(st -> add(inserted(st))); // the push claims' INSERTs (PushStore)
        }
    }

    /** The item a PartiQL {@code INSERT INTO "t" VALUE {'a' : ?, ...}} writes, its values the statement's parameters. */
    private static Map<String, AttributeValue> inserted(software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest st) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("'(\\w+)' : \\?").matcher(st.statement());
        Map<String, AttributeValue> item = new java.util.HashMap<>();
        for (int i = 0; m.find(); i++) {
            item.put(m.group(1), st.parameters().get(i));
        }
        return item;
    }

    /** A statement of a batch that met a held item fails alone, in the answer, not as the request's exception. */
    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (watching && context.response() instanceof software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse r
                && context.request() instanceof software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest q) {
            for (int i = 0; i < r.responses().size(); i++) {
                var error = r.responses().get(i).error();
                if (error != null && error.code() == software.amazon.awssdk.services.dynamodb.model.BatchStatementErrorCodeEnum.TRANSACTION_CONFLICT) {
                    Map<String, AttributeValue> item = inserted(q.statements().get(i));
                    conflictsMet.incrementAndGet();
                    sitesMet.add("BatchExecuteStatement " + shape(item.get(TableDefinition.PARTITION_KEY)) + " "
                            + shape(item.get(TableDefinition.SORT_KEY)));
                }
            }
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        if (watching && context.exception() instanceof AwsServiceException e && Contention.isContention(e)) {
            conflictsMet.incrementAndGet();
            sitesMet.add(site(context.request()));
        }
    }

    /**
     * The writes that met a held item, each as its operation and the shape of its first key (ids left out:
     * {@code UpdateItem DEAL#* DEAL}), so that a test can name which of its writes were raced.
     */
    public java.util.Set<String> sitesMet() {
        return new java.util.TreeSet<>(sitesMet);
    }

    private static String site(SdkRequest r) {
        Map<String, AttributeValue> key = r instanceof PutItemRequest q ? q.item()
                : r instanceof UpdateItemRequest q ? q.key()
                : r instanceof DeleteItemRequest q ? q.key()
                : r instanceof BatchWriteItemRequest q ? first(q)
                : r instanceof TransactWriteItemsRequest q ? first(q) : null;
        String operation = r.getClass().getSimpleName().replace("Request", "");
        return key == null ? operation : operation + " " + shape(key.get(TableDefinition.PARTITION_KEY))
                + " " + shape(key.get(TableDefinition.SORT_KEY));
    }

    private static Map<String, AttributeValue> first(BatchWriteItemRequest q) {
        WriteRequest w = q.requestItems().values().iterator().next().get(0);
        return w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
    }

    private static Map<String, AttributeValue> first(TransactWriteItemsRequest q) {
        TransactWriteItem w = q.transactItems().get(q.transactItems().size() - 1);
        return w.put() != null ? w.put().item() : w.update() != null ? w.update().key()
                : w.delete() != null ? w.delete().key() : w.conditionCheck().key();
    }

    /** A key's constant parts (upper-case words), the rest as {@code *}. */
    private static String shape(AttributeValue v) {
        if (v == null || v.s() == null) {
            return "-";
        }
        StringBuilder b = new StringBuilder();
        for (String part : v.s().split("#", -1)) {
            b.append(b.length() == 0 ? "" : "#").append(part.matches("[A-Z_]+") ? part : "*");
        }
        return b.toString();
    }

    private void add(Map<String, AttributeValue> item) {
        written.put(Map.of(TableDefinition.PARTITION_KEY, item.get(TableDefinition.PARTITION_KEY),
                TableDefinition.SORT_KEY, item.get(TableDefinition.SORT_KEY)), true);
    }

    /**
     * Starts {@code threads} holders on {@code table} through {@code client} (not the handlers' client: their own
     * requests are no part of what is recorded, nor of what a function did). Close to stop them.
     */
    public Holding hold(DynamoDbClient client, String table, int threads) {
        return new Holding(client, table, threads);
    }

    public final class Holding implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();
        private final AtomicLong held = new AtomicLong();

        private Holding(DynamoDbClient client, String table, int count) {
            for (int t = 0; t < count; t++) {
                Thread thread = new Thread(() -> TableAccessLog.bystander(() -> {
                    while (running.get()) {
                        holdOnce(client, table);
                    }
                }), "holder-" + t);
                thread.setDaemon(true);
                thread.start();
                threads.add(thread);
            }
        }

        private void holdOnce(DynamoDbClient client, String table) {
            List<Map<String, AttributeValue>> keys;
            synchronized (written) {
                keys = new ArrayList<>(written.keySet());
            }
            if (keys.isEmpty()) {
                Thread.onSpinWait();
                return;
            }
            // Half the most recently written (what the next call most likely writes again), half any.
            java.util.LinkedHashSet<Map<String, AttributeValue>> pick = new java.util.LinkedHashSet<>(
                    keys.subList(Math.max(0, keys.size() - PER_TRANSACTION / 2), keys.size()));
            Collections.shuffle(keys, ThreadLocalRandom.current());
            for (Map<String, AttributeValue> key : keys) {
                if (pick.size() >= PER_TRANSACTION) {
                    break;
                }
                pick.add(key);
            }
            List<TransactWriteItem> checks = new ArrayList<>();
            for (Map<String, AttributeValue> key : pick) {
                checks.add(TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table).key(key)
                        .conditionExpression("attribute_exists(#pk) OR attribute_not_exists(#pk)")
                        .expressionAttributeNames(Map.of("#pk", TableDefinition.PARTITION_KEY)).build()).build());
            }
            try {
                client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(checks).build());
                held.incrementAndGet();
            } catch (software.amazon.awssdk.core.exception.SdkException e) {
                // Met a handler's transaction, or another holder's: that is the race; hold again. A client-side
                // failure too (a timeout on a loaded machine): a holder that died of one held nothing for the rest
                // of its test, which then met no held item.
            }
        }

        /** How many holding transactions went through. */
        public long held() {
            return held.get();
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            for (Thread t : threads) {
                t.join();
            }
        }
    }
}

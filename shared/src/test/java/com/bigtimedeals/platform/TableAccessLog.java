package com.bigtimedeals.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Every DynamoDB request a test's client makes, as IAM sees it: the action each part is authorized as (a
 * transaction's parts as PutItem, UpdateItem, DeleteItem or ConditionCheckItem, as DynamoDB authorizes them), the
 * resource (the table, or the index a Query or Scan reads), and the partition key it touches ({@code
 * dynamodb:LeadingKeys}; none for a Scan). The test client carries it ({@link DynamoDbTest}); the function tests
 * hold what a function did to what its deployment grants it. Collected from every thread (a stream invocation
 * writes from several): a test clears it before the call it attributes, and reads it after.
 */
public final class TableAccessLog implements ExecutionInterceptor {
    /** One authorized part of a request. {@code index} is null for the table; {@code partitionKey} null for a Scan. */
    public record Access(String action, String index, String partitionKey) {
        @Override
        public String toString() {
            return "dynamodb:" + action + (index == null ? "" : " on index/" + index) + (partitionKey == null ? "" : " of " + partitionKey);
        }
    }

    /** An access and the thread that made it. */
    private record Made(Access access, Thread by) {
    }

    private static final Queue<Made> LOG = new ConcurrentLinkedQueue<>();
    /**
     * {@code FROM "table"[."index"] WHERE "key" IN [?, ...]}: the index (group 1, null for the table) and the list's
     * parameters (group 3).
     */
    private static final Pattern SELECT_IN = Pattern.compile("^SELECT .* FROM \"[^\"]+\"(?:\\.\"([^\"]+)\")? WHERE \"([^\"]+)\" IN \\[([?, ]+)\\]");
    private static final Pattern EQUALS = Pattern.compile("(#?[A-Za-z0-9_]+)\\s*=\\s*(:[A-Za-z0-9_]+)");

    private static final ThreadLocal<Boolean> BYSTANDER = ThreadLocal.withInitial(() -> false);

    /**
     * Runs {@code work} on this thread without logging it: a test's own writes made while a function runs (other
     * users liking while an account is deleted) are no part of what that function did.
     */
    public static void bystander(Runnable work) {
        BYSTANDER.set(true);
        try {
            work.run();
        } finally {
            BYSTANDER.set(false);
        }
    }

    /** Forgets what was logged so far. */
    public static void clear() {
        LOG.clear();
    }

    /** What was logged since {@link #clear()}, by every thread, in order, and forgets it. */
    public static List<Access> drain() {
        List<Access> all = new ArrayList<>();
        for (Made m; (m = LOG.poll()) != null; ) {
            all.add(m.access());
        }
        return all;
    }

    /**
     * What this thread logged, in order, and forgets it: what one synchronous call made while other threads make
     * calls of their own (25 users liking at once).
     */
    public static List<Access> drainThisThread() {
        Thread me = Thread.currentThread();
        List<Access> mine = new ArrayList<>();
        for (java.util.Iterator<Made> it = LOG.iterator(); it.hasNext(); ) {
            Made m = it.next();
            if (m.by() == me) {
                mine.add(m.access());
                it.remove();
            }
        }
        return mine;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (BYSTANDER.get()) {
            return;
        }
        SdkRequest r = context.request();
        if (r instanceof GetItemRequest q) {
            log("GetItem", null, q.key());
        } else if (r instanceof PutItemRequest q) {
            log("PutItem", null, q.item());
        } else if (r instanceof UpdateItemRequest q) {
            log("UpdateItem", null, q.key());
        } else if (r instanceof DeleteItemRequest q) {
            log("DeleteItem", null, q.key());
        } else if (r instanceof QueryRequest q) {
            add(new Access("Query", q.indexName(), queried(q)));
        } else if (r instanceof ExecuteStatementRequest q) {
            selected(q).forEach(TableAccessLog::add);
        } else if (r instanceof BatchExecuteStatementRequest q) {
            q.statements().forEach(st -> add(inserted(st)));
        } else if (r instanceof ScanRequest q) {
            add(new Access("Scan", q.indexName(), null));
        } else if (r instanceof BatchGetItemRequest q) {
            q.requestItems().values().forEach(keys -> keys.keys().forEach(k -> log("BatchGetItem", null, k)));
        } else if (r instanceof BatchWriteItemRequest q) {
            for (List<WriteRequest> writes : q.requestItems().values()) {
                for (WriteRequest w : writes) {
                    log("BatchWriteItem", null, w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key());
                }
            }
        } else if (r instanceof TransactWriteItemsRequest q) {
            for (TransactWriteItem w : q.transactItems()) {
                if (w.put() != null) {
                    log("PutItem", null, w.put().item());
                } else if (w.update() != null) {
                    log("UpdateItem", null, w.update().key());
                } else if (w.delete() != null) {
                    log("DeleteItem", null, w.delete().key());
                } else {
                    log("ConditionCheckItem", null, w.conditionCheck().key());
                }
            }
        } else if (r instanceof TransactGetItemsRequest q) {
            for (TransactGetItem g : q.transactItems()) {
                log("GetItem", null, g.get().key());
            }
        } else {
            // Anything else (DescribeTable, ...) by its operation name, on the table.
            add(new Access(r.getClass().getSimpleName().replaceFirst("Request$", ""), null, null));
        }
    }

    private static void log(String action, String index, Map<String, AttributeValue> key) {
        AttributeValue pk = key.get(TableDefinition.PARTITION_KEY);
        add(new Access(action, index, pk == null ? null : pk.s()));
    }

    private static void add(Access access) {
        LOG.add(new Made(access, Thread.currentThread()));
    }

    /**
     * A PartiQL SELECT keyed by an IN on a partition key (the sweeper's): one PartiQLSelect of each partition
     * it names, the values bound to the list's parameters.
     */
    private static List<Access> selected(ExecuteStatementRequest q) {
        Matcher m = SELECT_IN.matcher(q.statement());
        if (!m.find()) {
            throw new AssertionError("a statement that is not a SELECT keyed by an IN on a partition key: " + q.statement());
        }
        int first = (int) q.statement().substring(0, m.start(3)).chars().filter(c -> c == '?').count();
        int count = (int) m.group(3).chars().filter(c -> c == '?').count();
        List<Access> accesses = new ArrayList<>();
        for (int i = first; i < first + count; i++) {
            accesses.add(new Access("PartiQLSelect", m.group(1), q.parameters().get(i).s()));
        }
        return accesses;
    }

    /** A PartiQL INSERT of one item ({@code INSERT INTO "t" VALUE {'PK' : ?, ...}}): a PartiQLInsert of its partition. */
    private static Access inserted(BatchStatementRequest st) {
        Matcher m = INSERT_PK.matcher(st.statement());
        if (!m.find()) {
            throw new AssertionError("a batch statement that is not an INSERT binding its partition key: " + st.statement());
        }
        int at = (int) st.statement().substring(0, m.end()).chars().filter(c -> c == '?').count() - 1;
        return new Access("PartiQLInsert", null, st.parameters().get(at).s());
    }

    private static final java.util.regex.Pattern INSERT_PK = java.util.regex.Pattern.compile(
            "^INSERT INTO \"[^\"]+\" VALUE \\{.*?'" + TableDefinition.PARTITION_KEY + "' : \\?");

    /** The partition key value a Query names: the equality on its table's or index's partition key attribute. */
    private static String queried(QueryRequest q) {
        String attribute = TableDefinition.PARTITION_KEY;
        for (TableDefinition.Index index : TableDefinition.INDEXES) {
            if (index.name().equals(q.indexName())) {
                attribute = index.partitionKey();
            }
        }
        Matcher m = EQUALS.matcher(q.keyConditionExpression());
        while (m.find()) {
            String name = m.group(1).startsWith("#") ? q.expressionAttributeNames().get(m.group(1)) : m.group(1);
            if (attribute.equals(name)) {
                return q.expressionAttributeValues().get(m.group(2)).s();
            }
        }
        throw new AssertionError("a Query whose key condition names no partition key: " + q.keyConditionExpression());
    }
}

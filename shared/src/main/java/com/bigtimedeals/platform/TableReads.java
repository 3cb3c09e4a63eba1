package com.bigtimedeals.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** The two multi-item reads every store shares, each complete however DynamoDB splits the answer. */
public final class TableReads {
    /** BatchGetItem takes at most 100 keys. */
    public static final int MAX_BATCH_GET = 100;

    private TableReads() {
    }

    /**
     * One BatchGetItem, asked again for any {@code UnprocessedKeys} (throttling): a key left unprocessed must
     * never read as a missing item, which would turn into a false 404 or "unknown brand".
     */
    public static List<Map<String, AttributeValue>> batchGet(Table table, KeysAndAttributes keys) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        if (!keys.hasKeys() || keys.keys().isEmpty()) {
            return items;
        }
        Map<String, KeysAndAttributes> request = Map.of(table.name(), keys);
        while (request != null && !request.isEmpty()) {
            BatchGetItemResponse r = table.client().batchGetItem(BatchGetItemRequest.builder().requestItems(request).build());
            items.addAll(r.responses().getOrDefault(table.name(), List.of()));
            request = r.hasUnprocessedKeys() ? r.unprocessedKeys() : null;
        }
        return items;
    }

    /** Items by key, strongly consistent, {@link #MAX_BATCH_GET} keys to a BatchGetItem ({@link #batchGet}). */
    public static List<Map<String, AttributeValue>> batchGetConsistent(Table table, List<Map<String, AttributeValue>> keys) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int from = 0; from < keys.size(); from += MAX_BATCH_GET) {
            items.addAll(batchGet(table, KeysAndAttributes.builder()
                    .keys(keys.subList(from, Math.min(keys.size(), from + MAX_BATCH_GET))).consistentRead(true).build()));
        }
        return items;
    }

    /**
     * Partitions one PartiQL statement reads: DynamoDB's IN takes at most 50 partition key values (100 for other
     * attributes; "PartiQL operators", Developer Guide). The sweeps' lists (a few minutes' buckets) stay far below, and
     * a longer one (after a sweeper outage) is read 50 at a time.
     */
    public static final int PARTITIONS_A_STATEMENT = 50;

    /**
     * Every item of each partition of {@code pks}, page by page: one PartiQL SELECT keyed by an IN on the partition
     * key, which DynamoDB runs as a Query of each partition in turn (never a scan), following NextToken. One request
     * where a Query each would be one per partition: the sweeps read 8 quiet-hour shards and a reminder bucket per
     * minute, 19 requests in the sweeper's every run and its cold start (docs/cold-start.md).
     */
    public static void forEachPageOf(Table table, List<String> pks, boolean consistent,
                                     java.util.function.Consumer<List<Map<String, AttributeValue>>> page) {
        for (int from = 0; from < pks.size(); from += PARTITIONS_A_STATEMENT) {
            List<String> some = pks.subList(from, Math.min(pks.size(), from + PARTITIONS_A_STATEMENT));
            List<AttributeValue> parameters = new ArrayList<>(some.size());
            StringBuilder in = new StringBuilder();
            for (String pk : some) {
                in.append(in.length() == 0 ? "?" : ", ?");
                parameters.add(AttributeValue.fromS(pk));
            }
            String statement = "SELECT * FROM \"" + table.name() + "\" WHERE \"" + Keys.PK + "\" IN [" + in + "]";
            String next = null;
            do {
                ExecuteStatementResponse r = table.client().executeStatement(ExecuteStatementRequest.builder().statement(statement)
                        .parameters(parameters).consistentRead(consistent).nextToken(next).build());
                page.accept(r.items());
                next = r.nextToken();
            } while (next != null);
        }
    }

    /** Every item of one partition, following 1 MB pages (one request for the small collections it serves). */
    public static List<Map<String, AttributeValue>> partition(Table table, String pk, boolean consistent) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        forEachPage(table, pk, consistent, items::addAll);
        return items;
    }

    /**
     * Up to {@code limit} items of one partition after the sort key {@code after} (null: from the start) and up to
     * {@code upTo} (null: to the end), consistent: one page of a walk that removes what it reads.
     */
    public static QueryResponse page(Table table, String pk, String after, String upTo, int limit) {
        Map<String, AttributeValue> values = new java.util.HashMap<>();
        values.put(":pk", AttributeValue.fromS(pk));
        String condition = "PK = :pk";
        if (upTo != null) {
            values.put(":upTo", AttributeValue.fromS(upTo));
            condition += " AND SK <= :upTo";
        }
        QueryRequest.Builder q = QueryRequest.builder().tableName(table.name()).keyConditionExpression(condition)
                .expressionAttributeValues(values).consistentRead(true).limit(limit);
        if (after != null) {
            q.exclusiveStartKey(Keys.key(pk, after));
        }
        return table.client().query(q.build());
    }

    /**
     * Deletes a count item only while it counts nothing: an account deletion's last step for a partition it emptied.
     * False when it still counts (what an account signed up again made since is counted there, and stays).
     */
    public static boolean deleteEmptyCount(Table table, Map<String, AttributeValue> countKey) {
        try {
            Transactions.retrying(() -> table.client().deleteItem(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest
                    .builder().tableName(table.name()).key(countKey).conditionExpression("#n <= :zero")
                    .expressionAttributeNames(Map.of("#n", "count"))
                    .expressionAttributeValues(Map.of(":zero", AttributeValue.fromN("0"))).build()));
            return true;
        } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException stillCounting) {
            return false;
        }
    }

    /** The sort key a {@link #page} stopped at, or null when the partition has no more. */
    public static String next(QueryResponse r) {
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        return more ? r.lastEvaluatedKey().get(Keys.SK).s() : null;
    }

    /**
     * Each 1 MB page of one partition in turn, handed on before the next is read: for walks that act on what they
     * read (deleting or rewriting it) without holding a large partition in memory.
     */
    public static void forEachPage(Table table, String pk, boolean consistent,
                            java.util.function.Consumer<List<Map<String, AttributeValue>>> page) {
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                    .keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk)))
                    .consistentRead(consistent)
                    .exclusiveStartKey(start).build());
            page.accept(r.items());
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
    }
}

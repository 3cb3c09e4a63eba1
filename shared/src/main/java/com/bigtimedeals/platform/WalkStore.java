package com.bigtimedeals.platform;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The resumable walk: the one design behind blast segments and watcher fan-out work (and any other job that
 * walks a long list a page at a time, such as deleting an account's items). A walk is one item with its own
 * partition key holding a position ({@code after}), a count of what it has done ({@code reached}) and
 * {@code done}. Each page is written first and then checkpointed with a single conditional UpdateItem that
 * moves the position only from where the writer found it, so two runners of one walk never count a page twice
 * and the loser simply stops. Every checkpoint is a stream record, which wakes the next run.
 *
 * <p>A walk may also record which page a run has started ({@code claimed}, see {@link #claim}): the first run to
 * start a page knows nobody wrote any of it before, which lets a blast write that page with BatchWriteItem
 * instead of a conditional put per message; any later run of the page writes create-only.
 *
 * <p>Nothing depends on that record arriving: while a walk is unfinished its item sits in a sparse part of
 * GSI1 ({@code WALKS#<n>}, sort key = the instant of its last progress). The sweeper queries it for walks that
 * made no progress for a while and {@link #touch touches} them, which writes a fresh stream record. A finished
 * walk leaves the index, so the sweeper only ever reads unfinished work. Single-item writes only: no
 * transaction on a shared item, hence no TransactionConflict between parallel walks.
 */
public final class WalkStore {
    /**
     * Unfinished walks are spread over this many index partitions. Every checkpoint rewrites the walk's index entry
     * (GSI1 projects the whole item), and it also moves the entry to an index partition chosen at random
     * ({@link #shardChoice}): a walk that checkpoints several times a second (a blast segment) spreads its index writes
     * over all of them instead of heating the one its key hashes to (issue 41: {@code WALKS#2} was at 1.5 times its
     * limit in the peak simulation). Moving an entry costs a delete and a put on two partitions instead of one
     * rewrite, so each partition takes 2/64 of the checkpoints. The sweeper queries every partition once a minute
     * (one PartiQL statement over the 64, {@link #stalled}). Entries written under the earlier 8 partitions are among these 64.
     */
    static final int INDEX_SHARDS = 64;

    private final Table table;
    private final ShardChoice shardChoice = new ShardChoice();

    public WalkStore(Table table) {
        this.table = table;
    }

    /**
     * Fixed-width epoch milliseconds: sorts as the instants do. Padded by hand: {@code String.format} loads the
     * Formatter and the JDK's locale data (about 60 classes), which a sweeper's cold start paid on its first stamp.
     */
    public static String stamp(Instant at) {
        long ms = at.toEpochMilli();
        if (ms < 0) {
            return String.format("%015d", ms); // before 1970: never a walk's, kept as it always read
        }
        String digits = Long.toString(ms);
        return digits.length() >= 15 ? digits : "0".repeat(15 - digits.length()) + digits;
    }

    /** Marks a new walk's item unfinished in the sweeper's index. */
    public static ItemWriter pending(ItemWriter item, String pk, Instant now) {
        return item.index(TableDefinition.GSI1.partitionKey(), Keys.unfinishedWalks(Math.floorMod(pk.hashCode(), INDEX_SHARDS)))
                .index(TableDefinition.GSI1.sortKey(), stamp(now));
    }

    /**
     * Claims the page at {@code from} for the calling run: true only for the first run ever to ask while the walk
     * stands there, so that run knows no earlier run wrote any of the page (and may write it without conditions,
     * {@code InboxStore.deliverClaimed}). Every later run of the same page (after a crash between the page and its
     * checkpoint, a redelivered record, a sweeper's touch) is refused and must write create-only. One conditional
     * UpdateItem; its stream record finds the walk where it stands or finished, like any late record.
     */
    public boolean claim(Map<String, AttributeValue> key, String from) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":false", AttributeValue.fromBool(false));
        values.put(":page", page(from));
        Map<String, String> names = new HashMap<>();
        names.put("#after", "after");
        String condition = "done = :false AND " + at(from, values)
                + " AND (attribute_not_exists(claimed) OR claimed <> :page)";
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(key)
                    .updateExpression("SET claimed = :page").conditionExpression(condition)
                    .expressionAttributeNames(names).expressionAttributeValues(values).build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /** The claim's name for the page that starts at {@code from}: distinct from every position, the start included. */
    private static AttributeValue page(String from) {
        return AttributeValue.fromS(from == null ? "^" : "@" + from);
    }

    /** The condition "the walk stands at {@code from}", its value added to {@code values}. */
    private static String at(String from, Map<String, AttributeValue> values) {
        if (from == null) {
            return "attribute_not_exists(#after)";
        }
        values.put(":from", AttributeValue.fromS(from));
        return "#after = :from";
    }

    /**
     * Moves the walk from {@code from} to {@code next} (null: finished) and adds {@code count} to what it reached,
     * only if it is still unfinished at {@code from}. False when another run moved it first: the caller stops,
     * and the page is counted once. With {@code claimNext} the same write claims the page at {@code next} for the
     * caller (see {@link #claim}): no other run can have claimed it, since a claim needs the walk to stand there,
     * so a run that goes on with its next page pays no extra write for the claim.
     */
    public boolean advance(Map<String, AttributeValue> key, String from, String next, long count, boolean claimNext) {
        boolean done = next == null;
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":n", AttributeValue.fromN(Long.toString(count)));
        values.put(":done", AttributeValue.fromBool(done));
        values.put(":false", AttributeValue.fromBool(false));
        Map<String, String> names = new HashMap<>();
        names.put("#after", "after");
        names.put("#gsk", TableDefinition.GSI1.sortKey());
        String update;
        if (done) {
            names.put("#gpk", TableDefinition.GSI1.partitionKey());
            update = "SET done = :done ADD reached :n REMOVE #after, #gpk, #gsk";
        } else {
            values.put(":next", AttributeValue.fromS(next));
            values.put(":now", AttributeValue.fromS(stamp(table.clock().instant())));
            // A fresh index partition per checkpoint (see INDEX_SHARDS): the sweeper finds the walk in any of them.
            names.put("#gpk", TableDefinition.GSI1.partitionKey());
            values.put(":shard", AttributeValue.fromS(Keys.unfinishedWalks(shardChoice.next(INDEX_SHARDS) - 1)));
            update = "SET done = :done, #after = :next, #gsk = :now, #gpk = :shard";
            if (claimNext) {
                values.put(":page", page(next));
                update += ", claimed = :page";
            }
            update += " ADD reached :n";
        }
        String condition = "done = :false AND " + at(from, values);
        try {
            UpdateItemRequest checkpoint = UpdateItemRequest.builder().tableName(table.name()).key(key)
                    .updateExpression(update).conditionExpression(condition)
                    .expressionAttributeNames(names).expressionAttributeValues(values).build();
            Transactions.retrying(() -> table.client().updateItem(checkpoint));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /** An unfinished walk that made no progress since {@code lastProgress}. */
    public record Stalled(Map<String, AttributeValue> key, String lastProgress) {
    }

    /**
     * Unfinished walks whose last progress is older than {@code quietFor}, at most {@code limitPerShard} times the
     * partitions in one sweep: every index partition read by two PartiQL statements, each an IN on GSI1's partition key,
     * which DynamoDB runs as a Query of each partition in turn (no scan), paged with NextToken. It was 64 Queries, eight
     * at a time: 62 requests more, on eight connections (eight TLS handshakes in a fresh container), for the same reads;
     * the sweeper's cold start was 1.3 to 1.5 times the plain SDK function's (docs/cold-start.md). Every partition is
     * still read on every sweep: no stalled walk waits for a rotation.
     */
    public List<Stalled> stalled(Duration quietFor, int limitPerShard) {
        String before = stamp(table.clock().instant().minus(quietFor));
        int most = limitPerShard * INDEX_SHARDS;
        List<Stalled> found = new ArrayList<>();
        // IN takes at most 50 partition key values: the 64 partitions go in even statements (2 of 32).
        int statements = (INDEX_SHARDS + TableReads.PARTITIONS_A_STATEMENT - 1) / TableReads.PARTITIONS_A_STATEMENT;
        int perStatement = (INDEX_SHARDS + statements - 1) / statements;
        for (int from = 0; from < INDEX_SHARDS && found.size() < most; from += perStatement) {
            int to = Math.min(INDEX_SHARDS, from + perStatement);
            List<AttributeValue> parameters = new ArrayList<>(to - from + 1);
            StringBuilder in = new StringBuilder();
            for (int shard = from; shard < to; shard++) {
                in.append(shard == from ? "?" : ", ?");
                parameters.add(AttributeValue.fromS(Keys.unfinishedWalks(shard)));
            }
            parameters.add(AttributeValue.fromS(before));
            String statement = "SELECT \"" + Keys.PK + "\", \"" + Keys.SK + "\", \"" + TableDefinition.GSI1.sortKey() + "\" FROM \""
                    + table.name() + "\".\"" + TableDefinition.GSI1.name() + "\" WHERE \"" + TableDefinition.GSI1.partitionKey()
                    + "\" IN [" + in + "] AND \"" + TableDefinition.GSI1.sortKey() + "\" < ?";
            String next = null;
            do {
                ExecuteStatementResponse page = table.client().executeStatement(ExecuteStatementRequest.builder().statement(statement)
                        .parameters(parameters).limit(most - found.size()).nextToken(next).build());
                for (Map<String, AttributeValue> item : page.items()) {
                    found.add(new Stalled(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK)),
                            item.get(TableDefinition.GSI1.sortKey()).s()));
                }
                next = page.nextToken();
            } while (next != null && found.size() < most);
        }
        return found;
    }

    /**
     * Re-announces a stalled walk: rewrites its progress stamp, which puts a new record on the stream for the
     * consumer to continue it from its checkpoint. Conditioned on the stamp the sweeper saw, so two sweeps (or a
     * walk that moved meanwhile) never touch it twice. False when it moved or finished.
     */
    public boolean touch(Stalled walk) {
        return restamp(walk.key(), "done = :false AND #gsk = :seen", Map.of(":seen", AttributeValue.fromS(walk.lastProgress())));
    }

    /**
     * Asks for another run of an unfinished walk without taking a page: an invocation whose time is spent
     * re-announces the walks it did not start, instead of starting a page it may not finish.
     */
    public boolean requeue(Map<String, AttributeValue> key) {
        return restamp(key, "done = :false", Map.of());
    }

    private boolean restamp(Map<String, AttributeValue> key, String condition, Map<String, AttributeValue> extra) {
        Map<String, AttributeValue> values = new HashMap<>(extra);
        values.put(":false", AttributeValue.fromBool(false));
        values.put(":now", AttributeValue.fromS(stamp(table.clock().instant())));
        values.put(":one", AttributeValue.fromN("1"));
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(key)
                    .updateExpression("SET #gsk = :now ADD touches :one").conditionExpression(condition)
                    .expressionAttributeNames(Map.of("#gsk", TableDefinition.GSI1.sortKey()))
                    .expressionAttributeValues(values).build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }
}

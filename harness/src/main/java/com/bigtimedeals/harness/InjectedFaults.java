package com.bigtimedeals.harness;

import com.bigtimedeals.engine.fault.Faults;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB as the stream consumer meets it on a bad day, injected by the engine on one table (other tables of the
 * same engine are untouched): message puts and updates (checkpoints, claims, requeues) throttled, BatchWriteItems
 * refused whole or half written (some items handed back unprocessed, which the caller asks again, and whose retry
 * may be refused in turn), and transactions cancelled by a conflicting one. A throttled checkpoint is the crash
 * between writing a page and recording it; a half-written batch that then fails is the crash in the middle of a
 * claimed page, which a later run finishes create-only.
 */
public final class InjectedFaults {
    private final Faults.Rule putThrottles;
    private final Faults.Rule updateThrottles;
    private final Faults.Rule batchThrottles;
    private final Faults.Rule unprocessedItems;
    private final Faults.Rule firstConflict;
    private final Faults.Rule conflicts;

    private InjectedFaults(Database database, String table, double put, double update, double batch, double unprocessed,
                           double conflict) {
        this(database, table, put, update, batch, unprocessed, conflict, conflict > 0 ? 1 : 0);
    }

    private InjectedFaults(Database database, String table, double put, double update, double batch, double unprocessed,
                           double conflict, int firstConflicts) {
        putThrottles = rule(database, Faults.Kind.THROTTLE, "PutItem", table, put);
        updateThrottles = rule(database, Faults.Kind.THROTTLE, "UpdateItem", table, update);
        batchThrottles = rule(database, Faults.Kind.THROTTLE, "BatchWriteItem", table, batch);
        unprocessedItems = rule(database, Faults.Kind.UNPROCESSED, "BatchWriteItem", table, unprocessed);
        // The first transaction on the table always meets a conflict when conflicts are asked for at all: a test of
        // a few transactions must not pass by luck without one (a blast makes a single transaction).
        firstConflict = firstConflicts > 0
                ? rule(database, Faults.Kind.CONFLICT, "TransactWriteItems", table, 1.0).times(firstConflicts) : null;
        conflicts = rule(database, Faults.Kind.CONFLICT, "TransactWriteItems", table, conflict);
    }

    /**
     * Rare faults, but enough that some records exhaust the event source mapping's retries over a blast of
     * thousands: one message put in 2,000 throttled (a BatchWriteItem of 25 about one in 80, and one item in 500
     * left unprocessed), one update in 29, the first transaction and then every other cancelled by a conflict.
     */
    public static InjectedFaults onBadDay(Database database, String table) {
        return new InjectedFaults(database, table, 1.0 / 2_000, 1.0 / 29, 25.0 / 2_000, 1.0 / 500, 0.5);
    }

    /**
     * Only transactions cancelled by a conflicting one: the first, then each with {@code probability}: what
     * concurrent writers meet.
     */
    public static InjectedFaults transactionConflicts(Database database, String table, double probability) {
        return new InjectedFaults(database, table, 0, 0, 0, 0, probability);
    }

    /**
     * Every {@code operation} (a single-item write) on the table refused with TransactionConflictException, as when a
     * transaction holds the item: what a write meets that no backoff outlasts.
     */
    public static void heldByATransaction(Database database, String table, String operation) {
        rule(database, Faults.Kind.CONFLICT, operation, table, 1.0);
    }

    /** The next {@code n} transactions on the table cancelled by a conflicting one, and none after them. */
    public static InjectedFaults nextTransactionsConflict(Database database, String table, int n) {
        return new InjectedFaults(database, table, 0, 0, 0, 0, 0, n);
    }

    private static Faults.Rule rule(Database database, Faults.Kind kind, String operation, String table, double probability) {
        Faults.Rule rule = Faults.rule(kind).operation(operation).table(table).probability(probability);
        database.faults().add(rule);
        return rule;
    }

    /**
     * The client to hand the code under test: one attempt per call, so each injected fault is one that outlasted
     * the SDK's own retries. With them, the SDK absorbs a throttle in up to 9 attempts over about 50 s of
     * backoff, and no test could afford the rate of faults that still reach the code after that.
     */
    public static DynamoDbClient clientWithoutRetries(Database database) {
        return DynamoDbClient.builder()
                .httpClient(database.httpClient())
                .endpointOverride(database.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build())
                .build();
    }

    /** Requests refused as throttled: puts, updates and whole BatchWriteItems. */
    public long throttled() {
        return putThrottles.fired() + updateThrottles.fired() + batchThrottles.fired();
    }

    /** Batch items handed back unprocessed (the batch was half written). */
    public long unprocessed() {
        return unprocessedItems.fired();
    }

    /** Transactions cancelled by an injected conflict. */
    public long conflicts() {
        return (firstConflict == null ? 0 : firstConflict.fired()) + conflicts.fired();
    }
}

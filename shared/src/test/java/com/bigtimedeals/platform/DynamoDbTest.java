package com.bigtimedeals.platform;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

import com.bigtimedeals.harness.Database;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.InboxStore;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Base of every test that touches data: one engine for the whole test JVM, in process (no socket), and a fresh
 * table per test so tests never see each other's items. Faults and GSI lag are set per table
 * ({@code dynamo.faults().add(rule.table(name))}, {@code dynamo.gsiLagMillis(name, ms)}), so tests that share the
 * engine never see each other's either.
 */
@Tag("engine")
public abstract class DynamoDbTest {
    /** Started once and kept until the JVM exits: a table is what a test needs fresh, not a database. */
    protected static final Database dynamo = Database.start();
    /** Every request is logged as IAM authorizes it: the function tests hold each function to its grants. */
    protected static final DynamoDbClient client = newClient();
    private static final AtomicInteger TABLES = new AtomicInteger();

    /** A client of the same engine, for code that is handed its own (a function instance, the stream reader). */
    protected static DynamoDbClient newClient() {
        return DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient(), new TableAccessLog());
    }

    /** Each test starts with nothing logged (a set-up's requests are no function's). */
    @BeforeEach
    void forgetTableAccess() {
        TableAccessLog.clear();
    }

    protected static DynamoDbStreamsClient streamsClient() {
        return DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient());
    }

    /** A new, empty table with the production definition. */
    protected static String newTable() {
        String name = "deals-" + TABLES.incrementAndGet();
        dynamo.createTable(client, TableDefinition.createTableRequest(name));
        return name;
    }

    protected static Table table(String name, Clock clock) {
        return new Table(client, name, clock, new CursorCodec("test-key"));
    }

    protected static Table newTable(Instant now) {
        return table(newTable(), Clock.fixed(now, ZoneOffset.UTC));
    }

    /** How long messages are kept: the setting's default, as a function is given it. */
    protected static final InboxRetention RETENTION = Configuration.defaults().inboxRetention();

    /** The inbox as its user reads it. */
    protected static InboxStore inbox(Table table) {
        return new InboxStore(table, RETENTION);
    }

    /** The inbox as fan-outs write it, one write in flight. */
    protected static InboxDelivery delivery(Table table) {
        return new InboxDelivery(table, 1, RETENTION);
    }
}

package com.bigtimedeals.data;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

import com.bigtimedeals.harness.Database;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Base of every test that touches data: one fresh DynamoDB Local per test class (toolchain.md: the engine
 * slows down as its stream grows), and a fresh table per test so tests never see each other's items.
 */
@Tag("engine")
public abstract class DynamoDbTest {
    protected static Database dynamo;
    protected static DynamoDbClient client;
    private static final AtomicInteger TABLES = new AtomicInteger();

    @BeforeAll
    static void startDynamo() {
        dynamo = Database.start();
        // Every request is logged as IAM authorizes it: the function tests hold each function to its grants.
        client = DynamoDbClients.local(dynamo.endpoint(), new TableAccessLog());
    }

    /** Each test starts with nothing logged (a set-up's requests are no function's). */
    @BeforeEach
    void forgetTableAccess() {
        TableAccessLog.clear();
    }

    @AfterAll
    static void stopDynamo() {
        client.close();
        dynamo.close();
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
    protected static final Duration RETENTION = Configuration.defaults().inboxRetention();

    /** The inbox as its user reads it. */
    protected static InboxStore inbox(Table table) {
        return new InboxStore(table, RETENTION);
    }

    /** The inbox as fan-outs write it, one write in flight. */
    protected static InboxDelivery delivery(Table table) {
        return new InboxDelivery(table, 1, RETENTION);
    }
}

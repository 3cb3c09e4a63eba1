package com.bigtimedeals.data;

import java.time.Clock;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The table a store works on: its client, its name, the clock and the cursor signer. */
public record Table(DynamoDbClient client, String name, Clock clock, CursorCodec cursors) {
    public static Table fromEnvironment(DynamoDbClient client) {
        return new Table(client, TableDefinition.tableNameFromEnvironment(), Clock.systemUTC(), CursorCodec.fromEnvironment());
    }
}

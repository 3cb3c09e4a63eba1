package com.bigtimedeals.platform;

import java.time.Clock;

import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The table a store works on: its client, its name, the clock and the cursor signer. */
public record Table(DynamoDbClient client, String name, Clock clock, CursorCodec cursors) {
    /** The table {@code settings} name ({@code TABLE_NAME}), on the system clock, signing with their cursor key. */
    public static Table from(Settings settings, DynamoDbClient client) {
        return from(settings, client, null);
    }

    /** The same, with a cursor key read from Secrets Manager over {@code http}, the client's own HTTP client. */
    public static Table from(Settings settings, DynamoDbClient client, SdkHttpClient http) {
        return new Table(client, TableDefinition.tableName(settings), Clock.systemUTC(), CursorCodec.from(settings, http));
    }
}

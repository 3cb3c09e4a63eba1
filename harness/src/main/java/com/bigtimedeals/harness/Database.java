package com.bigtimedeals.harness;

import java.net.URI;
import java.nio.file.Path;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * A DynamoDB to run the product against off AWS: every test that needs one, the local stack and the benchmark get it
 * here and nowhere else. Today it is DynamoDB Local in this JVM ({@link LocalDynamoDb}); the one place to change to
 * put another engine behind the same endpoint is {@link #start(Path, int)}.
 */
public interface Database extends AutoCloseable {
    /** In memory, on a free loopback port. */
    static Database start() {
        return start(null, 0);
    }

    /** In {@code directory} when given (kept across restarts), else in memory; port 0 picks a free one. */
    static Database start(Path directory, int port) {
        return LocalDynamoDb.start(directory, port);
    }

    /** Where the SDK reaches it: http on 127.0.0.1 only. */
    URI endpoint();

    /**
     * Creates a table unless it exists (a kept directory). Callers pass the project's one table definition
     * ({@code TableDefinition.createTableRequest}): this module knows nothing of the product's classes.
     */
    void createTable(DynamoDbClient client, CreateTableRequest table);

    @Override
    void close();
}

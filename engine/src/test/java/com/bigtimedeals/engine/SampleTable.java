package com.bigtimedeals.engine;

import java.nio.charset.StandardCharsets;

import com.bigtimedeals.engine.api.Response;

/**
 * An in-memory engine holding table {@code t} (key pk S / sk N, global index byG on g) with one item of every
 * kind of attribute, for properties that throw many requests at the dispatcher without a socket or an SDK.
 */
public final class SampleTable {
    private SampleTable() {
    }

    public static Engine start() {
        Engine engine = Engine.inMemory();
        call(engine, "CreateTable", "{\"TableName\":\"t\",\"BillingMode\":\"PAY_PER_REQUEST\","
                + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"},"
                + "{\"AttributeName\":\"g\",\"AttributeType\":\"S\"}],"
                + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],"
                + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byG\",\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],"
                + "\"Projection\":{\"ProjectionType\":\"ALL\"}}]}");
        call(engine, "PutItem", "{\"TableName\":\"t\",\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},\"g\":{\"S\":\"x\"},"
                + "\"l\":{\"L\":[{\"N\":\"1\"}]},\"m\":{\"M\":{\"a\":{\"SS\":[\"y\"]}}},\"v\":{\"N\":\"5\"}}}");
        return engine;
    }

    public static Response call(Engine engine, String operation, String body) {
        return engine.handle("DynamoDB_20120810." + operation, body.getBytes(StandardCharsets.UTF_8));
    }
}

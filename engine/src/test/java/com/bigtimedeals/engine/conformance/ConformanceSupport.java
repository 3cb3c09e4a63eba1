package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.function.Executable;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** What every conformance test uses: the clients, fresh tables, attribute values and error assertions. */
public abstract class ConformanceSupport {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private final List<String> created = new ArrayList<>();

    protected final DynamoDbClient db = Endpoint.client();
    protected final DynamoDbStreamsClient streams = Endpoint.streams();

    @AfterEach
    void dropTables() {
        for (String t : created) {
            try {
                db.deleteTable(b -> b.tableName(t));
            } catch (DynamoDbException e) {
                // already gone
            }
        }
    }

    /** A table name no other test uses. */
    protected String uniqueName() {
        return "t" + ProcessHandle.current().pid() + "_" + TABLES.incrementAndGet() + "_" + System.nanoTime() % 100000;
    }

    /** Creates an on-demand table named uniquely; {@code sortType} null for a hash-only key. Returns its name. */
    protected String table(ScalarAttributeType hashType, ScalarAttributeType sortType) {
        return table(hashType, sortType, b -> { });
    }

    protected String table(ScalarAttributeType hashType, ScalarAttributeType sortType,
                           java.util.function.Consumer<CreateTableRequest.Builder> more) {
        String name = uniqueName();
        List<AttributeDefinition> defs = new ArrayList<>();
        List<KeySchemaElement> key = new ArrayList<>();
        defs.add(AttributeDefinition.builder().attributeName("pk").attributeType(hashType).build());
        key.add(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build());
        if (sortType != null) {
            defs.add(AttributeDefinition.builder().attributeName("sk").attributeType(sortType).build());
            key.add(KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build());
        }
        CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name).attributeDefinitions(defs)
                .keySchema(key).billingMode(BillingMode.PAY_PER_REQUEST);
        more.accept(b);
        create(b.build());
        return name;
    }

    /** Creates a table and waits until it is ACTIVE (at once here; some time on other endpoints). */
    protected void create(CreateTableRequest request) {
        db.createTable(request);
        created.add(request.tableName());
        db.waiter().waitUntilTableExists(b -> b.tableName(request.tableName()));
    }

    protected void forget(String table) {
        created.remove(table);
    }

    protected static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    protected static AttributeValue n(String v) {
        return AttributeValue.fromN(v);
    }

    protected static AttributeValue n(long v) {
        return AttributeValue.fromN(Long.toString(v));
    }

    protected static AttributeValue b(byte... v) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(v));
    }

    /** An item from name/value pairs. */
    protected static Map<String, AttributeValue> item(Object... pairs) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            Object v = pairs[i + 1];
            m.put((String) pairs[i], v instanceof AttributeValue a ? a : v instanceof Number x ? n(x.toString()) : s(v.toString()));
        }
        return m;
    }

    /** Asserts that a request fails with the service's error code and message. */
    protected static DynamoDbException assertError(String code, String message, Executable request) {
        DynamoDbException e = assertThrows(DynamoDbException.class, request);
        assertEquals(code, e.awsErrorDetails().errorCode(), () -> "message was: " + e.awsErrorDetails().errorMessage());
        if (message != null) {
            assertEquals(message, e.awsErrorDetails().errorMessage());
        }
        return e;
    }

    protected static String repeat(char c, int n) {
        return String.valueOf(c).repeat(n);
    }
}

package com.bigtimedeals.engine.api;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.SampleTable;
import com.bigtimedeals.engine.json.JsonTree;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Whatever a client sends, the service answers with a 400 it documents (a serialization or validation error, a
 * missing resource, a failed condition): valid requests of every operation, with one member taken away or given
 * another value or type, must never meet an internal error (500), which would be an engine bug.
 */
class RequestProperties {
    private static final String KEY = "{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}";
    private static final String[][] REQUESTS = {
        {"PutItem", "{\"TableName\":\"t\",\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},\"g\":{\"S\":\"x\"},\"l\":{\"L\":[{\"N\":\"1\"}]},"
                + "\"m\":{\"M\":{\"a\":{\"SS\":[\"y\"]}}}},\"ConditionExpression\":\"attribute_not_exists(#p) OR v < :v\","
                + "\"ExpressionAttributeNames\":{\"#p\":\"pk\"},\"ExpressionAttributeValues\":{\":v\":{\"N\":\"3\"}},\"ReturnValues\":\"ALL_OLD\","
                + "\"ReturnConsumedCapacity\":\"INDEXES\",\"ReturnItemCollectionMetrics\":\"SIZE\",\"ReturnValuesOnConditionCheckFailure\":\"ALL_OLD\"}"},
        {"GetItem", "{\"TableName\":\"t\",\"Key\":" + KEY + ",\"ProjectionExpression\":\"l[0], m.a, #g\",\"ExpressionAttributeNames\":{\"#g\":\"g\"},"
                + "\"ConsistentRead\":true,\"ReturnConsumedCapacity\":\"TOTAL\"}"},
        {"UpdateItem", "{\"TableName\":\"t\",\"Key\":" + KEY + ",\"UpdateExpression\":\"SET l = list_append(l, :l), v = if_not_exists(v, :v) + :v "
                + "ADD m.a :s REMOVE z\",\"ConditionExpression\":\"size(l) < :v\",\"ExpressionAttributeValues\":{\":l\":{\"L\":[{\"S\":\"q\"}]},"
                + "\":v\":{\"N\":\"3\"},\":s\":{\"SS\":[\"w\"]}},\"ReturnValues\":\"UPDATED_NEW\",\"ReturnConsumedCapacity\":\"INDEXES\"}"},
        {"UpdateItem", "{\"TableName\":\"t\",\"Key\":" + KEY + ",\"AttributeUpdates\":{\"v\":{\"Action\":\"ADD\",\"Value\":{\"N\":\"1\"}}},"
                + "\"Expected\":{\"v\":{\"ComparisonOperator\":\"LT\",\"AttributeValueList\":[{\"N\":\"9\"}]}},\"ReturnValues\":\"ALL_NEW\"}"},
        {"DeleteItem", "{\"TableName\":\"t\",\"Key\":" + KEY + ",\"ConditionExpression\":\"attribute_exists(pk)\",\"ReturnValues\":\"ALL_OLD\"}"},
        {"Query", "{\"TableName\":\"t\",\"KeyConditionExpression\":\"pk = :p AND sk BETWEEN :a AND :b\",\"FilterExpression\":\"contains(l, :a)\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":a\":{\"N\":\"0\"},\":b\":{\"N\":\"9\"}},\"Limit\":5,\"ScanIndexForward\":false,"
                + "\"ExclusiveStartKey\":" + KEY + ",\"Select\":\"ALL_ATTRIBUTES\",\"ReturnConsumedCapacity\":\"INDEXES\"}"},
        {"Query", "{\"TableName\":\"t\",\"IndexName\":\"byG\",\"KeyConditions\":{\"g\":{\"ComparisonOperator\":\"EQ\",\"AttributeValueList\":[{\"S\":\"x\"}]}},"
                + "\"QueryFilter\":{\"v\":{\"ComparisonOperator\":\"NULL\"}},\"Select\":\"COUNT\"}"},
        {"Scan", "{\"TableName\":\"t\",\"Segment\":0,\"TotalSegments\":2,\"FilterExpression\":\"attribute_type(m, :t)\","
                + "\"ExpressionAttributeValues\":{\":t\":{\"S\":\"M\"}},\"ProjectionExpression\":\"pk, sk\",\"Limit\":10}"},
        {"BatchGetItem", "{\"RequestItems\":{\"t\":{\"Keys\":[" + KEY + ",{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"}}],\"ProjectionExpression\":\"pk\"}},"
                + "\"ReturnConsumedCapacity\":\"TOTAL\"}"},
        {"BatchWriteItem", "{\"RequestItems\":{\"t\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"c\"},\"sk\":{\"N\":\"3\"}}}},"
                + "{\"DeleteRequest\":{\"Key\":" + KEY + "}}]},\"ReturnItemCollectionMetrics\":\"SIZE\"}"},
        {"TransactWriteItems", "{\"TransactItems\":[{\"Put\":{\"TableName\":\"t\",\"Item\":{\"pk\":{\"S\":\"d\"},\"sk\":{\"N\":\"4\"}}}},"
                + "{\"Update\":{\"TableName\":\"t\",\"Key\":" + KEY + ",\"UpdateExpression\":\"SET v = :v\",\"ExpressionAttributeValues\":{\":v\":{\"N\":\"1\"}}}},"
                + "{\"ConditionCheck\":{\"TableName\":\"t\",\"Key\":{\"pk\":{\"S\":\"e\"},\"sk\":{\"N\":\"5\"}},\"ConditionExpression\":\"attribute_not_exists(pk)\"}}],"
                + "\"ClientRequestToken\":\"tok\",\"ReturnConsumedCapacity\":\"INDEXES\"}"},
        {"TransactGetItems", "{\"TransactItems\":[{\"Get\":{\"TableName\":\"t\",\"Key\":" + KEY + ",\"ProjectionExpression\":\"v\"}}]}"},
        {"CreateTable", "{\"TableName\":\"u\",\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"h\",\"AttributeType\":\"N\"}],\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1,\"WriteCapacityUnits\":1},"
                + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byH\",\"KeySchema\":[{\"AttributeName\":\"h\",\"KeyType\":\"HASH\"}],"
                + "\"Projection\":{\"ProjectionType\":\"INCLUDE\",\"NonKeyAttributes\":[\"q\"]},"
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1,\"WriteCapacityUnits\":1}}],"
                + "\"StreamSpecification\":{\"StreamEnabled\":true,\"StreamViewType\":\"KEYS_ONLY\"},\"Tags\":[{\"Key\":\"k\",\"Value\":\"v\"}]}"},
        {"UpdateTable", "{\"TableName\":\"t\",\"StreamSpecification\":{\"StreamEnabled\":true,\"StreamViewType\":\"NEW_IMAGE\"},"
                + "\"GlobalSecondaryIndexUpdates\":[{\"Create\":{\"IndexName\":\"byV\",\"KeySchema\":[{\"AttributeName\":\"v\",\"KeyType\":\"HASH\"}],"
                + "\"Projection\":{\"ProjectionType\":\"ALL\"}}}],\"AttributeDefinitions\":[{\"AttributeName\":\"v\",\"AttributeType\":\"N\"}]}"},
        {"UpdateTimeToLive", "{\"TableName\":\"t\",\"TimeToLiveSpecification\":{\"Enabled\":true,\"AttributeName\":\"exp\"}}"},
        {"ListTables", "{\"ExclusiveStartTableName\":\"a\",\"Limit\":2}"},
        {"ExecuteStatement", "{\"Statement\":\"SELECT * FROM t WHERE pk = ?\",\"Parameters\":[{\"S\":\"a\"}],\"Limit\":2}"},
        {"BatchExecuteStatement", "{\"Statements\":[{\"Statement\":\"UPDATE t SET v = ? WHERE pk = 'a' AND sk = 1\",\"Parameters\":[{\"N\":\"2\"}]}]}"},
    };
    private static final String[] REPLACEMENTS = {"\"\"", "\"x\"", "0", "-1", "1e400", "2147483648", "true", "null", "{}", "[]", "[{}]",
        "{\"S\":\"\"}", "{\"N\":\"abc\"}", "{\"SS\":[]}", "{\"NS\":[\"1\",\"1.0\"]}", "{\"L\":[{\"NULL\":false}]}", "{\"M\":{\"\":{\"S\":\"a\"}}}",
        "{\"B\":\"!!\"}", "{\"S\":\"a\",\"N\":\"1\"}", "\"" + "x".repeat(2000) + "\""};

    private static Engine engine;

    @BeforeContainer
    static void start() {
        engine = SampleTable.start();
    }

    @AfterContainer
    static void stop() {
        engine.close();
    }

    private static Response call(String op, String body) {
        return SampleTable.call(engine, op, body);
    }

    @Property(tries = 400)
    void anyRequestIsAnsweredWithoutAnInternalError(@ForAll long seed) throws Exception {
        Random random = new Random(seed);
        String[] request = REQUESTS[random.nextInt(REQUESTS.length)];
        Object tree = JsonTree.parse(request[1].getBytes(StandardCharsets.UTF_8));
        for (int i = 1 + random.nextInt(2); i > 0; i--) {
            tree = mutate(tree, random, random.nextInt(nodes(tree)));
        }
        String body = write(tree);
        Response r = call(request[0], body);
        assertNotEquals(500, r.status(), () -> request[0] + " " + body + " -> " + new String(r.body(), StandardCharsets.UTF_8));
    }

    private static int nodes(Object tree) {
        int n = 1;
        if (tree instanceof Map<?, ?> m) {
            for (Object v : m.values()) {
                n += nodes(v);
            }
        } else if (tree instanceof List<?> l) {
            for (Object v : l) {
                n += nodes(v);
            }
        }
        return n;
    }

    /** The tree with its node number {@code target} (depth first) replaced, removed or duplicated. */
    private static Object mutate(Object tree, Random random, int target) throws Exception {
        int[] counter = {target};
        return visit(tree, random, counter);
    }

    private static final Object REMOVE = new Object();

    private static Object visit(Object node, Random random, int[] counter) throws Exception {
        if (counter[0]-- == 0) {
            int choice = random.nextInt(REPLACEMENTS.length + 1);
            return choice == REPLACEMENTS.length ? REMOVE : JsonTree.parse(REPLACEMENTS[choice].getBytes(StandardCharsets.UTF_8));
        }
        if (node instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Object v = visit(e.getValue(), random, counter);
                if (v != REMOVE) {
                    out.put((String) e.getKey(), v);
                }
            }
            return out;
        }
        if (node instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object o : l) {
                Object v = visit(o, random, counter);
                if (v != REMOVE) {
                    out.add(v);
                }
            }
            return out;
        }
        return node;
    }

    private static String write(Object tree) {
        if (tree instanceof Map<?, ?> m) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                parts.add(quote((String) e.getKey()) + ":" + write(e.getValue()));
            }
            return "{" + String.join(",", parts) + "}";
        }
        if (tree instanceof List<?> l) {
            List<String> parts = new ArrayList<>();
            for (Object o : l) {
                parts.add(write(o));
            }
            return "[" + String.join(",", parts) + "]";
        }
        if (tree instanceof String s) {
            return quote(s);
        }
        if (tree instanceof JsonTree.JsonNumber n) {
            return n.text();
        }
        return String.valueOf(tree);
    }

    private static String quote(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }
}

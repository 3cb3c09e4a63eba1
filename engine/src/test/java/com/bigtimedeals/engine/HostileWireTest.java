package com.bigtimedeals.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.api.Dispatcher;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Response;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.http.HttpServer;

/**
 * What a hostile client can send over the wire, over real loopback sockets: stalled and oversized bodies, too many
 * connections, deep nesting, wrong content types, text that is not text, numbers a member cannot hold, and pages of
 * other origins. None of it may take the process's memory, reach a 500, or be answered other than as the service
 * answers it.
 */
class HostileWireTest {
    private static final String NESTING =
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
    private static Engine engine;
    private static int port;

    @BeforeAll
    static void start() {
        engine = Engine.inMemory();
        port = URI.create(engine.serve(0)).getPort();
        post(port, "CreateTable", "{\"TableName\":\"hostile\",\"BillingMode\":\"PAY_PER_REQUEST\","
                + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}");
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    // ---- stalled and oversized bodies, connections ----

    /**
     * Connections that declare a 16 MB body and send one byte hold 64 KB each (the buffer grows only with what
     * arrives), not 16 MB; while they stall, a normal request is served; one connection over the limit is answered
     * 503 and closed; and when the stalled clients go, every buffer is given back.
     */
    @Test
    void stalledBodiesHoldNoMemoryAndConnectionsAreLimited() throws Exception {
        HttpServer.Options options = HttpServer.Options.defaults().maxConnections(8).requestTimeoutMillis(120_000)
                .largeBodyBudget(1L << 30);
        try (HttpServer server = new HttpServer(0, echo(), options)) {
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 7; i++) {
                    Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port());
                    s.getOutputStream().write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 16000000\r\n\r\n{")
                            .getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    stalled.add(s);
                }
                await(() -> server.bufferedBodyBytes() == 7L * 64 * 1024);
                assertEquals(7, server.openConnections());
                try (Socket normal = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                    assertTrue(request(normal, "{}", true)[0].startsWith("HTTP/1.1 200"));
                    await(() -> server.openConnections() == 8);
                    try (Socket over = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                        String[] refused = readResponse(over.getInputStream());
                        assertTrue(refused[0].startsWith("HTTP/1.1 503"), refused[0]);
                        assertTrue(refused[1].contains("\"message\""), refused[1]);
                        assertEquals(-1, over.getInputStream().read());
                    }
                    assertTrue(request(normal, "{}", true)[0].startsWith("HTTP/1.1 200"), "the served connection goes on");
                }
                await(() -> server.bufferedBodyBytes() == 7L * 64 * 1024 && server.openConnections() == 7);
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
            await(() -> server.bufferedBodyBytes() == 0 && server.openConnections() == 0);
        }
    }

    /** A request whose body stops coming is answered 408 once its deadline passes, and the connection closed. */
    @Test
    void aStalledRequestIsAnswered408AndClosed() throws Exception {
        try (HttpServer server = new HttpServer(0, echo(), HttpServer.Options.defaults().requestTimeoutMillis(200));
             Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            s.getOutputStream().write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String[] answer = readResponse(s.getInputStream());
            assertTrue(answer[0].startsWith("HTTP/1.1 408"), answer[0]);
            assertTrue(answer[0].contains("Connection: close"), answer[0]);
            assertEquals(-1, s.getInputStream().read());
        }
    }

    /** A client that stops taking its response is closed once the request timeout passes, its thread let go. */
    @Test
    void aClientThatStopsReadingIsClosed() throws Exception {
        byte[] big = new byte[64 << 20];
        java.util.concurrent.CountDownLatch handled = new java.util.concurrent.CountDownLatch(1);
        HttpServer.Handler huge = (target, body) -> {
            handled.countDown();
            return new Response(200, big);
        };
        try (HttpServer server = new HttpServer(0, huge, HttpServer.Options.defaults().requestTimeoutMillis(200));
             Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            s.setReceiveBufferSize(4096);
            s.getOutputStream().write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
                    + "Content-Length: 2\r\n\r\n{}").getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            handled.await();
            await(() -> server.openConnections() == 0);
            long received = 0;
            try {
                byte[] buffer = new byte[1 << 16];
                int n;
                while ((n = s.getInputStream().read(buffer)) >= 0) {
                    received += n;
                }
            } catch (IOException e) {
                // reset by the server: it closed with the rest unsent
            }
            assertTrue(received < big.length, "the server gave up on the response: " + received);
        }
    }

    /** So is a head that is never finished. */
    @Test
    void aStalledHeadIsAnswered408() throws Exception {
        try (HttpServer server = new HttpServer(0, echo(), HttpServer.Options.defaults().requestTimeoutMillis(200));
             Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            s.getOutputStream().write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Tar".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            assertTrue(readResponse(s.getInputStream())[0].startsWith("HTTP/1.1 408"));
        }
    }

    /** A body over the service's 16 MB is a 413, declared or chunked; 16 MB itself is read. */
    @Test
    void bodiesOverSixteenMegabytesAre413() throws Exception {
        try (HttpServer server = new HttpServer(0, echo())) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                s.getOutputStream().write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
                        + "Expect: 100-continue\r\nContent-Length: " + (HttpServer.MAX_BODY + 1) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                assertTrue(readResponse(s.getInputStream())[0].startsWith("HTTP/1.1 413"));
            }
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                OutputStream out = s.getOutputStream();
                out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                byte[] chunk = new byte[1 << 20];
                java.util.Arrays.fill(chunk, (byte) ' ');
                try {
                    for (int i = 0; i < 17; i++) {
                        out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.write(chunk);
                        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                    }
                } catch (IOException e) {
                    // the server may stop reading once it has answered
                }
                assertTrue(readResponse(s.getInputStream())[0].startsWith("HTTP/1.1 413"));
            }
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                String body = "{" + " ".repeat(HttpServer.MAX_BODY - 2) + "}";
                assertTrue(request(s, body, false)[0].startsWith("HTTP/1.1 200"));
            }
        }
    }

    /**
     * Large bodies are served within the heap budget: while one that takes most of it is being served, a second waits,
     * and is a 503 when the request timeout passes first; small requests are never held up by it.
     */
    @Test
    void largeBodiesBeyondTheBudgetWaitThenAre503() throws Exception {
        java.util.concurrent.CountDownLatch processing = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch finish = new java.util.concurrent.CountDownLatch(1);
        HttpServer.Handler slowForLargeBodies = (target, body) -> {
            if (body.length > 1000 && processing.getCount() > 0) {
                processing.countDown();
                try {
                    finish.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new Response(200, "{}".getBytes(StandardCharsets.UTF_8));
        };
        // 300 KB of string is estimated at 1.2 MB: one fits a 2 MB budget, two do not.
        HttpServer.Options options = HttpServer.Options.defaults().requestTimeoutMillis(1000).heapBudget(2 << 20);
        String large = "{\"S\":\"" + "x".repeat(300_000) + "\"}";
        try (HttpServer server = new HttpServer(0, slowForLargeBodies, options);
             Socket holder = new Socket(InetAddress.getLoopbackAddress(), server.port());
             Socket second = new Socket(InetAddress.getLoopbackAddress(), server.port());
             Socket small = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            java.util.concurrent.CompletableFuture<String[]> first = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return request(holder, large, false);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            processing.await();
            String[] refused = request(second, large, false);
            assertTrue(refused[0].startsWith("HTTP/1.1 503"), refused[0]);
            assertTrue(request(small, "{}", false)[0].startsWith("HTTP/1.1 200"));
            finish.countDown();
            assertTrue(first.get()[0].startsWith("HTTP/1.1 200"));
        } finally {
            finish.countDown();
        }
    }

    /**
     * What a body takes on the heap is admitted before it is served: within a 4 MB heap budget, 100 KB of long string
     * is served, 100 KB of tiny maps (which would take far more once parsed) is a 413, before any parsing; so is the
     * same once gzipped to a few KB, since it is judged once decompressed.
     */
    @Test
    void bodiesThatWouldTakeMoreHeapThanAllowedAre413() throws Exception {
        HttpServer.Options options = HttpServer.Options.defaults().heapBudget(4 << 20);
        java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger();
        HttpServer.Handler counting = (target, body) -> {
            served.incrementAndGet();
            return new Response(200, "{}".getBytes(StandardCharsets.UTF_8));
        };
        String tinyMaps = "{\"L\":[" + "{\"N\":\"1\"},".repeat(10_000) + "{\"N\":\"1\"}]}";
        try (HttpServer server = new HttpServer(0, counting, options)) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                assertTrue(request(s, "{\"S\":\"" + "x".repeat(100_000) + "\"}", false)[0].startsWith("HTTP/1.1 200"));
            }
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                String[] r = request(s, tinyMaps, false);
                assertTrue(r[0].startsWith("HTTP/1.1 413"), r[0]);
                assertTrue(r[1].contains("\"message\""), r[1]);
            }
            ByteArrayOutputStream zipped = new ByteArrayOutputStream();
            try (var gz = new java.util.zip.GZIPOutputStream(zipped)) {
                gz.write(tinyMaps.getBytes(StandardCharsets.UTF_8));
            }
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                s.getOutputStream().write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
                        + "Content-Encoding: gzip\r\nConnection: close\r\nContent-Length: " + zipped.size() + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().write(zipped.toByteArray());
                s.getOutputStream().flush();
                assertTrue(readResponse(s.getInputStream())[0].startsWith("HTTP/1.1 413"));
            }
            assertEquals(1, served.get(), "only the string was handed on");
        }
    }

    /** Bad framing is a 400, never a dead thread. */
    @Test
    void malformedFramingIsA400() throws Exception {
        for (String head : new String[] {"Content-Length: 99999999999999999999", "Content-Length: -1", "Content-Length: x",
                "Transfer-Encoding: chunked\r\n\r\nzz"}) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                s.getOutputStream().write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + head + (head.contains("zz") ? "\r\n" : "\r\n\r\n"))
                        .getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                assertTrue(readResponse(s.getInputStream())[0].startsWith("HTTP/1.1 400"), head);
            }
        }
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
            try {
                for (int i = 0; i < 100; i++) {
                    out.write(("X-Filler-" + i + ": " + "y".repeat(1000) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                }
            } catch (IOException e) {
                // the server stops reading a head that is too large
            }
            assertTrue(readResponse(s.getInputStream())[0].startsWith("HTTP/1.1 400"));
        }
    }

    // ---- nesting ----

    /** 5,000 nested maps (or lists) in an item: the service's nesting ValidationException, not a StackOverflowError. */
    @Test
    void deeplyNestedItemsGetTheNestingMessage() {
        for (String kind : new String[] {"M", "L"}) {
            StringBuilder v = new StringBuilder();
            for (int i = 0; i < 5000; i++) {
                v.append(kind.equals("M") ? "{\"M\":{\"a\":" : "{\"L\":[");
            }
            v.append("{\"S\":\"x\"}");
            for (int i = 0; i < 5000; i++) {
                v.append(kind.equals("M") ? "}}" : "]}");
            }
            Response r = engine.handle("DynamoDB_20120810.PutItem",
                    bytes("{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"deep\"},\"v\":" + v + "}}"));
            assertEquals(400, r.status(), kind);
            assertTrue(text(r).contains("ValidationException") && text(r).contains(NESTING), text(r));
            Response eav = engine.handle("DynamoDB_20120810.UpdateItem", bytes("{\"TableName\":\"hostile\",\"Key\":{\"pk\":{\"S\":\"deep\"}},"
                    + "\"UpdateExpression\":\"SET v = :v\",\"ExpressionAttributeValues\":{\":v\":" + v + "}}"));
            assertEquals(400, eav.status(), kind);
            assertTrue(text(eav).contains(NESTING), text(eav));
        }
        Response get = engine.handle("DynamoDB_20120810.GetItem", bytes("{\"TableName\":\"hostile\",\"Key\":{\"pk\":{\"S\":\"deep\"}}}"));
        assertEquals("{}", text(get), "nothing was written");
    }

    /** A value nested 5,000 deep wherever a request takes an AttributeValue is a 400, never a 500, and writes nothing. */
    @Test
    void deepValuesAnywhereAreA400() {
        String deep = "{\"M\":{\"a\":".repeat(5000) + "{\"S\":\"x\"}" + "}}".repeat(5000);
        String key = "{\"pk\":" + deep + "}";
        String[][] requests = {
            {"GetItem", "{\"TableName\":\"hostile\",\"Key\":" + key + "}"},
            {"DeleteItem", "{\"TableName\":\"hostile\",\"Key\":" + key + "}"},
            {"UpdateItem", "{\"TableName\":\"hostile\",\"Key\":{\"pk\":{\"S\":\"k\"}},\"AttributeUpdates\":{\"v\":{\"Value\":" + deep + "}}}"},
            {"PutItem", "{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"k\"}},\"Expected\":{\"v\":{\"Value\":" + deep + "}}}"},
            {"PutItem", "{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"k\"}},\"ConditionExpression\":\"v = :v\","
                    + "\"ExpressionAttributeValues\":{\":v\":" + deep + "}}"},
            {"Query", "{\"TableName\":\"hostile\",\"KeyConditions\":{\"pk\":{\"ComparisonOperator\":\"EQ\",\"AttributeValueList\":[" + deep + "]}}}"},
            {"Query", "{\"TableName\":\"hostile\",\"KeyConditionExpression\":\"pk = :k\",\"ExpressionAttributeValues\":{\":k\":" + deep + "}}"},
            {"Scan", "{\"TableName\":\"hostile\",\"ExclusiveStartKey\":" + key + "}"},
            {"Scan", "{\"TableName\":\"hostile\",\"ScanFilter\":{\"v\":{\"ComparisonOperator\":\"EQ\",\"AttributeValueList\":[" + deep + "]}}}"},
            {"BatchGetItem", "{\"RequestItems\":{\"hostile\":{\"Keys\":[" + key + "]}}}"},
            {"BatchWriteItem", "{\"RequestItems\":{\"hostile\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"k\"},\"v\":" + deep + "}}}]}}"},
            {"BatchWriteItem", "{\"RequestItems\":{\"hostile\":[{\"DeleteRequest\":{\"Key\":" + key + "}}]}}"},
            {"TransactWriteItems", "{\"TransactItems\":[{\"Put\":{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"k\"},\"v\":" + deep + "}}}]}"},
            {"TransactWriteItems", "{\"TransactItems\":[{\"ConditionCheck\":{\"TableName\":\"hostile\",\"Key\":{\"pk\":{\"S\":\"k\"}},"
                    + "\"ConditionExpression\":\"v = :v\",\"ExpressionAttributeValues\":{\":v\":" + deep + "}}}]}"},
            {"TransactGetItems", "{\"TransactItems\":[{\"Get\":{\"TableName\":\"hostile\",\"Key\":" + key + "}}]}"},
            {"ExecuteStatement", "{\"Statement\":\"INSERT INTO hostile VALUE {'pk': 'k', 'v': ?}\",\"Parameters\":[" + deep + "]}"},
            {"BatchExecuteStatement", "{\"Statements\":[{\"Statement\":\"INSERT INTO hostile VALUE {'pk': 'k', 'v': ?}\",\"Parameters\":[" + deep + "]}]}"},
            {"ExecuteTransaction", "{\"TransactStatements\":[{\"Statement\":\"INSERT INTO hostile VALUE {'pk': 'k', 'v': ?}\",\"Parameters\":[" + deep + "]}]}"},
        };
        for (String[] r : requests) {
            Response answer = engine.handle("DynamoDB_20120810." + r[0], bytes(r[1]));
            assertTrue(answer.status() == 400 || (answer.status() == 200 && text(answer).contains("Error")),
                    r[0] + ": " + answer.status() + " " + text(answer));
        }
        assertEquals(0, count(), "nothing was written");
    }

    /** A body of 1,000,000 nested arrays, or deep arrays where a string goes: a SerializationException. */
    @Test
    void deeplyNestedBodiesAreSerializationExceptions() {
        String million = "[".repeat(1_000_000) + "]".repeat(1_000_000);
        Response r = engine.handle("DynamoDB_20120810.ListTables", bytes(million));
        assertEquals(400, r.status());
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", text(r));
        Response member = engine.handle("DynamoDB_20120810.DescribeTable",
                bytes("{\"TableName\":" + "[".repeat(5000) + "]".repeat(5000) + "}"));
        assertEquals(400, member.status());
        assertTrue(text(member).contains("SerializationException"), text(member));
        Response unknown = engine.handle("DynamoDB_20120810.DescribeTable",
                bytes("{\"TableName\":\"hostile\",\"Whatever\":" + "{\"a\":".repeat(5000) + "1" + "}".repeat(5000) + "}"));
        assertEquals(200, unknown.status(), "members the operation does not have are ignored, however deep");
    }

    // ---- content types ----

    /**
     * A POST body not declared JSON (text/plain, no type, x-amz-json-1.1, a near miss) is the service's bare 404
     * (mhart/dynalite's test/connection.js); JSON is answered in the dialect it came in, parameters ignored.
     */
    @Test
    void contentTypesAreRefusedAsTheServiceRefusesThem() throws Exception {
        for (String type : new String[] {"text/plain", null, "application/x-amz-json-1.1", "application/jsonasdf", "whatever"}) {
            String[] r = raw("POST", type, "DynamoDB_20120810.ListTables", "{}");
            assertTrue(r[0].startsWith("HTTP/1.1 404"), type + ": " + r[0]);
            assertEquals("<UnknownOperationException/>\n", r[1], String.valueOf(type));
        }
        for (String[] ok : new String[][] {{"application/x-amz-json-1.0", "application/x-amz-json-1.0"},
                {"application/json", "application/json"}, {"  application/json  ;   asfd", "application/json"},
                {"application/x-amz-json-1.0; charset=utf-8", "application/x-amz-json-1.0"}}) {
            String[] r = raw("POST", ok[0], "DynamoDB_20120810.ListTables", "{}");
            assertTrue(r[0].startsWith("HTTP/1.1 200"), ok[0] + ": " + r[0]);
            assertTrue(r[0].contains("Content-Type: " + ok[1] + "\r\n"), r[0]);
        }
        String[] untyped = raw("POST", null, "DynamoDB_20120810.ListTables", "");
        assertTrue(untyped[0].startsWith("HTTP/1.1 400"), untyped[0]);
        assertTrue(untyped[0].contains("Content-Type: application/json\r\n"), untyped[0]);
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", untyped[1]);
        String[] notJson = raw("POST", "application/x-amz-json-1.0", "DynamoDB_20120810.ListTables", "hi");
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", notJson[1]);
    }

    /** An unknown encoding, even one written to break out of a JSON string, is a body read as no JSON: a 400. */
    @Test
    void anUnknownContentEncodingIsABodyThatIsNotJson() throws Exception {
        String[] r = send(port, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\nContent-Encoding: x\"}{\"a\r\nContent-Length: 2\r\n\r\n{}");
        assertTrue(r[0].startsWith("HTTP/1.1 400"), r[0]);
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", r[1]);
    }

    // ---- text, numbers ----

    /** A lone surrogate is not text: refused as a body that is not UTF-8 is, nothing stored; a proper pair is text. */
    @Test
    void loneSurrogatesAreRefused() {
        for (String s : new String[] {"\\ud800", "a\\udc00", "\\ud800\\ud800"}) {
            Response r = engine.handle("DynamoDB_20120810.PutItem", bytes("{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"" + s + "\"}}}"));
            assertEquals(400, r.status(), s);
            assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", text(r), s);
            Response name = engine.handle("DynamoDB_20120810.PutItem",
                    bytes("{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"k\"},\"" + s + "\":{\"S\":\"v\"}}}"));
            assertEquals(400, name.status(), s);
        }
        byte[] cesu = "{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"\u0000\"}}}".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream encodedSurrogate = new ByteArrayOutputStream();
        for (byte b : cesu) {
            if (b == 0) {
                encodedSurrogate.writeBytes(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80});
            } else {
                encodedSurrogate.write(b);
            }
        }
        assertEquals(400, engine.handle("DynamoDB_20120810.PutItem", encodedSurrogate.toByteArray()).status());
        assertEquals(0, count(), "nothing was stored");
        Response pair = engine.handle("DynamoDB_20120810.PutItem", bytes("{\"TableName\":\"hostile\",\"Item\":{\"pk\":{\"S\":\"\\ud83d\\ude00\"}}}"));
        assertEquals(200, pair.status(), text(pair));
        engine.handle("DynamoDB_20120810.DeleteItem", bytes("{\"TableName\":\"hostile\",\"Key\":{\"pk\":{\"S\":\"\\ud83d\\ude00\"}}}"));
    }

    /** An integer member's fraction is dropped, but a number its type cannot hold is a SerializationException. */
    @Test
    void numbersAnIntegerMemberCannotHoldAreRefused() {
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("1e20", "DECIMAL_VALUE cannot be converted to Integer");
        refused.put("2147483648", "NUMBER_VALUE cannot be converted to Integer");
        refused.put("-1e300", "DECIMAL_VALUE cannot be converted to Integer");
        for (Map.Entry<String, String> e : refused.entrySet()) {
            Response r = engine.handle("DynamoDB_20120810.Scan", bytes("{\"TableName\":\"hostile\",\"Limit\":" + e.getKey() + "}"));
            assertEquals(400, r.status(), e.getKey());
            assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\",\"Message\":\"" + e.getValue() + "\"}",
                    text(r), e.getKey());
        }
        assertEquals(200, engine.handle("DynamoDB_20120810.Scan", bytes("{\"TableName\":\"hostile\",\"Limit\":1.5}")).status());
        assertEquals(200, engine.handle("DynamoDB_20120810.Scan", bytes("{\"TableName\":\"hostile\",\"Limit\":2147483647}")).status());
    }

    // ---- CORS ----

    /** With an origin configured, that origin (and only it) gets CORS headers, on preflights and answers. */
    @Test
    void corsIsAnsweredForConfiguredOriginsOnly() throws Exception {
        try (Engine withCors = Engine.start(EngineSettings.defaults().corsOrigins(List.of("http://localhost:5173")))) {
            int p = URI.create(withCors.serve(0)).getPort();
            String preflight = "OPTIONS / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nOrigin: %s\r\n"
                    + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type,x-amz-target\r\n\r\n";
            String[] allowed = send(p, String.format(preflight, "http://localhost:5173"));
            assertTrue(allowed[0].startsWith("HTTP/1.1 200"), allowed[0]);
            assertTrue(allowed[0].contains("Access-Control-Allow-Origin: http://localhost:5173\r\n"), allowed[0]);
            assertTrue(allowed[0].contains("Vary: Origin\r\n"), allowed[0]);
            assertTrue(allowed[0].contains("Access-Control-Allow-Headers: content-type,x-amz-target\r\n"), allowed[0]);
            String[] evil = send(p, String.format(preflight, "https://evil.example"));
            assertTrue(evil[0].startsWith("HTTP/1.1 404"), evil[0]);
            assertFalse(evil[0].contains("Access-Control"), evil[0]);
            String post = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nOrigin: %s\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                    + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\n\r\n{}";
            assertTrue(send(p, String.format(post, "http://localhost:5173"))[0].contains("Access-Control-Allow-Origin: http://localhost:5173"));
            assertFalse(send(p, String.format(post, "https://evil.example"))[0].contains("Access-Control"));
        }
    }

    /**
     * DNS rebinding: a page whose own name is made to resolve to 127.0.0.1 sends same-origin requests, which need no
     * CORS, with its name in Host. A POST addressed to a name that is not loopback is refused and does nothing;
     * loopback names and IP addresses, and names set in --allowed-hosts, are served.
     */
    @Test
    void requestsAddressedToOtherNamesAreRefused() throws Exception {
        for (String host : new String[] {"evil.example:" + port, "evil.example", "localhost.evil.example", "127.0.0.1.nip.io"}) {
            String[] r = send(port, "POST / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\nX-Amz-Target: DynamoDB_20120810.DeleteTable\r\n"
                    + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 23\r\n\r\n{\"TableName\":\"hostile\"}");
            assertTrue(r[0].startsWith("HTTP/1.1 403"), host + ": " + r[0]);
            assertTrue(r[1].contains("AccessDeniedException"), r[1]);
        }
        for (String host : new String[] {"127.0.0.1:" + port, "localhost:" + port, "LOCALHOST", "api.localhost", "[::1]:" + port, "10.1.2.3"}) {
            String[] r = send(port, "POST / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                    + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\n\r\n{}");
            assertTrue(r[0].startsWith("HTTP/1.1 200"), host + ": " + r[0]);
        }
        assertEquals(0, count(), "the table is still there and empty");
        try (Engine named = Engine.start(EngineSettings.defaults().allowedHosts(List.of("dynamodb.test")))) {
            int p = URI.create(named.serve(0)).getPort();
            String[] r = send(p, "POST / HTTP/1.1\r\nHost: dynamodb.test:" + p + "\r\nConnection: close\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                    + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\n\r\n{}");
            assertTrue(r[0].startsWith("HTTP/1.1 200"), r[0]);
        }
    }

    // ---- 500s ----

    /** An engine fault is a 500 in the service's words; the exception's text (which may hold request values) is not. */
    @Test
    void aFiveHundredCarriesNoExceptionText() {
        Dispatcher d = new Dispatcher();
        d.register(Dispatcher.DYNAMODB, "Broken", new Operation() {
            @Override
            public Shape shape() {
                return Shape.request();
            }

            @Override
            public void execute(Map<String, Object> request, com.fasterxml.jackson.core.JsonGenerator out) {
                throw new IllegalStateException("secret-token-123");
            }
        });
        Response r = d.handle("DynamoDB_20120810.Broken", bytes("{}"));
        assertEquals(500, r.status());
        assertEquals("{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\"Internal server error\"}", text(r));
    }

    // ---- helpers ----

    private static long count() {
        String scan = text(engine.handle("DynamoDB_20120810.Scan", bytes("{\"TableName\":\"hostile\",\"Select\":\"COUNT\"}")));
        return Long.parseLong(scan.replaceAll(".*\"Count\":(\\d+).*", "$1"));
    }

    private static HttpServer.Handler echo() {
        return (target, body) -> new Response(200, "{}".getBytes(StandardCharsets.UTF_8));
    }

    private static void post(int p, String op, String body) {
        Response r = engine.handle("DynamoDB_20120810." + op, bytes(body));
        assertEquals(200, r.status(), text(r));
    }

    /** Sends one request on a kept-alive connection and reads its answer. */
    private static String[] request(Socket s, String body, boolean keepAlive) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        OutputStream out = s.getOutputStream();
        out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n" + (keepAlive ? "" : "Connection: close\r\n")
                + "Content-Length: " + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(b);
        out.flush();
        return readResponse(s.getInputStream());
    }

    private static String[] raw(String method, String contentType, String target, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return send(port, method + " / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Amz-Target: " + target + "\r\n"
                + (contentType == null ? "" : "Content-Type: " + contentType + "\r\n") + "Content-Length: " + b.length + "\r\n\r\n" + body);
    }

    private static String[] send(int p, String request) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), p)) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            return readResponse(s.getInputStream());
        }
    }

    /** The status line and headers, and the body by its Content-Length. */
    private static String[] readResponse(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            head.append((char) c);
        }
        String h = head.toString();
        int length = h.contains("Content-Length: ") ? Integer.parseInt(h.replaceAll("(?s).*Content-Length: (\\d+).*", "$1")) : 0;
        return new String[] {h, new String(in.readNBytes(length), StandardCharsets.UTF_8)};
    }

    /** Waits for the server to reach a state (no time is asserted: the wait ends when the state is reached). */
    private static void await(BooleanSupplier state) throws InterruptedException {
        for (int i = 0; i < 30_000 && !state.getAsBoolean(); i++) {
            Thread.sleep(1);
        }
        assertTrue(state.getAsBoolean(), "the server did not reach the expected state");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Response r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }
}

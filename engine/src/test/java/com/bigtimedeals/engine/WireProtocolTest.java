package com.bigtimedeals.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.api.Response;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The wire protocol, through the dispatcher without a socket and over a real loopback connection. */
class WireProtocolTest {
    private static Engine engine;
    private static String endpoint;

    @BeforeAll
    static void start() {
        engine = Engine.inMemory();
        endpoint = engine.serve(0);
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    private static String text(Response r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    /**
     * A wrong or missing target operation is a 400 whose body is the type alone, with no message (the service's
     * answer as mhart/dynalite's test/connection.js records it).
     */
    @Test
    void unknownOperationsAreA400WithTheTypeAlone() {
        String expected = "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}";
        for (String target : new String[] {"DynamoDB_20120810.CreateBackup", "DynamoDB_20120810.ListTable", "whatever", null}) {
            Response r = engine.handle(target, "{}".getBytes(StandardCharsets.UTF_8));
            assertEquals(400, r.status(), String.valueOf(target));
            assertEquals(expected, text(r), String.valueOf(target));
        }
    }

    @Test
    void aBodyThatIsNotJsonIsASerializationException() {
        Response r = engine.handle("DynamoDB_20120810.ListTables", "{not json".getBytes(StandardCharsets.UTF_8));
        assertEquals(400, r.status());
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", text(r));
    }

    @Test
    void aMemberOfTheWrongJsonTypeIsASerializationExceptionInTheServiceWords() {
        Response r = engine.handle("DynamoDB_20120810.DescribeTable", "{\"TableName\": 5}".getBytes(StandardCharsets.UTF_8));
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\",\"Message\":\"NUMBER_VALUE cannot be converted to String\"}", text(r));
        Response list = engine.handle("DynamoDB_20120810.CreateTable", "{\"TableName\":\"abc\",\"KeySchema\":{}}".getBytes(StandardCharsets.UTF_8));
        assertTrue(text(list).contains("Start of structure or map found where not expected"), text(list));
    }

    @Test
    void aMissingRequiredParameterIsNamed() {
        Response r = engine.handle("DynamoDB_20120810.DescribeTable", "{}".getBytes(StandardCharsets.UTF_8));
        assertEquals("{\"__type\":\"com.amazon.coral.validate#ValidationException\",\"message\":\"The parameter 'TableName' is required but was not present in the request\"}", text(r));
    }

    @Test
    void theRealSdkWorksOverLoopbackWithItsChecksums() {
        try (DynamoDbClient db = DynamoDbClient.builder().httpClient(UrlConnectionHttpClient.create())
                .endpointOverride(URI.create(endpoint)).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("any", "thing"))).build()) {
            db.createTable(b -> b.tableName("overSocket").billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
            db.putItem(b -> b.tableName("overSocket").item(Map.of("pk", AttributeValue.fromS("a"), "v", AttributeValue.fromS("é✓"))));
            assertEquals("é✓", db.getItem(b -> b.tableName("overSocket").key(Map.of("pk", AttributeValue.fromS("a")))).item().get("v").s());
        }
    }

    @Test
    void oneConnectionServesManyRequests() throws Exception {
        URI uri = URI.create(endpoint);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 3; i++) {
                byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
                out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                        + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
                String head = readHead(in);
                assertTrue(head.startsWith("HTTP/1.1 200"), head);
                assertTrue(head.contains("x-amz-crc32: "), head);
                assertTrue(head.contains("Content-Type: application/x-amz-json-1.0"), head);
                int length = Integer.parseInt(head.replaceAll("(?s).*Content-Length: (\\d+).*", "$1"));
                assertTrue(new String(in.readNBytes(length), StandardCharsets.UTF_8).contains("TableNames"));
            }
        }
    }

    @Test
    void theServerListensOnLoopbackOnly() throws Exception {
        int port = URI.create(endpoint).getPort();
        java.net.InetAddress external = null;
        for (var nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            for (var address : java.util.Collections.list(nic.getInetAddresses())) {
                if (!address.isLoopbackAddress() && address instanceof java.net.Inet4Address) {
                    external = address;
                }
            }
        }
        if (external == null) {
            return;
        }
        java.net.InetAddress target = external;
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> {
            try (Socket s = new Socket()) {
                s.connect(new java.net.InetSocketAddress(target, port), 2000);
            }
        });
    }

    /** Sends one raw HTTP request over a fresh connection and answers the status line, headers and body. */
    private static String[] exchange(String method, String path, Map<String, String> headers, byte[] body) throws Exception {
        URI uri = URI.create(endpoint);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), uri.getPort())) {
            StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
                    + "\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n");
            if (method.equals("POST") && !headers.containsKey("Content-Type")) {
                request.append("Content-Type: application/x-amz-json-1.0\r\n");
            }
            headers.forEach((k, v) -> request.append(k).append(": ").append(v).append("\r\n"));
            request.append("\r\n");
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            return new String[] {head, new String(in.readAllBytes(), StandardCharsets.ISO_8859_1)};
        }
    }

    /**
     * A body that does not decompress is the request's fault, answered as a body that is not JSON is (a 400 bare
     * SerializationException), never a 5xx: not gzip at all, a cut stream, a bad checksum, empty once inflated, or an
     * encoding the engine does not read.
     */
    @Test
    void gzipRequestBodiesAreReadAndGarbledOnesAreRefusedAsNoJson() throws Exception {
        byte[] json = "{}".getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(zipped)) {
            gz.write(json);
        }
        byte[] good = zipped.toByteArray();
        Map<String, String> headers = Map.of("X-Amz-Target", "DynamoDB_20120810.ListTables", "Content-Encoding", "gzip");
        assertTrue(exchange("POST", "/", headers, good)[0].startsWith("HTTP/1.1 200"));
        byte[] badChecksum = good.clone();
        badChecksum[badChecksum.length - 5] ^= 1;
        java.io.ByteArrayOutputStream emptyZip = new java.io.ByteArrayOutputStream();
        new java.util.zip.GZIPOutputStream(emptyZip).close();
        for (byte[] body : List.of(json, java.util.Arrays.copyOf(good, good.length - 6), badChecksum, emptyZip.toByteArray(),
                new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff, 1, 2, 3})) {
            String[] answer = exchange("POST", "/", headers, body);
            assertTrue(answer[0].startsWith("HTTP/1.1 400"), answer[0]);
            assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", answer[1]);
        }
        String[] deflateGarbage = exchange("POST", "/", Map.of("X-Amz-Target", "DynamoDB_20120810.ListTables",
                "Content-Encoding", "deflate"), json);
        assertTrue(deflateGarbage[0].startsWith("HTTP/1.1 400"), deflateGarbage[0]);
        String[] unknown = exchange("POST", "/", Map.of("X-Amz-Target", "DynamoDB_20120810.ListTables",
                "Content-Encoding", "br"), json);
        assertTrue(unknown[0].startsWith("HTTP/1.1 400"), unknown[0]);
    }

    @Test
    void largeResponsesAreCompressedWhenTheClientAcceptsIt() throws Exception {
        StringBuilder create = new StringBuilder("{\"TableName\":\"compressed\",\"BillingMode\":\"PAY_PER_REQUEST\","
                + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}");
        engine.handle("DynamoDB_20120810.CreateTable", create.toString().getBytes(StandardCharsets.UTF_8));
        engine.handle("DynamoDB_20120810.PutItem", ("{\"TableName\":\"compressed\",\"Item\":{\"pk\":{\"S\":\"a\"},\"v\":{\"S\":\""
                + "x".repeat(5000) + "\"}}}").getBytes(StandardCharsets.UTF_8));
        byte[] get = "{\"TableName\":\"compressed\",\"Key\":{\"pk\":{\"S\":\"a\"}}}".getBytes(StandardCharsets.UTF_8);
        String[] plain = exchange("POST", "/", Map.of("X-Amz-Target", "DynamoDB_20120810.GetItem"), get);
        assertTrue(!plain[0].contains("Content-Encoding"), plain[0]);
        String[] zipped = exchange("POST", "/", Map.of("X-Amz-Target", "DynamoDB_20120810.GetItem",
                "Accept-Encoding", "br, identity, deflate, gzip"), get);
        assertTrue(zipped[0].contains("Content-Encoding: deflate"), zipped[0]);
    }

    /**
     * No CORS by default: the engine checks no signatures, so a preflight answered for any origin would let every page
     * a developer opens use the tables. A preflight is then what any OPTIONS is, the service's bare 404.
     */
    @Test
    void noOriginGetsCorsHeadersByDefault() throws Exception {
        String[] preflight = exchange("OPTIONS", "/", Map.of("Origin", "https://evil.example",
                "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "x-amz-target"), new byte[0]);
        assertTrue(preflight[0].startsWith("HTTP/1.1 404"), preflight[0]);
        assertTrue(!preflight[0].contains("Access-Control"), preflight[0]);
        String[] post = exchange("POST", "/", Map.of("X-Amz-Target", "DynamoDB_20120810.ListTables", "Origin", "https://evil.example"),
                "{}".getBytes(StandardCharsets.UTF_8));
        assertTrue(post[0].startsWith("HTTP/1.1 200"), post[0]);
        assertTrue(!post[0].contains("Access-Control"), post[0]);
    }

    @Test
    void theHealthCheckAnswersAtTheRootOnly() throws Exception {
        String[] root = exchange("GET", "/", Map.of(), new byte[0]);
        assertTrue(root[1].startsWith("healthy: 127.0.0.1:"), root[1]);
        assertTrue(exchange("GET", "/abc", Map.of(), new byte[0])[0].startsWith("HTTP/1.1 404"));
    }

    private static String readHead(InputStream in) throws Exception {
        StringBuilder sb = new StringBuilder();
        while (!sb.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            sb.append((char) c);
        }
        return sb.toString();
    }
}

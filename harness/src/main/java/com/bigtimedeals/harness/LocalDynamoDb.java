package com.bigtimedeals.harness;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;

/**
 * DynamoDB Local 2.6.1 as an HTTP server inside this JVM, bound to 127.0.0.1 only (its own server binds
 * every interface and has no host option, so the Jetty connector is re-pointed before it starts). Telemetry
 * is off. What {@link Database#start} gives the tests (one instance per test class: the engine slows down as a
 * stream grows), the local stack and the benchmark.
 */
public final class LocalDynamoDb implements Database {
    /**
     * DynamoDB Local's SDK v1 logs through java.util.logging (a JAXB warning at every start). Held in a field
     * because java.util.logging keeps loggers only weakly, and a collected logger forgets its level.
     */
    private static final java.util.logging.Logger SDK_V1_LOG = java.util.logging.Logger.getLogger("com.amazonaws");

    static {
        SDK_V1_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    private final DynamoDBProxyServer server;
    private final URI endpoint;

    private LocalDynamoDb(DynamoDBProxyServer server, URI endpoint) {
        this.server = server;
        this.endpoint = endpoint;
    }

    /** In {@code directory} when given (kept across restarts), else in memory; port 0 picks a free one. */
    static LocalDynamoDb start(Path directory, int port) {
        System.setProperty("aws.dynamodb.local.telemetry", "false");
        try {
            int chosen = port == 0 ? freePort() : port;
            List<String> args = new ArrayList<>(List.of("-port", Integer.toString(chosen), "-sharedDb", "-disableTelemetry"));
            if (directory == null) {
                args.add("-inMemory");
            } else {
                directory.toFile().mkdirs();
                args.addAll(List.of("-dbPath", directory.toAbsolutePath().toString()));
            }
            DynamoDBProxyServer server = quietly(() -> ServerRunner.createServerFromCommandLineArgs(args.toArray(String[]::new)));
            bindToLoopback(server);
            server.start();
            return new LocalDynamoDb(server, URI.create("http://127.0.0.1:" + chosen));
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not start", e);
        }
    }

    interface Start {
        DynamoDBProxyServer create() throws Exception;
    }

    /**
     * Without the banner DynamoDB Local prints on stdout, whose "Port: 8000" is not the port it then listens
     * on. Nothing else prints while a server is created (tests and the local stack start one at a time).
     */
    private static DynamoDBProxyServer quietly(Start start) throws Exception {
        java.io.PrintStream out = System.out;
        System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        try {
            return start.create();
        } finally {
            System.setOut(out);
        }
    }

    private static void bindToLoopback(DynamoDBProxyServer proxy) throws ReflectiveOperationException {
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server jetty = (Server) field.get(proxy);
        for (Connector connector : jetty.getConnectors()) {
            if (connector instanceof ServerConnector sc) {
                sc.setHost("127.0.0.1");
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }


    @Override
    public void createTable(DynamoDbClient client, CreateTableRequest table) {
        try {
            client.createTable(table);
        } catch (ResourceInUseException e) {
            return;
        }
        client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table.tableName()).build());
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not stop", e);
        }
    }
}

package com.bigtimedeals.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import com.bigtimedeals.platform.CursorCodec;
import com.sun.net.httpserver.HttpServer;

/**
 * A loopback stand-in for Secrets Manager's GetSecretValue, so a cold-start probe reads its cursor-signing key at
 * init as a deployed function does: the same JSON protocol and reply fields, but plain HTTP on loopback. In AWS the
 * read also opens a TLS connection to the regional endpoint (a few round trips and a handshake), which this does not.
 */
final class SecretsManagerStandIn implements AutoCloseable {
    static final String ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:CursorSigningKey-AbCdEf";

    private final HttpServer server;
    private final AtomicInteger reads = new AtomicInteger();

    SecretsManagerStandIn() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean getSecretValue = "secretsmanager.GetSecretValue".equals(exchange.getRequestHeaders().getFirst("X-Amz-Target"))
                    && request.contains(ARN);
            byte[] body = (getSecretValue
                    ? "{\"ARN\":\"" + ARN + "\",\"Name\":\"CursorSigningKey\",\"VersionId\":\"a1b2c3d4-5678-90ab-cdef-EXAMPLE11111\","
                            + "\"SecretString\":\"" + CursorCodec.randomKey() + "\",\"VersionStages\":[\"AWSCURRENT\"],"
                            + "\"CreatedDate\":1.764e9}"
                    : "{\"__type\":\"InvalidRequestException\",\"Message\":\"not a GetSecretValue of the stand-in's secret\"}")
                    .getBytes(StandardCharsets.UTF_8);
            if (getSecretValue) {
                reads.incrementAndGet();
            }
            exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.1");
            exchange.sendResponseHeaders(getSecretValue ? 200 : 400, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    /** The environment the stack gives a function (the secret's ARN), pointed at this stand-in. */
    Map<String, String> functionEnvironment() {
        return Map.of(CursorCodec.SECRET_ARN_VARIABLE, ARN,
                "AWS_ENDPOINT_URL_SECRETS_MANAGER", "http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** GetSecretValue calls answered so far: one per probe given {@link #functionEnvironment()}, or the figure is not one. */
    int reads() {
        return reads.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

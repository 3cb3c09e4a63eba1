package com.bigtimedeals.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.bigtimedeals.data.CursorCodec;
import com.sun.net.httpserver.HttpServer;

/**
 * A loopback stand-in for Secrets Manager's GetSecretValue (the same JSON protocol, no network latency: in AWS add
 * one regional round trip), so a cold-start probe reads its cursor-signing key at init as a deployed function does.
 */
final class SecretsManagerStandIn implements AutoCloseable {
    private final HttpServer server;

    SecretsManagerStandIn() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] body = ("{\"Name\":\"CursorSigningKey\",\"SecretString\":\"" + CursorCodec.randomKey() + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    /** The environment the stack gives a function (the secret's ARN), pointed at this stand-in. */
    Map<String, String> functionEnvironment() {
        return Map.of(CursorCodec.SECRET_ARN_VARIABLE, "arn:aws:secretsmanager:us-east-1:123456789012:secret:CursorSigningKey-AbCdEf",
                "AWS_ENDPOINT_URL_SECRETS_MANAGER", "http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

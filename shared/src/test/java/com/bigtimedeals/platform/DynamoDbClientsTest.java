package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** Each environment gets the credentials provider chosen for it, and the SnapStart one really works. */
class DynamoDbClientsTest {

    private static AwsCredentialsProvider in(Map<String, String> environment) {
        return DynamoDbClients.credentials(environment::get);
    }

    @Test
    void eachEnvironmentGetsItsOwnProvider() {
        assertInstanceOf(StaticCredentialsProvider.class, in(Map.of("DYNAMODB_ENDPOINT", "http://127.0.0.1:8000")),
                "the local engine");
        assertInstanceOf(ContainerCredentialsProvider.class, in(Map.of(
                "AWS_CONTAINER_CREDENTIALS_FULL_URI", "http://127.0.0.1:9001/2018-06-01/credentials",
                "AWS_LAMBDA_INITIALIZATION_TYPE", "snap-start")), "SnapStart");
        // Keys left in an environment that also has the container endpoint are not the ones to trust.
        assertInstanceOf(ContainerCredentialsProvider.class, in(Map.of(
                "AWS_CONTAINER_CREDENTIALS_FULL_URI", "http://127.0.0.1:9001/2018-06-01/credentials",
                "AWS_ACCESS_KEY_ID", "ASIA-OLD")), "SnapStart with stale keys");
        assertInstanceOf(EnvironmentVariableCredentialsProvider.class, in(Map.of(
                "AWS_ACCESS_KEY_ID", "ASIA", "AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand")), "on-demand Lambda");
        assertInstanceOf(EnvironmentVariableCredentialsProvider.class, in(Map.of(
                "AWS_ACCESS_KEY_ID", "AKIA", "DYNAMODB_ENDPOINT", "http://127.0.0.1:8000")), "keys given for a local endpoint");
        assertInstanceOf(DefaultCredentialsProvider.class, in(Map.of()), "a laptop");
    }

    /** The SnapStart provider fetches from the container endpoint Lambda names, with Lambda's token. */
    @Test
    void snapStartCredentialsComeFromTheContainerEndpoint() throws IOException {
        List<String> tokens = new CopyOnWriteArrayList<>();
        HttpServer endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/2018-06-01/credentials", exchange -> {
            tokens.add(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = ("{\"AccessKeyId\":\"ASIACONTAINER\",\"SecretAccessKey\":\"secret\",\"Token\":\"session\","
                    + "\"Expiration\":\"2099-01-01T00:00:00Z\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        endpoint.start();
        String uri = "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/2018-06-01/credentials";
        // The SDK reads the endpoint and token as Lambda passes them (environment), or as these properties.
        System.setProperty("aws.containerCredentialsFullUri", uri);
        System.setProperty("aws.containerAuthorizationToken", "lambda-token");
        try {
            AwsCredentials credentials = in(Map.of("AWS_CONTAINER_CREDENTIALS_FULL_URI", uri)).resolveCredentials();
            assertEquals("ASIACONTAINER", credentials.accessKeyId());
            assertEquals(List.of("lambda-token"), tokens);
        } finally {
            System.clearProperty("aws.containerCredentialsFullUri");
            System.clearProperty("aws.containerAuthorizationToken");
            endpoint.stop(0);
        }
    }
}

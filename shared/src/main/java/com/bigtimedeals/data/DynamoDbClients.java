package com.bigtimedeals.data;

import java.net.URI;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Builds the DynamoDB client once per container. The URL-connection HTTP client and explicit region and
 * credentials keep cold start short: no Apache/Netty, no provider-chain or region-chain probing.
 */
public final class DynamoDbClients {
    private DynamoDbClients() {
    }

    /** For Lambda and the scripts: region from {@code AWS_REGION}, optional {@code DYNAMODB_ENDPOINT}. */
    public static DynamoDbClient fromEnvironment() {
        String endpoint = Settings.get("DYNAMODB_ENDPOINT");
        DynamoDbClientBuilder builder = base(credentialsFromEnvironment());
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder.build();
    }

    /** For DynamoDB Local: any credentials are accepted. */
    public static DynamoDbClient local(URI endpoint) {
        return base(localCredentials()).endpointOverride(endpoint).build();
    }

    public static DynamoDbStreamsClient localStreams(URI endpoint) {
        return DynamoDbStreamsClient.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .region(region())
                .credentialsProvider(localCredentials())
                .endpointOverride(endpoint)
                .build();
    }

    private static DynamoDbClientBuilder base(AwsCredentialsProvider credentials) {
        return DynamoDbClient.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .region(region())
                .credentialsProvider(credentials)
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .addExecutionInterceptor(new RequestMeter())
                        .build());
    }

    static Region region() {
        String region = Settings.get("AWS_REGION");
        return Region.of(region == null ? "us-east-1" : region);
    }

    /** The credentials this process's AWS calls use (DynamoDB, and the cursor secret's one read). */
    static AwsCredentialsProvider credentialsFromEnvironment() {
        // Lambda puts the role's credentials in the environment; scripts on a laptop use the profile chain.
        if (Settings.get("DYNAMODB_ENDPOINT") != null && System.getenv("AWS_ACCESS_KEY_ID") == null) {
            return localCredentials(); // DynamoDB Local accepts any credentials
        }
        return System.getenv("AWS_ACCESS_KEY_ID") != null
                ? EnvironmentVariableCredentialsProvider.create()
                : DefaultCredentialsProvider.builder().build();
    }

    private static AwsCredentialsProvider localCredentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    }
}

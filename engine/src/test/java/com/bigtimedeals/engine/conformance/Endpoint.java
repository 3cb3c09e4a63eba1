package com.bigtimedeals.engine.conformance;

import java.net.URI;
import java.time.Duration;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.EngineSettings;
import com.bigtimedeals.engine.sdk.InProcessHttpClient;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Where the conformance suite sends its requests: by default an engine in this JVM reached through the real SDK
 * with the in-process HTTP client; with {@code -Dengine.endpoint=http://127.0.0.1:8000}, any DynamoDB endpoint
 * (DynamoDB Local, for comparison). Tests that need the engine itself (settings, faults) ask {@link #engine()},
 * which is null against another endpoint, and skip themselves there.
 */
public final class Endpoint {
    private static Engine engine;
    private static DynamoDbClient client;
    private static DynamoDbStreamsClient streams;

    private Endpoint() {
    }

    public static synchronized boolean external() {
        String url = System.getProperty("engine.endpoint");
        return url != null && !url.isBlank();
    }

    /** The shared in-process engine, or null when the suite runs against another endpoint. */
    public static synchronized Engine engine() {
        if (external()) {
            return null;
        }
        if (engine == null) {
            engine = Engine.start(EngineSettings.defaults().ttlSweepMillis(100));
        }
        return engine;
    }

    public static synchronized DynamoDbClient client() {
        if (client == null) {
            client = DynamoDbClient.builder()
                    .httpClient(http())
                    .endpointOverride(uri())
                    .region(Region.US_EAST_1)
                    .credentialsProvider(credentials())
                    .overrideConfiguration(noRetries())
                    .build();
        }
        return client;
    }

    public static synchronized DynamoDbStreamsClient streams() {
        if (streams == null) {
            streams = DynamoDbStreamsClient.builder()
                    .httpClient(http())
                    .endpointOverride(uri())
                    .region(Region.US_EAST_1)
                    .credentialsProvider(credentials())
                    .overrideConfiguration(noRetries())
                    .build();
        }
        return streams;
    }

    private static SdkHttpClient http() {
        if (external()) {
            return UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(60)).build();
        }
        return new InProcessHttpClient(engine());
    }

    private static URI uri() {
        return URI.create(external() ? System.getProperty("engine.endpoint") : "http://engine.local");
    }

    static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    }

    /** Tests assert on the first answer: retries would hide throttling and conflicts. */
    static ClientOverrideConfiguration noRetries() {
        return ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build();
    }
}

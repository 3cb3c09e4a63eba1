package com.bigtimedeals.platform;

import java.net.URI;
import java.util.function.UnaryOperator;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.defaultsmode.DefaultsMode;
import software.amazon.awssdk.awscore.endpoints.AccountIdEndpointMode;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Builds the DynamoDB client once per container, with the URL-connection HTTP client (no Apache/Netty: cold
 * start and jar size), the region from {@code AWS_REGION}, and the credentials provider chosen explicitly for
 * the environment the code runs in ({@link #credentials}).
 */
public final class DynamoDbClients {
    private DynamoDbClients() {
    }

    /** For the scripts: region from {@code AWS_REGION}, optional {@code DYNAMODB_ENDPOINT}. */
    public static DynamoDbClient from(Settings settings) {
        return from(settings, UrlConnectionHttpClient.create());
    }

    /** For Lambda, through the given HTTP client (one whose TLS context is built alongside: {@link TlsStart}). */
    public static DynamoDbClient from(Settings settings, SdkHttpClient http) {
        String endpoint = settings.get("DYNAMODB_ENDPOINT");
        DynamoDbClientBuilder builder = base(credentials(settings::get), region(settings), http);
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder.build();
    }

    /** For the local engine over loopback: any credentials are accepted. */
    public static DynamoDbClient local(URI endpoint) {
        return local(endpoint, UrlConnectionHttpClient.create());
    }

    /**
     * For the local engine through the given HTTP client (the engine's in-process client in tests: the real SDK,
     * its marshalling, retries and error mapping, with no socket). {@code watchers} see every request besides the meter.
     */
    public static DynamoDbClient local(URI endpoint, SdkHttpClient http, ExecutionInterceptor... watchers) {
        return base(localCredentials(), LOCAL_REGION, http, watchers).endpointOverride(endpoint).build();
    }

    public static DynamoDbStreamsClient localStreams(URI endpoint) {
        return localStreams(endpoint, UrlConnectionHttpClient.create());
    }

    public static DynamoDbStreamsClient localStreams(URI endpoint, SdkHttpClient http) {
        return DynamoDbStreamsClient.builder()
                .httpClient(http)
                .region(LOCAL_REGION)
                .credentialsProvider(localCredentials())
                .endpointOverride(endpoint)
                .build();
    }

    private static DynamoDbClientBuilder base(AwsCredentialsProvider credentials, Region region, SdkHttpClient http,
                                              ExecutionInterceptor... watchers) {
        ClientOverrideConfiguration.Builder config = ClientOverrideConfiguration.builder().addExecutionInterceptor(new RequestMeter());
        for (ExecutionInterceptor w : watchers) {
            config.addExecutionInterceptor(w);
        }
        // The SDK's own defaults, stated: left unset, the builder resolves each from system properties, the
        // environment and the profile file at every cold start (about 20 classes and their lookups), where a
        // function has no profile file and its stack sets none of these variables.
        return DynamoDbClient.builder()
                .endpointDiscoveryEnabled(false)
                .dualstackEnabled(false)
                .fipsEnabled(false)
                .defaultsMode(DefaultsMode.LEGACY)
                .accountIdEndpointMode(AccountIdEndpointMode.PREFERRED)
                .httpClient(http)
                .region(region)
                .credentialsProvider(credentials)
                .overrideConfiguration(config.build());
    }

    /** The local engine answers in any region; the one the local stack and the tests name. */
    private static final Region LOCAL_REGION = Region.US_EAST_1;

    /** {@code AWS_REGION}, as Lambda sets it; us-east-1 for a script without one. */
    public static Region region(Settings settings) {
        String region = settings.get("AWS_REGION");
        return Region.of(region == null ? "us-east-1" : region);
    }

    /**
     * The credentials this process's AWS calls use (DynamoDB, and the cursor secret's one read), for the
     * environment described by {@code setting} (a variable's value or null):
     * <ul>
     * <li>the local engine ({@code DYNAMODB_ENDPOINT} set, no keys): fixed dummy keys, which it accepts;</li>
     * <li>a SnapStart function ({@code AWS_CONTAINER_CREDENTIALS_FULL_URI}): the container endpoint. Lambda
     * sets no {@code AWS_ACCESS_KEY_ID} there; the provider fetches the role's credentials on first use and
     * again when they near expiry, so credentials cached before the snapshot are replaced after a restore
     * once stale;</li>
     * <li>an on-demand function ({@code AWS_ACCESS_KEY_ID}): the role's keys from the environment;</li>
     * <li>anything else (scripts on a laptop): the default chain (profiles, SSO).</li>
     * </ul>
     */
    public static AwsCredentialsProvider credentials(UnaryOperator<String> setting) {
        boolean keys = setting.apply("AWS_ACCESS_KEY_ID") != null;
        if (setting.apply("DYNAMODB_ENDPOINT") != null && !keys) {
            return localCredentials();
        }
        if (setting.apply("AWS_CONTAINER_CREDENTIALS_FULL_URI") != null) {
            return ContainerCredentialsProvider.builder().build();
        }
        if (keys) {
            return EnvironmentVariableCredentialsProvider.create();
        }
        return DefaultCredentialsProvider.builder().build();
    }

    private static AwsCredentialsProvider localCredentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    }
}

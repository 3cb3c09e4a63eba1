package com.bigtimedeals.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.concurrent.ThreadLocalRandom;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.regions.PartitionMetadata;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.utils.IoUtils;

/**
 * Reads one Secrets Manager secret's string: one SigV4-signed {@code GetSecretValue}, once, where a function's
 * container starts, over the HTTP client its DynamoDB client uses, with the SDK's signer and JSON parser, which
 * that client has already loaded.
 *
 * <p>Not the SDK's {@code secretsmanager} client: building a second SDK client (its builder, endpoint rules,
 * marshallers, about 120 classes) cost 0.03 to 0.08 of a function's whole cold-start CPU against the plain SDK
 * function in {@code ./bigtimedeals bench --coldstart}, and this call nothing measurable ({@code docs/cold-start.md}).
 * What the client would add beyond the call is its retries, so this retries too, as the SDK's standard retry mode
 * does: throttling, 5xx and I/O failures, three attempts in all, with jittered exponential backoff.
 *
 * <p>{@code AWS_ENDPOINT_URL_SECRETS_MANAGER} (the SDK's own variable for it) points it elsewhere, as tests do
 * ({@link CursorCodec#from} reads it with the process's other settings).
 */
public final class SecretsManagerSecret {
    private static final int ATTEMPTS = 3;
    private static final long FIRST_BACKOFF_MS = 100;
    private static final long THROTTLED_BACKOFF_MS = 500;

    private SecretsManagerSecret() {
    }

    /**
     * {@code endpoint} null: the region's own Secrets Manager. {@code http}: the function's own HTTP client, whose TLS
     * context is built once beside the SDK client ({@link TlsStart}), left open; null: a URL-connection client of its
     * own, closed with the read.
     */
    public static String read(String secretId, AwsCredentialsProvider credentials, Region region, String endpoint,
                              SdkHttpClient http) {
        if (http == null) {
            try (SdkHttpClient own = UrlConnectionHttpClient.create()) {
                return read(secretId, credentials, region, endpoint, own);
            }
        }
        URI uri = URI.create(endpoint != null ? endpoint
                : "https://secretsmanager." + region.id() + "." + PartitionMetadata.of(region).dnsSuffix() + "/");
        String body = "{\"SecretId\":" + quoted(secretId) + "}";
        for (int attempt = 1; ; attempt++) {
            Answer answer;
            try {
                answer = call(uri, body, credentials, region, http);
            } catch (IOException e) {
                if (attempt < ATTEMPTS) {
                    backOff(attempt, false);
                    continue;
                }
                throw new UncheckedIOException("Secrets Manager GetSecretValue of " + secretId + " failed", e);
            }
            if (answer.status() / 100 == 2) {
                JsonNode secret = JsonNode.parser().parse(answer.text()).field("SecretString").orElse(null);
                if (secret == null || !secret.isString() || secret.text().isEmpty()) {
                    throw new IllegalStateException("Secret " + secretId + " has no SecretString");
                }
                return secret.text();
            }
            if (answer.retryable() && attempt < ATTEMPTS) {
                backOff(attempt, answer.throttled());
                continue;
            }
            // The error body names the error type (AccessDenied, ResourceNotFound); it never contains the secret.
            // Cut short: a proxy in the way could answer with a whole page.
            String text = answer.text();
            throw new IllegalStateException("Secrets Manager GetSecretValue of " + secretId + " answered "
                    + answer.status() + ": " + (text.length() > 300 ? text.substring(0, 300) + "…" : text));
        }
    }

    private record Answer(int status, String text) {
        /** What the SDK's standard retry mode retries: throttling and the service's own failures. */
        boolean retryable() {
            return status >= 500 || throttled();
        }

        boolean throttled() {
            return status == 429 || text.contains("ThrottlingException");
        }
    }

    private static Answer call(URI uri, String body, AwsCredentialsProvider credentials, Region region, SdkHttpClient http)
            throws IOException {
        SdkHttpRequest request = SdkHttpFullRequest.builder()
                .method(SdkHttpMethod.POST)
                .uri(uri)
                .putHeader("Content-Type", "application/x-amz-json-1.1")
                .putHeader("X-Amz-Target", "secretsmanager.GetSecretValue")
                .build();
        // Signed per attempt: a signature carries its time.
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r
                .identity(credentials.resolveCredentials())
                .request(request)
                .payload(ContentStreamProvider.fromUtf8String(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "secretsmanager")
                .putProperty(AwsV4HttpSigner.REGION_NAME, region.id()));
        HttpExecuteResponse response = http.prepareRequest(HttpExecuteRequest.builder()
                .request(signed.request())
                .contentStreamProvider(signed.payload().orElse(null))
                .build()).call();
        String text = "";
        if (response.responseBody().isPresent()) {
            try (InputStream in = response.responseBody().get()) {
                text = IoUtils.toUtf8String(in);
            }
        }
        return new Answer(response.httpResponse().statusCode(), text);
    }

    /**
     * Full jitter over an exponential cap, as the SDK's standard mode: containers that start together (a deploy, a
     * burst) do not retry in step. Throttling waits longer, from a base of half a second.
     */
    private static void backOff(int attempt, boolean throttled) {
        long cap = (throttled ? THROTTLED_BACKOFF_MS : FIRST_BACKOFF_MS) << (attempt - 1);
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(cap / 2, cap + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading a secret", e);
        }
    }

    /** A JSON string literal; a secret id is an ARN or name, but nothing here relies on that. */
    private static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}

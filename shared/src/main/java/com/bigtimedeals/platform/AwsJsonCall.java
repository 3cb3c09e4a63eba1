package com.bigtimedeals.platform;

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
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.regions.PartitionMetadata;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.utils.IoUtils;

/**
 * One SigV4-signed call in AWS's JSON 1.1 protocol ({@code X-Amz-Target}), over an HTTP client a function already
 * has, with the SDK's signer and JSON parser, which its DynamoDB client has already loaded.
 *
 * <p>For the one or two calls a function makes to a service besides DynamoDB (the cursor key's
 * {@code GetSecretValue} at init, the sign-in trigger's {@code AdminGetUser}), instead of that service's SDK
 * client: a second SDK client costs 0.03 to 0.08 of a cold start's CPU ({@code docs/cold-start.md}), and the
 * Cognito client alone was 3 MB of the function jar's 17. What the client would add beyond the call is its
 * retries, so this retries as the SDK's standard retry mode does: throttling, 5xx and I/O failures, three
 * attempts in all, with jittered exponential backoff. A refusal is final.
 */
public final class AwsJsonCall {
    private static final int ATTEMPTS = 3;
    private static final long FIRST_BACKOFF_MS = 100;
    private static final long THROTTLED_BACKOFF_MS = 500;

    private AwsJsonCall() {
    }

    /** A service's regional endpoint, {@code https://<prefix>.<region>.<partition's DNS suffix>/}. */
    public static URI regional(String endpointPrefix, Region region) {
        return URI.create("https://" + endpointPrefix + "." + region.id() + "." + PartitionMetadata.of(region).dnsSuffix() + "/");
    }

    /**
     * Calls {@code target} (e.g. {@code secretsmanager.GetSecretValue}) at {@code uri} with the JSON {@code body},
     * signed for {@code signingName} in {@code region}, and answers the parsed answer. {@code what} names the call
     * in failures (never a secret): an I/O failure after the last attempt is an {@link UncheckedIOException}, a
     * refusal an {@link IllegalStateException} naming the status and the service's error type.
     */
    public static JsonNode call(String what, URI uri, String signingName, String target, String body,
                                AwsCredentialsProvider credentials, Region region, SdkHttpClient http) {
        for (int attempt = 1; ; attempt++) {
            Answer answer;
            try {
                answer = once(uri, signingName, target, body, credentials, region, http);
            } catch (IOException e) {
                if (attempt < ATTEMPTS) {
                    backOff(attempt, false);
                    continue;
                }
                throw new UncheckedIOException(what + " failed", e);
            }
            if (answer.status() / 100 == 2) {
                return JsonNode.parser().parse(answer.text());
            }
            if (answer.retryable() && attempt < ATTEMPTS) {
                backOff(attempt, answer.throttled());
                continue;
            }
            // The error body names the error type (AccessDenied, ResourceNotFound); it never contains a secret.
            // Cut short: a proxy in the way could answer with a whole page.
            String text = answer.text();
            throw new IllegalStateException(what + " answered " + answer.status() + ": "
                    + (text.length() > 300 ? text.substring(0, 300) + "…" : text));
        }
    }

    private record Answer(int status, String text) {
        /** What the SDK's standard retry mode retries: throttling and the service's own failures. */
        boolean retryable() {
            return status >= 500 || throttled();
        }

        boolean throttled() {
            return status == 429 || text.contains("ThrottlingException") || text.contains("TooManyRequestsException");
        }
    }

    private static Answer once(URI uri, String signingName, String target, String body, AwsCredentialsProvider credentials,
                               Region region, SdkHttpClient http) throws IOException {
        SdkHttpRequest request = SdkHttpFullRequest.builder()
                .method(SdkHttpMethod.POST)
                .uri(uri)
                .putHeader("Content-Type", "application/x-amz-json-1.1")
                .putHeader("X-Amz-Target", target)
                .build();
        // Signed per attempt: a signature carries its time.
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r
                .identity(credentials.resolveCredentials())
                .request(request)
                .payload(ContentStreamProvider.fromUtf8String(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, signingName)
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
            throw new IllegalStateException("interrupted while backing off an AWS call", e);
        }
    }

    /** A JSON string literal, for the few request members these calls carry. */
    public static String quoted(String s) {
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

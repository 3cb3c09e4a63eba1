package com.bigtimedeals.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;

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
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.utils.IoUtils;

/**
 * Reads one Secrets Manager secret's string with a single signed {@code GetSecretValue} call. The SDK's
 * {@code secretsmanager} module does not resolve on this project's Maven mirror, so this uses the pieces of
 * the SDK already in the jar (SigV4 signer, URL-connection client, JSON parser) for the one call it needs.
 * {@code AWS_ENDPOINT_URL_SECRETS_MANAGER} (the SDK's own variable for it) points it elsewhere, as tests do
 * ({@link CursorCodec#from} reads it with the process's other settings).
 */
public final class SecretsManagerSecret {
    private SecretsManagerSecret() {
    }

    /** {@code endpoint} null: the region's own Secrets Manager. */
    public static String read(String secretId, AwsCredentialsProvider credentials, Region region, String endpoint) {
        URI uri = URI.create(endpoint != null ? endpoint
                : "https://secretsmanager." + region.id() + "." + region.metadata().domain() + "/");
        String body = "{\"SecretId\":" + quoted(secretId) + "}";
        SdkHttpRequest request = SdkHttpFullRequest.builder()
                .method(SdkHttpMethod.POST)
                .uri(uri)
                .putHeader("Content-Type", "application/x-amz-json-1.1")
                .putHeader("X-Amz-Target", "secretsmanager.GetSecretValue")
                .build();
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r
                .identity(credentials.resolveCredentials())
                .request(request)
                .payload(ContentStreamProvider.fromUtf8String(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "secretsmanager")
                .putProperty(AwsV4HttpSigner.REGION_NAME, region.id()));
        try (SdkHttpClient http = UrlConnectionHttpClient.create()) {
            HttpExecuteResponse response = http.prepareRequest(HttpExecuteRequest.builder()
                    .request(signed.request())
                    .contentStreamProvider(signed.payload().orElse(null))
                    .build()).call();
            String text;
            try (InputStream in = response.responseBody().orElseThrow(() ->
                    new IllegalStateException("Secrets Manager answered " + response.httpResponse().statusCode() + " with no body"))) {
                text = IoUtils.toUtf8String(in);
            }
            if (!response.httpResponse().isSuccessful()) {
                // The error body names the error type (AccessDenied, ResourceNotFound); it never contains the secret.
                throw new IllegalStateException("Secrets Manager GetSecretValue of " + secretId + " answered "
                        + response.httpResponse().statusCode() + ": " + text);
            }
            JsonNode secret = JsonNode.parser().parse(text).field("SecretString").orElse(null);
            if (secret == null || !secret.isString() || secret.text().isEmpty()) {
                throw new IllegalStateException("Secret " + secretId + " has no SecretString");
            }
            return secret.text();
        } catch (IOException e) {
            throw new UncheckedIOException("Secrets Manager GetSecretValue of " + secretId + " failed", e);
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

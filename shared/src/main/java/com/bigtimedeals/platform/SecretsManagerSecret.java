package com.bigtimedeals.platform;

import java.net.URI;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.regions.Region;

/**
 * Reads one Secrets Manager secret's string: one signed {@code GetSecretValue} ({@link AwsJsonCall}), once, where a
 * function's container starts, over the HTTP client its DynamoDB client uses.
 *
 * <p>Not the SDK's {@code secretsmanager} client: building a second SDK client (its builder, endpoint rules,
 * marshallers, about 120 classes) cost 0.03 to 0.08 of a function's whole cold-start CPU against the plain SDK
 * function in {@code ./bigtimedeals bench --coldstart}, and this call nothing measurable ({@code docs/cold-start.md}).
 *
 * <p>{@code AWS_ENDPOINT_URL_SECRETS_MANAGER} (the SDK's own variable for it) points it elsewhere, as tests do
 * ({@link CursorCodec#from} reads it with the process's other settings).
 */
public final class SecretsManagerSecret {
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
        URI uri = endpoint != null ? URI.create(endpoint) : AwsJsonCall.regional("secretsmanager", region);
        JsonNode answer = AwsJsonCall.call("Secrets Manager GetSecretValue of " + secretId, uri, "secretsmanager",
                "secretsmanager.GetSecretValue", "{\"SecretId\":" + AwsJsonCall.quoted(secretId) + "}", credentials, region, http);
        JsonNode secret = answer.field("SecretString").orElse(null);
        if (secret == null || !secret.isString() || secret.text().isEmpty()) {
            throw new IllegalStateException("Secret " + secretId + " has no SecretString");
        }
        return secret.text();
    }
}

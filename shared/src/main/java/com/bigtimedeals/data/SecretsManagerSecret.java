package com.bigtimedeals.data;

import java.net.URI;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClientBuilder;
import software.amazon.awssdk.services.secretsmanager.model.SecretsManagerException;

/**
 * Reads one Secrets Manager secret's string with the SDK's {@code secretsmanager} client: one {@code GetSecretValue},
 * once, where a function's container starts, on the HTTP client the DynamoDB client uses.
 * {@code AWS_ENDPOINT_URL_SECRETS_MANAGER} (the SDK's own variable for it) points it elsewhere, as tests do
 * ({@link CursorCodec#from} reads it with the process's other settings).
 */
public final class SecretsManagerSecret {
    private SecretsManagerSecret() {
    }

    /**
     * {@code endpoint} null: the region's own Secrets Manager. {@code http}: the function's own HTTP client, whose TLS
     * context is built once beside the SDK client ({@link TlsStart}); a client of the read's own would build a second
     * context, on the constructing thread. Null: a URL-connection client of its own, closed with the read.
     */
    public static String read(String secretId, AwsCredentialsProvider credentials, Region region, String endpoint,
                              SdkHttpClient http) {
        SecretsManagerClientBuilder builder = SecretsManagerClient.builder()
                .region(region)
                .credentialsProvider(credentials);
        if (http != null) {
            builder.httpClient(http); // not closed with the read: the DynamoDB client goes on using it
        } else {
            builder.httpClientBuilder(UrlConnectionHttpClient.builder());
        }
        if (endpoint != null) {
            builder.endpointOverride(URI.create(endpoint));
        }
        String secret;
        try (SecretsManagerClient client = builder.build()) {
            secret = client.getSecretValue(r -> r.secretId(secretId)).secretString();
        } catch (SecretsManagerException e) {
            // The error names its type (AccessDenied, ResourceNotFound); it never contains the secret.
            throw new IllegalStateException("Secrets Manager GetSecretValue of " + secretId + " answered " + e.statusCode()
                    + ": " + e.awsErrorDetails().errorCode(), e);
        }
        if (secret == null || secret.isEmpty()) {
            throw new IllegalStateException("Secret " + secretId + " has no SecretString");
        }
        return secret;
    }
}

package com.bigtimedeals.engine.sdk;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.zip.CRC32;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.api.Response;
import com.bigtimedeals.engine.http.RequestIds;

import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An {@link SdkHttpClient} that hands each request straight to an {@link Engine} in the same JVM: the real AWS
 * SDK (signing, marshalling, retries, error mapping) with no socket and no port.
 *
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.builder()
 *         .httpClient(new InProcessHttpClient(engine))
 *         .endpointOverride(URI.create("http://engine.local"))
 *         .region(Region.US_EAST_1)
 *         .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
 *         .build();
 * }</pre>
 */
public final class InProcessHttpClient implements SdkHttpClient {
    private final Engine engine;

    public InProcessHttpClient(Engine engine) {
        this.engine = engine;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                byte[] body = readBody(request.contentStreamProvider().map(p -> p.newStream()));
                String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse(null);
                Response r = engine.handle(target, body);
                CRC32 crc = new CRC32();
                crc.update(r.body());
                SdkHttpResponse response = SdkHttpResponse.builder()
                        .statusCode(r.status())
                        .statusText(r.status() == 200 ? "OK" : "Bad Request")
                        .putHeader("Content-Type", "application/x-amz-json-1.0")
                        .putHeader("Content-Length", Integer.toString(r.body().length))
                        .putHeader("x-amzn-RequestId", RequestIds.next())
                        .putHeader("x-amz-crc32", Long.toString(crc.getValue()))
                        .build();
                return HttpExecuteResponse.builder()
                        .response(response)
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(r.body())))
                        .build();
            }

            @Override
            public void abort() {
                // each call completes synchronously; there is nothing in flight to abort
            }
        };
    }

    private static byte[] readBody(Optional<InputStream> stream) throws IOException {
        if (stream.isEmpty()) {
            return new byte[0];
        }
        try (InputStream in = stream.get()) {
            return in.readAllBytes();
        }
    }

    @Override
    public String clientName() {
        return "BigTimeDealsEngineInProcess";
    }

    @Override
    public void close() {
        // the engine belongs to the caller
    }
}

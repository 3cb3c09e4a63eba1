package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/** Where the cursor-signing key comes from: never a constant in the source. Secrets Manager is a stand-in here (AWS itself). */
class CursorKeyTest {
    static final String ARN = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:CursorSigningKey-AbCdEf";

    HttpServer secretsManager;
    final AtomicReference<String> authorization = new AtomicReference<>();
    final AtomicReference<String> target = new AtomicReference<>();
    final AtomicReference<String> body = new AtomicReference<>();
    volatile int status = 200;
    /** The first this many calls answer 503, as a briefly failing service would. */
    volatile int failingCalls;
    /** The first this many calls get no answer at all: the connection is closed under them. */
    volatile int droppedCalls;
    final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
    volatile String answer = "{\"ARN\":\"" + ARN + "\",\"Name\":\"CursorSigningKey\",\"SecretString\":\"generated-at-deploy-time\"}";

    @BeforeEach
    void start() throws IOException {
        secretsManager = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        secretsManager.createContext("/", exchange -> {
            authorization.set(exchange.getRequestHeaders().getFirst("Authorization"));
            target.set(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            body.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            int call = calls.incrementAndGet();
            if (call <= droppedCalls) {
                exchange.close();
                return;
            }
            boolean failing = call <= failingCalls;
            byte[] out = (failing ? "{\"__type\":\"InternalServiceError\"}" : answer).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(failing ? 503 : status, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        secretsManager.start();
        endpoint = "http://127.0.0.1:" + secretsManager.getAddress().getPort() + "/";
    }

    @AfterEach
    void stop() {
        secretsManager.stop(0);
    }

    String endpoint;

    String read() {
        return SecretsManagerSecret.read(ARN, StaticCredentialsProvider.create(AwsSessionCredentials.create("AKIDEXAMPLE", "secret", "token")),
                Region.EU_WEST_1, endpoint, null);
    }

    @Test
    void theSecretIsReadWithOneSignedGetSecretValue() {
        assertEquals("generated-at-deploy-time", read());
        assertEquals("secretsmanager.GetSecretValue", target.get());
        assertEquals("{\"SecretId\":\"" + ARN + "\"}", body.get());
        assertTrue(authorization.get().startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"), authorization.get());
        assertTrue(authorization.get().contains("/eu-west-1/secretsmanager/aws4_request"), authorization.get());
    }

    @Test
    void aRefusedReadFailsLoudlyAndNamesTheError() {
        status = 400;
        answer = "{\"__type\":\"AccessDeniedException\",\"message\":\"not allowed\"}";
        IllegalStateException e = assertThrows(IllegalStateException.class, this::read);
        assertTrue(e.getMessage().contains("AccessDeniedException") && e.getMessage().contains("400"), e.getMessage());
        status = 200;
        answer = "{\"ARN\":\"" + ARN + "\"}";
        assertThrows(IllegalStateException.class, this::read);
    }

    @Test
    void aBrieflyFailingOrThrottlingServiceIsRetriedAsTheSdkWouldAndARefusalIsNot() {
        failingCalls = 2;
        assertEquals("generated-at-deploy-time", read());
        assertEquals(3, calls.get());
        calls.set(0);
        failingCalls = 3;
        IllegalStateException e = assertThrows(IllegalStateException.class, this::read);
        assertTrue(e.getMessage().contains("503"), e.getMessage());
        assertEquals(3, calls.get(), "three attempts in all");
        calls.set(0);
        failingCalls = 0;
        droppedCalls = 1;
        assertEquals("generated-at-deploy-time", read(), "a dropped connection is retried");
        droppedCalls = 0;
        calls.set(0);
        status = 400;
        answer = "{\"__type\":\"ThrottlingException\",\"message\":\"Rate exceeded\"}";
        e = assertThrows(IllegalStateException.class, this::read);
        assertEquals(3, calls.get(), "throttling is retried");
        assertTrue(e.getMessage().contains("ThrottlingException"), e.getMessage());
        calls.set(0);
        answer = "{\"__type\":\"ResourceNotFoundException\"}";
        assertThrows(IllegalStateException.class, this::read);
        assertEquals(1, calls.get(), "a refusal is final");
    }

    @Test
    void inLambdaWithoutAKeyTheFunctionRefusesToStart() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CursorCodec.from(Settings.defaults(), null, true));
        assertTrue(e.getMessage().contains(CursorCodec.SECRET_ARN_VARIABLE), e.getMessage());
    }

    /** A function reads its key over its own HTTP client (one TLS context, built beside it) and goes on using it. */
    @Test
    void theFunctionsOwnHttpClientReadsTheKeyAndStaysOpen() {
        java.util.concurrent.atomic.AtomicInteger closed = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        software.amazon.awssdk.http.SdkHttpClient own = software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create();
        software.amazon.awssdk.http.SdkHttpClient function = new software.amazon.awssdk.http.SdkHttpClient() {
            @Override
            public software.amazon.awssdk.http.ExecutableHttpRequest prepareRequest(software.amazon.awssdk.http.HttpExecuteRequest request) {
                calls.incrementAndGet();
                return own.prepareRequest(request);
            }

            @Override
            public void close() {
                closed.incrementAndGet();
            }
        };
        CursorCodec key = CursorCodec.from(Settings.of(Map.of(CursorCodec.SECRET_ARN_VARIABLE, ARN,
                "AWS_ENDPOINT_URL_SECRETS_MANAGER", endpoint)), function, true);
        assertEquals(List.of("x"), key.decode("S", key.encode("S", List.of("x")), 1));
        assertEquals(1, calls.get(), "the GetSecretValue went over the function's client");
        assertEquals(0, closed.get(), "the read leaves the function's client open");
    }

    @Test
    void theDeployedSecretSignsAndTheOldConstantCanNoLongerForgeACursor() {
        CursorCodec deployed = CursorCodec.from(Settings.of(Map.of(CursorCodec.SECRET_ARN_VARIABLE, ARN,
                "AWS_ENDPOINT_URL_SECRETS_MANAGER", endpoint)), null, true);
        // Surefire sets AWS_ACCESS_KEY_ID=local, as Lambda sets the role's: the read uses the process's credentials.
        assertTrue(authorization.get().contains("Credential=local/"), authorization.get());
        String real = deployed.encode("BRAND#acme", List.of("2026-01-01", "DEAL#1"));
        assertEquals(List.of("2026-01-01", "DEAL#1"), deployed.decode("BRAND#acme", real, 2));
        String forged = new CursorCodec("bigtimedeals-cursor-v1").encode("BRAND#acme", List.of("2026-01-01", "DEAL#1"));
        assertNotEquals(real, forged);
        assertThrows(DomainException.class, () -> deployed.decode("BRAND#acme", forged, 2));
    }

    @Test
    void outsideLambdaWithoutAKeyEachProcessGetsARandomOne() {
        CursorCodec a = CursorCodec.from(Settings.defaults(), null, false);
        CursorCodec b = CursorCodec.from(Settings.defaults(), null, false);
        String cursor = a.encode("INBOX#ann", List.of("x"));
        assertThrows(DomainException.class, () -> b.decode("INBOX#ann", cursor, 1));
        assertFalse(CursorCodec.randomKey().equals(CursorCodec.randomKey()));
    }
}

package com.bigtimedeals.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.devices.DevicePlatform;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.topology.PushAccess;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.sns.model.InvalidParameterException;
import software.amazon.awssdk.services.sns.model.PublishRequest;

/**
 * What SnsPush hands SNS, read off the SDK's own request before it would be sent (no network): the devices write
 * function's environment names are the ones the CDK stack sets ({@link PushAccess}), and an APNs push carries its
 * payload for both APNs platforms, since SNS picks the key by the endpoint's application and the stack's APNs
 * application may be APNS_SANDBOX ({@code pushApnsPlatform}).
 */
class SnsPushPayloadTest {
    private static final class Stopped extends RuntimeException {
    }

    @Test
    void theVariablesAreTheOnesTheStackSets() {
        assertEquals(PushAccess.FCM_APPLICATION_VARIABLE, SnsPush.FCM_APPLICATION);
        assertEquals(PushAccess.APNS_APPLICATION_VARIABLE, SnsPush.APNS_APPLICATION);
    }

    @Test
    void anApnsPushCarriesTheSamePayloadForProductionAndSandboxApplications() throws Exception {
        AtomicReference<PublishRequest> sent = new AtomicReference<>();
        SnsClient sns = SnsClient.builder().region(Region.EU_WEST_1).httpClient(UrlConnectionHttpClient.create())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .overrideConfiguration(o -> o.addExecutionInterceptor(new ExecutionInterceptor() {
                    @Override
                    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                        sent.set((PublishRequest) context.request());
                        throw new Stopped();
                    }
                })).build();
        Device phone = new Device("2abc", DevicePlatform.APNS, "a".repeat(64), Instant.parse("2026-12-01T00:00:00Z"),
                "arn:aws:sns:eu-west-1:123456789012:endpoint/APNS_SANDBOX/BigTimeDeals-apns/5e3e9847");
        SnsPush push = new SnsPush(sns, null, null);
        assertThrows(Stopped.class, () -> push.publish(phone, "Deal", "Half price", Map.of("dealId", "d1"), "d1"));
        JsonNode message = new ObjectMapper().readTree(sent.get().message());
        assertEquals("json", sent.get().messageStructure());
        assertEquals(message.get("APNS").asText(), message.get("APNS_SANDBOX").asText());
        JsonNode apns = new ObjectMapper().readTree(message.get("APNS_SANDBOX").asText());
        assertEquals("d1", apns.get("dealId").asText());
        assertEquals("Deal", apns.get("aps").get("alert").get("title").asText());
    }

    /** SNS's message for a token whose endpoint exists with other attributes, as SNS words it (its answer as reported by its users). */
    @Test
    void theExistingEndpointIsTakenFromSnssMessage() {
        String arn = "arn:aws:sns:ap-northeast-1:123456789012:endpoint/GCM/BigTimeDeals-fcm/830d456e-dbea-304f-a2af-e2e9e666cd70";
        java.util.regex.Matcher m = SnsPush.Existing.EXISTING.matcher("Invalid parameter: Token Reason: Endpoint " + arn
                + " already exists with the same Token, but different attributes.");
        assertEquals(true, m.matches());
        assertEquals(arn, m.group(1));
        assertEquals(false, SnsPush.Existing.EXISTING.matcher("Invalid parameter: Token").matches());
    }

    /** Any other InvalidParameter about the token is the client's 400; one about another parameter is the stack's. */
    @Test
    void anotherInvalidParameterIsA400ForTheTokenAndTheStacksOwnOtherwise() {
        for (String said : new String[] {"Invalid parameter: Token Reason: iOS device tokens must be no more than 400 hexadecimal characters",
                "Invalid parameter: PlatformApplicationArn Reason: wrong ARN"}) {
            SnsClient sns = SnsClient.builder().region(Region.EU_WEST_1).httpClient(UrlConnectionHttpClient.create())
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                    .overrideConfiguration(o -> o.addExecutionInterceptor(new ExecutionInterceptor() {
                        @Override
                        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                            throw (InvalidParameterException) InvalidParameterException.builder().statusCode(400)
                                    .awsErrorDetails(AwsErrorDetails.builder().errorCode("InvalidParameter").errorMessage(said).build())
                                    .build();
                        }
                    })).build();
            SnsPush push = new SnsPush(sns, "arn:aws:sns:eu-west-1:123456789012:app/GCM/BigTimeDeals-fcm", null);
            Device phone = new Device("2abc", DevicePlatform.FCM, "t".repeat(40), Instant.parse("2026-12-01T00:00:00Z"), null);
            if (said.contains("Token")) {
                DomainException e = assertThrows(DomainException.class, () -> push.create(phone));
                assertEquals(DomainException.Kind.INVALID, e.kind());
            } else {
                assertThrows(InvalidParameterException.class, () -> push.create(phone));
            }
        }
    }

    /**
     * Only a Publish SNS refused on every attempt is certainly unsent (the sender gives its lease up); one attempt that
     * timed out or met a 5xx may have been delivered, whatever the last attempt said.
     */
    @Test
    void aPublishIsRefusedOnlyWhenEveryAttemptWasAnsweredWithA4xx() {
        software.amazon.awssdk.awscore.exception.AwsServiceException throttled =
                software.amazon.awssdk.services.sns.model.ThrottledException.builder().statusCode(400).build();
        assertEquals(true, SnsPush.refusedOnEveryAttempt(throttled));
        software.amazon.awssdk.awscore.exception.AwsServiceException afterATimeout =
                software.amazon.awssdk.services.sns.model.ThrottledException.builder().statusCode(400).build();
        afterATimeout.addSuppressed(software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException.create(1000));
        assertEquals(false, SnsPush.refusedOnEveryAttempt(afterATimeout));
        assertEquals(false, SnsPush.refusedOnEveryAttempt(
                software.amazon.awssdk.services.sns.model.InternalErrorException.builder().statusCode(500).build()));
        assertEquals(false, SnsPush.refusedOnEveryAttempt(software.amazon.awssdk.core.exception.ApiCallTimeoutException.create(5000)));
        assertEquals(true, SnsPush.refusedOnEveryAttempt(software.amazon.awssdk.core.exception.SdkClientException.create(
                "Unable to execute HTTP request", new java.net.ConnectException("Connection refused"))), "never reached SNS");
    }
}

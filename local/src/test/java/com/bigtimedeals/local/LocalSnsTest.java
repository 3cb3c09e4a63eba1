package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.devices.DevicePlatform;
import com.bigtimedeals.lambda.SnsPush;
import com.bigtimedeals.service.PushEndpoints;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.PushAccess;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.EndpointDisabledException;
import software.amazon.awssdk.services.sns.model.InvalidParameterException;
import software.amazon.awssdk.services.sns.model.NotFoundException;

/** The SNS stand-in through the real SDK client (the Query protocol over loopback), as the functions call it. */
@Tag("stack")
class LocalSnsTest {
    @TempDir
    Path data;

    private static SnsClient client(LocalSns sns) {
        return client(sns, new ArrayList<>());
    }

    /** The client the functions build, recording the name of every SNS operation it calls in {@code operations}. */
    private static SnsClient client(LocalSns sns, List<String> operations) {
        return SnsClient.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.US_EAST_1)
                .endpointOverride(sns.endpoint())
                .overrideConfiguration(o -> o.addExecutionInterceptor(new ExecutionInterceptor() {
                    @Override
                    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                        operations.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
                    }
                }))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"))).build();
    }

    private static Map<String, String> attributesOf(SnsClient c, String arn) {
        return c.getEndpointAttributes(b -> b.endpointArn(arn)).attributes();
    }

    /** Every operation made is one of the call's declared SNS actions, and one the devices write function is granted. */
    private static void assertMadeOnly(Set<PushAccess.Action> declared, List<String> operations) {
        assertMadeOnly(LambdaFunction.DEVICES, declared, operations);
    }

    /** Every operation made is one of the call's declared SNS actions, and one {@code function} is granted. */
    private static void assertMadeOnly(LambdaFunction function, Set<PushAccess.Action> declared, List<String> operations) {
        assertTrue(!operations.isEmpty(), "no SNS call was made");
        for (String op : operations) {
            PushAccess.Action a = PushAccess.Action.ofOperation(op);
            assertTrue(a != null && declared.contains(a), op + " is not among " + declared);
            assertTrue(PushAccess.of(function, true).contains(a), op + " is not granted to " + function);
        }
        operations.clear();
    }

    @Test
    void aDisabledEndpointAskedForWithOtherAttributesIsRefusedInSnsWordsAndItsAttributesAreReadAndSet() throws Exception {
        try (LocalSns sns = LocalSns.start(data, Clock.systemUTC()); SnsClient c = client(sns)) {
            String token = "invalid-" + "y".repeat(30);
            String arn = c.createPlatformEndpoint(b -> b.platformApplicationArn(LocalSns.FCM_APPLICATION).token(token)
                    .attributes(Map.of("Enabled", "true"))).endpointArn();
            assertEquals(Map.of("Enabled", "true", "Token", token), attributesOf(c, arn));
            assertThrows(EndpointDisabledException.class, () -> c.publish(b -> b.targetArn(arn).message("{}")));
            assertEquals("false", attributesOf(c, arn).get("Enabled"), "FCM said UNREGISTERED: SNS disabled the endpoint");
            // Asked for again enabled: SNS's InvalidParameter, its message naming the existing endpoint.
            InvalidParameterException e = assertThrows(InvalidParameterException.class, () -> c.createPlatformEndpoint(b -> b
                    .platformApplicationArn(LocalSns.FCM_APPLICATION).token(token).attributes(Map.of("Enabled", "true"))));
            assertEquals(400, e.statusCode());
            assertEquals("InvalidParameter", e.awsErrorDetails().errorCode());
            assertEquals("Invalid parameter: Token Reason: Endpoint " + arn
                    + " already exists with the same Token, but different attributes.", e.awsErrorDetails().errorMessage());
            assertThrows(InvalidParameterException.class, () -> c.createPlatformEndpoint(b -> b
                    .platformApplicationArn(LocalSns.FCM_APPLICATION).token(token).customUserData("someone else's")));
            // Asked for with no attributes: the existing endpoint's ARN, disabled as it is (the guide's reinstall case).
            assertEquals(arn, c.createPlatformEndpoint(b -> b.platformApplicationArn(LocalSns.FCM_APPLICATION).token(token))
                    .endpointArn());
            assertEquals("false", attributesOf(c, arn).get("Enabled"));
            c.setEndpointAttributes(b -> b.endpointArn(arn).attributes(Map.of("Enabled", "true", "CustomUserData", "u1")));
            assertEquals(Map.of("Enabled", "true", "Token", token, "CustomUserData", "u1"), attributesOf(c, arn));
            String moved = "z".repeat(40);
            c.setEndpointAttributes(b -> b.endpointArn(arn).attributes(Map.of("Token", moved)));
            assertEquals(arn, c.createPlatformEndpoint(b -> b.platformApplicationArn(LocalSns.FCM_APPLICATION).token(moved))
                    .endpointArn(), "the endpoint is found by its new token");
            assertThrows(NotFoundException.class, () -> attributesOf(c, arn + "-none"));
        }
        try (LocalSns sns = LocalSns.start(data, Clock.systemUTC()); SnsClient c = client(sns)) {
            assertEquals(List.of(), sns.pushes(), "nothing was delivered");
            String found = c.createPlatformEndpoint(b -> b.platformApplicationArn(LocalSns.FCM_APPLICATION).token("z".repeat(40)))
                    .endpointArn();
            assertEquals(Map.of("Enabled", "true", "Token", "z".repeat(40), "CustomUserData", "u1"), attributesOf(c, found),
                    "attributes survive a restart");
        }
    }

    @Test
    void aDeadDevicesTokenRegisteredAgainGetsItsEndpointEnabledAndOneDeletedIsMadeAgain() throws Exception {
        List<String> operations = new ArrayList<>();
        try (LocalSns sns = LocalSns.start(null, Clock.systemUTC()); SnsClient c = client(sns, operations);
                SnsClient look = client(sns)) {
            SnsPush push = new SnsPush(c, LocalSns.FCM_APPLICATION, LocalSns.APNS_APPLICATION);
            Device phone = new Device("id", DevicePlatform.FCM, "invalid-" + "x".repeat(30), java.time.Instant.now(), null);
            String arn = push.create(phone);
            assertMadeOnly(PushEndpoints.CREATE_ACTIONS, operations);
            phone = phone.withEndpoint(arn);
            assertEquals(PushEndpoints.Outcome.GONE, push.publish(phone, "T", "B", Map.of(), null), "the first push disables it");
            // The sender's own call: one its function (the stream consumer) is granted.
            assertMadeOnly(LambdaFunction.STREAM_CONSUMER, PushEndpoints.PUBLISH_ACTIONS, operations);
            // The dead device's removal was cut short, so its endpoint is still there, disabled: the token registered
            // again (CreatePlatformEndpoint refused with InvalidParameter) gets that endpoint back, enabled.
            assertEquals(arn, push.create(phone.withEndpoint(null)));
            assertEquals(List.of("CreatePlatformEndpoint", "GetEndpointAttributes", "SetEndpointAttributes"), operations);
            assertMadeOnly(PushEndpoints.CREATE_ACTIONS, operations);
            assertEquals("true", attributesOf(look, arn).get("Enabled"));
            operations.clear();
            assertEquals(arn, push.create(phone.withEndpoint(null)), "again: nothing to set");
            assertEquals(List.of("CreatePlatformEndpoint", "GetEndpointAttributes"), operations);
            operations.clear();
            // A device still registered whose endpoint SNS disabled: registered again, the same endpoint enabled.
            push.publish(phone, "T", "B", Map.of(), null);
            assertEquals("false", attributesOf(look, arn).get("Enabled"));
            operations.clear();
            assertEquals(arn, push.ensure(phone));
            assertMadeOnly(PushEndpoints.ENSURE_ACTIONS, operations);
            assertEquals("true", attributesOf(look, arn).get("Enabled"));
            // Its endpoint deleted at SNS: a new one for the token.
            push.delete(arn);
            assertMadeOnly(PushEndpoints.DELETE_ACTIONS, operations);
            String made = push.ensure(phone);
            assertNotEquals(arn, made);
            assertMadeOnly(PushEndpoints.ENSURE_ACTIONS, operations);
            assertEquals(Map.of("Enabled", "true", "Token", phone.token()), attributesOf(look, made));
            // An APNs token SNS keeps in lower case is the same token: nothing is set for it.
            Device iphone = new Device("i", DevicePlatform.APNS, "AB".repeat(32), java.time.Instant.now(), null);
            String apns = push.create(iphone);
            assertEquals("ab".repeat(32), attributesOf(look, apns).get("Token"));
            operations.clear();
            assertEquals(apns, push.ensure(iphone.withEndpoint(apns)));
            assertEquals(List.of("GetEndpointAttributes"), operations);
        }
    }

    @Test
    void endpointsAreIdempotentPerTokenPushesAreRecordedAndSurviveARestart() throws Exception {
        String arn;
        String other;
        try (LocalSns sns = LocalSns.start(data, Clock.systemUTC()); SnsClient c = client(sns)) {
            SnsPush push = new SnsPush(c, LocalSns.FCM_APPLICATION, LocalSns.APNS_APPLICATION);
            Device d = new Device("id", DevicePlatform.FCM, "t".repeat(40), java.time.Instant.now(), null);
            arn = push.create(d);
            assertEquals(arn, push.create(d), "the same token: the same endpoint");
            other = push.create(new Device("id2", DevicePlatform.APNS, "ab".repeat(32), java.time.Instant.now(), null));
            assertNotEquals(arn, other);
            c.publish(b -> b.targetArn(arn).messageStructure("json")
                    .message("{\"default\":\"x\",\"GCM\":\"{\\\"notification\\\":{\\\"title\\\":\\\"T\\\",\\\"body\\\":\\\"B\\\"},"
                            + "\\\"data\\\":{\\\"messageId\\\":\\\"m1\\\",\\\"dealId\\\":\\\"d1\\\",\\\"kind\\\":\\\"watch\\\"}}\"}"));
            assertEquals(1, sns.pushes().size());
            assertEquals("m1", sns.pushes().get(0).payload().path("data").path("messageId").asText());
            push.delete(other);
            push.delete(other); // gone already: no error
            assertThrows(NotFoundException.class, () -> c.publish(b -> b.targetArn(other).message("x")));
        }
        try (LocalSns sns = LocalSns.start(data, Clock.systemUTC()); SnsClient c = client(sns)) {
            assertEquals(1, sns.pushes().size(), "deliveries survive a restart");
            assertEquals(arn, new SnsPush(c, LocalSns.FCM_APPLICATION, LocalSns.APNS_APPLICATION)
                    .create(new Device("id", DevicePlatform.FCM, "t".repeat(40), java.time.Instant.now(), null)), "and endpoints");
            assertThrows(NotFoundException.class, () -> c.publish(b -> b.targetArn(other).message("x")), "a deleted one stays deleted");
        }
        assertEquals(true, Files.size(data.resolve("sns-pushes.jsonl")) > 0);
    }

    @Test
    void aTokenBeginningWithInvalidIsDisabledOnItsFirstPush() throws Exception {
        try (LocalSns sns = LocalSns.start(null, Clock.systemUTC()); SnsClient c = client(sns)) {
            String arn = new SnsPush(c, LocalSns.FCM_APPLICATION, LocalSns.APNS_APPLICATION)
                    .create(new Device("id", DevicePlatform.FCM, "invalid-" + "x".repeat(30), java.time.Instant.now(), null));
            assertThrows(EndpointDisabledException.class, () -> c.publish(b -> b.targetArn(arn).message("{}")));
            assertThrows(EndpointDisabledException.class, () -> c.publish(b -> b.targetArn(arn).message("{}")));
            assertEquals(List.of(), sns.pushes());
        }
    }

    @Test
    void aPushCarriesItsCollapseKeyOnBothPlatformsSoTwoCopiesShowAsOneNotification() throws Exception {
        try (LocalSns sns = LocalSns.start(null, Clock.systemUTC()); SnsClient c = client(sns)) {
            SnsPush push = new SnsPush(c, LocalSns.FCM_APPLICATION, LocalSns.APNS_APPLICATION);
            Device android = new Device("a", DevicePlatform.FCM, "t".repeat(40), java.time.Instant.now(), null);
            android = android.withEndpoint(push.create(android));
            Device iphone = new Device("i", DevicePlatform.APNS, "ab".repeat(32), java.time.Instant.now(), null);
            iphone = iphone.withEndpoint(push.create(iphone));
            java.util.Map<String, String> data = java.util.Map.of("messageId", "m1", "dealId", "d1", "kind", "watch");
            push.publish(android, "T", "B", data, "d1");
            push.publish(iphone, "T", "B", data, "d1");
            LocalSns.Push fcm = sns.pushes().get(0);
            assertEquals("d1", fcm.payload().path("collapse_key").asText(), "FCM keeps one pending message per deal");
            assertEquals("d1", fcm.payload().path("notification").path("tag").asText(), "and shows one notification per deal");
            LocalSns.Push apns = sns.pushes().get(1);
            assertEquals("d1", apns.collapseId(), "the apns-collapse-id header, through SNS's attribute");
            assertEquals("d1", apns.payload().path("aps").path("thread-id").asText());
            assertEquals("m1", apns.payload().path("messageId").asText());
        }
    }
}

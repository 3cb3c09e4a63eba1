package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.domain.Device;
import com.bigtimedeals.domain.DevicePlatform;
import com.bigtimedeals.lambda.SnsPush;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.EndpointDisabledException;
import software.amazon.awssdk.services.sns.model.NotFoundException;

/** The SNS stand-in through the real SDK client (the Query protocol over loopback), as the functions call it. */
@Tag("stack")
class LocalSnsTest {
    @TempDir
    Path data;

    private static SnsClient client(LocalSns sns) {
        return SnsClient.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.US_EAST_1)
                .endpointOverride(sns.endpoint())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"))).build();
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

package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Devices, settings and pushes over HTTP against the local stack, its SNS stand-in answering /_local/pushes. */
@Tag("stack")
class PushEndToEndTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static LocalStack stack;
    static HttpClient http;
    static String base;

    @BeforeAll
    static void start() throws Exception {
        stack = LocalStack.start(LocalStack.Options.inMemory());
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        base = "http://127.0.0.1:" + stack.port();
    }

    @AfterAll
    static void stop() {
        stack.close();
    }

    static JsonNode call(int status, String method, String path, String user, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (user != null) {
            b.header("Authorization", "Bearer " + BearerToken.forUser(user, "erin".equals(user)));
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), method + " " + path + " answered " + r.body());
        return r.body().isEmpty() ? null : JSON.readTree(r.body());
    }

    /** The user's pushes once {@code count} have arrived (the stream delay plus the push), or what there is after 15 s. */
    static List<JsonNode> pushes(String user, int count) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            out.clear();
            call(200, "GET", "/_local/pushes?username=" + user, null, null).get("pushes").forEach(out::add);
            if (out.size() >= count) {
                return out;
            }
            Thread.sleep(100);
        }
        return out;
    }

    @Test
    void aWatchedBrandsNewDealIsPushedOncePerAllowedDeviceAndADeadDeviceIsRemoved() throws Exception {
        call(201, "POST", "/cms/brands", "erin", "{\"name\":\"Pushco\"}");
        call(201, "POST", "/cms/categories", "erin", "{\"name\":\"Pushables\"}");
        String phone = call(201, "POST", "/me/devices", "pam", "{\"platform\":\"fcm\",\"token\":\"" + "p".repeat(40) + "\"}").get("id").asText();
        String ipad = call(201, "POST", "/me/devices", "pam", "{\"platform\":\"apns\",\"token\":\"" + "ab".repeat(32) + "\"}").get("id").asText();
        String dead = call(201, "POST", "/me/devices", "pam", "{\"platform\":\"fcm\",\"token\":\"invalid-" + "x".repeat(30) + "\"}").get("id").asText();
        call(201, "POST", "/brands/pushco/watches", "pam", null);
        call(201, "POST", "/brands/pushco/watches", "quin", null);
        call(201, "POST", "/me/devices", "quin", "{\"platform\":\"fcm\",\"token\":\"" + "q".repeat(40) + "\"}");
        call(200, "PUT", "/me/notifications", "quin", "{\"push\":{\"watches\":false,\"alerts\":true,\"blasts\":true,"
                + "\"reminders\":true},\"quietHours\":null}");
        String dealId = call(201, "POST", "/cms/deals", "erin", "{\"title\":\"Pushed kettle\",\"link\":\"https://shop.example.com/pk\","
                + "\"price\":19,\"brandId\":\"pushco\",\"categoryId\":\"pushables\"}").get("id").asText();
        List<JsonNode> got = pushes("pam", 2);
        assertEquals(2, got.size(), got.toString());
        List<String> devices = new ArrayList<>();
        for (JsonNode p : got) {
            devices.add(p.get("deviceId").asText());
            assertEquals("watch", p.get("kind").asText());
            assertEquals(dealId, p.get("dealId").asText());
            assertTrue(p.get("title").asText().length() > 0);
            assertTrue(p.get("messageId").asText().length() == 27);
        }
        assertEquals(java.util.Set.of(phone, ipad), new java.util.HashSet<>(devices), "one push per live device");
        String messageId = call(200, "GET", "/me/messages", "pam", null).get("messages").get(0).get("id").asText();
        assertEquals(messageId, got.get(0).get("messageId").asText());
        // The invalid token was reported unregistered on its first push: the device is gone.
        List<String> left = new ArrayList<>();
        for (int i = 0; i < 50 && !left.isEmpty() || i == 0; i++) {
            left.clear();
            call(200, "GET", "/me/devices", "pam", null).get("devices").forEach(d -> left.add(d.get("id").asText()));
            if (!left.contains(dead)) {
                break;
            }
            Thread.sleep(100);
        }
        assertEquals(false, left.contains(dead), left.toString());
        assertEquals(2, left.size());
        // quin switched watches off: the inbox has the message, no device was pushed.
        assertEquals(1, call(200, "GET", "/me/messages", "quin", null).get("messages").size());
        assertEquals(0, pushes("quin", 0).size());
        Thread.sleep(1500);
        assertEquals(2, pushes("pam", 2).size(), "exactly once per message and device");
        call(400, "GET", "/_local/pushes", null, null);

        // DELETE /me removes the devices, and their endpoints at the push service: nothing more reaches them.
        int before = stack.sns().pushes().size(); // the other tests' pushes too
        call(204, "DELETE", "/me", "pam", null);
        for (int i = 0; i < 150 && call(200, "GET", "/me/devices", "pam", null).get("devices").size() > 0; i++) {
            Thread.sleep(100);
        }
        assertEquals(0, call(200, "GET", "/me/devices", "pam", null).get("devices").size());
        call(201, "POST", "/cms/deals", "erin", "{\"title\":\"Pushed kettle two\",\"link\":\"https://shop.example.com/pk2\","
                + "\"price\":19,\"brandId\":\"pushco\",\"categoryId\":\"pushables\"}");
        Thread.sleep(2000);
        assertEquals(before, stack.sns().pushes().size(), "no push after the account's deletion: " + stack.sns().pushes());
    }

    /** An SDK client of the stack's SNS stand-in: what SNS itself does to an endpoint (disable it) is done through it. */
    static software.amazon.awssdk.services.sns.SnsClient sns() {
        return software.amazon.awssdk.services.sns.SnsClient.builder()
                .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
                .region(software.amazon.awssdk.regions.Region.US_EAST_1).endpointOverride(stack.sns().endpoint())
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("local", "local"))).build();
    }

    /**
     * SNS's token-management flow through the devices route: an endpoint SNS disabled (the platform reported the token
     * dead, the device not yet removed, or its removal cut short) is enabled again when its token is registered again,
     * by the same user (200) or by another, to whom the token moves (201: CreatePlatformEndpoint refuses with SNS's
     * InvalidParameter naming the endpoint, which the route once answered as a 500), and the next deal reaches it.
     */
    @Test
    void aTokenRegisteredAgainWhileSnsHasItsEndpointDisabledGetsItEnabledAndPushed() throws Exception {
        call(201, "POST", "/cms/brands", "erin", "{\"name\":\"Revivco\"}");
        call(201, "POST", "/cms/categories", "erin", "{\"name\":\"Revivables\"}");
        String token = "u".repeat(40);
        String body = "{\"platform\":\"fcm\",\"token\":\"" + token + "\"}";
        String first = call(201, "POST", "/me/devices", "uma", body).get("id").asText();
        try (software.amazon.awssdk.services.sns.SnsClient sns = sns()) {
            // Without attributes CreatePlatformEndpoint answers the token's endpoint as it is: the one the route made.
            String arn = sns.createPlatformEndpoint(b -> b.platformApplicationArn(LocalSns.FCM_APPLICATION).token(token)).endpointArn();
            java.util.function.Supplier<String> enabled = () -> sns.getEndpointAttributes(b -> b.endpointArn(arn)).attributes().get("Enabled");
            sns.setEndpointAttributes(b -> b.endpointArn(arn).attributes(java.util.Map.of("Enabled", "false")));
            assertEquals(first, call(200, "POST", "/me/devices", "uma", body).get("id").asText(), "the same device");
            assertEquals("true", enabled.get(), "its endpoint enabled again");

            sns.setEndpointAttributes(b -> b.endpointArn(arn).attributes(java.util.Map.of("Enabled", "false")));
            String moved = call(201, "POST", "/me/devices", "vic", body).get("id").asText();
            assertEquals("true", enabled.get(), "the token moved with its endpoint, enabled");
            assertEquals(0, call(200, "GET", "/me/devices", "uma", null).get("devices").size(), "the phone left uma");
            call(201, "POST", "/brands/revivco/watches", "vic", null);
            String dealId = call(201, "POST", "/cms/deals", "erin", "{\"title\":\"Revived kettle\",\"link\":"
                    + "\"https://shop.example.com/rk\",\"price\":19,\"brandId\":\"revivco\",\"categoryId\":\"revivables\"}")
                    .get("id").asText();
            List<JsonNode> got = pushes("vic", 1);
            assertEquals(1, got.size(), got.toString());
            assertEquals(moved, got.get(0).get("deviceId").asText());
            assertEquals(dealId, got.get(0).get("dealId").asText());
            assertEquals(List.of(moved), List.of(call(200, "GET", "/me/devices", "vic", null).get("devices").get(0).get("id").asText()),
                    "and it is kept: the push found it enabled");
        }
    }

    /** Quiet hours around now in {@code zone}: from an hour ago to two hours on, as HH:MM there. */
    static String quietAroundNow(String zone) {
        java.time.LocalTime now = java.time.LocalTime.now(java.time.ZoneId.of(zone));
        java.time.format.DateTimeFormatter hhmm = java.time.format.DateTimeFormatter.ofPattern("HH:mm");
        return "{\"start\":\"" + now.minusHours(1).format(hhmm) + "\",\"end\":\"" + now.plusHours(2).format(hhmm)
                + "\",\"timeZone\":\"" + zone + "\"}";
    }

    @Test
    void pushesHeldInQuietHoursEndInOneSummaryPerDeviceWhenTheHoursAreRemoved() throws Exception {
        call(201, "POST", "/cms/brands", "erin", "{\"name\":\"Quietco\"}");
        call(201, "POST", "/cms/categories", "erin", "{\"name\":\"Hushables\"}");
        String phone = call(201, "POST", "/me/devices", "rae", "{\"platform\":\"fcm\",\"token\":\"" + "r".repeat(40) + "\"}").get("id").asText();
        String ipad = call(201, "POST", "/me/devices", "rae", "{\"platform\":\"apns\",\"token\":\"" + "cd".repeat(32) + "\"}").get("id").asText();
        call(201, "POST", "/brands/quietco/watches", "rae", null);
        call(200, "PUT", "/me/notifications", "rae", "{\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":true,"
                + "\"reminders\":true},\"quietHours\":" + quietAroundNow("Asia/Kolkata") + "}");
        for (String t : List.of("one", "two")) {
            call(201, "POST", "/cms/deals", "erin", "{\"title\":\"Quiet kettle " + t + "\",\"link\":\"https://shop.example.com/qk-" + t
                    + "\",\"price\":19,\"brandId\":\"quietco\",\"categoryId\":\"hushables\"}");
        }
        for (int i = 0; i < 150 && call(200, "GET", "/me/messages", "rae", null).get("messages").size() < 2; i++) {
            Thread.sleep(100);
        }
        assertEquals(2, call(200, "GET", "/me/messages", "rae", null).get("messages").size(), "the inbox has both");
        assertTrue(stack.awaitStreamQuiet(1_000, 20_000));
        assertEquals(0, pushes("rae", 0).size(), "nothing is pushed in quiet hours");

        call(200, "PUT", "/me/notifications", "rae", "{\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":true,"
                + "\"reminders\":true},\"quietHours\":null}");
        List<JsonNode> got = pushes("rae", 2);
        assertEquals(2, got.size(), got.toString());
        java.util.Set<String> devices = new java.util.HashSet<>();
        for (JsonNode p : got) {
            devices.add(p.get("deviceId").asText());
            assertEquals("summary", p.get("kind").asText());
            assertEquals("2 new deals", p.get("title").asText());
            assertEquals("2 new deals arrived in your quiet hours", p.get("body").asText());
            assertTrue(p.get("messageId").isNull() && p.get("dealId").isNull(), p.toString());
        }
        assertEquals(java.util.Set.of(phone, ipad), devices, "one summary per device");
        assertTrue(stack.awaitStreamQuiet(1_000, 20_000));
        assertEquals(2, pushes("rae", 2).size(), "one summary, and the held pushes themselves never");
    }
}

package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.lambda.GrantedPush;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.service.DeviceService;
import com.bigtimedeals.topology.LambdaFunction;
import com.fasterxml.jackson.databind.JsonNode;

/** POST/GET/DELETE /me/devices and GET/PUT /me/notifications over API Gateway events, with the table's state checked. */
class DeviceRoutesTest extends ApiTest {
    private static final String APNS = "a".repeat(58) + "0f1e2d";
    private static final String FCM = "fcm-token:" + "x".repeat(30) + "_Ab-9Z";

    private int second;

    /** The next request one second later, so device ids (KSUIDs of the registration) sort as registered. */
    private void tick() {
        Instant at = NOW.plusSeconds(++second);
        table = new Table(client, table.name(), Clock.fixed(at, ZoneOffset.UTC), table.cursors());
        handlers = handlers(table, Clock.fixed(at, ZoneOffset.UTC));
    }

    private JsonNode register(int status, String user, String platform, String token) {
        tick();
        return expect(status, post("/me/devices").user(user).body("{\"platform\":\"" + platform + "\",\"token\":\"" + token + "\"}"));
    }

    private List<String> deviceIds(String user) {
        List<String> ids = new ArrayList<>();
        expect(200, get("/me/devices").user(user)).get("devices").forEach(d -> ids.add(d.get("id").asText()));
        return ids;
    }

    @Test
    void aDeviceIsRegisteredOnceListedNewestFirstAndNeverAnswersItsToken() {
        JsonNode ios = register(201, "ann", "apns", APNS);
        assertBudget(3);
        assertEquals("apns", ios.get("platform").asText());
        assertEquals("0f1e2d", ios.get("tokenEnd").asText());
        assertEquals(NOW.plusSeconds(1).toString(), ios.get("createdAt").asText());
        assertEquals(List.of("createdAt", "id", "platform", "tokenEnd"), fieldNames(ios), "the token is never answered");
        JsonNode again = register(200, "ann", "apns", APNS);
        assertBudget(1);
        assertEquals(ios.get("id"), again.get("id"), "the same token again is the same device");
        assertEquals(ios.get("createdAt"), again.get("createdAt"));
        JsonNode android = register(201, "ann", "fcm", FCM);
        JsonNode list = expect(200, get("/me/devices").user("ann"));
        assertBudget(1);
        assertEquals(List.of(android.get("id").asText(), ios.get("id").asText()), deviceIds("ann"));
        assertFalse(list.toString().contains(APNS) || list.toString().contains(FCM), "no token in the list");
        assertEquals(List.of(), deviceIds("bob"), "another user's devices are their own");
    }

    @Test
    void tokensOfTheWrongShapeAreRefusedAndWriteNothing() {
        for (String[] bad : new String[][] {
                {"apns", "a".repeat(63)}, {"apns", "a".repeat(65)}, {"apns", "g".repeat(64)}, {"fcm", "x".repeat(19)},
                {"fcm", "x".repeat(4097)}, {"fcm", "token with spaces and more than twenty"}, {"fcm", "tok\u00e9n".repeat(5)},
                {"gcm", "x".repeat(40)}}) {
            JsonNode e = register(400, "ann", bad[0], bad[1]);
            assertTrue(e.get("message").asText().contains(bad[0].equals("gcm") ? "platform" : "token"), e.toString());
        }
        expect(400, post("/me/devices").user("ann").body("{\"platform\":\"fcm\"}"));
        expect(400, post("/me/devices").user("ann").body("{\"platform\":\"fcm\",\"token\":\"" + FCM + "\",\"name\":\"x\"}"));
        expect(400, post("/me/devices").user("ann").body("{\"platform\":\"fcm\",\"token\":42}"));
        assertEquals(List.of(), deviceIds("ann"));
        register(201, "ann", "fcm", "a".repeat(20));
        register(201, "ann", "fcm", "A:b_c-" + "9".repeat(4090));
        register(201, "ann", "apns", "ABCDEF0123456789".repeat(4));
        assertEquals(3, deviceIds("ann").size());
    }

    @Test
    void anApnsTokenInCapitalsIsTheSameDevice() {
        String lower = "0123456789abcdef".repeat(4);
        JsonNode first = register(201, "ann", "apns", lower.toUpperCase(Locale.ROOT));
        assertEquals("abcdef", first.get("tokenEnd").asText(), "kept in its one spelling");
        JsonNode again = register(200, "ann", "apns", lower);
        assertEquals(first.get("id"), again.get("id"), "hexadecimal's case carries nothing");
        assertEquals(List.of(first.get("id").asText()), deviceIds("ann"));
        String fcm = "Ab:" + "c".repeat(30);
        register(201, "ann", "fcm", fcm);
        register(201, "ann", "fcm", fcm.toLowerCase(Locale.ROOT));
        assertEquals(3, deviceIds("ann").size(), "an FCM token's case is its own");
    }

    @Test
    void aTokenRegisteredByAnotherUserMovesToTheCallerAlone() {
        String bobs = register(201, "bob", "fcm", FCM).get("id").asText();
        String anns = register(201, "ann", "fcm", FCM).get("id").asText();
        assertBudget(3);
        assertEquals(List.of(anns), deviceIds("ann"));
        assertEquals(List.of(), deviceIds("bob"), "the phone left bob's account");
        expect(204, delete("/me/devices/" + bobs).user("bob"));
        assertEquals(List.of(anns), deviceIds("ann"), "bob's removal of his old device leaves ann's alone");
        String bobsAgain = register(201, "bob", "fcm", FCM).get("id").asText();
        assertEquals(List.of(bobsAgain), deviceIds("bob"));
        assertEquals(List.of(), deviceIds("ann"));
        // The same token on the other platform is another token.
        register(201, "ann", "apns", APNS);
        register(201, "bob", "apns", APNS);
        assertEquals(List.of(), deviceIds("ann"));
        assertEquals(2, deviceIds("bob").size());
    }

    @Test
    void anEleventhDeviceRemovesTheOldest() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ids.add(register(201, "ann", "fcm", FCM + i).get("id").asText());
        }
        String eleventh = register(201, "ann", "fcm", FCM + "x").get("id").asText();
        assertBudget(3); // the oldest's endpoint deleted, its release mark left in place (api.md: at most 3)
        List<String> now = deviceIds("ann");
        assertEquals(10, now.size());
        assertEquals(eleventh, now.get(0));
        assertFalse(now.contains(ids.get(0)), "the oldest went");
        assertTrue(now.containsAll(ids.subList(1, 10)));
        expect(204, delete("/me/devices/" + ids.get(0)).user("ann"));
        // Its token is free again: registering it is a new device of ann's, and the then-oldest goes.
        register(201, "ann", "fcm", FCM + 0);
        assertEquals(10, deviceIds("ann").size());
        assertFalse(deviceIds("ann").contains(ids.get(1)));
    }

    @Test
    void anEleventhDeviceIsA201WhenThePushServiceCannotDeleteTheOldestsEndpoint() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ids.add(register(201, "ann", "fcm", FCM + i).get("id").asText());
        }
        com.bigtimedeals.service.PushEndpoints throttled = new com.bigtimedeals.service.PushEndpoints() {
            @Override
            public String create(Device device) {
                return PUSH_ENDPOINTS.create(device);
            }

            @Override
            public void delete(String endpointArn) {
                throw new IllegalStateException("SNS answered 503 Throttling");
            }
        };
        tick();
        Clock at = Clock.fixed(NOW.plusSeconds(second), ZoneOffset.UTC);
        handlers.put(LambdaFunction.DEVICES, new DevicesHandler(DeviceService.of(table, throttled), FunctionRuntime.at(at, table)));
        // The registration committed before the delete: it is answered as made, never a 5xx.
        String eleventh = expect(201, post("/me/devices").user("ann").body("{\"platform\":\"fcm\",\"token\":\"" + FCM + "x\"}"))
                .get("id").asText();
        List<String> now = deviceIds("ann");
        assertEquals(10, now.size());
        assertEquals(eleventh, now.get(0));
        assertFalse(now.contains(ids.get(0)), "the oldest went");
    }

    @Test
    void aRemovalIsRepeatableAndAnIdNeverTheCallersIs404() {
        String id = register(201, "ann", "apns", APNS).get("id").asText();
        expect(404, delete("/me/devices/" + id).user("bob"));
        assertEquals(List.of(id), deviceIds("ann"), "bob's attempt removed nothing");
        expect(204, delete("/me/devices/" + id).user("ann"));
        assertBudget(3); // read, the removal's transaction, the release mark cleared after the DeleteEndpoint
        assertEquals(List.of(), deviceIds("ann"));
        expect(204, delete("/me/devices/" + id).user("ann"));
        assertBudget(1);
        expect(404, delete("/me/devices/2Kz8WQ7eVcOj1kHzxpmxYsDfiGb").user("ann"));
        expect(404, delete("/me/devices/not-an-id").user("ann"));
        // The token is free after the removal: registered again it is a new device.
        String again = register(201, "ann", "apns", APNS).get("id").asText();
        assertFalse(again.equals(id));
    }

    @Test
    void notificationSettingsDefaultToEverythingAndArePutWhole() {
        JsonNode fresh = expect(200, get("/me/notifications").user("ann"));
        assertBudget(1);
        assertEquals("{\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":true,\"reminders\":true},\"quietHours\":null}",
                fresh.toString());
        String body = "{\"push\":{\"watches\":false,\"alerts\":true,\"blasts\":false,\"reminders\":true},"
                + "\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:00\",\"timeZone\":\"Europe/London\"}}";
        assertEquals(body, expect(200, put("/me/notifications").user("ann").body(body)).toString());
        assertEquals(body, expect(200, get("/me/notifications").user("ann")).toString());
        assertEquals(fresh.toString(), expect(200, get("/me/notifications").user("bob")).toString(), "bob's are his own");
        String none = "{\"push\":{\"watches\":true,\"alerts\":false,\"blasts\":true,\"reminders\":false},\"quietHours\":null}";
        assertEquals(none, expect(200, put("/me/notifications").user("ann").body(none)).toString());
        assertEquals(none, expect(200, get("/me/notifications").user("ann")).toString());
    }

    @Test
    void aSettingsBodyMissingAFieldOrBreakingARuleIs400AndChangesNothing() {
        String ok = "{\"push\":{\"watches\":false,\"alerts\":true,\"blasts\":true,\"reminders\":true},\"quietHours\":null}";
        expect(200, put("/me/notifications").user("ann").body(ok));
        String push = "\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":true,\"reminders\":true}";
        for (String[] bad : new String[][] {
                {"{" + push + "}", "quietHours"},
                {"{\"quietHours\":null}", "push"},
                {"{\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":true},\"quietHours\":null}", "push.reminders"},
                {"{\"push\":{\"watches\":\"yes\",\"alerts\":true,\"blasts\":true,\"reminders\":true},\"quietHours\":null}", "push.watches"},
                {"{\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":true,\"reminders\":true,\"sms\":true},\"quietHours\":null}", "sms"},
                {"{\"push\":null,\"quietHours\":null}", "push"},
                {"{\"push\":true,\"quietHours\":null}", "push"},
                {"{" + push + ",\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:00\"}}", "quietHours.timeZone"},
                {"{" + push + ",\"quietHours\":{\"start\":\"24:00\",\"end\":\"07:00\",\"timeZone\":\"UTC\"}}", "quietHours.start"},
                {"{" + push + ",\"quietHours\":{\"start\":\"7:00\",\"end\":\"08:00\",\"timeZone\":\"UTC\"}}", "quietHours.start"},
                {"{" + push + ",\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:60\",\"timeZone\":\"UTC\"}}", "quietHours.end"},
                {"{" + push + ",\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:00\",\"timeZone\":\"Mars/Olympus\"}}", "quietHours.timeZone"},
                {"{" + push + ",\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:00\",\"timeZone\":\"+01:00\"}}", "quietHours.timeZone"},
                // Java's tzdb has these, IANA's has not since 2020b (found over HTTP: 200 and stored).
                {"{" + push + ",\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:00\",\"timeZone\":\"SystemV/EST5\"}}", "quietHours.timeZone"},
                {"{" + push + ",\"quietHours\":{\"start\":\"22:30\",\"end\":\"22:30\",\"timeZone\":\"UTC\"}}", "quietHours"},
                {"{" + push + ",\"quietHours\":\"22:30-07:00\"}", "quietHours"},
                {"{" + push + ",\"quietHours\":null,\"extra\":1}", "extra"}}) {
            JsonNode e = expect(400, put("/me/notifications").user("ann").body(bad[0]));
            assertTrue(e.toString().contains(bad[1]), bad[0] + " -> " + e);
        }
        assertEquals(ok, expect(200, get("/me/notifications").user("ann")).toString(), "nothing changed");
        expect(200, put("/me/notifications").user("ann").body("{" + push
                + ",\"quietHours\":{\"start\":\"00:00\",\"end\":\"23:59\",\"timeZone\":\"America/Argentina/Buenos_Aires\"}}"));
    }

    /** api.md, "Every field at once": each invalid field inside push and quietHours is listed by its own name. */
    @Test
    void everyInvalidSettingIsNamedAtOnce() {
        JsonNode e = expect(400, put("/me/notifications").user("ann").body("{\"push\":{\"watches\":\"yes\",\"alerts\":1},"
                + "\"quietHours\":{\"start\":\"25:00\",\"end\":\"7\",\"timeZone\":\"Mars/Base\"}}"));
        List<String> fields = new java.util.ArrayList<>();
        e.get("errors").forEach(f -> {
            fields.add(f.get("field").asText());
            assertTrue(f.get("message").asText().startsWith(f.get("field").asText() + " "), f.toString());
        });
        assertEquals(List.of("push.watches", "push.alerts", "push.blasts", "push.reminders", "quietHours.start",
                "quietHours.end", "quietHours.timeZone"), fields);
        assertEquals("push.watches", e.get("field").asText());
        assertEquals("{\"push\":{\"watches\":true,\"alerts\":true,\"blasts\":true,\"reminders\":true},\"quietHours\":null}", expect(200, get("/me/notifications").user("ann")).toString());
    }

    /** The tests' push service, with {@code ensure} answered by the test: what SNS says of a registered endpoint. */
    private static com.bigtimedeals.service.PushEndpoints ensuring(java.util.function.Function<Device, String> ensure) {
        return new com.bigtimedeals.service.PushEndpoints() {
            @Override
            public String create(Device device) {
                return PUSH_ENDPOINTS.create(device);
            }

            @Override
            public String ensure(Device device) {
                return ensure.apply(device);
            }

            @Override
            public void delete(String endpointArn) {
                PUSH_ENDPOINTS.delete(endpointArn);
            }
        };
    }

    @Test
    void theSameTokenAgainKeepsItsEndpointEnabledAndOneGoneAtThePushServiceIsReplaced() {
        register(201, "ann", "fcm", FCM);
        com.bigtimedeals.devices.DeviceStore store = new com.bigtimedeals.devices.DeviceStore(table);
        String first = store.devicesToPush("ann").get(0).endpointArn();
        assertTrue(first != null && first.startsWith("arn:aws:sns:"), first);
        // The push service answers another endpoint for the device (its own was deleted there): the device keeps it.
        List<String> ensured = new ArrayList<>();
        com.bigtimedeals.service.PushEndpoints replacing = ensuring(device -> {
            GrantedPush.assertGranted(com.bigtimedeals.service.PushEndpoints.ENSURE_ACTIONS);
            ensured.add(device.endpointArn());
            return first + "-again";
        });
        tick();
        Clock at = Clock.fixed(NOW.plusSeconds(second), ZoneOffset.UTC);
        handlers.put(LambdaFunction.DEVICES, new DevicesHandler(DeviceService.of(table, replacing), FunctionRuntime.at(at, table)));
        JsonNode again = expect(200, post("/me/devices").user("ann").body("{\"platform\":\"fcm\",\"token\":\"" + FCM + "\"}"));
        assertBudget(2);
        assertEquals(List.of(first), ensured, "the same token again: its endpoint made enabled");
        assertEquals(first + "-again", store.devicesToPush("ann").get(0).endpointArn());
        assertEquals(List.of(again.get("id").asText()), deviceIds("ann"), "still the one device");
        // A device removed meanwhile is not brought back by the replacement.
        Device gone = store.devicesToPush("ann").get(0);
        expect(204, delete("/me/devices/" + gone.id()).user("ann"));
        assertFalse(store.replaceEndpoint("ann", gone, first), "a removed device keeps no endpoint");
        assertEquals(List.of(), deviceIds("ann"));
    }

    @Test
    void theSameTokenAgainIsA200WhenThePushServiceCannotBeAsked() {
        JsonNode first = expect(201, post("/me/devices").user("ann").body("{\"platform\":\"fcm\",\"token\":\"" + FCM + "\"}"));
        com.bigtimedeals.service.PushEndpoints throttled = ensuring(device -> {
            throw new IllegalStateException("SNS answered 503 Throttling");
        });
        tick();
        Clock at = Clock.fixed(NOW.plusSeconds(second), ZoneOffset.UTC);
        handlers.put(LambdaFunction.DEVICES, new DevicesHandler(DeviceService.of(table, throttled), FunctionRuntime.at(at, table)));
        JsonNode again = expect(200, post("/me/devices").user("ann").body("{\"platform\":\"fcm\",\"token\":\"" + FCM + "\"}"));
        assertEquals(first.get("id").asText(), again.get("id").asText(), "the device as stored, not a 5xx");
    }

    @Test
    void anSnsCallTheCallingFunctionIsNotGrantedFailsTheTest() {
        Device d = new Device("2abc", com.bigtimedeals.devices.DevicePlatform.FCM, FCM, NOW, null);
        // The devices write function may make, enable and delete endpoints (PushAccess), so the stand-in answers.
        GrantedPush.as(LambdaFunction.DEVICES, true, () -> PUSH_ENDPOINTS.create(d));
        GrantedPush.as(LambdaFunction.DEVICES, true, () -> {
            PUSH_ENDPOINTS.delete("arn");
            return null;
        });
        // Its read deployment, and any other API function, may do nothing at SNS: the same calls fail the test.
        assertThrows(AssertionError.class, () -> GrantedPush.as(LambdaFunction.DEVICES, false, () -> PUSH_ENDPOINTS.create(d)));
        assertThrows(AssertionError.class, () -> GrantedPush.as(LambdaFunction.DEVICES, false, () -> PUSH_ENDPOINTS.ensure(d)));
        assertThrows(AssertionError.class, () -> GrantedPush.as(LambdaFunction.INBOX, true, () -> {
            PUSH_ENDPOINTS.delete("arn");
            return null;
        }));
        AssertionError outside = assertThrows(AssertionError.class, () -> PUSH_ENDPOINTS.create(d));
        assertTrue(outside.getMessage().contains("outside any function"), outside.getMessage());
        AssertionError read = assertThrows(AssertionError.class,
                () -> GrantedPush.as(LambdaFunction.DEVICES, false, () -> PUSH_ENDPOINTS.create(d)));
        assertTrue(read.getMessage().startsWith("DevicesRead called SNS actions") && read.getMessage().contains("sns:CreatePlatformEndpoint"),
                read.getMessage());
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        names.sort(null);
        return names;
    }
}

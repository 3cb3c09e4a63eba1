package com.bigtimedeals.devices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.inbox.QuietHolds;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

/**
 * A push's one read ({@link DeviceStore#pushTargets}): the devices and the settings in one Query, whatever else the
 * user's partition holds (tombstones of removed devices, pushes held in quiet hours), which it must neither answer nor
 * pay for.
 */
class DeviceStoreTest extends DynamoDbTest {
    final Table table = table(newTable(), Clock.systemUTC());
    final DeviceStore devices = new DeviceStore(table);
    final PushService sns = new PushService();

    private Device register(String username, String token) {
        return devices.register(username, DevicePlatform.FCM, token, d -> d.withEndpoint("arn:endpoint/" + token), arn -> { }).device();
    }

    @Test
    void oneQueryReadsTheDevicesAndSettingsAndNoneOfTheTombstonesOrHeldPushes() {
        // Forty devices registered and removed (forty tombstones) and forty pushes held: all in DEVICES#ann.
        for (int i = 0; i < 40; i++) {
            Device gone = register("ann", "gone-" + i + "-" + "t".repeat(40));
            assertTrue(devices.removeKnown("ann", gone));
        }
        QuietHolds holds = new QuietHolds(table);
        for (int i = 0; i < 40; i++) {
            holds.hold(new Message("m" + i, "ann", "A deal " + "s".repeat(80), "b".repeat(200), "deal" + i, true,
                    Instant.now(), MessageKind.WATCH), Instant.now().plusSeconds(3_600));
        }
        Device first = register("ann", "phone-1");
        Device second = register("ann", "phone-2");
        NotificationSettings quiet = new NotificationSettings(true, false, true, true,
                new NotificationSettings.QuietHours("22:00", "07:00", "Europe/Berlin"));
        devices.putSettings("ann", quiet);

        RequestMeter.reset();
        DeviceStore.Targets read = devices.pushTargets("ann");
        RequestMeter.Usage used = RequestMeter.usage();

        assertEquals(List.of(first.id(), second.id()), read.devices().stream().map(Device::id).toList(), "oldest first");
        assertEquals("arn:endpoint/phone-1", read.devices().get(0).endpointArn());
        assertEquals(quiet, read.settings());
        assertEquals(1, used.requests(), "devices and settings in one request");
        // Strongly consistent, two devices and the settings: one 4 KB read unit. The 80 other items (over 20 KB) would
        // cost six more.
        assertEquals(1.0, used.readUnits(), "the tombstones and held pushes are outside the key condition");
    }

    /**
     * Ten accounts registering one phone's token at the same moment (found over HTTP: 6 of 78 such POST /me/devices
     * answered 503 "the device is busy" after four tries): each registration moves the token in turn and none fails;
     * one account holds it at the end, on one device.
     */
    @Test
    void accountsRacingOneTokenAllRegisterAndOneHoldsIt() throws Exception {
        String token = "one-phone-token-" + "r".repeat(30);
        List<String> users = List.of("u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9", "u10");
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(users.size());
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(users.size());
        try {
            List<java.util.concurrent.Future<Device>> done = new java.util.ArrayList<>();
            for (String u : users) {
                done.add(pool.submit(() -> {
                    start.await();
                    return register(u, token);
                }));
            }
            for (var f : done) {
                f.get(); // an exception here is the 503 this test is about
            }
        } finally {
            pool.shutdownNow();
        }
        long holders = users.stream().filter(u -> !devices.list(u).isEmpty()).count();
        assertEquals(1, holders, "the token belongs to one account alone");
        assertEquals(1, users.stream().mapToInt(u -> devices.list(u).size()).sum());
    }

    /**
     * At most 10 devices, also when one user's registrations arrive at once (found over HTTP: 8 devices, then 12
     * registrations at the same moment, left 20): each registration's transaction holds the device set's version as
     * it read it, so the later ones read again and remove the oldest.
     */
    @Test
    void registrationsArrivingAtOnceKeepTheUserAtTenDevices() throws Exception {
        for (int i = 0; i < 6; i++) {
            register("dan", "before-" + i + "-" + "b".repeat(20));
        }
        int racing = 8;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(racing);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(racing);
        try {
            List<java.util.concurrent.Future<Device>> done = new java.util.ArrayList<>();
            for (int i = 0; i < racing; i++) {
                String token = "racing-" + i + "-" + "r".repeat(20);
                done.add(pool.submit(() -> {
                    start.await();
                    return register("dan", token);
                }));
            }
            for (var f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<Device> left = devices.list("dan");
        assertEquals(DeviceStore.MAX_PER_USER, left.size(), "the ten newest");
        assertTrue(left.stream().noneMatch(d -> d.token().startsWith("before-0") || d.token().startsWith("before-1")
                || d.token().startsWith("before-2") || d.token().startsWith("before-3")), "the four oldest went");
        assertEquals(left.size(), devices.pushTargets("dan").devices().size(), "a push reads the same devices");
    }

    @Test
    void aUserWhoNeverSetTheSettingsHasTheDefaultsAndOneWithoutDevicesNone() {
        Device phone = register("bob", "bob-phone");
        DeviceStore.Targets bob = devices.pushTargets("bob");
        assertEquals(List.of(phone.id()), bob.devices().stream().map(Device::id).toList());
        assertEquals(NotificationSettings.DEFAULTS, bob.settings());
        assertEquals(devices.settings("bob"), bob.settings(), "the same settings GET /me/notifications answers");

        NotificationSettings off = new NotificationSettings(false, false, false, false, null);
        devices.putSettings("cy", off);
        DeviceStore.Targets cy = devices.pushTargets("cy");
        assertTrue(cy.devices().isEmpty());
        assertEquals(off, cy.settings());
        assertEquals(off, devices.settings("cy"));
    }

    /**
     * The race of a removed device's DeleteEndpoint and a registration of the same token in between, against a push
     * service that, as SNS's CreatePlatformEndpoint, answers a token's existing endpoint: the late delete must not take
     * the endpoint the new device holds.
     */
    @Test
    void aTokenRegisteredAgainBeforeItsOldEndpointIsDeletedKeepsAnEndpointThatExists() {
        String token = "moving-" + "t".repeat(40);
        Device old = devices.register("ann", DevicePlatform.FCM, token, sns::create, sns::delete).device();
        assertTrue(devices.removeKnown("ann", old)); // DELETE /me/devices/{id}: removed, its endpoint not yet deleted
        Device again = devices.register("bob", DevicePlatform.FCM, token, sns::create, sns::delete).device();
        devices.releaseEndpoint(old, sns::delete); // the removal's DeleteEndpoint, arriving late

        assertTrue(sns.endpointOfToken.containsValue(again.endpointArn()), "bob's endpoint exists: " + again.endpointArn());
        assertTrue(!again.endpointArn().equals(old.endpointArn()), "a new endpoint, which the old one's delete cannot reach");
        assertEquals(List.of(again.endpointArn()), devices.devicesToPush("bob").stream().map(Device::endpointArn).toList());
        // And removed again with nobody registering in between: its endpoint goes, and nothing of the token is left.
        assertTrue(devices.removeKnown("bob", again));
        devices.releaseEndpoint(again, sns::delete);
        assertTrue(sns.endpointOfToken.isEmpty());
        assertTrue(table.client().getItem(b -> b.tableName(table.name())
                .key(DeviceKeys.pushToken(DeviceStore.digest(DevicePlatform.FCM, token)))).item().isEmpty());
    }

    /**
     * An 11th device pushes the oldest out and its endpoint is deleted, but its token's release mark is left (the
     * route's third request is its last): the mark names no user, expires a day on, and the token registered again
     * (by anyone) still gets an endpoint that exists, and a live device, not the mark's leftovers.
     */
    @Test
    void aPushedOutDevicesMarkIsLeftNamingNoUserAndItsTokenRegistersAgain() {
        String oldest = "oldest-" + "t".repeat(40);
        devices.register("ann", DevicePlatform.FCM, oldest, sns::create, sns::delete);
        for (int i = 1; i < DeviceStore.MAX_PER_USER; i++) {
            devices.register("ann", DevicePlatform.FCM, "phone-" + i + "-" + "t".repeat(40), sns::create, sns::delete);
        }
        DeviceStore.Registration eleventh = devices.register("ann", DevicePlatform.FCM, "newest-" + "t".repeat(40), sns::create, sns::delete);
        assertEquals(1, eleventh.removed().size());
        Device pushedOut = eleventh.removed().get(0);
        assertEquals(oldest, pushedOut.token());
        devices.deleteEndpointLeavingMark(pushedOut, sns::delete);
        assertTrue(!sns.endpointOfToken.containsKey(oldest), "the pushed-out device's endpoint is gone");

        var mark = table.client().getItem(b -> b.tableName(table.name())
                .key(DeviceKeys.pushToken(DeviceStore.digest(DevicePlatform.FCM, oldest))).consistentRead(true)).item();
        assertEquals(pushedOut.endpointArn(), mark.get(DeviceStore.RELEASING).s());
        assertTrue(!mark.containsKey("username"), "the mark names no user: " + mark);
        long expires = Long.parseLong(mark.get(com.bigtimedeals.platform.TableDefinition.TTL_ATTRIBUTE).n());
        long inADay = Instant.now().plus(DeviceStore.MARK_LIFETIME).getEpochSecond();
        assertTrue(expires > Instant.now().getEpochSecond() && expires <= inADay, "expires within a day: " + expires);

        Device again = devices.register("bob", DevicePlatform.FCM, oldest, sns::create, sns::delete).device();
        assertTrue(sns.endpointOfToken.containsValue(again.endpointArn()), "bob's endpoint exists: " + again.endpointArn());
        assertEquals(List.of(again.endpointArn()), devices.devicesToPush("bob").stream().map(Device::endpointArn).toList());
        assertEquals(DeviceStore.MAX_PER_USER, devices.devicesToPush("ann").size());
    }

    /** A push service that, as SNS's CreatePlatformEndpoint, answers a token's existing endpoint. */
    private static final class PushService {
        final java.util.Map<String, String> endpointOfToken = new java.util.concurrent.ConcurrentHashMap<>();
        private final java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();

        Device create(Device d) {
            return d.withEndpoint(endpointOfToken.computeIfAbsent(d.token(), t -> "arn:endpoint/" + made.incrementAndGet()));
        }

        void delete(String arn) {
            endpointOfToken.values().remove(arn);
        }
    }
}

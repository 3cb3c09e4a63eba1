package com.bigtimedeals.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.service.PushEndpoints;
import com.bigtimedeals.topology.PushAccess;

/**
 * What the devices routes' container holds for SNS: the client built at start-up only where the environment names a
 * platform application (the devices write function, as the stack sets it from PushAccess), else built on first use.
 */
class DevicesPushTest {
    @Test
    void onlyTheFunctionThatMakesEndpointsBuildsTheClientAtStartUp() {
        Settings read = Settings.of(Map.of("AWS_REGION", "us-east-1"));
        PushOnFirstUse lazy = assertInstanceOf(PushOnFirstUse.class, Container.devicesPush(read));
        assertFalse(lazy.built());
        for (String variable : new String[] {PushAccess.FCM_APPLICATION_VARIABLE, PushAccess.APNS_APPLICATION_VARIABLE}) {
            Settings write = Settings.of(Map.of("AWS_REGION", "us-east-1", variable, "arn:aws:sns:us-east-1:1:app/GCM/x"));
            assertInstanceOf(SnsPush.class, Container.devicesPush(write), variable);
        }
    }

    @Test
    void pushOnFirstUseBuildsOnceOnTheFirstCall() {
        AtomicInteger builds = new AtomicInteger();
        AtomicInteger deletes = new AtomicInteger();
        PushOnFirstUse push = new PushOnFirstUse(() -> {
            builds.incrementAndGet();
            return new PushEndpoints() {
                @Override
                public String create(Device device) {
                    return "arn";
                }

                @Override
                public void delete(String endpointArn) {
                    deletes.incrementAndGet();
                }
            };
        });
        assertEquals(0, builds.get());
        push.delete("a");
        push.delete("b");
        assertTrue(push.built());
        assertEquals(1, builds.get());
        assertEquals(2, deletes.get());
    }
}

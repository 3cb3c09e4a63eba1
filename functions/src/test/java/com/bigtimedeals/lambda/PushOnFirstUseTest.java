package com.bigtimedeals.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.domain.Device;
import com.bigtimedeals.domain.DevicePlatform;
import com.bigtimedeals.service.PushEndpoints;

/**
 * The devices function's push service is built on first use (its reads never build the SNS client), once, and before
 * a SnapStart snapshot when no request built it yet.
 */
class PushOnFirstUseTest {
    /** Records what reaches the push service; counts how often it is built. */
    private static final class Recording implements PushEndpoints {
        final List<String> calls = new ArrayList<>();

        @Override
        public String create(Device device) {
            calls.add("create " + device.token());
            return "arn:endpoint/" + device.token();
        }

        @Override
        public void delete(String endpointArn) {
            calls.add("delete " + endpointArn);
        }
    }

    private static final Device DEVICE = new Device("d1", DevicePlatform.FCM, "token-1", Instant.EPOCH, null);

    @Test
    void builtOnceOnFirstUseAndNotBefore() {
        AtomicInteger builds = new AtomicInteger();
        Recording service = new Recording();
        PushOnFirstUse push = new PushOnFirstUse(() -> {
            builds.incrementAndGet();
            return service;
        });
        assertFalse(push.isBuilt());
        assertEquals(0, builds.get());

        assertEquals("arn:endpoint/token-1", push.create(DEVICE));
        push.delete("arn:endpoint/token-1");
        assertEquals(1, builds.get());
        assertEquals(List.of("create token-1", "delete arn:endpoint/token-1"), service.calls);
    }

    @Test
    void builtBeforeASnapshot() {
        AtomicInteger builds = new AtomicInteger();
        PushOnFirstUse push = new PushOnFirstUse(() -> {
            builds.incrementAndGet();
            return new Recording();
        });
        push.beforeCheckpoint(null);
        assertTrue(push.isBuilt());
        push.create(DEVICE);
        assertEquals(1, builds.get());
    }
}

package com.bigtimedeals.lambda;

import java.util.Map;
import java.util.function.Supplier;

import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

import com.bigtimedeals.domain.Device;
import com.bigtimedeals.service.PushEndpoints;

/**
 * The push service, built when a request first needs it (registering or removing a device), not at init: the devices
 * routes' reads (GET /me/devices, the notification settings) never call it, and building the SNS client (its SDK
 * module, endpoint rules and marshallers) made their cold start load about 350 classes more than any other
 * handler's. Under SnapStart it is built before the snapshot instead ({@link #beforeCheckpoint}), as it was at init
 * before, so a restored function's first registration does not pay for it.
 */
final class PushOnFirstUse implements PushEndpoints, Resource {
    private final Supplier<PushEndpoints> build;
    private volatile PushEndpoints built;

    PushOnFirstUse(Supplier<PushEndpoints> build) {
        this.build = build;
        Core.getGlobalContext().register(this);
    }

    private PushEndpoints push() {
        PushEndpoints p = built;
        if (p == null) {
            synchronized (this) {
                if (built == null) {
                    built = build.get();
                }
                p = built;
            }
        }
        return p;
    }

    /** Whether the client has been built (tests: a read does not build it). */
    boolean isBuilt() {
        return built != null;
    }

    @Override
    public String create(Device device) {
        return push().create(device);
    }

    @Override
    public void delete(String endpointArn) {
        push().delete(endpointArn);
    }

    @Override
    public Outcome publish(Device device, String title, String body, Map<String, String> data, String collapseKey) {
        return push().publish(device, title, body, data, collapseKey);
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        push();
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        // The client's credentials provider refreshes what it cached before the snapshot once it is stale.
    }
}

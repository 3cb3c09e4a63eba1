package com.bigtimedeals.lambda;

import java.util.Map;
import java.util.function.Supplier;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.service.PushEndpoints;

/**
 * Push endpoints built on their first call: what a function whose routes may never call SNS holds, so that the SNS
 * SDK is loaded and its client built only if one does (this class names no SNS type, so loading it loads none).
 */
final class PushOnFirstUse implements PushEndpoints {
    private final Supplier<PushEndpoints> build;
    private volatile PushEndpoints built;

    PushOnFirstUse(Supplier<PushEndpoints> build) {
        this.build = build;
    }

    /** Whether a call has built the client (the read routes' test holds that none does). */
    boolean built() {
        return built != null;
    }

    private PushEndpoints push() {
        PushEndpoints p = built;
        if (p == null) {
            synchronized (this) {
                p = built;
                if (p == null) {
                    p = build.get();
                    built = p;
                }
            }
        }
        return p;
    }

    @Override
    public String create(Device device) {
        return push().create(device);
    }

    @Override
    public String ensure(Device device) {
        return push().ensure(device);
    }

    @Override
    public void delete(String endpointArn) {
        push().delete(endpointArn);
    }

    @Override
    public Outcome publish(Device device, String title, String body, Map<String, String> data, String collapseKey) {
        return push().publish(device, title, body, data, collapseKey);
    }
}

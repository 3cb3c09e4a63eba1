package com.bigtimedeals.service;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.devices.DevicePlatform;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.devices.NotificationSettings;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Table;

/** The caller's devices and notification settings (api.md, "Devices and push"). */
public final class DeviceService {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceService.class);
    private final DeviceStore devices;
    private final PushEndpoints endpoints;

    public DeviceService(DeviceStore devices, PushEndpoints endpoints) {
        this.devices = devices;
        this.endpoints = endpoints;
    }

    public static DeviceService of(Table table, PushEndpoints endpoints) {
        return new DeviceService(new DeviceStore(table), endpoints);
    }

    /**
     * Registers the token for the caller. The endpoint is made before the device is written (its ARN is kept with the
     * device), and CreatePlatformEndpoint answers the same ARN for the same token: a retried or lost request makes no
     * second endpoint, and a token moving from another account keeps its endpoint. The caller's oldest device, removed
     * past the limit, has its endpoint deleted after the transaction that removed it.
     *
     * <p>The same token registered again (an app registers at every start) finds the caller's device, and its endpoint
     * is made enabled again: SNS disables an endpoint when the platform says its token is dead, and a dead device whose
     * removal was cut short (the sender killed between removing it and deleting its endpoint, or a push not yet sent
     * since SNS learned it) would otherwise keep a disabled endpoint and get nothing. An endpoint gone at SNS is made
     * again and the device given its ARN, conditioned on the ARN it held (a device removed or moved meanwhile is left
     * as it is: the endpoint is the token's, so whoever holds the token has it).
     */
    public DeviceStore.Registration register(String username, String platform, String token) {
        DevicePlatform p = DevicePlatform.fromWire(platform);
        DeviceStore.Registration r = devices.register(username, p, p.checkToken(token), d -> d.withEndpoint(endpoints.create(d)),
                endpoints::delete);
        // The pushed-out device's endpoint goes; its token's release mark stays (DeviceStore#deleteEndpointLeavingMark),
        // which keeps this route at 3 DynamoDB requests. Best effort: the registration has committed, so SNS throttled
        // or unreachable must not answer it 5xx, and the mark left in place has the token's next registration delete
        // the endpoint (an endpoint of a removed device is never published to: no device names it).
        for (Device removed : r.removed()) {
            try {
                devices.deleteEndpointLeavingMark(removed, endpoints::delete);
            } catch (RuntimeException e) {
                LOG.warn("Could not delete a pushed-out device's push endpoint ({}); its release mark keeps it due",
                        e.getClass().getSimpleName());
            }
        }
        Device d = r.device();
        if (!r.created() && d.endpointArn() != null) {
            String arn;
            try {
                arn = endpoints.ensure(d);
            } catch (DomainException e) {
                throw e;
            } catch (RuntimeException e) {
                // Best effort: the device is registered and answered as it stands. An app registers at every start,
                // so SNS throttled or unreachable must not turn that 200 into a 5xx; the next start ensures again.
                // (The token is never logged: only the failure's type.)
                LOG.warn("Could not check a registered device's push endpoint ({}); answered as stored", e.getClass().getSimpleName());
                return r;
            }
            if (!arn.equals(d.endpointArn()) && devices.replaceEndpoint(username, d, arn)) {
                return new DeviceStore.Registration(d.withEndpoint(arn), false, List.of());
            }
        }
        return r;
    }

    public List<Device> list(String username) {
        return devices.list(username);
    }

    /** Removes the device, then its endpoint (a removal repeated after a crash between the two finds a tombstone). */
    public void remove(String username, String deviceId) {
        Device removed = devices.remove(username, deviceId);
        if (removed != null) {
            deleteEndpoint(removed);
        }
    }

    public NotificationSettings settings(String username) {
        return devices.settings(username);
    }

    public NotificationSettings replaceSettings(String username, NotificationSettings settings) {
        return devices.putSettings(username, settings);
    }

    /** After its removal committed: a registration of the token meanwhile is safe ({@link DeviceStore#releaseEndpoint}). */
    private void deleteEndpoint(Device d) {
        devices.releaseEndpoint(d, endpoints::delete);
    }
}

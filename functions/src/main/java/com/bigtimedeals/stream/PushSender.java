package com.bigtimedeals.stream;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import com.bigtimedeals.data.DeviceStore;
import com.bigtimedeals.data.PushStore;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.domain.Device;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.NotificationSettings;
import com.bigtimedeals.service.PushEndpoints;

/**
 * Every new inbox message is a push to each of the recipient's devices whose settings allow its kind (api.md,
 * "Devices and push"). The push service is built on the first message (so a consumer that sends none never loads the
 * SNS SDK). Per (message, device), in this order:
 * <ol>
 * <li>the devices and settings are read strongly consistent, so a device removed or a kind switched off before the
 * record is handled gets nothing;</li>
 * <li>the claim is written create-only ({@link PushStore#claim}): a redelivered, retried or redriven record, or a
 * second consumer racing on it, finds the claim and sends nothing, so no device gets a message twice;</li>
 * <li>the push is handed to the push service;</li>
 * <li>the claim is marked with the outcome, and a device the service reports gone is removed (with its endpoint), so
 * it gets nothing more and leaves GET /me/devices.</li>
 * </ol>
 * A failure in 3 or 4 (the service unreachable, a throttle) fails the record, and its redelivery skips the claimed
 * devices: at most one push per message and device, never two.
 */
public final class PushSender {
    private final DeviceStore devices;
    private final PushStore claims;
    private final Supplier<PushEndpoints> service;
    private volatile PushEndpoints built;

    public PushSender(Table table, Supplier<PushEndpoints> service) {
        this.devices = new DeviceStore(table);
        this.claims = new PushStore(table);
        this.service = service;
    }

    void send(Message m) {
        // Devices first: most recipients of a blast have none, and cost this one Query.
        List<Device> targets = devices.devicesToPush(m.username());
        if (targets.isEmpty()) {
            return;
        }
        NotificationSettings settings = devices.settings(m.username());
        if (!settings.allows(m.kind())) {
            return; // the inbox has it; this kind is not pushed
        }
        for (Device d : targets) {
            if (d.endpointArn() == null || !claims.claim(m.id(), d.id(), m.username())) {
                continue;
            }
            Map<String, String> data = new LinkedHashMap<>();
            data.put("messageId", m.id());
            if (m.dealId() != null) {
                data.put("dealId", m.dealId());
            }
            data.put("kind", m.kind().wire());
            PushEndpoints.Outcome outcome = push().publish(d, m.subject(), m.body(), data, m.dealId());
            claims.mark(m.id(), d.id(), outcome.name().toLowerCase(java.util.Locale.ROOT));
            if (outcome == PushEndpoints.Outcome.GONE && devices.removeKnown(m.username(), d)) {
                push().delete(d.endpointArn());
            }
        }
    }

    /**
     * An account being deleted: each of its devices' endpoints deleted at the push service, then the device (endpoint
     * first, so a crash between the two leaves a device whose next deletion step deletes the endpoint again, which is
     * no error, rather than an endpoint nobody knows of). Every step of the deletion's walk calls this: after the first,
     * one Query that finds nothing.
     */
    void forget(String username) {
        for (Device d : devices.devicesToPush(username)) {
            if (d.endpointArn() != null) {
                push().delete(d.endpointArn());
            }
            devices.removeKnown(username, d);
        }
    }

    private PushEndpoints push() {
        PushEndpoints p = built;
        if (p == null) {
            synchronized (this) {
                if (built == null) {
                    built = service.get();
                }
                p = built;
            }
        }
        return p;
    }
}

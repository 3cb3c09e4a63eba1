package com.bigtimedeals.stream;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.devices.NotificationSettings;
import com.bigtimedeals.devices.PushStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.QuietHolds;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.service.PushEndpoints;

/**
 * Every new inbox message is a push to each of the recipient's devices whose settings allow its kind (api.md,
 * "Devices and push"), unless the recipient is in their quiet hours: then it is held, and when the hours end their
 * devices get one summary push instead. The push service is built on the first push (so a consumer that sends none
 * never loads the SNS SDK). Per message:
 * <ol>
 * <li>the devices and settings are read strongly consistent, in one Query ({@link DeviceStore#pushTargets}), so a
 * device removed or a kind switched off before the record is handled gets nothing;</li>
 * <li>inside quiet hours (their zone, {@link NotificationSettings.QuietHours#endOfWindowHolding}): held
 * ({@link QuietHolds#hold}), nothing sent;</li>
 * <li>otherwise, per device, {@link #deliver}: claim, Publish, mark.</li>
 * </ol>
 * Exactly one push per (message, device): the claim ({@link PushStore#claim}) makes a redelivered, retried or
 * redriven record, or a racing consumer, send nothing twice; its lease makes a sender killed between claim and Publish
 * lose nothing (the next delivery takes the claim over); the collapse key makes the one case left, a sender killed
 * after the push service accepted the push and before the mark, show the user one notification.
 */
public final class PushSender {
    private final DeviceStore devices;
    private final PushStore claims;
    private final QuietHolds holds;
    private final Table table;
    private final Supplier<PushEndpoints> service;
    private volatile PushEndpoints built;
    /** How a sender waits for another's lease to run out (a test's clock moves instead). */
    private Pause pause = millis -> Thread.sleep(millis);

    interface Pause {
        void sleep(long millis) throws InterruptedException;
    }

    public PushSender(Table table, Supplier<PushEndpoints> service) {
        this.table = table;
        this.devices = new DeviceStore(table);
        this.claims = new PushStore(table);
        this.holds = new QuietHolds(table);
        this.service = service;
    }

    PushSender pausingWith(Pause p) {
        this.pause = p;
        return this;
    }

    void send(Message m) {
        // Devices and settings in one Query (they sort side by side in the user's partition): a recipient of a blast
        // with no phone costs this one request, and one with phones this and then a claim and a mark per device.
        DeviceStore.Targets read = devices.pushTargets(m.username());
        List<Device> targets = read.devices();
        if (targets.isEmpty()) {
            return;
        }
        NotificationSettings settings = read.settings();
        if (!settings.allows(m.kind())) {
            return; // the inbox has it; this kind is not pushed
        }
        Instant quietUntil = quietUntil(settings);
        if (quietUntil != null) {
            // Each device's claim is written as held first (PushStore#hold): a redelivery of this record after the
            // window ended finds it done and pushes nothing the summary counted. A record whose push reached every
            // device before the window began (a redelivery across its start) is not held again.
            boolean anyHeld = false;
            for (Device d : targets) {
                anyHeld |= claims.hold(m.id(), d.id(), m.username());
            }
            if (!anyHeld) {
                return;
            }
            holds.hold(m, quietUntil);
            Instant now = table.clock().instant();
            if (!now.isBefore(quietUntil)) {
                // The window ended while this was held (a stall between the read and the writes): its wake may have
                // read the held pushes already, so one more is planned for now rather than leave this one held.
                holds.planEnd(m.username(), now);
            }
            return;
        }
        Map<String, String> data = new LinkedHashMap<>();
        data.put("messageId", m.id());
        if (m.dealId() != null) {
            data.put("dealId", m.dealId());
        }
        data.put("kind", m.kind().wire());
        // One notification per deal on the phone, and so also for two copies of one push.
        String collapse = m.dealId() != null ? m.dealId() : m.id();
        for (Device d : targets) {
            deliver(m.id(), m.username(), d, m.subject(), m.body(), data, collapse);
        }
    }

    /**
     * The user's quiet hours may have ended (the sweeper woke them at a window's end, or their settings changed). With
     * pushes held and the user no longer quiet by the settings as they stand now, their devices get one summary: kind
     * {@code summary}, the body naming how many held messages (of the kinds still allowed) arrived. Still quiet (the
     * hours moved later, or a new window began): the end of the window they are in now is planned, and the held pushes
     * wait for it. In order:
     * <ol>
     * <li>the held pushes, read strongly consistent: none (the common case, and every wake after the summary) is 1
     * Query and done;</li>
     * <li>the summary's id is {@code summary-<the oldest held message>}: the same for every wake until the held pushes
     * are released, so a wake redelivered, retried or racing another (two due items, a settings change) claims the
     * same (summary, device) pairs and each device gets it once;</li>
     * <li>per device, claim, Publish, mark, as for a message;</li>
     * <li>the held pushes released, the oldest last ({@link QuietHolds#release}): a crash before that ends wakes again
     * to the same id, and its claims say which devices have it.</li>
     * </ol>
     */
    void wake(String username) {
        List<QuietHolds.Held> held = holds.held(username);
        if (held.isEmpty()) {
            return;
        }
        DeviceStore.Targets read = devices.pushTargets(username);
        NotificationSettings settings = read.settings();
        Instant quietUntil = quietUntil(settings);
        if (quietUntil != null) {
            holds.planEnd(username, quietUntil);
            return;
        }
        long count = held.stream().filter(h -> settings.allows(h.kind())).count();
        String id = "summary-" + held.get(0).messageId();
        if (count > 0) {
            String title = count == 1 ? "1 new deal" : count + " new deals";
            String body = title + " arrived in your quiet hours";
            Map<String, String> data = new LinkedHashMap<>();
            data.put("kind", "summary");
            data.put("count", Long.toString(count));
            String deal = held.stream().map(QuietHolds.Held::dealId).distinct().count() == 1 ? held.get(0).dealId() : null;
            if (deal != null) {
                data.put("dealId", deal); // every held push was about one deal: the summary opens it
            }
            for (Device d : read.devices()) {
                deliver(id, username, d, title, body, data, id);
            }
        }
        holds.release(username, held);
    }

    /** When the quiet window that holds this moment ends, or null when the user is not in quiet hours now. */
    private Instant quietUntil(NotificationSettings settings) {
        return settings.quietHours() == null ? null : settings.quietHours().endOfWindowHolding(table.clock().instant());
    }

    /**
     * One push to one device, exactly once ({@link PushStore}):
     * <ol>
     * <li>claim: SEND (ours, new or taken over from a dead sender), DONE (sent before: nothing), or BUSY (another
     * sender's live lease): look again until it is DONE (a live sender marked it) or the lease runs out and this
     * delivery takes it over, so a push whose sender died is sent by this delivery; a lease still live after that (another
     * delivery took the claim over meanwhile) fails the record, which is delivered again later and finds it sent,
     * never skipped;</li>
     * <li>Publish with the collapse key; a Publish SNS refused ({@link PushEndpoints.Refused}) gives the lease up, so
     * the record's redelivery sends at once; one that may have been delivered (a timeout) keeps it, so a redelivery
     * sends again only after the lease ran out;</li>
     * <li>mark sent (or gone): every later delivery finds it DONE. A device the service reports gone is removed (with
     * its endpoint), so it gets nothing more and leaves GET /me/devices.</li>
     * </ol>
     */
    private void deliver(String pushId, String username, Device d, String title, String body, Map<String, String> data,
                         String collapse) {
        if (d.endpointArn() == null) {
            return;
        }
        // The lease's owner is this attempt alone: two threads racing on one push (two wakes of one user in a batch)
        // are two owners, so only one of them sends.
        String owner = UUID.randomUUID().toString();
        PushStore.Claim claim = claims.claim(pushId, d.id(), username, owner);
        if (claim.verdict() == PushStore.Verdict.BUSY) {
            // A live sender finishes within a second (its mark: DONE), a dead one's lease runs out (SEND, taken over):
            // look again every quarter second until the lease as first read has run out, then once more.
            Instant until = claim.leaseUntil();
            while (claim.verdict() == PushStore.Verdict.BUSY && table.clock().instant().isBefore(until.plusMillis(50))) {
                long left = Duration.between(table.clock().instant(), until).toMillis() + 50;
                try {
                    pause.sleep(Math.max(1, Math.min(250, left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted waiting for a push's lease", e);
                }
                claim = claims.claim(pushId, d.id(), username, owner);
            }
            if (claim.verdict() == PushStore.Verdict.BUSY) {
                throw new PushBusyException(pushId, d.id());
            }
        }
        if (claim.verdict() == PushStore.Verdict.DONE) {
            return;
        }
        PushEndpoints.Outcome outcome;
        try {
            outcome = push().publish(d, title, body, data, collapse);
        } catch (PushEndpoints.Refused e) {
            // SNS refused every attempt (a throttle): certainly not sent, so the redelivery claims it at once rather
            // than wait the lease out.
            claims.release(pushId, d.id(), owner);
            throw e;
        }
        // Any other failure (a timeout, a cut connection, a 5xx) escapes with the lease kept: the push may have been
        // handed on, as after a kill -9 past the Publish, so it is the residual window's case and no quicker. The
        // record's redelivery finds the claim BUSY, and only once the lease has run out takes it over and sends again
        // (the same collapse key: one notification on the phone); releasing here would send a second copy at once.
        claims.mark(claim, outcome.name().toLowerCase(Locale.ROOT));
        if (outcome == PushEndpoints.Outcome.GONE && devices.removeKnown(username, d)) {
            devices.releaseEndpoint(d, arn -> push().delete(arn));
        }
    }

    /** Another live sender holds the push's lease: the record fails, and its next delivery finds the push sent. */
    static final class PushBusyException extends RuntimeException {
        PushBusyException(String pushId, String deviceId) {
            super("push " + pushId + " to device " + deviceId + " is being sent by another consumer");
        }
    }

    /**
     * An account being deleted: each of its devices removed, then its endpoint deleted at the push service (the order
     * that keeps a registration of the same token in between safe: {@link DeviceStore#releaseEndpoint}). A crash between
     * the two leaves the endpoint named by the token's release mark, deleted by the token's next registration; a device
     * removed concurrently (its token moved to another account, which keeps the endpoint) is not this call's to release.
     * Every step of the deletion's walk calls this: after the first, one Query that finds nothing.
     */
    void forget(String username) {
        for (Device d : devices.devicesToPush(username)) {
            if (devices.removeKnown(username, d)) {
                devices.releaseEndpoint(d, arn -> push().delete(arn));
            }
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

package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.devices.Device;
import com.bigtimedeals.devices.DevicePlatform;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.service.PushEndpoints;

/**
 * A batch's pushes sent side by side ({@link PushRuns}): really at once (the push service holds its first Publishes
 * until several meet), each (message, device) pushed exactly once, also with two consumers racing on the same batch,
 * each recipient's pushes in the order of their records, and a failure reported from the earliest failed record on.
 */
class PushRunsTest extends StreamTest {
    static final int USERS = 30;
    static final int DEVICES = 2;
    static final int IN_FLIGHT = 6;
    static final Configuration SIDE_BY_SIDE = Configuration.from(SETTINGS.with(Setting.PUSHES_IN_FLIGHT, IN_FLIGHT));

    /** The push service as the sender meets it: every Publish recorded, per device in the order it came. */
    static final class RecordingPush implements PushEndpoints {
        final Map<String, AtomicInteger> perPush = new ConcurrentHashMap<>();
        final Map<String, List<String>> perDevice = new ConcurrentHashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();
        /** The first Publishes wait here until this many are in flight together: only concurrent sending passes. */
        final CyclicBarrier meet;
        final AtomicInteger toMeet;
        volatile String failFor;

        RecordingPush(int meeting) {
            this.meet = new CyclicBarrier(Math.max(1, meeting));
            this.toMeet = new AtomicInteger(meeting);
        }

        @Override
        public String create(Device device) {
            return "arn:aws:sns:us-east-1:000000000000:endpoint/GCM/test/" + device.token();
        }

        @Override
        public void delete(String endpointArn) {
        }

        @Override
        public Outcome publish(Device device, String title, String body, Map<String, String> data, String collapseKey) {
            int now = inFlight.incrementAndGet();
            mostInFlight.accumulateAndGet(now, Math::max);
            try {
                if (toMeet.getAndDecrement() > 0) {
                    meet.await(60, TimeUnit.SECONDS);
                }
                if (data.get("messageId").equals(failFor)) {
                    // Never reached the service (a refused connection): certainly not sent, so the lease is given up.
                    throw new PushEndpoints.Refused(new IllegalStateException("injected: the push service is unreachable"));
                }
                perPush.computeIfAbsent(data.get("messageId") + "/" + device.id(), k -> new AtomicInteger()).incrementAndGet();
                perDevice.computeIfAbsent(device.id(), k -> new CopyOnWriteArrayList<>()).add(data.get("messageId"));
                return Outcome.SENT;
            } catch (InterruptedException | java.util.concurrent.BrokenBarrierException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException("the Publishes never met: they were not sent side by side", e);
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    StreamHandler pushing(RecordingPush push) {
        return new StreamHandler(ChangeReactions.of(consumer(table), SIDE_BY_SIDE, 200, 300).withPush(new PushSender(consumer(table), () -> push)),
                SIDE_BY_SIDE);
    }

    /** USERS watchers of acme with DEVICES phones each, two new deals: the message records, in stream order. */
    List<DynamodbEvent.DynamodbStreamRecord> messages(RecordingPush push) {
        DeviceStore devices = new DeviceStore(table);
        FollowStore follows = new FollowStore(table);
        for (int u = 0; u < USERS; u++) {
            for (int d = 0; d < DEVICES; d++) {
                devices.register("u" + u, DevicePlatform.FCM, "token-of-u" + u + "-phone-" + d + "-xxxxxxxx",
                        draft -> draft.withEndpoint(push.create(draft)), push::delete);
            }
            follows.add(Likeable.BRAND, "acme", "u" + u, Relation.WATCH);
        }
        tap.drain();
        newDeal("Kettle", "acme", "tech");
        newDeal("Toaster", "acme", "tech");
        pump(60_000); // the fan-out, by the plain consumer: the messages are written, nothing is pushed
        // pump delivered the message records too (this consumer pushes nothing); a fresh read of the stream gives them.
        List<DynamodbEvent.DynamodbStreamRecord> out = new ArrayList<>();
        for (var r : new com.bigtimedeals.harness.StreamTap(client, streamsClient(), table.name()).drain()) {
            var image = r.getDynamodb().getNewImage();
            if ("INSERT".equals(r.getEventName()) && image != null && "Message".equals(image.get("Type").getS())) {
                out.add(r);
            }
        }
        assertEquals(USERS * 2, out.size());
        return out;
    }

    static String messageId(DynamodbEvent.DynamodbStreamRecord r) {
        return ChangeFeed.decode(r) instanceof com.bigtimedeals.changes.Change.MessageArrived m ? m.message().id() : null;
    }

    static String username(DynamodbEvent.DynamodbStreamRecord r) {
        return ((com.bigtimedeals.changes.Change.MessageArrived) ChangeFeed.decode(r)).message().username();
    }

    @Test
    void aBatchsPushesGoOutAtOnceEachExactlyOnceAndEachRecipientsInTheOrderOfTheirRecords() {
        RecordingPush push = new RecordingPush(IN_FLIGHT);
        List<DynamodbEvent.DynamodbStreamRecord> records = messages(push);
        assertTrue(invoke(pushing(push), records, new SyntheticContext("push", "stream", 300_000)).getBatchItemFailures().isEmpty());
        assertTrue(push.mostInFlight.get() >= IN_FLIGHT, "Publishes in flight at once: " + push.mostInFlight.get());
        assertEquals(USERS * 2 * DEVICES, push.perPush.size(), "every (message, device) pushed");
        push.perPush.forEach((key, n) -> assertEquals(1, n.get(), key + " pushed " + n.get() + " times"));
        Map<String, List<String>> expected = new HashMap<>();
        for (var r : records) {
            expected.computeIfAbsent(username(r), u -> new ArrayList<>()).add(messageId(r));
        }
        DeviceStore devices = new DeviceStore(table);
        for (int u = 0; u < USERS; u++) {
            for (Device d : devices.devicesToPush("u" + u)) {
                assertEquals(expected.get("u" + u), push.perDevice.get(d.id()), "u" + u + "'s pushes to " + d.id());
            }
        }
        // Delivered again, the batch sends nothing more.
        assertTrue(invoke(pushing(push), records, new SyntheticContext("push-again", "stream", 300_000)).getBatchItemFailures().isEmpty());
        assertEquals(USERS * 2 * DEVICES, push.perPush.size());
        push.perPush.forEach((key, n) -> assertEquals(1, n.get(), key + " pushed again"));
    }

    @Test
    void twoConsumersRacingOnOneBatchPushEachMessageToEachDeviceOnce() throws Exception {
        // The first Publishes of both consumers meet: they really race. Of the two threads on one push only its claim's
        // holder publishes (the other finds the claim, or its live lease, and waits for the mark), so the Publishes in
        // flight are one per recipient started: at least IN_FLIGHT, not twice that.
        RecordingPush push = new RecordingPush(IN_FLIGHT);
        List<DynamodbEvent.DynamodbStreamRecord> records = messages(push);
        StreamHandler first = pushing(push);
        StreamHandler second = pushing(push); // a redelivery racing the first delivery, or a second container
        ExecutorService both = Executors.newFixedThreadPool(2);
        try {
            List<Future<StreamsEventResponse>> answers = new ArrayList<>();
            for (StreamHandler consumer : List.of(first, second)) {
                answers.add(both.submit(() -> invoke(consumer, records, new SyntheticContext("push-race", "stream", 300_000))));
            }
            for (Future<StreamsEventResponse> a : answers) {
                assertTrue(a.get().getBatchItemFailures().isEmpty(), "no record failed");
            }
        } finally {
            both.shutdownNow();
        }
        assertTrue(push.mostInFlight.get() >= IN_FLIGHT, "Publishes in flight at once: " + push.mostInFlight.get());
        assertEquals(USERS * 2 * DEVICES, push.perPush.size(), "every (message, device) pushed");
        push.perPush.forEach((key, n) -> assertEquals(1, n.get(), key + " pushed " + n.get() + " times"));
    }

    @Test
    void aFailedPushIsReportedFromItsRecordOnAndTheRedeliverySendsOnlyWhatWasNotSent() throws Exception {
        RecordingPush push = new RecordingPush(IN_FLIGHT);
        List<DynamodbEvent.DynamodbStreamRecord> records = messages(push);
        int poisoned = records.size() / 3;
        push.failFor = messageId(records.get(poisoned));
        StreamsEventResponse answer = invoke(pushing(push), records, new SyntheticContext("push-fail", "stream", 300_000));
        List<String> failed = answer.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
        List<String> expected = records.subList(poisoned, records.size()).stream().map(r -> r.getDynamodb().getSequenceNumber()).toList();
        assertEquals(expected, failed, "the failed record and every record after it");
        // Every record before it is acknowledged: each of its pushes was sent.
        DeviceStore devices = new DeviceStore(table);
        for (var r : records.subList(0, poisoned)) {
            for (Device d : devices.devicesToPush(username(r))) {
                assertEquals(1, push.perPush.getOrDefault(messageId(r) + "/" + d.id(), new AtomicInteger()).get(),
                        "acknowledged record " + messageId(r) + " to " + d.id());
            }
        }
        // The mapping delivers the rest again; the push service answers now. Nothing is ever pushed twice, and every
        // record but the one whose Publish failed after its claim has its pushes (that one's claim was written: at
        // most once, PushSender).
        push.failFor = null;
        assertTrue(invoke(pushing(push), records.subList(poisoned, records.size()),
                new SyntheticContext("push-redelivered", "stream", 300_000)).getBatchItemFailures().isEmpty());
        push.perPush.forEach((key, n) -> assertEquals(1, n.get(), key + " pushed " + n.get() + " times"));
        for (var r : records) {
            if (r == records.get(poisoned)) {
                continue;
            }
            for (Device d : devices.devicesToPush(username(r))) {
                assertTrue(push.perPush.containsKey(messageId(r) + "/" + d.id()), messageId(r) + " to " + d.id());
            }
        }
    }
}

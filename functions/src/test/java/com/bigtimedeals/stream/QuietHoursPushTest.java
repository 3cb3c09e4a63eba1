package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.devices.Device;
import com.bigtimedeals.devices.DevicePlatform;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.devices.NotificationSettings;
import com.bigtimedeals.devices.PushStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.inbox.QuietHolds;
import com.bigtimedeals.lambda.GrantedAccess;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.MovableClock;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.service.PushEndpoints;
import com.bigtimedeals.topology.LambdaFunction;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Pushes on the table's real stream, through the consumer as deployed (its grants held), with a push service that
 * records what it is handed and a clock the test moves: quiet hours hold pushes and end in one summary per device
 * (across midnight, with the settings removed or moved meanwhile, at a spring-forward gap), redeliveries send nothing
 * twice, and a claim left by a dead sender is taken over once its lease runs out. No assertion depends on timing.
 */
class QuietHoursPushTest extends StreamTest {
    /** One push handed to the service. */
    record Sent(String deviceId, String title, String body, Map<String, String> data, String collapse) {
    }

    final List<Sent> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Set to make the next Publish be accepted and its sender then die (the residual window). */
    volatile boolean dieAfterNextPublish;
    /** Set to make the next Publish be refused by the service (a throttle): nothing taken. */
    volatile boolean refuseNextPublish;
    MovableClock clock;
    PushSender sender;

    @BeforeEach
    void withPush() {
        clock = new MovableClock(Instant.parse("2026-12-03T12:00:00Z"));
        table = new Table(client, table.name(), clock, table.cursors());
        PushEndpoints service = sentBy();
        sender = new PushSender(consumer(table), () -> service).pausingWith(millis -> clock.advance(java.time.Duration.ofMillis(millis)));
        handler = new StreamHandler(ChangeReactions.of(consumer(table), CONFIG, 200, 300).withPush(sender), CONFIG);
    }

    private String device(String user, DevicePlatform platform, String token) {
        return new DeviceStore(table).register(user, platform, token, d -> d.withEndpoint("arn:test:endpoint/" + token), arn -> { })
                .device().id();
    }

    private void quietHours(String user, String start, String end, String zone) {
        new DeviceStore(table).putSettings(user, new NotificationSettings(true, true, true, true,
                start == null ? null : new NotificationSettings.QuietHours(start, end, zone)));
    }

    private List<DynamodbEvent.DynamodbStreamRecord> message(String user, String about, MessageKind kind) {
        Instant now = clock.instant();
        new InboxDelivery(table, 1, RETENTION).deliver(List.of(new Message(Ids.messageId(now, user, about), user,
                "New deal: " + about, about + " for 10", "deal-" + about, true, now, kind)));
        return tap.drain();
    }

    /** The sweeper's minute, as deployed (its grants held), then everything it put on the stream delivered. */
    private int sweep() {
        int woken = GrantedAccess.checked(LambdaFunction.SWEEPER, true, () -> new QuietHolds(table).sweepDue());
        pump(60_000);
        return woken;
    }

    private List<Sent> summaries() {
        return sent.stream().filter(s -> "summary".equals(s.data().get("kind"))).toList();
    }

    /**
     * What one push costs the table (docs/data-model.md, "What one push costs"): the devices and settings in one Query,
     * the claim's PutItem and its mark's UpdateItem, 3 requests; the record delivered again costs the Query and the
     * claim found done. A user with tombstones and held pushes in the same partition pays the same.
     */
    @Test
    void aPushIsThreeTableRequestsAndItsRedeliveryTwo() {
        String gone = device("ann", DevicePlatform.FCM, "g".repeat(40));
        new DeviceStore(table).remove("ann", gone); // a tombstone in DEVICES#ann
        String phone = device("ann", DevicePlatform.FCM, "f".repeat(40));
        quietHours("ann", null, null, null);
        Instant now = clock.instant();
        Message m = new Message(Ids.messageId(now, "ann", "budget"), "ann", "New deal", "b", "deal-budget", true, now,
                MessageKind.WATCH);
        com.bigtimedeals.platform.RequestMeter.reset();
        sender.send(m);
        // A held run retries the writes that met a holder: the budget is the unheld run's, the state is both's.
        if (!held()) {
            assertEquals(3, com.bigtimedeals.platform.RequestMeter.usage().requests(), "1 Query, the claim, the mark");
        }
        assertEquals(List.of(phone), sent.stream().map(Sent::deviceId).toList());
        com.bigtimedeals.platform.RequestMeter.reset();
        sender.send(m);
        if (!held()) {
            assertEquals(2, com.bigtimedeals.platform.RequestMeter.usage().requests(), "1 Query, the claim found sent");
        }
        assertEquals(1, sent.size(), "sent once");
    }

    @Test
    void pushesInQuietHoursAcrossMidnightAreHeldThenOneSummaryPerDeviceAtTheEnd() {
        String phone = device("ann", DevicePlatform.FCM, "f".repeat(40));
        String ipad = device("ann", DevicePlatform.APNS, "ab".repeat(32));
        quietHours("ann", "22:00", "07:00", "Europe/London");
        pump(60_000);
        clock.set("2026-12-03T23:00:00Z");
        List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>();
        records.addAll(message("ann", "kettle", MessageKind.WATCH));
        records.addAll(message("ann", "lamp", MessageKind.ALERT));
        clock.set("2026-12-04T03:00:00Z");
        records.addAll(message("ann", "sofa", MessageKind.BLAST));
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty(), "a redelivery holds the same three again");
        assertEquals(List.of(), sent, "nothing is sent in quiet hours");

        clock.set("2026-12-04T06:59:30Z");
        assertEquals(0, sweep(), "06:59:30: still quiet");
        assertEquals(List.of(), sent);
        clock.set("2026-12-04T07:00:40Z");
        assertEquals(1, sweep(), "07:00 in London (GMT in December): the window's end wakes ann");
        List<Sent> summaries = summaries();
        assertEquals(2, summaries.size(), summaries.toString());
        assertEquals(java.util.Set.of(phone, ipad), summaries.stream().map(Sent::deviceId).collect(java.util.stream.Collectors.toSet()));
        for (Sent s : summaries) {
            assertEquals("3 new deals", s.title());
            assertEquals("3 new deals arrived in your quiet hours", s.body());
            assertEquals(Map.of("kind", "summary", "count", "3"), s.data(), "three deals: no one deal to open");
            assertEquals(summaries.get(0).collapse(), s.collapse());
        }
        assertEquals(2, sent.size(), "the held pushes themselves are never sent");

        clock.set("2026-12-04T07:01:40Z");
        assertEquals(0, sweep(), "the due item was woken once");
        // The woken record delivered again (a retry), and the user woken again: the summary is not sent twice.
        sender.wake("ann");
        assertEquals(2, sent.size());

        // The held records delivered again after the window (a redrive, a side-by-side batch reported from an
        // earlier failure): their claims say held, so the summary stays the only push they made.
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(2, sent.size(), "a held push redelivered after its summary is not sent");

        clock.set("2026-12-04T08:00:00Z");
        assertTrue(deliver(message("ann", "desk", MessageKind.WATCH), 60_000).getBatchItemFailures().isEmpty());
        assertEquals(4, sent.size(), "after quiet hours a push goes at once, to each device");
        assertEquals("watch", sent.get(3).data().get("kind"));
    }

    @Test
    void aPushSentBeforeTheWindowAndDeliveredAgainInsideItIsNotHeldNorSummarised() {
        String phone = device("dee", DevicePlatform.FCM, "d".repeat(40));
        quietHours("dee", "22:00", "07:00", "UTC");
        pump(60_000);
        clock.set("2026-12-03T21:59:59Z");
        List<DynamodbEvent.DynamodbStreamRecord> kettle = message("dee", "kettle", MessageKind.WATCH);
        assertTrue(deliver(kettle, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(List.of(phone), sent.stream().map(Sent::deviceId).toList(), "21:59:59: pushed at once");
        clock.set("2026-12-03T22:00:05Z");
        assertTrue(deliver(kettle, 60_000).getBatchItemFailures().isEmpty(), "delivered again, inside the window");
        clock.set("2026-12-04T07:00:40Z");
        sweep();
        assertEquals(List.of(), summaries(), "the phone has it: no summary counts it");
        assertEquals(1, sent.size());
    }

    @Test
    void quietHoursRemovedWhileHeldSummariseAtOnceAndTheOldEndSendsNothingMore() {
        String phone = device("bob", DevicePlatform.FCM, "b".repeat(40));
        quietHours("bob", "22:00", "07:00", "UTC");
        pump(60_000);
        clock.set("2026-12-03T23:00:00Z");
        pump(60_000);
        assertTrue(deliver(message("bob", "kettle", MessageKind.WATCH), 60_000).getBatchItemFailures().isEmpty());
        assertEquals(List.of(), sent);
        clock.set("2026-12-04T01:00:00Z");
        quietHours("bob", null, null, null);
        pump(60_000); // the settings' record wakes bob: no longer quiet
        assertEquals(1, summaries().size(), sent.toString());
        Sent s = summaries().get(0);
        assertEquals(phone, s.deviceId());
        assertEquals("1 new deal", s.title());
        assertEquals("deal-kettle", s.data().get("dealId"), "one deal held: the summary opens it");
        clock.set("2026-12-04T07:00:30Z");
        sweep(); // the due item planned at the first hold still wakes bob, to nothing held
        assertEquals(1, sent.size(), "one summary, not one per planned end");
    }

    @Test
    void quietHoursMovedLaterWhileHeldEndInOneSummaryAtTheNewEnd() {
        device("cy", DevicePlatform.FCM, "c".repeat(40));
        quietHours("cy", "22:00", "07:00", "UTC");
        pump(60_000);
        clock.set("2026-12-03T23:00:00Z");
        assertTrue(deliver(message("cy", "kettle", MessageKind.WATCH), 60_000).getBatchItemFailures().isEmpty());
        assertTrue(deliver(message("cy", "lamp", MessageKind.WATCH), 60_000).getBatchItemFailures().isEmpty());
        clock.set("2026-12-04T02:00:00Z");
        quietHours("cy", "22:00", "09:00", "UTC");
        pump(60_000);
        assertEquals(List.of(), sent, "still quiet under the new hours");
        clock.set("2026-12-04T07:00:30Z");
        sweep();
        assertEquals(List.of(), sent, "07:00 is no longer the end: the wake plans 09:00");
        clock.set("2026-12-04T09:00:30Z");
        sweep();
        assertEquals(1, sent.size(), sent.toString());
        assertEquals("2 new deals", sent.get(0).title());
    }

    @Test
    void aQuietEndInTheSpringForwardGapWakesAtTheEndOfTheGap() {
        device("dee", DevicePlatform.FCM, "d".repeat(40));
        clock.set("2027-03-27T12:00:00Z");
        quietHours("dee", "23:00", "01:30", "Europe/London"); // 01:30 never shows on 2027-03-28: 01:00 GMT is 02:00 BST
        pump(60_000);
        clock.set("2027-03-27T23:30:00Z");
        assertTrue(deliver(message("dee", "kettle", MessageKind.ALERT), 60_000).getBatchItemFailures().isEmpty());
        clock.set("2027-03-28T00:59:50Z");
        sweep();
        assertEquals(List.of(), sent);
        clock.set("2027-03-28T01:00:30Z");
        sweep();
        assertEquals(1, summaries().size(), "woken in the minute the gap ends, not an hour later");
    }

    @Test
    void aFallBackNightHoldsThroughTheRepeatedHourOnceAndSummarisesAtTheEnd() {
        device("eve", DevicePlatform.FCM, "e".repeat(40));
        clock.set("2026-10-24T12:00:00Z");
        quietHours("eve", "23:00", "07:00", "Europe/London");
        pump(60_000);
        clock.set("2026-10-25T00:30:00Z"); // 01:30 BST
        assertTrue(deliver(message("eve", "kettle", MessageKind.WATCH), 60_000).getBatchItemFailures().isEmpty());
        clock.set("2026-10-25T01:30:00Z"); // 01:30 GMT, the same wall-clock time again
        assertTrue(deliver(message("eve", "lamp", MessageKind.WATCH), 60_000).getBatchItemFailures().isEmpty());
        clock.set("2026-10-25T06:00:30Z"); // 06:00 GMT: 07:00 would have been BST's
        sweep();
        assertEquals(List.of(), sent, "an hour longer on the fall-back night");
        clock.set("2026-10-25T07:00:30Z");
        sweep();
        assertEquals(1, sent.size());
        assertEquals("2 new deals", sent.get(0).title());
    }

    @Test
    void theWokenRecordIsWhatTheConsumerWakesOn() {
        device("fay", DevicePlatform.FCM, "g".repeat(40));
        new QuietHolds(table).planEnd("fay", Instant.parse("2026-12-03T12:00:00Z"));
        GrantedAccess.checked(LambdaFunction.SWEEPER, true, () -> new QuietHolds(table).sweepDue());
        List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
        long woken = records.stream().filter(ChangeFeed::ofInterest).count();
        assertEquals(1, woken, "only the woken rewrite passes the consumer's filter, not the due item's first write");
    }

    @Test
    void aClaimLeftByADeadSenderIsTakenOverOnceItsLeaseRunsOutAndSentOnce() {
        String phone = device("gus", DevicePlatform.FCM, "h".repeat(40));
        clock.set("2026-12-03T13:00:00Z");
        List<DynamodbEvent.DynamodbStreamRecord> records = message("gus", "kettle", MessageKind.WATCH);
        String messageId = Ids.messageId(clock.instant(), "gus", "kettle");
        // A sender claimed the push and died (kill -9) before the push service had it: its claim is "sending".
        assertEquals(PushStore.Verdict.SEND, new PushStore(table).claim(messageId, phone, "gus", "dead-sender").verdict());
        clock.set("2026-12-03T13:00:05Z");
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(1, sent.size(), "the redelivery waited out the dead sender's lease and sent the push");
        assertFalse(clock.instant().isBefore(Instant.parse("2026-12-03T13:00:20Z")), "it waited for the lease, " + clock.instant());
        Map<String, AttributeValue> claim = client.getItem(b -> b.tableName(table.name())
                .key(Map.of("PK", AttributeValue.fromS("PUSH#" + messageId), "SK", AttributeValue.fromS("DEVICE#" + phone)))).item();
        assertEquals("sent", claim.get("state").s());
        assertEquals("1", claim.get("takeovers").n());
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(1, sent.size(), "a sent claim sends nothing more");
    }

    @Test
    void aSenderThatDiesAfterThePushServiceTookThePushSendsItAgainUnderTheSameCollapseKey() {
        device("hal", DevicePlatform.APNS, "cd".repeat(32));
        clock.set("2026-12-03T13:00:00Z");
        List<DynamodbEvent.DynamodbStreamRecord> records = message("hal", "kettle", MessageKind.WATCH);
        dieAfterNextPublish = true;
        assertFalse(deliver(records, 60_000).getBatchItemFailures().isEmpty(), "the batch failed after the Publish");
        clock.advance(PushStore.LEASE.plus(Duration.ofSeconds(1)));
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(2, sent.size(), "the residual window: accepted, never marked, so sent again");
        assertEquals(sent.get(0).collapse(), sent.get(1).collapse(), "both copies collapse into one notification");
        assertEquals("deal-kettle", sent.get(0).collapse());
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(2, sent.size());
    }

    /**
     * A Publish that failed without SNS's answer (a timeout: it may have been delivered) keeps its lease: the record's
     * redelivery right after sends nothing until the lease has run out, rather than a second copy at once.
     */
    @Test
    void aPublishThatMayHaveBeenDeliveredKeepsItsLeaseSoItsRedeliverySendsOnlyAfterTheLease() {
        device("ida", DevicePlatform.FCM, "i".repeat(40));
        clock.set("2026-12-03T13:00:00Z");
        Instant claimed = clock.instant();
        List<DynamodbEvent.DynamodbStreamRecord> records = message("ida", "kettle", MessageKind.WATCH);
        dieAfterNextPublish = true; // taken by the service, then the call failed (its answer lost)
        assertFalse(deliver(records, 60_000).getBatchItemFailures().isEmpty(), "the batch failed after the Publish");
        assertEquals(1, sent.size());
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(2, sent.size(), "sent again: it may never have left");
        assertFalse(clock.instant().isBefore(claimed.plus(PushStore.LEASE)), "only once the lease ran out, " + clock.instant());
        assertEquals(sent.get(0).collapse(), sent.get(1).collapse(), "one notification on the phone");
    }

    /** A Publish SNS refused (a throttle on every attempt) was certainly not sent: its lease is given up at once. */
    @Test
    void aPublishTheServiceRefusedGivesItsLeaseUpSoItsRedeliverySendsAtOnce() {
        device("jon", DevicePlatform.FCM, "j".repeat(40));
        clock.set("2026-12-03T13:00:00Z");
        Instant claimed = clock.instant();
        List<DynamodbEvent.DynamodbStreamRecord> records = message("jon", "kettle", MessageKind.WATCH);
        refuseNextPublish = true;
        assertFalse(deliver(records, 60_000).getBatchItemFailures().isEmpty(), "the batch failed on the refusal");
        assertTrue(sent.isEmpty());
        assertTrue(deliver(records, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(1, sent.size(), "sent once, by the redelivery");
        assertTrue(clock.instant().isBefore(claimed.plusSeconds(1)), "without waiting for the lease, " + clock.instant());
    }

    @Test
    void aHoldWrittenAfterItsWindowEndedAndItsWakeIsWokenAgainNeverLeftHeld() {
        device("ivy", DevicePlatform.FCM, "i".repeat(40));
        quietHours("ivy", "22:00", "07:00", "UTC");
        pump(60_000);
        clock.set("2026-12-04T06:59:59Z");
        List<DynamodbEvent.DynamodbStreamRecord> records = message("ivy", "kettle", MessageKind.WATCH);
        // The consumer judges the push quiet at 06:59:59, then stalls before its held item is written: meanwhile the
        // window ends, the sweeper wakes ivy and the wake finds nothing held.
        boolean[] stalled = {false};
        Table stalling = observed((method, request) -> {
            if (!stalled[0] && request instanceof software.amazon.awssdk.services.dynamodb.model.PutItemRequest put
                    && "PushHeld".equals(put.item().get("Type").s())) {
                stalled[0] = true;
                clock.set("2026-12-04T07:00:20Z");
                new QuietHolds(table).sweepDue();
                pump(60_000); // the woken record reaches the consumer: nothing held yet
            }
        });
        PushSender slow = new PushSender(stalling, () -> { throw new AssertionError("nothing is sent while held"); });
        slow.send(new QuietHoldsProbe(records).message());
        assertTrue(stalled[0]);
        assertEquals(List.of(), sent, "the window's wake ran before the push was held");
        clock.set("2026-12-04T07:01:10Z");
        sweep();
        assertEquals(1, summaries().size(), "the hold written after the end planned one more wake: " + sent);
        assertEquals("1 new deal", sent.get(0).title());
    }

    @Test
    void twoWakesOfOneUserAtOnceSendOneSummaryPerDevice() throws Exception {
        device("jo", DevicePlatform.FCM, "j".repeat(40));
        device("jo", DevicePlatform.APNS, "ef".repeat(32));
        quietHours("jo", "22:00", "07:00", "UTC");
        pump(60_000);
        clock.set("2026-12-03T23:00:00Z");
        assertTrue(deliver(message("jo", "kettle", MessageKind.WATCH), 60_000).getBatchItemFailures().isEmpty());
        clock.set("2026-12-04T07:00:30Z");
        // Two wakes of one batch on two threads of one consumer (the woken record and a settings change, say). The
        // clock stands still here, so the loser of each claim waits for the winner's mark, never for a lease to end.
        PushSender racing = new PushSender(table, this::sentBy).pausingWith(Thread::sleep);
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
        parallel(2, i -> {
            try {
                start.await();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            racing.wake("jo");
        });
        assertEquals(2, summaries().size(), "one per device: " + sent);
        assertEquals(2, summaries().stream().map(Sent::deviceId).distinct().count());
    }

    /**
     * The recording push service: every Publish kept in {@link #sent}; with {@link #dieAfterNextPublish}, the sender
     * dies once after the service took the push. Each sender (the test's, a racing second one) gets its own.
     */
    private PushEndpoints sentBy() {
        return new PushEndpoints() {
            @Override
            public String create(Device device) {
                return "arn:test:endpoint/" + device.token();
            }

            @Override
            public void delete(String endpointArn) {
            }

            @Override
            public Outcome publish(Device device, String title, String body, Map<String, String> data, String collapseKey) {
                if (refuseNextPublish) {
                    refuseNextPublish = false;
                    throw new Refused(new IllegalStateException("injected: throttled"));
                }
                sent.add(new Sent(device.id(), title, body, Map.copyOf(data), collapseKey));
                if (dieAfterNextPublish) {
                    dieAfterNextPublish = false;
                    throw new IllegalStateException("injected: the sender dies after the push service took the push");
                }
                return Outcome.SENT;
            }
        };
    }

    /** The message a record of the stream carries, as the consumer decodes it. */
    record QuietHoldsProbe(List<DynamodbEvent.DynamodbStreamRecord> records) {
        Message message() {
            for (DynamodbEvent.DynamodbStreamRecord r : records) {
                if (ChangeFeed.ofInterest(r) && ChangeFeed.decode(r) instanceof com.bigtimedeals.changes.Change.MessageArrived m) {
                    return m.message();
                }
            }
            throw new AssertionError("no message in " + records);
        }
    }
}

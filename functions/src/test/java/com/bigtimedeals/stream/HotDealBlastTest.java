package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.service.DealService;

import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;


/** A hot-deal blast carried across invocations with every user reached exactly once. */
class HotDealBlastTest extends StreamTest {
    @Test
    void hotDealBlastReachesFiveThousandUsersExactlyOnceAcrossInvocations() throws Exception {
        signUp("u", 5000);
        Deal deal = newDeal("Hot", "acme", "tech");
        tap.drain();
        DealService service = DealService.of(table, SHARDS, 4);
        Blast blast = service.blast(deal.id(), null, null, NOW).blast();
        // The request wrote the blast with its 4 segments. Their first invocation, running them side by side, has
        // time for two looks at the clock: whichever segments get them start a page, the rest hand themselves on.
        assertTrue(deliverWithBudget(tap.drain(), 2).getBatchItemFailures().isEmpty());
        Blast midway = new BlastStore(table).get(blast.id());
        assertTrue(midway.usersReached() > 0 && midway.usersReached() < 5000, "reached " + midway.usersReached());
        assertFalse(midway.done());
        pump(60_000);
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(5000, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
        Blast done = new BlastStore(table).get(blast.id());
        assertEquals(5000, done.usersReached());
        assertTrue(done.done());
        int items = itemCount();
        pump(60_000);
        assertEquals(items, itemCount());
    }

    @Test
    void theSegmentsOfOneBatchRunSideBySide() throws Exception {
        signUp("s", 200);
        Deal deal = newDeal("Side by side", "acme", "tech");
        tap.drain();
        int segments = 4;
        Blast blast = DealService.of(table, SHARDS, segments).blast(deal.id(), null, null, NOW).blast();
        // Each segment is one page, so one scan. Every scan waits at the barrier until all four are scanning: segments
        // run one after another never all arrive, and the barrier breaks after 30 s.
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(segments);
        java.util.concurrent.atomic.AtomicInteger arrived = new java.util.concurrent.atomic.AtomicInteger();
        com.bigtimedeals.platform.Table gated = observed((method, request) -> {
            if (method.equals("scan") && request instanceof software.amazon.awssdk.services.dynamodb.model.ScanRequest scan
                    && scan.totalSegments() != null && !scan.hasExclusiveStartKey()) {
                arrived.incrementAndGet();
                try {
                    together.await(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("the segments did not run side by side", e);
                }
            }
        });
        StreamHandler sideBySide = new StreamHandler(ChangeReactions.of(gated, CONFIG, 200, 300), Configuration.from(SETTINGS.with(Setting.WALKS_PER_INVOCATION, segments)));
        var response = invoke(sideBySide, tap.drain(),
                new com.bigtimedeals.lambda.SyntheticContext("stream-test", "stream", 60_000));
        assertTrue(response.getBatchItemFailures().isEmpty(), "failures: " + response.getBatchItemFailures());
        assertEquals(segments, arrived.get(), "every segment's first scan went through the barrier");
        Blast done = new BlastStore(table).get(blast.id());
        assertTrue(done.done());
        assertEquals(200, done.usersReached());
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(200, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
    }

    @Test
    void aDoublePostedBlastIsOneBlastAndOneMessagePerUser() throws Exception {
        signUp("d", 300);
        Deal deal = newDeal("Twice", "acme", "tech");
        tap.drain();
        DealService service = DealService.of(table, SHARDS, 4);
        java.util.List<BlastStore.Recorded> recorded = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        parallel(6, i -> recorded.add(service.blast(deal.id(), null, null, NOW.plusSeconds(i))));
        assertEquals(1, recorded.stream().filter(BlastStore.Recorded::created).count());
        assertEquals(1, recorded.stream().map(r -> r.blast().id()).distinct().count());
        pump(60_000);
        BlastStore.Recorded again = service.blast(deal.id(), "other subject", null, NOW.plusSeconds(60));
        assertFalse(again.created());
        assertEquals(recorded.get(0).blast().id(), again.blast().id());
        pump(60_000);
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(300, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
        assertEquals(300, new BlastStore(table).get(again.blast().id()).usersReached());
    }

    @Test
    void aReadMessageStaysReadWhenAClaimedPageIsRunAgainAfterItsRunDiedBeforeTheCheckpoint() throws Exception {
        signUp("r", 400);
        Deal deal = newDeal("Crash", "acme", "tech");
        tap.drain();
        Blast blast = DealService.of(table, SHARDS, 2).blast(deal.id(), null, null, NOW).blast(); // and its 2 segments
        java.util.List<com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord> segments = tap.drain();
        // Each segment's first run claims its first page, writes it with BatchWriteItem, and dies before the
        // checkpoint (the write that moves the segment on). The batch runs both segments side by side.
        StreamHandler dying = new StreamHandler(ChangeReactions.of(failingWhen((method, request) ->
                request instanceof UpdateItemRequest u && u.updateExpression().contains("ADD reached")),
                CONFIG, 200, 100), Configuration.from(SETTINGS.with(Setting.WALKS_PER_INVOCATION, 2)));
        assertFalse(invoke(dying, segments,
                new com.bigtimedeals.lambda.SyntheticContext("stream-test", "stream", 60_000)).getBatchItemFailures().isEmpty());
        Map<String, Integer> written = messagesByUser(deal.id());
        assertEquals(200, written.size(), "one claimed page of 100 written for each segment");
        String reader = written.keySet().iterator().next();
        InboxStore inbox = inbox(table);
        inbox.markRead(reader, inbox.list(reader, false, 10, null).items().get(0).id());

        // The mapping redelivers the failed records, three times over, and then everything that follows.
        for (int redelivery = 0; redelivery < 3; redelivery++) {
            assertTrue(deliver(segments, 60_000).getBatchItemFailures().isEmpty());
        }
        pump(60_000);
        java.util.List<Message> readers = inbox.list(reader, false, 10, null).items();
        assertEquals(1, readers.size());
        assertFalse(readers.get(0).unread(), "the page run again wrote create-only and left the read message alone");
        assertEquals(java.util.List.of(), inbox.list(reader, true, 10, null).items());
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(400, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
        Blast done = new BlastStore(table).get(blast.id());
        assertEquals(400, done.usersReached());
        assertTrue(done.done());
    }
}

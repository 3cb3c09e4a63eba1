package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;


/** New deal to watchers: exactly one message each, replays add nothing, long lists are handed on. */
class WatcherFanOutTest extends StreamTest {
    @Test
    void newDealReachesEveryWatcherOfItsBrandOrCategoryExactlyOnce() throws Exception {
        FollowStore follows = new FollowStore(table);
        // 2,000 watch the brand (users 0-1999), 2,000 the category (1000-2999): 1,000 watch both.
        parallel(2000, i -> follows.add(Likeable.BRAND, "acme", "user" + i, Relation.WATCH));
        parallel(2000, i -> follows.add(Likeable.CATEGORY, "tech", "user" + (i + 1000), Relation.WATCH));
        parallel(50, i -> follows.add(Likeable.BRAND, "globex", "other" + i, Relation.WATCH));
        tap.drain();
        Deal deal = newDeal("Headphones", "acme", "tech");
        List<DynamodbEvent.DynamodbStreamRecord> batch = tap.drain();
        StreamsEventResponse response = deliver(batch, 60_000);
        assertTrue(response.getBatchItemFailures().isEmpty());
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(3000, counts.size());
        for (int i = 0; i < 3000; i++) {
            assertEquals(1, counts.get("user" + i), "user" + i);
        }
        assertFalse(counts.keySet().stream().anyMatch(u -> u.startsWith("other")));

        // Replaying the same batch three times adds nothing.
        int items = itemCount();
        for (int replay = 0; replay < 3; replay++) {
            assertTrue(deliver(batch, 60_000).getBatchItemFailures().isEmpty());
        }
        assertEquals(items, itemCount());
        assertEquals(3000, messagesByUser(deal.id()).size());
    }

    @Test
    void aReadMessageStaysReadWhenItsPageIsRedeliveredThreeTimes() throws Exception {
        FollowStore follows = new FollowStore(table);
        // ann watches the brand and the category: both walks write her one message.
        follows.add(Likeable.BRAND, "acme", "ann", Relation.WATCH);
        follows.add(Likeable.CATEGORY, "tech", "ann", Relation.WATCH);
        parallel(30, i -> follows.add(Likeable.BRAND, "acme", "fan" + i, Relation.WATCH));
        tap.drain();
        Deal deal = newDeal("Kettle", "acme", "tech");
        List<DynamodbEvent.DynamodbStreamRecord> batch = tap.drain();
        assertTrue(deliver(batch, 60_000).getBatchItemFailures().isEmpty());
        InboxStore inbox = inbox(table);
        Message message = inbox.list("ann", false, 10, null).items().get(0);
        inbox.markRead("ann", message.id());
        for (int redelivery = 0; redelivery < 3; redelivery++) {
            assertTrue(deliver(batch, 60_000).getBatchItemFailures().isEmpty());
        }
        List<Message> all = inbox.list("ann", false, 10, null).items();
        assertEquals(1, all.size());
        assertFalse(all.get(0).unread());
        assertEquals(List.of(), inbox.list("ann", true, 10, null).items());
        assertEquals(1, messagesByUser(deal.id()).get("ann"));
    }

    @Test
    void aReadMessageStaysReadWhenANewDealIsRedeliveredAfterItsFirstRunDiedMidList() throws Exception {
        FollowStore follows = new FollowStore(table);
        parallel(450, i -> follows.add(Likeable.BRAND, "acme", "w" + i, Relation.WATCH));
        follows.add(Likeable.CATEGORY, "tech", "w0", Relation.WATCH);
        tap.drain();
        Deal deal = newDeal("Toaster", "acme", "tech");
        List<DynamodbEvent.DynamodbStreamRecord> batch = tap.drain();
        // The first run claims the brand list, writes its first page of 200 with BatchWriteItem (8 requests of
        // 25), and dies in the second page. Only the brand list's full batches count: the deal's words go in one of
        // their own, and the category list's one watcher in a batch of one, which may run before or between them.
        java.util.concurrent.atomic.AtomicInteger batchWrites = new java.util.concurrent.atomic.AtomicInteger();
        StreamHandler dying = new StreamHandler(ChangeReactions.of(failingWhen((method, request) ->
                method.equals("batchWriteItem") && !writesWords(request) && items(request) == 25
                        && batchWrites.incrementAndGet() > 8), CONFIG,
                200, 300), CONFIG);
        assertFalse(invoke(dying, batch,
                new com.bigtimedeals.lambda.SyntheticContext("stream-test", "stream", 60_000)).getBatchItemFailures().isEmpty());
        Map<String, Integer> written = messagesByUser(deal.id());
        assertTrue(written.size() >= 200 && written.size() < 450, "written " + written.size());
        InboxStore inbox = inbox(table);
        for (String reader : List.of("w0", written.keySet().stream().filter(u -> !u.equals("w0")).findFirst().orElseThrow())) {
            inbox.markRead(reader, inbox.list(reader, false, 10, null).items().get(0).id());
        }
        for (int redelivery = 0; redelivery < 3; redelivery++) {
            assertTrue(deliver(batch, 60_000).getBatchItemFailures().isEmpty());
        }
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(450, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
        for (String reader : written.keySet()) {
            List<Message> all = inbox.list(reader, false, 10, null).items();
            assertEquals(1, all.size(), reader);
        }
        long stillRead = written.keySet().stream()
                .filter(u -> !inbox.list(u, false, 10, null).items().get(0).unread()).count();
        assertEquals(2, stillRead, "both messages read before the redeliveries stay read");
        assertEquals(written.size() - 2, written.keySet().stream().filter(u -> !inbox.list(u, true, 10, null).items().isEmpty()).count());
    }

    /** How many items a BatchWriteItem request writes. */
    private static int items(Object request) {
        return ((software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest) request).requestItems().values()
                .stream().mapToInt(List::size).sum();
    }

    /** Whether a BatchWriteItem request writes the word index (and nothing else). */
    private static boolean writesWords(Object request) {
        return ((software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest) request).requestItems().values()
                .stream().flatMap(List::stream)
                .allMatch(w -> w.putRequest() != null && w.putRequest().item().get("PK").s().startsWith("WORD#"));
    }
}

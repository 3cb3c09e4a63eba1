package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.Relation;


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
        InboxStore inbox = new InboxStore(table);
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
}

package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.inbox.FanOutStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.IdempotencyStore;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.TableDefinition;

/**
 * TTL as deployed: the engine deletes expired messages, fan-out claims and idempotency records through its write path
 * and streams a REMOVE for each, with the service as its principal ({@code userIdentity}). The event source mapping's
 * filter drops every one, and a consumer handed them anyway does nothing with them.
 */
class TtlDeletionTest extends StreamTest {
    @Test
    void theRemovesOfExpiredMessagesClaimsAndIdempotencyRecordsAreFilteredOutAndChangeNothing() {
        Instant now = Instant.now();
        // Messages of 200 days ago (past their 180 days) and a fan-out claim made 3 days ago (kept 2 days).
        List<Message> old = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Instant at = now.minus(Duration.ofDays(200)).minusSeconds(i);
            old.add(new Message(Ids.messageId(at, "ann", "d" + i), "ann", "S", "B", null, true, at, MessageKind.WATCH));
        }
        new InboxDelivery(table, 4, RETENTION).deliver(old);
        new FanOutStore(table(table.name(), Clock.fixed(now.minus(Duration.ofDays(3)), ZoneOffset.UTC)))
                .claimFirstRun("deal-1", Likeable.BRAND);
        // An idempotency key answered 2 days ago (kept 24 hours).
        Instant answered = now.minus(Duration.ofDays(2));
        IdempotencyStore keys = new IdempotencyStore(table);
        keys.claim("user:ann", "like-1", "fingerprint", answered, answered.toEpochMilli() + 60_000);
        keys.complete("user:ann", "like-1", answered.toEpochMilli() + 60_000, new byte[] {1});
        tap.drain();
        int before = itemCount();

        client.updateTimeToLive(TableDefinition.timeToLive(table.name()));
        dynamo.sweepExpiredItems();
        List<DynamodbEvent.DynamodbStreamRecord> removes = tap.drain();
        assertEquals(32, removes.size());
        assertEquals(before - 32, itemCount());
        for (DynamodbEvent.DynamodbStreamRecord r : removes) {
            assertEquals("REMOVE", r.getEventName());
            assertEquals("Service", r.getUserIdentity().getType());
            assertEquals("dynamodb.amazonaws.com", r.getUserIdentity().getPrincipalId());
            assertFalse(ChangeFeed.ofInterest(r), "the mapping's filter lets a TTL deletion through");
        }
        int after = itemCount();
        assertTrue(deliver(removes, 60_000).getBatchItemFailures().isEmpty());
        assertEquals(after, itemCount(), "a TTL deletion makes the consumer write nothing");
        assertTrue(tap.drain().isEmpty());
    }
}

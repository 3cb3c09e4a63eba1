package com.bigtimedeals.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.InboxRetention;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;

import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Inbox retention: TTL on every message, and reads that never show an expired one even before TTL deletes it. */
class InboxRetentionTest extends DynamoDbTest {
    private static final InboxRetention RETENTION = InboxRetention.ofDays(180);

    private static List<Message> ageing(String user, int count, Instant newest, Duration step) {
        List<Message> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Instant at = newest.minus(step.multipliedBy(i));
            out.add(new Message(Ids.messageId(at, user, "deal-" + i), user, "S" + i, "B", null, true, at, MessageKind.WATCH));
        }
        return out;
    }

    @Test
    void everyMessageCarriesItsExpiryAsTtl() {
        Table t = newTable(Fixtures.NOW);
        Message m = ageing("ann", 1, Fixtures.NOW, Duration.ofDays(1)).get(0);
        new InboxDelivery(t, 1, RETENTION).deliver(List.of(m));
        var item = client.getItem(GetItemRequest.builder().tableName(t.name()).key(InboxKeys.message("ann", m.id())).build()).item();
        assertEquals(Long.toString(Fixtures.NOW.plus(RETENTION.duration()).getEpochSecond()), item.get(TableDefinition.TTL_ATTRIBUTE).n());
    }

    /** 40 messages a week apart: about 26 are within 180 days; the rest are never read, listed or counted. */
    @Test
    void expiredMessagesAreNeverListedPagedOrCountedEvenBeforeTtlDeletesThem() {
        String name = newTable();
        Table writeTime = table(name, Clock.fixed(Fixtures.NOW, ZoneOffset.UTC));
        List<Message> all = ageing("ann", 40, Fixtures.NOW, Duration.ofDays(7));
        new InboxDelivery(writeTime, 1, RETENTION).deliver(all);
        Instant later = Fixtures.NOW.plus(Duration.ofDays(30));
        InboxStore inbox = new InboxStore(table(name, Clock.fixed(later, ZoneOffset.UTC)), RETENTION);
        List<String> kept = all.stream().filter(m -> m.createdAt().isAfter(later.minus(RETENTION.duration()))).map(Message::id).toList();
        assertTrue(kept.size() > 10 && kept.size() < 40);
        for (boolean unread : new boolean[] {false, true}) {
            List<String> seen = new ArrayList<>();
            String cursor = null;
            do {
                Page<Message> page = inbox.list("ann", unread, 7, cursor);
                page.items().forEach(m -> seen.add(m.id()));
                cursor = page.nextCursor();
            } while (cursor != null);
            assertEquals(kept, seen);
        }
        assertEquals(kept.size(), inbox.unreadCount("ann"));

        // A cursor handed out before everything past it expired: an empty last page, not an error.
        InboxStore before = new InboxStore(writeTime, RETENTION);
        String old = before.list("ann", false, 24, null).nextCursor(); // message 23: 161 days old then, 191 now
        Page<Message> rest = inbox.list("ann", false, 7, old);
        assertTrue(rest.items().isEmpty());
        assertNull(rest.nextCursor());
    }

    /**
     * TTL on the table as deployed: the engine deletes the messages whose expiry has passed (by its own clock, as
     * the service does) and nothing else, neither newer messages nor items without a TTL.
     */
    @Test
    void ttlDeletesOnlyExpiredMessages() {
        String name = newTable();
        Instant now = Instant.now();
        // Written 200 days ago and a week apart: the oldest 3 expired 20, 13 and 6 days ago; the rest expire later.
        Table writeTime = table(name, Clock.fixed(now.minus(Duration.ofDays(200)), ZoneOffset.UTC));
        new InboxDelivery(writeTime, 1, RETENTION).deliver(ageing("ann", 3, now.minus(Duration.ofDays(186)), Duration.ofDays(7)));
        Table current = table(name, Clock.fixed(now, ZoneOffset.UTC));
        new InboxDelivery(current, 1, RETENTION).deliver(ageing("ann", 5, now, Duration.ofDays(7)));
        new CatalogStore(current).createBrand("acme", "Acme", null);
        InboxStore inbox = new InboxStore(current, RETENTION);
        assertEquals(5, inbox.unreadCount("ann"), "expired messages are hidden before TTL deletes them");
        assertEquals(8, messages(name));

        client.updateTimeToLive(TableDefinition.timeToLive(name));
        dynamo.sweepExpiredItems();
        assertEquals(5, messages(name));
        assertEquals(5, inbox.unreadCount("ann"));
        assertNotNull(new CatalogStore(current).brand("acme"), "items without a TTL stay");
    }

    private static int messages(String table) {
        return client.scan(ScanRequest.builder().tableName(table).filterExpression("#t = :m")
                .expressionAttributeNames(java.util.Map.of("#t", Keys.TYPE))
                .expressionAttributeValues(java.util.Map.of(":m", software.amazon.awssdk.services.dynamodb.model.AttributeValue
                        .fromS(InboxKeys.MESSAGE))).build()).count();
    }
}

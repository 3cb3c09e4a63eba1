package com.bigtimedeals.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

class InboxStoreTest extends DynamoDbTest {

    private static Message message(String user, String about, Instant at) {
        return new Message(Ids.messageId(at, user, about), user, "New deal: " + about, "body", about, true, at, MessageKind.WATCH);
    }

    @Test
    void eachMessageKeepsItsKind() {
        Table t = newTable(Fixtures.NOW);
        List<Message> sent = new ArrayList<>();
        for (MessageKind kind : MessageKind.values()) {
            Instant at = Fixtures.NOW.minusSeconds(kind.ordinal());
            sent.add(new Message(Ids.messageId(at, "ann", kind.wire()), "ann", "S", "B", null, true, at, kind));
        }
        delivery(t).deliver(sent);
        List<Message> read = new ArrayList<>(inbox(t).list("ann", false, 10, null).items());
        read.sort(Comparator.comparing(Message::createdAt).reversed());
        assertEquals(sent, read);
    }

    @Test
    void viewAllMessagesNewestFirstPagedInOneRequestEach() {
        Table t = newTable(Fixtures.NOW);
        InboxStore inbox = inbox(t);
        InboxDelivery delivery = delivery(t);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Message m = message("ann", "deal" + i, Fixtures.NOW.minusSeconds(60L * i));
            expected.add(m.id());
            delivery.deliver(List.of(m));
        }
        delivery.deliver(List.of(message("bob", "deal0", Fixtures.NOW)));
        expected.sort(Comparator.reverseOrder());
        List<String> seen = new ArrayList<>();
        String cursor = null;
        List<Integer> sizes = new ArrayList<>();
        do {
            RequestMeter.reset();
            Page<Message> page = inbox.list("ann", false, 3, cursor);
            assertEquals(1, RequestMeter.usage().requests());
            page.items().forEach(m -> seen.add(m.id()));
            sizes.add(page.items().size());
            cursor = page.nextCursor();
        } while (cursor != null);
        assertEquals(expected, seen);
        assertEquals(List.of(3, 3, 1), sizes);
    }

    @Test
    void viewOnlyUnreadMessagesAndMarkAMessageReadIdempotently() {
        Table t = newTable(Fixtures.NOW);
        InboxStore inbox = inbox(t);
        InboxDelivery delivery = delivery(t);
        Message a = message("ann", "a", Fixtures.NOW.minusSeconds(10));
        Message b = message("ann", "b", Fixtures.NOW);
        delivery.deliver(List.of(a, b));
        inbox.markRead("ann", a.id());
        inbox.markRead("ann", a.id());
        assertEquals(List.of(b.id()), inbox.list("ann", true, 10, null).items().stream().map(Message::id).toList());
        List<Message> all = inbox.list("ann", false, 10, null).items();
        assertEquals(2, all.size());
        assertFalse(all.get(1).unread());
    }

    @Test
    void markingAnotherUsersMessageIsNotFound() {
        Table t = newTable(Fixtures.NOW);
        InboxStore inbox = inbox(t);
        InboxDelivery delivery = delivery(t);
        Message a = message("ann", "a", Fixtures.NOW);
        delivery.deliver(List.of(a));
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class, () -> inbox.markRead("bob", a.id())).kind());
        assertEquals(1, inbox.list("ann", true, 10, null).items().size());
    }

    @Test
    void theSameUserAndDealCanOnlyEverMakeOneMessage() {
        Table t = newTable(Fixtures.NOW);
        InboxStore inbox = inbox(t);
        InboxDelivery delivery = delivery(t);
        Message first = message("ann", "deal-1", Fixtures.NOW);
        Message retried = message("ann", "deal-1", Fixtures.NOW);
        assertEquals(first.id(), retried.id());
        assertNotEquals(first.id(), message("bob", "deal-1", Fixtures.NOW).id());
        delivery.deliver(List.of(first, retried));
        delivery.deliver(List.of(retried));
        assertEquals(1, inbox.list("ann", false, 10, null).items().size());
        assertEquals(Fixtures.NOW, Ids.instantOf(first.id()));
    }

    @Test
    void deliverCreatesOnlyMessagesThatDoNotExistAndNeverResetsOneThatWasRead() {
        Table t = newTable(Fixtures.NOW);
        InboxStore inbox = inbox(t);
        InboxDelivery delivery = new InboxDelivery(t, 4, RETENTION);
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            messages.add(message("user" + i, "deal-9", Fixtures.NOW));
        }
        assertEquals(60, delivery.deliver(messages));
        Message read = inbox.list("user7", false, 10, null).items().get(0);
        inbox.markRead("user7", read.id());
        for (int redelivery = 0; redelivery < 3; redelivery++) {
            assertEquals(0, delivery.deliver(messages));
        }
        assertFalse(inbox.list("user7", false, 10, null).items().get(0).unread());
        assertEquals(List.of(), inbox.list("user7", true, 10, null).items());
        assertEquals(1, inbox.list("user59", true, 10, null).items().size());
    }

    @Test
    void anotherUsersCursorIsRejected() {
        Table t = newTable(Fixtures.NOW);
        InboxStore inbox = inbox(t);
        InboxDelivery delivery = delivery(t);
        for (int i = 0; i < 3; i++) {
            delivery.deliver(List.of(message("ann", "d" + i, Fixtures.NOW.minusSeconds(i)), message("bob", "d" + i, Fixtures.NOW.minusSeconds(i))));
        }
        String annCursor = inbox.list("ann", false, 1, null).nextCursor();
        assertEquals("cursor", assertThrows(DomainException.class, () -> inbox.list("bob", false, 1, annCursor)).field());
        assertEquals("cursor", assertThrows(DomainException.class, () -> inbox.list("ann", true, 1, annCursor)).field());
        assertNull(inbox.list("ann", false, 5, null).nextCursor());
    }
}

package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.community.Vote;
import com.bigtimedeals.community.VoteStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.TableAccessLog;

/** DELETE /me at the data layer and through the stream: at once, then completely, exactly, replay-safe. */
class AccountDeletionTest extends StreamTest {
    /**
     * Delivers every batch twice (at-least-once), each to an invocation whose time runs out after one page of
     * the walk, so the walk hands on at every page and every record's work is offered twice.
     */
    private int pumpTwiceHandingOn() {
        int invocations = 0;
        for (int round = 0; round < 10_000; round++) {
            List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
            if (records.isEmpty()) {
                return invocations;
            }
            for (int copy = 0; copy < 2; copy++) {
                assertTrue(deliverWithBudget(records, 1).getBatchItemFailures().isEmpty());
                invocations++;
            }
        }
        throw new AssertionError("the stream never went quiet");
    }

    private long count(Likeable kind, String id, Relation relation) {
        CatalogStore catalog = new CatalogStore(table);
        if (kind == Likeable.BRAND) {
            var b = catalog.brand(id, true);
            return relation == Relation.LIKE ? b.likes() : b.watchers();
        }
        var c = catalog.category(id, true);
        return relation == Relation.LIKE ? c.likes() : c.watchers();
    }

    @Test
    void aUserWith5000MessagesAnd300FollowsIsDeletedCompletelyAndExactlyWhileOthersLikeAndUnlike() throws Exception {
        CatalogStore catalog = new CatalogStore(table);
        List<String> brands = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            brands.add("b" + i);
            catalog.createBrand("b" + i, "Brand " + i, null);
        }
        new UserStore(table).create(new UserProfile("zoe", "zoe@example.com", null, null, NOW));
        FollowStore follows = new FollowStore(table);
        parallel(150, i -> {
            follows.add(Likeable.BRAND, brands.get(i), "zoe", Relation.LIKE);
            follows.add(Likeable.BRAND, brands.get(i), "zoe", Relation.WATCH);
            follows.add(Likeable.BRAND, brands.get(i), "amy", Relation.LIKE);
        });
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            Instant at = NOW.minusSeconds(i);
            messages.add(new Message(Ids.messageId(at, "zoe", "m" + i), "zoe", "S", "B", null, i % 2 == 0, at, MessageKind.WATCH));
        }
        new InboxDelivery(table, 8, RETENTION).deliver(messages);
        assertEquals(300, follows.follows("zoe").brands().size() * 2);
        tap.drain();

        new AccountStore(table).delete("zoe");
        assertEquals(DomainException.Kind.NOT_FOUND,
                assertThrows(DomainException.class, () -> new UserStore(table).get("zoe")).kind());
        // While the walk runs, others like and unlike the same brands: every race must leave exact counts. (Their
        // writes are another function's, not the consumer's, whose requests are held to its grants.)
        Thread others = new Thread(() -> TableAccessLog.bystander(() -> {
            for (int i = 0; i < 150; i++) {
                follows.add(Likeable.BRAND, brands.get(i), "bob", Relation.LIKE);
                follows.remove(Likeable.BRAND, brands.get(i), "amy", Relation.LIKE);
            }
        }));
        others.start();
        int invocations = pumpTwiceHandingOn();
        others.join();
        invocations += pumpTwiceHandingOn();

        assertTrue(new AccountStore(table).get("zoe").done());
        assertTrue(follows.follows("zoe").brands().isEmpty());
        for (String b : brands) {
            assertEquals(1, count(Likeable.BRAND, b, Relation.LIKE), b + " likes: bob's only");
            assertEquals(0, count(Likeable.BRAND, b, Relation.WATCH), b + " watchers");
            assertFalse(follows.state(Likeable.BRAND, b, "zoe").liked());
        }
        InboxStore inbox = inbox(table);
        assertTrue(inbox.list("zoe", false, 100, null).items().isEmpty());
        assertEquals(0, inbox.unreadCount("zoe"));
        assertEquals(0, client.query(software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder()
                .tableName(table.name()).keyConditionExpression("PK = :pk").select("COUNT")
                .expressionAttributeValues(java.util.Map.of(":pk", software.amazon.awssdk.services.dynamodb.model.AttributeValue
                        .fromS("MESSAGES#zoe"))).build()).count());
        // 300 follows in pages of 100 and 5,000 messages in pages of 500, one page per invocation: handed on.
        assertTrue(invocations >= 4, "the walk should have crossed several invocations, took " + invocations);
    }

    /**
     * A user's votes on 30 deals are removed by the walk, each temperature moving back by exactly one, while others
     * vote, switch and withdraw on the same deals; every batch is delivered twice and the walk hands on at each page.
     */
    @Test
    void votesAreRemovedAndEachTemperatureMovesBackByExactlyOneWhileOthersVote() throws Exception {
        List<Deal> deals = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            deals.add(newDeal("Voted " + i, i % 2 == 0 ? "acme" : "globex", "tech"));
        }
        VoteStore votes = new VoteStore(table);
        parallel(30, i -> {
            votes.cast("zoe", deals.get(i).id(), i % 3 == 0 ? Vote.COLD : Vote.HOT);
            votes.cast("amy", deals.get(i).id(), Vote.HOT);
        });
        pump(60_000);
        new AccountStore(table).delete("zoe");
        // The others' votes are the Votes function's requests, not the consumer's.
        Thread others = new Thread(() -> TableAccessLog.bystander(() -> {
            for (int i = 0; i < 30; i++) {
                votes.cast("bob", deals.get(i).id(), Vote.HOT);
                votes.cast("amy", deals.get(i).id(), Vote.COLD);
                if (i % 4 == 0) {
                    votes.withdraw("bob", deals.get(i).id());
                }
            }
        }));
        others.start();
        pumpTwiceHandingOn();
        others.join();
        pumpTwiceHandingOn();
        assertTrue(new AccountStore(table).get("zoe").done());
        DealStore store = new DealStore(table);
        for (int i = 0; i < 30; i++) {
            long expected = -1 + (i % 4 == 0 ? 0 : 1); // amy cold, bob hot unless withdrawn
            String id = deals.get(i).id();
            assertEquals(expected, store.getExact(id).temperature(), "deal " + i);
            assertEquals(expected, store.find(id).temperature(), "deal " + i + "'s aggregated copy");
            assertTrue(votes.mine("zoe", List.of(id)).isEmpty());
        }
        assertTrue(votes.page("zoe", null, 100).votes().isEmpty());
    }

    @Test
    void noFanOutReachesADeletedUserAtOnceAndOneWhoSignsUpAgainStartsEmpty() {
        FollowStore follows = new FollowStore(table);
        new UserStore(table).create(new UserProfile("yan", "yan@example.com", null, null, NOW));
        follows.add(Likeable.BRAND, "acme", "yan", Relation.WATCH);
        follows.add(Likeable.CATEGORY, "tech", "yan", Relation.LIKE);
        follows.add(Likeable.BRAND, "acme", "wes", Relation.WATCH);
        pump(60_000);
        new AccountStore(table).delete("yan");
        // A deal created before the walk ran: its fan-out must already skip yan (the watch still exists).
        Deal d = newDeal("Right after", "acme", "tech");
        pump(60_000);
        assertNull(messagesByUser(d.id()).get("yan"));
        assertEquals(1, messagesByUser(d.id()).get("wes"));
        assertEquals(1, count(Likeable.BRAND, "acme", Relation.WATCH));
        assertEquals(0, count(Likeable.CATEGORY, "tech", Relation.LIKE));

        // Signing up again: empty, and fan-outs reach the new account.
        new UserStore(table).create(new UserProfile("yan", "yan@example.com", null, null, NOW));
        new AccountStore(table).revive("yan");
        assertTrue(follows.follows("yan").brands().isEmpty() && follows.follows("yan").categories().isEmpty());
        assertTrue(inbox(table).list("yan", false, 10, null).items().isEmpty());
        follows.add(Likeable.BRAND, "acme", "yan", Relation.WATCH);
        Deal later = newDeal("Later", "acme", "tech");
        pump(60_000);
        assertEquals(1, messagesByUser(later.id()).get("yan"));
        // A repeated DELETE /me is as good as the first. (On the wall clock: the message above is timed by its
        // stream record, which the engine stamps with the real time, as the service does, not this test's fixed clock.)
        AccountStore now = new AccountStore(table(table.name(), java.time.Clock.systemUTC()));
        now.delete("yan");
        now.delete("yan");
        pump(60_000);
        assertTrue(follows.follows("yan").brands().isEmpty());
        assertEquals(1, count(Likeable.BRAND, "acme", Relation.WATCH));
        assertTrue(inbox(table).list("yan", false, 10, null).items().isEmpty());
    }

    @Test
    void aBlastInFlightDuringTheDeletionNeverLeavesTheDeletedUserAMessage() throws Exception {
        signUp("u", 1_000);
        UserStore users = new UserStore(table);
        for (String who : List.of("zoe", "xia")) {
            users.create(new UserProfile(who, who + "@example.com", null, null, NOW));
        }
        Deal deal = newDeal("Hot during a deletion", "acme", "tech");
        tap.drain();
        com.bigtimedeals.service.DealService.of(table, SHARDS, 4).blast(deal.id(), null, null, NOW);
        // The request wrote the blast with its 4 segments. Their first invocation has time for two looks at the clock:
        // a page or two is sent, and the blast is in flight.
        assertTrue(deliverWithBudget(tap.drain(), 2).getBatchItemFailures().isEmpty());
        int sent = messagesByUser(deal.id()).size();
        assertTrue(sent > 0 && sent < 1_002, "sent " + sent);
        new AccountStore(table).delete("zoe");
        new AccountStore(table).delete("xia");
        pumpTwiceHandingOn();
        pump(60_000);

        Map<String, Integer> counts = messagesByUser(deal.id());
        assertNull(counts.get("zoe"), "zoe's message, whether written before the deletion or not");
        assertNull(counts.get("xia"));
        assertEquals(1_000, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
        assertTrue(new AccountStore(table).get("zoe").done() && new AccountStore(table).get("xia").done());
    }

    /**
     * DELETE /me left the notification settings (found over HTTP: GET /me/notifications after DELETE /me still answered
     * the deleted account's quiet hours and kinds switched off, so a user signing up again under the name started with
     * them, where api.md says a new user has all four on). The walk's last step removes them; settings put after the
     * deletion are the new account's and stay.
     */
    @Test
    void aDeletedUsersNotificationSettingsGoAndANewAccountsStay() {
        com.bigtimedeals.devices.DeviceStore devices = new com.bigtimedeals.devices.DeviceStore(table);
        com.bigtimedeals.devices.NotificationSettings quiet = new com.bigtimedeals.devices.NotificationSettings(false, true, false, true,
                new com.bigtimedeals.devices.NotificationSettings.QuietHours("22:00", "07:00", "Europe/Paris"));
        devices.putSettings("nia", quiet);
        devices.putSettings("ole", quiet);
        new AccountStore(table).delete("nia");
        pump(60_000);
        assertTrue(new AccountStore(table).get("nia").done());
        assertEquals(com.bigtimedeals.devices.NotificationSettings.DEFAULTS, devices.settings("nia"));
        assertEquals(quiet, devices.settings("ole"), "another user's stay");

        // Deleted, then signed up again and settings put before the walk ran: the new account's are kept.
        new AccountStore(table).delete("ole");
        new com.bigtimedeals.devices.DeviceStore(table(table.name(), java.time.Clock.fixed(NOW.plusSeconds(5), java.time.ZoneOffset.UTC)))
                .putSettings("ole", com.bigtimedeals.devices.NotificationSettings.DEFAULTS);
        pump(60_000);
        assertTrue(new AccountStore(table).get("ole").done());
        for (var item : client.scan(b -> b.tableName(table.name())).items()) {
            if (item.get("PK").s().equals("DEVICES#nia")) {
                throw new AssertionError("nia's devices partition still holds " + item);
            }
        }
        assertEquals(com.bigtimedeals.devices.NotificationSettings.DEFAULTS, devices.settings("ole"));
        assertTrue(client.getItem(b -> b.tableName(table.name()).key(com.bigtimedeals.devices.DeviceKeys.notificationSettings("ole"))).hasItem()
                && client.getItem(b -> b.tableName(table.name()).key(com.bigtimedeals.devices.DeviceKeys.notificationSettings("ole"))).item()
                        .containsKey("watches"), "the new account's settings item stays");
    }

    @Test
    void aDeletedUsersSavedDealsAndPendingRemindersGoWithinTheWalk() {
        com.bigtimedeals.saved.SavedStore saved = new com.bigtimedeals.saved.SavedStore(table);
        List<Deal> deals = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Deal d = new DealPosting(new com.bigtimedeals.deals.DealStore(table)).create(new com.bigtimedeals.deals.NewDeal("Kettle " + i,
                    "https://s.example.com/k" + i, new java.math.BigDecimal("5"), "acme", "tech", null, null, null,
                    NOW.plus(java.time.Duration.ofHours(30))));
            deals.add(d);
            saved.save("kim", d.id());
        }
        saved.save("lea", deals.get(0).id());
        pump(60_000);
        new AccountStore(table).delete("kim");
        pump(60_000);
        assertTrue(new AccountStore(table).get("kim").done());
        assertTrue(saved.page("kim", 100, null).items().isEmpty());
        List<String> kims = new ArrayList<>();
        int reminders = 0;
        for (var item : client.scan(b -> b.tableName(table.name())).items()) {
            String pk = item.get("PK").s();
            String sk = item.get("SK").s();
            if (pk.equals("SAVED#kim") || sk.equals("USER#kim") || sk.endsWith("#USER#kim")) {
                kims.add(item.get("Type").s() + " " + pk + " " + sk);
            }
            reminders += "Reminder".equals(item.get("Type").s()) ? 1 : 0;
        }
        assertEquals(List.of(), kims, "kim's list, count, saver items and pending reminders are gone");
        assertEquals(1, reminders, "lea's reminder stays");
        assertEquals(1, saved.page("lea", 100, null).items().size());
    }

    @Test
    void aDeletedUsersAlertsMatchNothingAtOnceAndGoWithTheirIndexEntriesWithinTheWalk() {
        com.bigtimedeals.inbox.AlertStore alerts = new com.bigtimedeals.inbox.AlertStore(table);
        for (String keywords : List.of("kettle", "steel kettle", "lamp")) {
            alerts.create("kim", com.bigtimedeals.inbox.NewAlert.of(keywords, null, null, null));
        }
        alerts.delete("kim", alerts.list("kim").get(0).id());
        alerts.create("lea", com.bigtimedeals.inbox.NewAlert.of("kettle", null, null, null));
        pump(60_000);
        new AccountStore(table).delete("kim");
        // A deal made before the walk ran: kim's alerts still stand in the index, and still nothing reaches kim.
        Deal d = newDeal("Steel kettle lamp", "acme", "tech");
        pump(60_000);
        assertEquals(Map.of("lea", 1), messagesByUser(d.id()));
        assertTrue(new AccountStore(table).get("kim").done());
        assertTrue(alerts.list("kim").isEmpty());
        List<String> kims = new ArrayList<>();
        int leasEntries = 0;
        for (var item : client.scan(b -> b.tableName(table.name())).items()) {
            String type = item.get("Type").s();
            if (item.get("PK").s().equals("ALERTS#kim") || "kim".equals(item.containsKey("username") ? item.get("username").s() : null)
                    && type.startsWith("Alert")) {
                kims.add(type + " " + item.get("PK").s() + " " + item.get("SK").s());
            }
            leasEntries += type.equals("AlertEntry") && item.get("username").s().equals("lea") ? 1 : 0;
        }
        assertEquals(List.of(), kims, "kim's alerts, their index entries, the tombstone and the count are gone");
        assertEquals(1, leasEntries, "lea's alert stays filed");
    }

    @Test
    void aFollowMadeEarlierInTheSameSecondAsTheDeletionIsRemovedAndCounted() {
        java.time.Clock early = java.time.Clock.fixed(NOW.plusMillis(200), java.time.ZoneOffset.UTC);
        java.time.Clock late = java.time.Clock.fixed(NOW.plusMillis(700), java.time.ZoneOffset.UTC);
        new FollowStore(table(table.name(), early)).add(Likeable.BRAND, "acme", "sam", Relation.LIKE);
        new FollowStore(table(table.name(), early)).add(Likeable.CATEGORY, "tech", "sam", Relation.WATCH);
        pump(60_000);
        new AccountStore(table(table.name(), late)).delete("sam");
        pump(60_000);
        FollowStore follows = new FollowStore(table);
        assertTrue(follows.follows("sam").brands().isEmpty() && follows.follows("sam").categories().isEmpty());
        assertEquals(0, count(Likeable.BRAND, "acme", Relation.LIKE));
        assertEquals(0, count(Likeable.CATEGORY, "tech", Relation.WATCH));
    }

    @Test
    void aDeletedUsersCommentsBecomeTombstonesWithNoAuthorAcrossInvocationsWithNoScan() {
        com.bigtimedeals.platform.Table ticking = table(table.name(), new com.bigtimedeals.platform.TickingClock(NOW, 1_000));
        com.bigtimedeals.community.CommentStore comments = new com.bigtimedeals.community.CommentStore(ticking);
        UserStore users = new UserStore(table);
        users.create(new UserProfile("zoe", "zoe@example.com", null, null, NOW));
        users.create(new UserProfile("amy", "amy@example.com", null, null, NOW));
        Deal one = newDeal("One", "acme", "tech");
        Deal two = newDeal("Two", "globex", "home");
        String amys = comments.post(one.id(), "amy", new com.bigtimedeals.community.NewComment("Amy's", null)).id();
        List<String> zoes = new ArrayList<>();
        for (int i = 0; i < 230; i++) {
            Deal on = i % 2 == 0 ? one : two;
            String replyTo = i % 5 == 0 && on == one ? amys : null;
            zoes.add(comments.post(on.id(), "zoe", new com.bigtimedeals.community.NewComment("Zoe " + i, replyTo)).id());
        }
        comments.delete(one.id(), zoes.get(0), "zoe", false); // deleted before: only her name goes
        String answer = comments.post(two.id(), "amy", new com.bigtimedeals.community.NewComment("To Zoe", zoes.get(1))).id();
        tap.drain();

        new AccountStore(table).delete("zoe");
        int invocations = pumpTwiceHandingOn();

        assertTrue(new AccountStore(table).get("zoe").done());
        List<com.bigtimedeals.community.Comment> thread = new ArrayList<>();
        for (Deal d : List.of(one, two)) {
            String cursor = null;
            do {
                var page = comments.thread(d.id(), 100, cursor);
                thread.addAll(page.items());
                cursor = page.nextCursor();
            } while (cursor != null);
        }
        assertEquals(232, thread.size(), "every comment keeps its place");
        for (com.bigtimedeals.community.Comment c : thread) {
            if (zoes.contains(c.id())) {
                assertNull(c.author(), c.id());
                assertTrue(c.deleted(), c.id());
                assertEquals("", c.body());
            } else {
                assertEquals("amy", c.author());
                assertFalse(c.deleted());
            }
        }
        assertTrue(thread.stream().anyMatch(c -> c.id().equals(answer)), "a reply to her comment still reads in context");
        // Her comments no longer count: each deal counts amy's comments only.
        for (Deal d : List.of(one, two)) {
            long live = thread.stream().filter(c -> c.dealId().equals(d.id()) && !c.deleted()).count();
            assertEquals(live, new com.bigtimedeals.deals.DealStore(table).getExact(d.id()).commentCount(), d.title());
        }
        assertEquals(0, client.query(software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder()
                .tableName(table.name()).keyConditionExpression("PK = :pk").select("COUNT")
                .expressionAttributeValues(Map.of(":pk", software.amazon.awssdk.services.dynamodb.model.AttributeValue
                        .fromS("COMMENTS#zoe"))).build()).count());
        assertTrue(invocations >= 3, "230 comments in pages of 100, one page per invocation: " + invocations);

        // Signed up again, she comments under her name, and a repeated deletion's walk touches only that.
        users.create(new UserProfile("zoe", "zoe@example.com", null, null, NOW));
        new AccountStore(table).revive("zoe");
        var again = comments.post(one.id(), "zoe", new com.bigtimedeals.community.NewComment("I'm back", null));
        assertEquals("zoe", again.author());
    }
}

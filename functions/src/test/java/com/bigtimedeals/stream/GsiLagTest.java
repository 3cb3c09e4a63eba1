package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.service.DealService;

import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Every path that reads a global secondary index, with the engine's GSI propagation lag on the table: writes reach
 * GSI1-3 and the user index only {@link #LAG_MS} later, as they may in the service. The latest deals, the brand and
 * category lists, the unread messages (GSI1), the blast's walk of the user index, the sweeper's walk of unfinished
 * walks (GSI1, where a finished walk is still listed for a while) and account deletion must all end exact: no code
 * path may depend on reading its own write back through an index. Lists read by people are eventually right, so the
 * test looks until the lag has passed rather than at once.
 */
class GsiLagTest extends StreamTest {
    static final long LAG_MS = 300;

    @BeforeEach
    void lagTheIndexes() {
        dynamo.gsiLagMillis(table.name(), LAG_MS);
    }

    /** Looks until {@code actual} equals {@code expected}, for at most ten times the lag; the last look decides. */
    static <T> void eventually(T expected, Supplier<T> actual, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10 * LAG_MS;
        while (!expected.equals(actual.get()) && System.currentTimeMillis() < deadline) {
            Thread.sleep(LAG_MS / 6);
        }
        assertEquals(expected, actual.get(), what);
    }

    static List<String> newestFirst(List<String> ids) {
        return ids.stream().sorted(java.util.Comparator.reverseOrder()).toList();
    }

    static List<String> ids(Page<Deal> page) {
        return page.items().stream().map(Deal::id).toList();
    }

    @Test
    void newDealsReachEveryListAndEveryWatcherOnceAndReadMessagesLeaveTheUnreadList() throws Exception {
        FollowStore follows = new FollowStore(table);
        parallel(300, i -> follows.add(Likeable.BRAND, "acme", "w" + i, Relation.WATCH));
        parallel(100, i -> follows.add(Likeable.CATEGORY, "home", "w" + i, Relation.WATCH));
        tap.drain();
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            created.add(newDeal("Deal " + i, i % 2 == 0 ? "acme" : "globex", i % 3 == 0 ? "home" : "tech").id());
            pump(60_000); // each new deal's fan-out runs while the previous ones may not be indexed yet
        }
        DealStore deals = new DealStore(table);
        // Newest first, each once: deal ids grow with time (KSUIDs), and this test's deals share one posting instant.
        eventually(newestFirst(created), () -> ids(deals.latest(20, null)), "the latest deals");
        // The cached front page is rebuilt by each new deal's record, which comes before the index shows that deal:
        // nothing rebuilds it after the last one, so each rebuild must show every deal its batch and the copy before
        // it knew of, whatever the index said.
        com.bigtimedeals.deals.FrontPageCache cache = new com.bigtimedeals.deals.FrontPageCache(table, SHARDS);
        for (int shard = 1; shard <= SHARDS; shard++) {
            int s = shard;
            assertEquals(newestFirst(created), cache.readCopy(s).latest().stream().map(Deal::id).toList(),
                    "the cached front page's latest deals, copy " + s);
        }
        eventually(newestFirst(List.of(created.get(0), created.get(2), created.get(4))),
                () -> ids(deals.latestForBrand("acme", 20, null)), "acme's deals");
        eventually(newestFirst(List.of(created.get(0), created.get(3))), () -> ids(deals.latestForCategory("home", 20, null)),
                "home's deals");

        for (String dealId : List.of(created.get(0), created.get(2), created.get(4))) {
            Map<String, Integer> counts = messagesByUser(dealId);
            assertEquals(300, counts.size(), dealId);
            assertTrue(counts.values().stream().allMatch(c -> c == 1), "one message each");
        }
        InboxStore inbox = inbox(table);
        // w0 watches both: acme's three deals (0, 2, 4) and the home deal that is not acme's (3); deal 0 is both.
        eventually(4, () -> inbox.unreadCount("w0"), "w0's unread badge");
        List<Message> unread = inbox.list("w0", true, 10, null).items();
        assertEquals(4, unread.size());
        for (Message m : unread) {
            inbox.markRead("w0", m.id());
        }
        eventually(0, () -> inbox.unreadCount("w0"), "w0 read everything");
        eventually(List.of(), () -> inbox.list("w0", true, 10, null).items(), "no unread messages listed");
        assertEquals(4, inbox.list("w0", false, 10, null).items().size());
    }

    @Test
    void theCachedFrontPageFollowsEachNewDealAndTakedownFromItsOwnRebuildWhileTheIndexLags() throws Exception {
        com.bigtimedeals.deals.FrontPageCache cache = new com.bigtimedeals.deals.FrontPageCache(table, SHARDS);
        DealStore deals = new DealStore(table);
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            created.add(newDeal("Deal " + i, "acme", "tech").id());
        }
        Thread.sleep(2 * LAG_MS); // these three are indexed
        pump(60_000);
        // Each change's own rebuild decides the page at once: no later rebuild may be needed to put it right.
        String taken = created.get(1);
        deals.takeDown(taken);
        pump(60_000);
        created.remove(taken);
        assertFrontPage(cache, newestFirst(created), "a taken-down deal leaves with its own rebuild, though still indexed");
        created.add(newDeal("After", "acme", "tech").id());
        pump(60_000); // rebuilt from an index that still lists the taken-down deal and not yet the new one
        assertFrontPage(cache, newestFirst(created), "a new deal is on the page from its own rebuild, the taken-down one stays off");
        eventually(newestFirst(created), () -> ids(deals.latest(20, null)), "the index catches up to the same list");
    }

    @Test
    void aCorrectionStaysOnTheCachedFrontPageThroughLaterRebuildsWhileTheIndexStillHasTheOldText() throws Exception {
        Deal deal = newDeal("Old title", "acme", "tech");
        Thread.sleep(2 * LAG_MS);
        pump(60_000);
        new DealStore(table).correct(deal.id(), new com.bigtimedeals.deals.DealCorrection("New title", null, null, null, null));
        pump(60_000);
        // A rebuild for something else, past the time rebuilds keep checking recently touched deals, while the index
        // still lists the old title: the copy and the index disagree, so the deal item decides.
        com.bigtimedeals.platform.Table later = new com.bigtimedeals.platform.Table(client, table.name(),
                java.time.Clock.offset(table.clock(), Duration.ofSeconds(11)), table.cursors());
        com.bigtimedeals.deals.FrontPageCache cache = new com.bigtimedeals.deals.FrontPageCache(later, SHARDS);
        cache.rebuild(new com.bigtimedeals.catalogue.FeaturedStore(later), new DealStore(later));
        for (int shard = 1; shard <= SHARDS; shard++) {
            assertEquals("New title", cache.readCopy(shard).latest().get(0).title(), "copy " + shard);
        }
    }

    private static void assertFrontPage(com.bigtimedeals.deals.FrontPageCache cache, List<String> expected, String what) {
        for (int shard = 1; shard <= SHARDS; shard++) {
            assertEquals(expected, cache.readCopy(shard).latest().stream().map(Deal::id).toList(), what + ", copy " + shard);
        }
    }

    @Test
    void aBlastWalksTheLaggingUserIndexOnceAndTheSweeperNeverRedoesAFinishedWalkStillListed() throws Exception {
        signUp("u", 600);
        // A user who signed up within the lag is not in the index yet, as in the service: the blast starts once all are.
        eventually(600, () -> client.scan(b -> b.tableName(table.name()).indexName(TableDefinition.USER_INDEX.name())
                .select(Select.COUNT)).count(), "every user is in the user index");
        Deal deal = newDeal("Hot", "acme", "tech");
        tap.drain();
        Blast blast = DealService.of(table, SHARDS, 4).blast(deal.id(), null, null, NOW).blast();
        // The sweeper looks before, during and after the walks, an hour later by its clock so that every walk the
        // index lists counts as stalled: a walk the index still lists as unfinished after it finished (or with an old
        // progress stamp) is offered again, and nothing may be written twice.
        WalkStore later = new WalkStore(table(table.name(), Clock.fixed(NOW.plus(Duration.ofHours(1)), ZoneOffset.UTC)));
        SweepHandler sweeper = new SweepHandler(later, Duration.ZERO);
        for (int round = 0; round < 20 && !new BlastStore(table).get(blast.id()).done(); round++) {
            sweeper.sweep();
            assertTrue(deliverWithBudget(tap.drain(), 3).getBatchItemFailures().isEmpty());
        }
        pump(60_000);
        for (int i = 0; i < 3; i++) {
            sweeper.sweep();
            pump(60_000);
        }
        Blast done = new BlastStore(table).get(blast.id());
        assertTrue(done.done());
        assertEquals(600, done.usersReached(), "progress is exact");
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(600, counts.size(), "every user reached");
        assertTrue(counts.values().stream().allMatch(c -> c == 1), "nobody twice");
        eventually(0, () -> later.stalled(Duration.ZERO, 100).size(), "no walk left listed");
    }

    @Test
    void anAccountIsDeletedCompletelyWhileItsIndexEntriesLag() throws Exception {
        FollowStore follows = new FollowStore(table);
        follows.add(Likeable.BRAND, "acme", "zoe", Relation.WATCH);
        follows.add(Likeable.CATEGORY, "tech", "zoe", Relation.LIKE);
        new com.bigtimedeals.accounts.UserStore(table).create(new com.bigtimedeals.accounts.UserProfile("zoe", "zoe@example.com",
                null, null, NOW));
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 1_200; i++) {
            Instant at = NOW.minusSeconds(i);
            messages.add(new Message(Ids.messageId(at, "zoe", "m" + i), "zoe", "S", "B", null, i % 2 == 0, at, MessageKind.WATCH));
        }
        new InboxDelivery(table, 8, RETENTION).deliver(messages);
        tap.drain();
        new AccountStore(table).delete("zoe");
        for (int round = 0; round < 200 && !new AccountStore(table).get("zoe").done(); round++) {
            assertTrue(deliverWithBudget(tap.drain(), 2).getBatchItemFailures().isEmpty());
        }
        pump(60_000);
        assertTrue(new AccountStore(table).get("zoe").done());
        assertTrue(follows.follows("zoe").brands().isEmpty());
        InboxStore inbox = inbox(table);
        eventually(0, () -> inbox.unreadCount("zoe"), "zoe's unread badge");
        eventually(List.of(), () -> inbox.list("zoe", false, 10, null).items(), "zoe's inbox");
        assertEquals(0, messagesOf("zoe"), "every message deleted from the table itself");
        assertEquals(0L, new com.bigtimedeals.catalogue.CatalogStore(table).brand("acme", true).watchers());
    }

    private int messagesOf(String user) {
        return client.scan(b -> b.tableName(table.name()).filterExpression("#t = :m AND username = :u")
                .expressionAttributeNames(Map.of("#t", "Type"))
                .expressionAttributeValues(Map.of(":m", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("Message"),
                        ":u", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(user)))).count();
    }
}

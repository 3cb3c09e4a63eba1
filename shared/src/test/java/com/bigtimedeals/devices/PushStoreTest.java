package com.bigtimedeals.devices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.devices.PushStore.Verdict;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.MovableClock;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The push claim's states, on the engine, with a clock the test moves: who may send, and only one of them. */
class PushStoreTest extends DynamoDbTest {
    static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");

    final MovableClock clock = new MovableClock(T0);
    final Table table = table(newTable(), clock);
    final PushStore claims = new PushStore(table);

    @Test
    void theFirstClaimSendsALiveLeaseIsBusyAMarkedOneIsDone() {
        PushStore.Claim mine = claims.claim("m1", "d1", "ann", "a");
        assertEquals(Verdict.SEND, mine.verdict());
        PushStore.Claim busy = claims.claim("m1", "d1", "ann", "b");
        assertEquals(Verdict.BUSY, busy.verdict(), "another owner's live lease is never skipped nor taken");
        assertEquals(T0.plus(PushStore.LEASE), busy.leaseUntil());
        claims.mark(mine, "sent");
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "b").verdict());
        clock.set(T0.plus(Duration.ofDays(1)));
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "c").verdict(), "sent stays sent");
        assertEquals(Verdict.SEND, claims.claim("m1", "d2", "ann", "b").verdict(), "one claim per device");
    }

    @Test
    void aDeadSendersClaimIsTakenOverByExactlyOneOfManyOnceItsLeaseRunsOut() throws Exception {
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "dead").verdict());
        clock.set(T0.plus(PushStore.LEASE).minusMillis(1));
        assertEquals(Verdict.BUSY, claims.claim("m1", "d1", "ann", "early").verdict());
        clock.set(T0.plus(PushStore.LEASE));
        List<String> senders = new CopyOnWriteArrayList<>();
        ParallelRuns.run(8, 8, i -> {
            if (claims.claim("m1", "d1", "ann", "taker-" + i).verdict() == Verdict.SEND) {
                senders.add("taker-" + i);
            }
        });
        assertEquals(1, senders.size(), "one taker: " + senders);
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table.name()).key(DeviceKeys.pushClaim("m1", "d1"))).item();
        assertEquals(senders.get(0), item.get("leaseOwner").s());
        assertEquals("1", item.get("takeovers").n());
        assertEquals("sending", item.get("state").s());
    }

    /**
     * The mark is a whole-item put without a condition: it must keep what the claim said (the user, the TTL that
     * deletes it, how often it was taken over, which the kill -9 census reads) and leave no lease behind. A dead
     * sender's claim taken over and marked by its taker says so; the dead sender itself never marks.
     */
    @Test
    void aMarkKeepsTheClaimsUserTtlAndTakeoversAndLeavesNoLease() {
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "dead").verdict());
        Map<String, AttributeValue> claimed = client.getItem(b -> b.tableName(table.name()).key(DeviceKeys.pushClaim("m1", "d1"))).item();
        clock.set(T0.plus(PushStore.LEASE));
        PushStore.Claim taker = claims.claim("m1", "d1", "ann", "taker");
        assertEquals(Verdict.SEND, taker.verdict());
        claims.mark(taker, "gone");
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table.name()).key(DeviceKeys.pushClaim("m1", "d1"))).item();
        assertEquals("gone", item.get("outcome").s());
        assertEquals("gone", item.get("state").s());
        assertEquals("1", item.get("takeovers").n());
        assertEquals("taker", item.get("leaseOwner").s());
        assertEquals("ann", item.get("username").s());
        assertEquals(claimed.get("ttl"), item.get("ttl"));
        assertEquals(claimed.get("claimedAt"), item.get("claimedAt"));
        assertEquals(DeviceKeys.PUSH_CLAIM, item.get(Keys.TYPE).s());
        assertTrue(!item.containsKey("leaseUntil"), "no lease left to run out: " + item);
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "late").verdict());
        claims.release("m1", "d1", "taker");
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "later").verdict(), "a release after the mark changes nothing");
    }

    @Test
    void aSendersOwnClaimFoundAgainIsItsOwn() {
        // What the SDK's retry of a claim whose answer was lost meets: the claim it wrote, under its own lease.
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "a").verdict());
        PushStore.Claim again = claims.claim("m1", "d1", "ann", "a");
        assertEquals(Verdict.SEND, again.verdict(), "its own: no wait for its own lease");
        assertEquals(Verdict.BUSY, claims.claim("m1", "d1", "ann", "b").verdict(), "anyone else waits");
        claims.mark(again, "sent");
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "a").verdict(), "once marked, done for it too");
    }

    @Test
    void aReleasedLeaseIsClaimedAtOnceButOnlyItsOwnerMayReleaseIt() {
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "a").verdict());
        claims.release("m1", "d1", "someone-else");
        assertEquals(Verdict.BUSY, claims.claim("m1", "d1", "ann", "b").verdict(), "not b's to give up");
        claims.release("m1", "d1", "a");
        PushStore.Claim b = claims.claim("m1", "d1", "ann", "b");
        assertEquals(Verdict.SEND, b.verdict(), "a's Publish failed: the retry sends now");
        claims.mark(b, "sent");
        claims.release("m1", "d1", "b");
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "c").verdict(), "a release after the mark changes nothing");
    }

    @Test
    void aClaimFromBeforeLeasesIsDoneWhenMarkedAndTakenOverWhenNot() {
        for (String device : List.of("marked", "unmarked")) {
            Map<String, AttributeValue> item = new java.util.HashMap<>(DeviceKeys.pushClaim("m1", device));
            item.put(Keys.TYPE, AttributeValue.fromS(DeviceKeys.PUSH_CLAIM));
            item.put("claimedAt", AttributeValue.fromS(T0.minusSeconds(60).toString()));
            if (device.equals("marked")) {
                item.put("outcome", AttributeValue.fromS("sent"));
            }
            client.putItem(b -> b.tableName(table.name()).item(item));
        }
        assertEquals(Verdict.DONE, claims.claim("m1", "marked", "ann", "a").verdict());
        assertEquals(Verdict.SEND, claims.claim("m1", "unmarked", "ann", "a").verdict(),
                "a push the old claim-first order lost is sent by the next delivery");
    }

    /**
     * Senders in flight together: their claims share BatchExecuteStatements of PartiQL INSERTs (1 write unit a claim,
     * as a PutItem, never a transaction's 2), a claim alone is a PutItem, and the marks share BatchWriteItems
     * (GroupCommit). 40 pushes each raced by two owners, all at once, give each push exactly one sender, a BUSY for the
     * other, and DONE for everyone once marked; a claim found by its INSERT is read once.
     */
    @Test
    void claimsInFlightTogetherGoInGroupsMarksTooAndEachPushHasOneSender() throws Exception {
        assertEquals(Verdict.SEND, claims.claim("m0", "d0", "ann", "earlier").verdict()); // one already claimed
        Map<String, List<PushStore.Claim>> senders = new java.util.concurrent.ConcurrentHashMap<>();
        Map<String, List<String>> owners = new java.util.concurrent.ConcurrentHashMap<>();
        RequestMeter.resetAll();
        com.bigtimedeals.platform.TableAccessLog.clear();
        ParallelRuns.run(80, 16, i -> {
            String push = "m" + (i % 40);
            PushStore.Claim c = claims.claim(push, "d" + (i % 40), "ann", "owner-" + i);
            if (c.verdict() == Verdict.SEND) {
                senders.computeIfAbsent(push, p -> new CopyOnWriteArrayList<>()).add(c);
                owners.computeIfAbsent(push, p -> new CopyOnWriteArrayList<>()).add("owner-" + i);
            }
        });
        RequestMeter.Usage claimed = RequestMeter.usageAll();
        List<com.bigtimedeals.platform.TableAccessLog.Access> made = com.bigtimedeals.platform.TableAccessLog.drain();
        assertEquals(39, senders.size(), "every push but the one claimed before has a sender: " + senders.keySet());
        owners.forEach((push, who) -> assertEquals(1, who.size(), push + " sent by " + who));
        long inserts = made.stream().filter(a -> a.action().equals("PartiQLInsert")).count();
        long puts = made.stream().filter(a -> a.action().equals("PutItem")).count();
        long reads = made.stream().filter(a -> a.action().equals("GetItem")).count();
        assertEquals(80, inserts + puts, "each claim written once, as an INSERT in a group or a PutItem alone: " + made);
        assertTrue(reads <= inserts, "only a claim an INSERT found is read: " + reads + " of " + inserts);
        assertTrue(claimed.writeUnits() <= 80, "at most 1 write unit a claim: " + claimed.writeUnits());
        RequestMeter.resetAll();
        List<PushStore.Claim> toMark = senders.values().stream().map(l -> l.get(0)).toList();
        ParallelRuns.run(toMark.size(), 16, i -> claims.mark(toMark.get(i), "sent"));
        RequestMeter.Usage marked = RequestMeter.usageAll();
        assertTrue(marked.requests() <= 39, "at most one request a mark: " + marked.requests());
        assertTrue(marked.writeUnits() <= 39, "1 write unit a mark: " + marked.writeUnits());
        for (int i = 1; i < 40; i++) {
            assertEquals(Verdict.DONE, claims.claim("m" + i, "d" + i, "ann", "late").verdict());
            String push = "m" + i;
            String device = "d" + i;
            Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table.name()).key(DeviceKeys.pushClaim(push, device))).item();
            assertEquals("sent", item.get("state").s(), push);
            assertEquals(owners.get(push).get(0), item.get("leaseOwner").s(), "marked by its one sender: " + push);
            assertTrue(item.containsKey("ttl") && !item.containsKey("leaseUntil"), push + ": " + item);
        }
        assertEquals(Verdict.BUSY, claims.claim("m0", "d0", "ann", "late").verdict(), "the earlier claim is untouched");
    }

    /**
     * A group's INSERTs judged one by one: with each request held 100 ms, twelve senders at once queue behind the first
     * and go together. New claims are the senders'; a claim already marked is DONE and one under another's live lease
     * BUSY, each read after its INSERT found it (a duplicate's error carries no item).
     */
    @Test
    void aGroupOfInsertsJudgesEachClaimAsItsOwnPutWould() throws Exception {
        PushStore.Claim marked = claims.claim("g", "marked", "ann", "before");
        claims.mark(marked, "sent");
        assertEquals(Verdict.SEND, claims.claim("g", "live", "ann", "before").verdict());
        List<String> devices = new java.util.ArrayList<>(List.of("marked", "live"));
        for (int i = 0; i < 10; i++) {
            devices.add("new" + i);
        }
        Map<String, Verdict> verdicts = new java.util.concurrent.ConcurrentHashMap<>();
        com.bigtimedeals.platform.TableAccessLog.clear();
        dynamo.holdRequests(table.name(), 100); // this test's own table only, which no other test uses
        ParallelRuns.run(devices.size(), devices.size(), i -> verdicts.put(devices.get(i),
                claims.claim("g", devices.get(i), "ann", "owner-" + i).verdict()));
        List<com.bigtimedeals.platform.TableAccessLog.Access> made = com.bigtimedeals.platform.TableAccessLog.drain();
        assertEquals(Verdict.DONE, verdicts.get("marked"));
        assertEquals(Verdict.BUSY, verdicts.get("live"));
        for (int i = 0; i < 10; i++) {
            assertEquals(Verdict.SEND, verdicts.get("new" + i), "new" + i);
        }
        long inserts = made.stream().filter(a -> a.action().equals("PartiQLInsert")).count();
        long puts = made.stream().filter(a -> a.action().equals("PutItem")).count();
        assertEquals(12, inserts + puts, "each claim written once: " + made);
        assertTrue(inserts >= 2, "the senders queued behind the first went together: " + made);
        for (String d : devices) {
            Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table.name()).key(DeviceKeys.pushClaim("g", d))).item();
            assertEquals(d.startsWith("new") ? "owner-" + devices.indexOf(d) : "before", item.get("leaseOwner").s(), d);
        }
    }
}

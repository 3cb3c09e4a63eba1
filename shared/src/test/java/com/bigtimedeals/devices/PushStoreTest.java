package com.bigtimedeals.devices;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "a").verdict());
        PushStore.Claim busy = claims.claim("m1", "d1", "ann", "b");
        assertEquals(Verdict.BUSY, busy.verdict(), "another owner's live lease is never skipped nor taken");
        assertEquals(T0.plus(PushStore.LEASE), busy.leaseUntil());
        claims.mark("m1", "d1", "sent");
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
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table.name()).key(Keys.pushClaim("m1", "d1"))).item();
        assertEquals(senders.get(0), item.get("leaseOwner").s());
        assertEquals("1", item.get("takeovers").n());
        assertEquals("sending", item.get("state").s());
    }

    @Test
    void aSendersOwnClaimFoundAgainIsItsOwn() {
        // What the SDK's retry of a claim whose answer was lost meets: the claim it wrote, under its own lease.
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "a").verdict());
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "a").verdict(), "its own: no wait for its own lease");
        assertEquals(Verdict.BUSY, claims.claim("m1", "d1", "ann", "b").verdict(), "anyone else waits");
        claims.mark("m1", "d1", "sent");
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "a").verdict(), "once marked, done for it too");
    }

    @Test
    void aReleasedLeaseIsClaimedAtOnceButOnlyItsOwnerMayReleaseIt() {
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "a").verdict());
        claims.release("m1", "d1", "someone-else");
        assertEquals(Verdict.BUSY, claims.claim("m1", "d1", "ann", "b").verdict(), "not b's to give up");
        claims.release("m1", "d1", "a");
        assertEquals(Verdict.SEND, claims.claim("m1", "d1", "ann", "b").verdict(), "a's Publish failed: the retry sends now");
        claims.mark("m1", "d1", "sent");
        claims.release("m1", "d1", "b");
        assertEquals(Verdict.DONE, claims.claim("m1", "d1", "ann", "c").verdict(), "a release after the mark changes nothing");
    }

    @Test
    void aClaimFromBeforeLeasesIsDoneWhenMarkedAndTakenOverWhenNot() {
        for (String device : List.of("marked", "unmarked")) {
            Map<String, AttributeValue> item = new java.util.HashMap<>(Keys.pushClaim("m1", device));
            item.put(Keys.TYPE, AttributeValue.fromS(Keys.PUSH_CLAIM));
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
}

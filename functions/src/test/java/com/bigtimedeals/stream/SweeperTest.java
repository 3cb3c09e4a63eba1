package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.FanOutStore;
import com.bigtimedeals.inbox.FanOutWork;
import com.bigtimedeals.lambda.GrantedAccess;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.topology.LambdaFunction;

/**
 * The sweeper as deployed: it finds every kind of walk that stalled (blast segments, a handed-on fan-out, an account
 * clean-up) and touches each once, with only the requests its grants allow.
 */
class SweeperTest extends DynamoDbTest {
    static final Instant THEN = Instant.parse("2026-11-20T12:00:00Z");

    @Test
    void aSweepTouchesEveryStalledWalkOnceWithOnlyItsGrants() {
        Table then = newTable(THEN);
        String dealId = Ids.dealId(THEN);
        new BlastStore(then).record(new Blast(Ids.blastId(THEN), dealId, "Hot", "Now", THEN, 3, 0, 0));
        new FanOutStore(then).handOn(new FanOutWork(dealId, Likeable.BRAND, "USER#w199", THEN, false));
        new AccountStore(then).delete("gone");
        Table later = new Table(client, then.name(), Clock.fixed(THEN.plus(Duration.ofHours(1)), ZoneOffset.UTC), then.cursors());
        SweepHandler sweeper = new SweepHandler(new WalkStore(later), Duration.ofMinutes(10));
        Map<String, Object> first = GrantedAccess.checked(LambdaFunction.SWEEPER, false,
                () -> sweeper.handleRequest(Map.of(), new SyntheticContext("sweep", "sweeper", 60_000)));
        assertEquals(3 + 1 + 1, first.get("touched"), "three blast segments, a fan-out and a clean-up");
        Map<String, Object> again = GrantedAccess.checked(LambdaFunction.SWEEPER, false,
                () -> sweeper.handleRequest(Map.of(), new SyntheticContext("sweep", "sweeper", 60_000)));
        assertEquals(0, again.get("touched"), "a walk just touched has made progress as far as the sweeper knows");
    }

    /** The check bites: a request outside the sweeper's grants (deleting an account) fails the test that made it. */
    @Test
    void aRequestOutsideTheGrantsFailsTheTest() {
        Table table = newTable(THEN);
        AssertionError denied = assertThrows(AssertionError.class, () -> GrantedAccess.checked(LambdaFunction.SWEEPER, false, () -> {
            new AccountStore(table).delete("ann");
            return null;
        }));
        assertTrue(denied.getMessage().contains("dynamodb:PutItem of DELETION#ann"), denied.getMessage());
    }
}

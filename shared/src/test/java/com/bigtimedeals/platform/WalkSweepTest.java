package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The sweep's one statement over every index partition ({@link WalkStore#stalled}) misses no stalled walk: walks in
 * each of the 64 partitions, more than one sweep takes, are each touched exactly once over the sweeps that follow, and
 * a walk that made progress recently, or finished, is left alone. Checked on the walks' items, not on counts returned.
 */
class WalkSweepTest extends DynamoDbTest {
    private static final Instant THEN = Instant.parse("2026-11-20T12:00:00Z");

    @Test
    void everyStalledWalkInEveryPartitionIsTouchedOnceAndNoOtherWalk() {
        Table then = newTable(THEN);
        Map<String, String> stalled = new TreeMap<>();
        // Three stalled walks in each partition: 192, more than one sweep at one a partition (64) takes.
        for (int shard = 0; shard < WalkStore.INDEX_SHARDS; shard++) {
            for (int k = 0; k < 3; k++) {
                String pk = "BLAST#b" + shard + "#SEGMENT#" + k;
                put(then, pk, shard, THEN, false);
                stalled.put(pk, WalkStore.stamp(THEN));
            }
        }
        Instant later = THEN.plus(Duration.ofMinutes(30));
        put(then, "FANOUT#recent#BRAND", 7, later.minus(Duration.ofMinutes(1)), false); // made progress a minute ago
        Table sweeping = new Table(client, then.name(), Clock.fixed(later, ZoneOffset.UTC), then.cursors());
        WalkStore walks = new WalkStore(sweeping);
        int sweeps = 0;
        for (var found = walks.stalled(Duration.ofMinutes(10), 1); !found.isEmpty(); found = walks.stalled(Duration.ofMinutes(10), 1)) {
            found.forEach(walks::touch);
            sweeps++;
        }
        assertEquals(3, sweeps, "64 walks a sweep");
        for (String pk : stalled.keySet()) {
            Map<String, AttributeValue> item = item(then, pk);
            assertEquals(AttributeValue.fromN("1"), item.get("touches"), pk + " touched once");
            assertEquals(WalkStore.stamp(later), item.get(TableDefinition.GSI1.sortKey()).s(), pk + " restamped");
        }
        assertEquals(null, item(then, "FANOUT#recent#BRAND").get("touches"), "a walk that made progress is not touched");
    }

    /** A walk's item as the stores write it: unfinished, in index partition {@code shard}, last progress {@code at}. */
    private static void put(Table table, String pk, int shard, Instant at, boolean done) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(Keys.PK, AttributeValue.fromS(pk));
        item.put(Keys.SK, AttributeValue.fromS(pk));
        item.put("done", AttributeValue.fromBool(done));
        item.put(TableDefinition.GSI1.partitionKey(), AttributeValue.fromS(Keys.unfinishedWalks(shard)));
        item.put(TableDefinition.GSI1.sortKey(), AttributeValue.fromS(WalkStore.stamp(at)));
        table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item).build());
    }

    private static Map<String, AttributeValue> item(Table table, String pk) {
        return table.client().getItem(GetItemRequest.builder().tableName(table.name()).consistentRead(true)
                .key(Map.of(Keys.PK, AttributeValue.fromS(pk), Keys.SK, AttributeValue.fromS(pk))).build()).item();
    }
}

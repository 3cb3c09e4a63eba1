package com.bigtimedeals.deals;

import java.util.HashMap;
import java.util.Map;

import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Table;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns a deal made by today's code into what the code before the counter views left (DealCounters before commit
 * c085d9e): no liveness marker, its counts in 8 shards {@code COUNTERS#<dealId>#0..7} written as the old
 * {@code add()} wrote them ({@code Type}, {@code dealId}, {@code shard}, {@code v} and the counters). For the upgrade's
 * tests here and in the local stack's.
 */
public final class OldCounterLayout {
    /** The shards per deal before the views. */
    public static final int OLD_SHARDS = 8;

    private OldCounterLayout() {
    }

    /** Removes the deal's markers and writes its old shards, {@code hot}, {@code cold} and {@code comments} spread over them. */
    public static void make(DynamoDbClient client, String table, String dealId, long hot, long cold, long comments) {
        for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
            Map<String, AttributeValue> marker = DealKeys.dealLive(dealId, m);
            client.deleteItem(b -> b.tableName(table).key(marker));
        }
        long[][] spread = new long[OLD_SHARDS][4];
        spread(spread, hot, 0, 0);
        spread(spread, cold, 1, 3);
        spread(spread, comments, 2, 5);
        for (int shard = 0; shard < OLD_SHARDS; shard++) {
            if (spread[shard][3] == 0) {
                continue;
            }
            Map<String, AttributeValue> item = new HashMap<>(DealKeys.dealCounters(dealId, shard));
            item.putAll(new ItemWriter(Map.of(), DealKeys.DEAL_COUNTERS).string("dealId", dealId).number("shard", shard)
                    .number("v", spread[shard][3]).number("hot", spread[shard][0]).number("cold", spread[shard][1])
                    .number("comments", spread[shard][2]).build());
            client.putItem(b -> b.tableName(table).item(item));
        }
    }

    /**
     * Takes away the table's upgrade record (a table from before it has none) and this process's knowledge of it, as
     * in a process of a stack deployed onto the old table and not upgraded yet.
     */
    public static void notUpgraded(DynamoDbClient client, Table table) {
        client.deleteItem(b -> b.tableName(table.name()).key(DealKeys.upgrade(DealCountersUpgrade.NAME)));
        DealCounters.forgetUpgrade(table);
    }

    /** One change per unit, on shards round from {@code first}: each also counts one write. */
    private static void spread(long[][] spread, long n, int counter, int first) {
        for (long i = 0; i < n; i++) {
            int shard = (int) ((i + first) % OLD_SHARDS);
            spread[shard][counter]++;
            spread[shard][3]++;
        }
    }
}

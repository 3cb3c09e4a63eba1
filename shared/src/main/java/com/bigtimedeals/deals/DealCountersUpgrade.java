package com.bigtimedeals.deals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Brings a table's deals from before the counter views and liveness markers (docs/data-model.md, "Upgrading a table
 * from before the counter views") into today's layout. Before, a deal's counters were 8 shards
 * {@code COUNTERS#<dealId>#0..7} (attribute {@code shard} 0..7), no view and no marker: those are shards of view 0
 * (0..23), so view 0 already sums to the old counts; view 1 (24..47) was never written, and no marker exists, so a
 * vote answered 404 and a reader of view 1 saw 0.
 *
 * <p>Per deal, while its markers are missing or its views disagree, one transaction: the 4 markers (as a creation
 * writes them, or as a takedown marks them when the deal is down), and the difference of view 0's sums over view 1's
 * added to view 1's first shard, conditioned on every shard of both views being as it was read. Run it again, crash
 * half-way, or run two at once: a deal already done reads as done and writes nothing, and a transaction built on a
 * reading another one overtook is cancelled and read again, so no difference is added twice. A deal whose views differ
 * because comments or account deletions counted into both views while the old layout was served meanwhile still gets
 * exactly the difference. When every deal is done, {@code UPGRADE#counter-views} records it: a later start reads that
 * one item and scans nothing.
 *
 * <p>The same scan moves notification settings from their first key ({@code DEVICES#<user> SETTINGS}, 2026-12-02) to
 * today's ({@code DEVICE~SETTINGS}, read with the devices in one Query): without it, a user's settings would read as
 * the defaults and their switched-off kinds would be pushed again.
 */
public final class DealCountersUpgrade {
    /** The upgrade's name, in its table-level record's key. */
    public static final String NAME = "counter-views";
    /** A deal's transaction is read again and retried this many times when something else wrote its items first. */
    private static final int ATTEMPTS = 20;
    private static final int PAGE = 100;

    private final Table table;

    public DealCountersUpgrade(Table table) {
        this.table = table;
    }

    /**
     * What one run did: deals scanned, deals changed, notification settings moved to their key; {@code skipped} when
     * the table was already recorded done.
     */
    public record Result(boolean skipped, int deals, int upgraded, int settingsMoved) {
        public Result(boolean skipped, int deals, int upgraded) {
            this(skipped, deals, upgraded, 0);
        }
    }

    /** The settings' sort key before 2026-12-03. */
    static final String FIRST_SETTINGS_SK = "SETTINGS";

    /** True when the table's record says every deal is done (1 strongly consistent GetItem). */
    public boolean done() {
        boolean done = table.client().getItem(GetItemRequest.builder().tableName(table.name()).key(DealKeys.upgrade(NAME))
                .consistentRead(true).build()).hasItem();
        if (done) {
            DealCounters.upgradedNow(table);
        }
        return done;
    }

    /**
     * Upgrades every deal that needs it, then records the table done; nothing but that GetItem when it is already. A
     * Scan filtered on the deal item's type, 100 items a page: taken-down deals have no index entry, and they need
     * their markers too.
     */
    public Result run() {
        if (done()) {
            return new Result(true, 0, 0);
        }
        int deals = 0;
        int upgraded = 0;
        int settingsMoved = 0;
        Map<String, AttributeValue> start = null;
        do {
            ScanRequest.Builder scan = ScanRequest.builder().tableName(table.name()).limit(PAGE)
                    .filterExpression("#t = :deal OR (#t = :settings AND #sk = :first)").projectionExpression("#t, id, #pk, #sk")
                    .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#pk", Keys.PK, "#sk", Keys.SK))
                    .expressionAttributeValues(Map.of(":deal", AttributeValue.fromS(DealKeys.DEAL),
                            ":settings", AttributeValue.fromS(Keys.NOTIFICATION_SETTINGS),
                            ":first", AttributeValue.fromS(FIRST_SETTINGS_SK)));
            if (start != null) {
                scan.exclusiveStartKey(start);
            }
            ScanResponse page = table.client().scan(scan.build());
            for (Map<String, AttributeValue> item : page.items()) {
                if (Keys.NOTIFICATION_SETTINGS.equals(new ItemReader(item).type())) {
                    if (moveSettings(item.get(Keys.PK))) {
                        settingsMoved++;
                    }
                    continue;
                }
                deals++;
                if (upgrade(new ItemReader(item).string("id"))) {
                    upgraded++;
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        // Written only after the whole scan: a run that stops before leaves no record, and the next one scans again.
        table.client().putItem(PutItemRequest.builder().tableName(table.name())
                .item(new ItemWriter(DealKeys.upgrade(NAME), DealKeys.UPGRADE).instant("doneAt", table.clock().instant()).build())
                .build());
        DealCounters.upgradedNow(table);
        return new Result(false, deals, upgraded, settingsMoved);
    }

    /**
     * One user's settings from their first key to today's, in one transaction: put under the new key unless settings
     * are there already (the user saved settings since this code serves, which are newer and win), and delete the old
     * item as read. A second run or one racing this finds the old item gone (its condition fails) and changes nothing.
     */
    boolean moveSettings(AttributeValue devicesPk) {
        Map<String, AttributeValue> oldKey = Map.of(Keys.PK, devicesPk, Keys.SK, AttributeValue.fromS(FIRST_SETTINGS_SK));
        Map<String, AttributeValue> old = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(oldKey).consistentRead(true).build()).item();
        if (old == null || old.isEmpty()) {
            return false;
        }
        Map<String, AttributeValue> moved = new HashMap<>(old);
        moved.put(Keys.SK, AttributeValue.fromS(Keys.NOTIFICATION_SETTINGS_SK));
        Map<String, AttributeValue> newKey = Map.of(Keys.PK, devicesPk, Keys.SK, AttributeValue.fromS(Keys.NOTIFICATION_SETTINGS_SK));
        boolean hasNew = table.client().getItem(GetItemRequest.builder().tableName(table.name()).key(newKey)
                .consistentRead(true).build()).hasItem();
        List<TransactWriteItem> writes = new ArrayList<>();
        if (!hasNew) {
            writes.add(TransactWriteItem.builder().put(p -> p.tableName(table.name()).item(moved)
                    .conditionExpression("attribute_not_exists(#pk)").expressionAttributeNames(Map.of("#pk", Keys.PK))).build());
        }
        writes.add(TransactWriteItem.builder().delete(d -> d.tableName(table.name()).key(oldKey)
                .conditionExpression("attribute_exists(#pk)").expressionAttributeNames(Map.of("#pk", Keys.PK))).build());
        try {
            table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
            return true;
        } catch (TransactionCanceledException e) {
            // Another run moved them, or the user saved new settings between the reads: the next run reads afresh.
            return false;
        }
    }

    /** Brings one deal to today's layout; false when it was there already. */
    boolean upgrade(String dealId) {
        for (int attempt = 1; ; attempt++) {
            List<Map<String, AttributeValue>> keys = new ArrayList<>();
            keys.add(DealKeys.deal(dealId));
            for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
                keys.add(DealKeys.dealLive(dealId, m));
            }
            for (int view = 0; view < DealCounters.VIEWS; view++) {
                keys.addAll(DealCounters.keys(dealId, view));
            }
            Map<String, Map<String, AttributeValue>> byKey = new HashMap<>();
            for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                    .consistentRead(true).build())) {
                byKey.put(item.get(Keys.PK).s(), item);
            }
            Map<String, AttributeValue> deal = byKey.get(DealKeys.dealPk(dealId));
            if (deal == null || !DealKeys.DEAL.equals(new ItemReader(deal).type())) {
                return false;
            }
            boolean markers = byKey.containsKey(DealKeys.dealLivePk(dealId, "0"));
            List<Map<String, AttributeValue>> view0 = present(byKey, DealCounters.keys(dealId, 0));
            List<Map<String, AttributeValue>> view1 = present(byKey, DealCounters.keys(dealId, 1));
            DealCounts sum0 = DealCounters.sum(dealId, view0);
            DealCounts sum1 = DealCounters.sum(dealId, view1);
            if (markers && sum0.equals(sum1)) {
                return false;
            }
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(writes(dealId, deal, markers, byKey, sum0, sum1)).build());
                return true;
            } catch (TransactionCanceledException e) {
                // A condition failed or a transaction held an item: another run, a takedown, a comment got there
                // first. Nothing was written; read again and decide afresh.
                if (attempt >= ATTEMPTS) {
                    throw e;
                }
                Transactions.backOff(attempt);
            }
        }
    }

    private static List<Map<String, AttributeValue>> present(Map<String, Map<String, AttributeValue>> byKey,
                                                             List<Map<String, AttributeValue>> keys) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (Map<String, AttributeValue> key : keys) {
            Map<String, AttributeValue> item = byKey.get(key.get(Keys.PK).s());
            if (item != null) {
                items.add(item);
            }
        }
        return items;
    }

    private List<TransactWriteItem> writes(String dealId, Map<String, AttributeValue> deal, boolean markers,
                                           Map<String, Map<String, AttributeValue>> byKey, DealCounts sum0, DealCounts sum1) {
        List<TransactWriteItem> writes = new ArrayList<>();
        String takenDownAt = new ItemReader(deal).string(DealCodec.TAKEN_DOWN_AT);
        if (!markers) {
            // The deal as read: a takedown committing after the read would make a live marker wrong, so the read's
            // takedown state must still hold (a takedown under today's code also writes the markers: the Puts'
            // conditions would fail as well).
            writes.add(TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table.name())
                    .key(DealKeys.deal(dealId))
                    .conditionExpression(takenDownAt == null ? "attribute_not_exists(#down)" : "#down = :down")
                    .expressionAttributeNames(Map.of("#down", DealCodec.TAKEN_DOWN_AT))
                    .expressionAttributeValues(takenDownAt == null ? null : Map.of(":down", AttributeValue.fromS(takenDownAt)))
                    .build()).build());
            for (int m = 0; m < DealCounters.LIVE_MARKERS; m++) {
                // attribute_not_exists: a second run, or a takedown's markers written since the read, is never
                // overwritten (a live marker over a takedown's would count votes on a taken-down deal).
                ItemWriter marker = new ItemWriter(DealKeys.dealLive(dealId, m), DealKeys.DEAL_LIVE).string("dealId", dealId)
                        .string(DealCodec.TAKEN_DOWN_AT, takenDownAt);
                writes.add(TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(marker.build())
                        .conditionExpression("attribute_not_exists(PK)").build()).build());
            }
        }
        int target = DealCounters.SHARDS_PER_VIEW; // view 1's first shard
        for (int view = 0; view < DealCounters.VIEWS; view++) {
            for (Map<String, AttributeValue> key : DealCounters.keys(dealId, view)) {
                Map<String, AttributeValue> item = byKey.get(key.get(Keys.PK).s());
                // Every shard counts its writes (v) from its first one, so an unchanged v is an unchanged shard.
                boolean counted = item != null && item.containsKey(DealCounters.WRITES);
                String unchanged = item == null ? "attribute_not_exists(PK)"
                        : counted ? "#w = :w" : "attribute_not_exists(#w)";
                Map<String, String> names = item == null ? null : Map.of("#w", DealCounters.WRITES);
                Map<String, AttributeValue> values = counted ? Map.of(":w", item.get(DealCounters.WRITES)) : null;
                if (key.equals(DealKeys.dealCounters(dealId, target))) {
                    if (!sum0.equals(sum1)) {
                        writes.add(difference(dealId, target, unchanged, item, sum0, sum1));
                    }
                } else {
                    // Every other shard of both views exactly as read: a vote, comment or other run that counted
                    // since cancels this transaction, so the difference added is the one between the views as they
                    // are, never one that is already added or out of date.
                    writes.add(TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table.name())
                            .key(key).conditionExpression(unchanged).expressionAttributeNames(names)
                            .expressionAttributeValues(values).build()).build());
                }
            }
        }
        return writes;
    }

    /** View 1's first shard moved by view 0's sums less view 1's, only while it is as read (its write count). */
    private TransactWriteItem difference(String dealId, int shard, String unchanged, Map<String, AttributeValue> item,
                                         DealCounts sum0, DealCounts sum1) {
        Map<String, String> names = new HashMap<>(Map.of("#w", DealCounters.WRITES, "#t", Keys.TYPE, "#d", "dealId",
                "#s", "shard", "#h", Counter.HOT.attribute(), "#c", Counter.COLD.attribute(),
                "#m", Counter.COMMENTS.attribute()));
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":dw", number(sum0.version() - sum1.version()));
        values.put(":dh", number(sum0.hot() - sum1.hot()));
        values.put(":dc", number(sum0.cold() - sum1.cold()));
        values.put(":dm", number(sum0.comments() - sum1.comments()));
        values.put(":type", AttributeValue.fromS(DealKeys.DEAL_COUNTERS));
        values.put(":deal", AttributeValue.fromS(dealId));
        values.put(":shard", number(shard));
        if (item != null && item.containsKey(DealCounters.WRITES)) {
            values.put(":w", item.get(DealCounters.WRITES));
        }
        return TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(DealKeys.dealCounters(dealId, shard))
                .updateExpression("ADD #w :dw, #h :dh, #c :dc, #m :dm SET #t = :type, #d = :deal, #s = :shard")
                .conditionExpression(unchanged)
                .expressionAttributeNames(names).expressionAttributeValues(values)
                .build()).build();
    }

    private static AttributeValue number(long n) {
        return AttributeValue.fromN(Long.toString(n));
    }
}

package com.bigtimedeals.deals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.DealTimeline.Scope;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A brand's or category's list of deals ({@link DealTimeline}) as the catalogue, which sits above the deals, meets
 * it: its first bucket, which the brand's or category's creation writes in its own transaction (a deal is placed
 * only where it stands); its pages, which a rename walks; and its buckets, which a deletion removes while none of
 * them ever held a deal.
 */
public final class OwnerTimelines {
    private final Table table;
    private final DealTimeline timeline;

    public OwnerTimelines(Table table) {
        this.table = table;
        this.timeline = new DealTimeline(table, DealStore.MAX_PAGE);
    }

    private static Scope scope(Likeable kind, String id) {
        return kind == Likeable.BRAND ? Scope.brand(id) : Scope.category(id);
    }

    /** The list's first bucket, holding no deal: its presence is how a deal's placement knows the owner exists. */
    public Map<String, AttributeValue> start(Likeable kind, String id) {
        return timeline.genesisItem(scope(kind, id), 0, null);
    }

    /** One page of the owner's deals, newest first, as {@link DealStore#latestForBrand} (NOT_FOUND once it is gone). */
    public Page<Deal> page(Likeable kind, String id, int limit, String cursor) {
        return timeline.page(scope(kind, id), limit, cursor);
    }

    /**
     * The list's buckets, read strongly consistent (1 Query of its {@code TIMELINE#} partition): how many there are,
     * how many deals were ever placed in them (a takedown never takes a placement back), and for each a delete
     * conditioned on its count staying 0, for the deletion's transaction.
     */
    public Buckets buckets(Likeable kind, String id) {
        List<Map<String, AttributeValue>> items = TableReads.partition(table, DealKeys.timelinePk(scope(kind, id).key()), true);
        long placed = 0;
        List<TransactWriteItem> deletes = new ArrayList<>();
        for (Map<String, AttributeValue> b : items) {
            placed += new ItemReader(b).number("count");
            deletes.add(TransactWriteItem.builder().delete(Delete.builder()
                    .tableName(table.name()).key(Map.of(Keys.PK, b.get(Keys.PK), Keys.SK, b.get(Keys.SK)))
                    .conditionExpression("#c = :zero")
                    .expressionAttributeNames(Map.of("#c", "count"))
                    .expressionAttributeValues(Map.of(":zero", AttributeValue.fromN("0"))).build()).build());
        }
        return new Buckets(items.size(), placed, deletes);
    }

    /** What {@link #buckets} read: the buckets, the deals placed in them, and their conditioned deletes. */
    public record Buckets(int count, long placed, List<TransactWriteItem> deletes) {
    }
}

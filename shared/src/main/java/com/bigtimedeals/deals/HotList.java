package com.bigtimedeals.deals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The hot list ({@code GET /hot}, requirement 11): every deal that ever reached {@link DealCounts#HOT}, the most
 * recently turned hot first. One entry per deal in one partition, sorted by the moment it turned hot
 * ({@code HOT#<epoch second>#<dealId>}): that key is written once and never moves, however the temperature goes on, so
 * a page is one Query newest first and paging returns each deal exactly once. An entry holds a copy of the deal (the
 * page needs no second read); its counts follow the stream's aggregation (only over older versions), its content the
 * editors' corrections, and a takedown removes it. A deal stays listed when its temperature falls again.
 */
public final class HotList {
    private static final String SCOPE = "HOT";

    private final Table table;

    public HotList(Table table) {
        this.table = table;
    }

    private static Map<String, AttributeValue> key(String dealId, Instant hotSince) {
        return Keys.key(DealKeys.HOT_DEALS_PK, DealKeys.hotDealSk(String.format("%012d", hotSince.getEpochSecond()), dealId));
    }

    /**
     * Carries a hot deal's counts into its entry, creating the entry (a copy of the deal) on its first call. Only over
     * older counts: a replayed or late aggregation changes nothing. The content of an existing entry is left to
     * {@link #refresh}, so an aggregation that read the deal before a correction never puts the old text back.
     */
    public void record(Deal counted) {
        DealCounts c = counted.counts();
        Map<String, AttributeValue> key = key(counted.id(), c.hotSince());
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(key)
                        .updateExpression("SET #h = :h, #c = :c, #m = :m, #v = :v")
                        .conditionExpression("attribute_exists(PK) AND (attribute_not_exists(#v) OR #v < :v)")
                        .expressionAttributeNames(Map.of("#h", DealCodec.HOT, "#c", DealCodec.COLD, "#m", DealCodec.COMMENTS,
                                "#v", DealCodec.COUNTERS_VERSION))
                        .expressionAttributeValues(Map.of(":h", n(c.hot()), ":c", n(c.cold()), ":m", n(c.comments()),
                                ":v", n(c.version())))
                        .build()));
                return;
            } catch (ConditionalCheckFailedException notThereOrNewer) {
                try {
                    Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                            .item(entry(key, counted)).conditionExpression("attribute_not_exists(PK)").build()));
                    return;
                } catch (ConditionalCheckFailedException there) {
                    // It exists: with newer counts (nothing to do, the update's condition said so) or created by a
                    // correction meanwhile (the update now applies). One more round tells which.
                }
            }
        }
    }

    private static Map<String, AttributeValue> entry(Map<String, AttributeValue> key, Deal deal) {
        return DealCodec.write(new ItemWriter(key, DealKeys.HOT_DEAL), deal).build();
    }

    /**
     * A corrected hot deal's entry takes its new content; its counts stay unless the entry is new (then the corrected
     * deal's). Creates the entry if the aggregation has not yet, so that whichever of the two runs first, the entry
     * ends with the correction.
     */
    public void refresh(Deal corrected) {
        if (corrected.counts().hotSince() == null) {
            return;
        }
        Map<String, AttributeValue> item = entry(key(corrected.id(), corrected.counts().hotSince()), corrected);
        StringBuilder set = new StringBuilder();
        StringBuilder remove = new StringBuilder();
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        int n = 0;
        for (String attribute : List.of(Keys.TYPE, "id", "title", "link", "price", "brandId", "brandName", "categoryId",
                "categoryName", "imageUrl", "description", "createdAt", "expiresAt", DealCodec.LINK_LOW)) {
            names.put("#a" + n, attribute);
            if (item.containsKey(attribute)) {
                set.append(set.length() == 0 ? "" : ", ").append("#a").append(n).append(" = :a").append(n);
                values.put(":a" + n, item.get(attribute));
            } else {
                remove.append(remove.length() == 0 ? "" : ", ").append("#a").append(n);
            }
            n++;
        }
        for (String counter : List.of(DealCodec.HOT, DealCodec.COLD, DealCodec.COMMENTS, DealCodec.COUNTERS_VERSION,
                DealCodec.HOT_SINCE)) {
            names.put("#a" + n, counter);
            set.append(", #a").append(n).append(" = if_not_exists(#a").append(n).append(", :a").append(n).append(')');
            values.put(":a" + n, item.get(counter));
            n++;
        }
        Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                .key(key(corrected.id(), corrected.counts().hotSince()))
                .updateExpression("SET " + set + (remove.length() == 0 ? "" : " REMOVE " + remove))
                .expressionAttributeNames(names).expressionAttributeValues(values).build()));
    }

    /** A taken-down deal leaves the list. Idempotent. */
    public void remove(String dealId, Instant hotSince) {
        Transactions.retrying(() -> table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name()).key(key(dealId, hotSince)).build()));
    }

    /**
     * A page of the hot list, the most recently turned hot first: 1 Query of {@code limit + 1} entries (the extra one
     * tells whether more follow). Full pages whatever happens between them: entries only arrive above the first page
     * and leave by takedown, and the cursor is a position, not a count.
     */
    public Page<Deal> page(int limit, String cursor) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":pk", AttributeValue.fromS(DealKeys.HOT_DEALS_PK));
        String condition = "PK = :pk";
        if (cursor != null) {
            String after = table.cursors().decode(SCOPE, cursor, 1).get(0);
            if (!after.startsWith("HOT#")) {
                throw DomainException.invalid("cursor", "cursor is not valid for this list");
            }
            values.put(":after", AttributeValue.fromS(after));
            condition += " AND SK < :after";
        }
        QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                .keyConditionExpression(condition).expressionAttributeValues(values)
                .scanIndexForward(false).limit(limit + 1).build());
        List<Deal> deals = new ArrayList<>(limit);
        String last = null;
        for (Map<String, AttributeValue> item : r.items()) {
            if (deals.size() == limit) {
                return new Page<>(deals, table.cursors().encode(SCOPE, List.of(last)));
            }
            deals.add(DealCodec.read(item));
            last = item.get(Keys.SK).s();
        }
        return new Page<>(deals, null);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}

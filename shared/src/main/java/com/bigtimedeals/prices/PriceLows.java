package com.bigtimedeals.prices;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The lowest price each normalised link has ever had (docs/data-model.md, "Price context"): one item per link
 * ({@link PriceKeys#low}), beside one item per deal that had the link ({@link PriceKeys#linkDeal}). A price is
 * recorded by a conditional update ({@code SET low = :p} only where {@code low > :p}), which only ever lowers the low,
 * so however corrections race or are replayed, and in whatever order, the low is the minimum of every price recorded;
 * nothing raises it, so taken-down and expired deals keep counting. Links come here normalised, and deals by their
 * ids: what a link and a deal are is the deals' ({@code deals.LinkLows} carries a low onto a link's deals).
 */
public final class PriceLows {
    /** The low's attribute on the link's {@code LOW} item. */
    public static final String LOW = "low";
    private final Table table;

    public PriceLows(Table table) {
        this.table = table;
    }

    /**
     * Records {@code price} of deal {@code dealId} under its (normalised) link and answers the link's low, read
     * strongly consistent after: 1 PutItem, 1 conditional UpdateItem, 1 GetItem. Idempotent.
     */
    public BigDecimal record(String normalisedLink, String dealId, BigDecimal price) {
        Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                .item(new ItemWriter(PriceKeys.linkDeal(normalisedLink, dealId), PriceKeys.LINK_DEAL).string("dealId", dealId).build())
                .build()));
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(PriceKeys.low(normalisedLink))
                    .updateExpression("SET #t = :type, low = :p").conditionExpression("attribute_not_exists(low) OR low > :p")
                    .expressionAttributeNames(Map.of("#t", Keys.TYPE))
                    .expressionAttributeValues(Map.of(":type", AttributeValue.fromS(PriceKeys.LINK_LOW),
                            ":p", AttributeValue.fromN(price.toPlainString()))).build()));
        } catch (ConditionalCheckFailedException lowerAlready) {
            // The link was offered at this price or lower before.
        }
        return new ItemReader(table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(PriceKeys.low(normalisedLink)).consistentRead(true).build()).item()).decimal(LOW);
    }

    /** The ids of every deal that had the (normalised) link: 1 Query a page. */
    public List<String> dealIds(String normalisedLink) {
        String pk = PriceKeys.linkLowPk(normalisedLink);
        List<String> ids = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest.Builder q = QueryRequest.builder().tableName(table.name())
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :deal)")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk),
                            ":deal", AttributeValue.fromS(PriceKeys.LINK_DEAL_PREFIX)));
            if (start != null) {
                q.exclusiveStartKey(start);
            }
            QueryResponse r = table.client().query(q.build());
            r.items().forEach(i -> ids.add(i.get("dealId").s()));
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return ids;
    }

    /** The link's low among {@code item}s read by their keys (the link's {@link PriceKeys#low} among them), or null. */
    public static BigDecimal lowAmong(java.util.Collection<Map<String, AttributeValue>> items) {
        for (Map<String, AttributeValue> item : items) {
            ItemReader r = new ItemReader(item);
            if (PriceKeys.LINK_LOW.equals(r.type()) && r.decimal(LOW) != null) {
                return r.decimal(LOW);
            }
        }
        return null;
    }
}

package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The lowest price each normalised link (the duplicate guard's form, {@link DealLink#normalise}) has ever had
 * (docs/data-model.md, "Price context"): one item per link ({@code LINKLOW#<digest>}, {@code LOW}), beside one item
 * per deal that had the link. The stream consumer records every new deal's price and every corrected one: the low is
 * lowered by a conditional update ({@code SET low = :p} only where {@code low > :p}), which only ever lowers it, so
 * however corrections race or are replayed, and in whatever order, the low is the minimum of every price recorded;
 * nothing raises it, so taken-down and expired deals keep counting. Then each live deal of the link takes the low
 * onto its item ({@code linkLow}, only downward), and every copy of the deal follows it as it follows a correction.
 */
public final class PriceLows {
    /** The low's attribute on the link's {@code LOW} item. */
    static final String LOW = "low";
    private final Table table;

    public PriceLows(Table table) {
        this.table = table;
    }

    /** The key of the item holding the lowest price {@code link} (normalised) has had. */
    static Map<String, AttributeValue> lowKey(String link) {
        return Keys.key(DealKeys.linkLowPk(DealLink.normalise(link)), "LOW");
    }

    /** Records the deal's price under its link and carries the link's low onto its deals. Idempotent. */
    public void record(Deal deal) {
        String normal = DealLink.normalise(deal.link());
        String pk = DealKeys.linkLowPk(normal);
        Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                .item(new ItemWriter(Keys.key(pk, "DEAL#" + deal.id()), DealKeys.LINK_DEAL).string("dealId", deal.id()).build())
                .build()));
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(lowKey(deal.link()))
                    .updateExpression("SET #t = :type, low = :p").conditionExpression("attribute_not_exists(low) OR low > :p")
                    .expressionAttributeNames(Map.of("#t", Keys.TYPE))
                    .expressionAttributeValues(Map.of(":type", AttributeValue.fromS(DealKeys.LINK_LOW),
                            ":p", AttributeValue.fromN(deal.price().toPlainString()))).build()));
        } catch (ConditionalCheckFailedException lowerAlready) {
            // The link was offered at this price or lower before.
        }
        BigDecimal low = new ItemReader(table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(lowKey(deal.link())).consistentRead(true).build()).item()).decimal(LOW);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest.Builder q = QueryRequest.builder().tableName(table.name())
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :deal)")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk), ":deal", AttributeValue.fromS("DEAL#")));
            if (start != null) {
                q.exclusiveStartKey(start);
            }
            QueryResponse r = table.client().query(q.build());
            r.items().forEach(i -> keys.add(DealKeys.deal(i.get("dealId").s())));
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        for (int from = 0; from < keys.size(); from += TableReads.MAX_BATCH_GET) {
            for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                    .keys(keys.subList(from, Math.min(keys.size(), from + TableReads.MAX_BATCH_GET))).consistentRead(true).build())) {
                if (!DealCodec.isLiveDeal(item)) {
                    continue;
                }
                Deal d = DealCodec.read(item);
                if (!normal.equals(DealLink.normalise(d.link())) || (d.linkLow() != null && d.linkLow().compareTo(low) <= 0)) {
                    continue; // moved to another link since, or already as low
                }
                try {
                    Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.deal(d.id()))
                            .updateExpression("SET #l = :low")
                            .conditionExpression("attribute_exists(PK) AND attribute_not_exists(#down) AND #link = :link"
                                    + " AND (attribute_not_exists(#l) OR #l > :low)")
                            .expressionAttributeNames(Map.of("#l", DealCodec.LINK_LOW, "#down", DealCodec.TAKEN_DOWN_AT,
                                    "#link", "link"))
                            .expressionAttributeValues(Map.of(":low", AttributeValue.fromN(low.toPlainString()),
                                    ":link", AttributeValue.fromS(d.link()))).build()));
                } catch (ConditionalCheckFailedException changed) {
                    // Taken down, moved or lowered meanwhile: its own record carries it on.
                }
            }
        }
    }
}

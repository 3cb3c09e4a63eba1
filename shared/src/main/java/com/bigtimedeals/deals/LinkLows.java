package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;
import com.bigtimedeals.prices.PriceLows;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Carries each normalised link's lowest price ({@link DealLink#normalise}, the duplicate guard's form) onto its deals
 * (docs/data-model.md, "Price context"). The stream consumer records every new deal's price and every corrected one
 * in {@link PriceLows}, which only ever lowers the link's low; then each live deal of the link takes the low onto its
 * item ({@code linkLow}, only downward), and every copy of the deal follows it as it follows a correction.
 */
public final class LinkLows {
    private final Table table;
    private final PriceLows lows;

    public LinkLows(Table table) {
        this.table = table;
        this.lows = new PriceLows(table);
    }

    /** Records the deal's price under its link and carries the link's low onto its deals. Idempotent. */
    public void record(Deal deal) {
        String normal = DealLink.normalise(deal.link());
        BigDecimal low = lows.record(normal, deal.id(), deal.price());
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        lows.dealIds(normal).forEach(id -> keys.add(DealKeys.deal(id)));
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

package com.bigtimedeals.deals;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The duplicate-link guard (docs/data-model.md, "Duplicate links"): one item per normalised link naming the one live
 * deal that holds it, claimed in the same transaction that writes the deal, so two concurrent creates of one link
 * cannot both commit.
 *
 * <p>A guard is free when its deal is no longer live. Expiry needs no job: the guard carries a copy of its deal's
 * {@code expiresAt}, so the claim's own condition sees that it has passed (and its {@code ttl} lets DynamoDB delete it
 * some time later). A takedown's stream reaction deletes the guard; until then, and whenever the guard's copy is out
 * of date, a claim that fails reads the holder and takes over a guard whose deal is taken down, expired, or holds
 * another link now.
 */
final class LinkGuard {
    private final Table table;

    LinkGuard(Table table) {
        this.table = table;
    }

    /**
     * The transaction's write that makes {@code dealId} the holder of {@code link} until {@code expiresAt} (null:
     * while it lives): allowed when nobody holds it, the deal itself does, the holder's copied expiry has passed at
     * {@code now}, or {@code staleHolder} (a holder {@link #holder} found no longer live) still does.
     */
    TransactWriteItem claim(String dealId, String link, Instant expiresAt, Instant now, String staleHolder) {
        String normal = DealLink.normalise(link);
        ItemWriter guard = new ItemWriter(DealKeys.linkGuard(normal), DealKeys.LINK_GUARD)
                .string("link", normal).string("dealId", dealId).instant("expiresAt", expiresAt);
        if (expiresAt != null) {
            guard.number(TableDefinition.TTL_ATTRIBUTE, expiresAt.getEpochSecond());
        }
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":me", AttributeValue.fromS(dealId));
        values.put(":now", AttributeValue.fromS(now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString()));
        String condition = "attribute_not_exists(PK) OR dealId = :me OR expiresAt <= :now";
        if (staleHolder != null) {
            values.put(":stale", AttributeValue.fromS(staleHolder));
            condition += " OR dealId = :stale";
        }
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(guard.build())
                .conditionExpression(condition).expressionAttributeValues(values).build()).build();
    }

    /** Who holds a link whose claim just failed, and whether that deal is still live with that link at {@code now}. */
    record Holder(String dealId, boolean live, String title, String link) {
        /** The refusal of a link this live holder has: its id, title and link, for the editor to open it. */
        com.bigtimedeals.deals.DuplicateDeal duplicate() {
            return new com.bigtimedeals.deals.DuplicateDeal(dealId, title, link);
        }
    }

    /** 1 GetItem of the guard and 1 of its deal, both consistent; only after a claim failed. Null when the guard is gone. */
    Holder holder(String link, Instant now) {
        String normal = DealLink.normalise(link);
        Map<String, AttributeValue> guard = get(DealKeys.linkGuard(normal));
        if (guard == null) {
            return null;
        }
        String holder = new ItemReader(guard).string("dealId");
        Map<String, AttributeValue> deal = get(DealKeys.deal(holder));
        boolean live = DealCodec.isLiveDeal(deal) && !DealCodec.read(deal).expiredAt(now)
                && normal.equals(DealLink.normalise(DealCodec.read(deal).link()));
        return live ? new Holder(holder, true, DealCodec.read(deal).title(), DealCodec.read(deal).link())
                : new Holder(holder, false, null, null);
    }

    private Map<String, AttributeValue> get(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(key).consistentRead(true).build()).item();
        return item == null || item.isEmpty() ? null : item;
    }

    /** Frees {@code link} if {@code dealId} holds it (1 conditional DeleteItem); another holder's guard stays. */
    void release(String dealId, String link) {
        try {
            // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
            Transactions.retrying(() -> table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
                    .key(DealKeys.linkGuard(DealLink.normalise(link)))
                    .conditionExpression("dealId = :me")
                    .expressionAttributeValues(Map.of(":me", AttributeValue.fromS(dealId))).build()));
        } catch (ConditionalCheckFailedException e) {
            // Not this deal's (any more): nothing to free.
        }
    }
}

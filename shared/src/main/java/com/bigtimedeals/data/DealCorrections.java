package com.bigtimedeals.data;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;

import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.DealCorrection;
import com.bigtimedeals.domain.DealLink;
import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.DuplicateDeal;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Changes to a live deal after its creation: an editor's correction (which moves the deal's hold on its link with
 * its link or expiry, {@link LinkGuard}) and the community's expiry.
 */
final class DealCorrections {
    /** Claims of a link another run freed meanwhile, before the correction gives up. */
    private static final int CLAIM_ATTEMPTS = 6;

    private final Table table;
    private final DealStore deals;
    private final LinkGuard links;

    DealCorrections(Table table, DealStore deals, LinkGuard links) {
        this.table = table;
        this.deals = deals;
        this.links = links;
    }

    /**
     * Editors correct a deal's text, price, links or expiry; brand, category and time never change. A correction that
     * moves the link or the expiry moves the deal's hold on its link too (see {@link LinkGuard}): in the same
     * transaction while the deal stays live, where a link that another live deal holds is a {@link DuplicateDeal} and
     * changes nothing; and a correction that expires the deal frees its link after the write. Any other correction is
     * 1 UpdateItem.
     */
    Deal correct(String dealId, DealCorrection c) {
        Expression e = expression(c);
        if (e == null) {
            return deals.get(dealId);
        }
        if (c.link() == null && c.expiresAt() == null && !c.clearExpiry()) {
            try {
                return DealCodec.read(table.client().updateItem(e.request(table, dealId)).attributes());
            } catch (ConditionalCheckFailedException failed) {
                throw refused(dealId);
            }
        }
        Instant now = table.clock().instant();
        Deal current = deals.get(dealId);
        Deal corrected = applied(current, c);
        if (corrected.expiredAt(now)) {
            try {
                corrected = DealCodec.read(table.client().updateItem(e.request(table, dealId)).attributes());
            } catch (ConditionalCheckFailedException failed) {
                throw refused(dealId);
            }
            links.release(dealId, current.link());
            return corrected;
        }
        String staleHolder = null;
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                        TransactWriteItem.builder().update(e.update(table, dealId)).build(),
                        links.claim(dealId, corrected.link(), corrected.expiresAt(), now, staleHolder)).build());
                break;
            } catch (TransactionCanceledException failed) {
                if (DealStore.failed(failed, 0)) {
                    throw refused(dealId);
                }
                if (DealStore.failed(failed, 1)) {
                    LinkGuard.Holder holder = links.holder(corrected.link(), now);
                    if (holder != null && holder.live()) {
                        throw new DuplicateDeal(holder.dealId());
                    }
                    staleHolder = holder == null ? null : holder.dealId();
                    if (attempt < CLAIM_ATTEMPTS) {
                        continue;
                    }
                }
                if (!Transactions.retryable(failed, attempt)) {
                    throw failed;
                }
            }
        }
        if (!DealLink.normalise(corrected.link()).equals(DealLink.normalise(current.link()))) {
            links.release(dealId, current.link());
        }
        return corrected;
    }

    /** A correction's condition failed: the deal is gone (NOT_FOUND) or the new expiresAt is not after createdAt. */
    private DomainException refused(String dealId) {
        Deal current = deals.get(dealId); // only on this failure path: tells "no such deal" from a bad expiresAt
        return DomainException.invalid("expiresAt", "expiresAt must be after the deal's createdAt " + current.createdAt());
    }

    /** The deal as {@code c} leaves it. */
    private static Deal applied(Deal d, DealCorrection c) {
        Instant expiresAt = c.clearExpiry() ? null
                : c.expiresAt() != null ? c.expiresAt().truncatedTo(ChronoUnit.SECONDS) : d.expiresAt();
        return new Deal(d.id(), c.title() != null ? c.title() : d.title(), c.link() != null ? c.link() : d.link(),
                c.price() != null ? c.price() : d.price(), d.brandId(), d.brandName(), d.categoryId(), d.categoryName(),
                c.imageUrl() != null ? c.imageUrl() : d.imageUrl(),
                c.description() != null ? c.description() : d.description(), d.createdAt(), expiresAt, d.counts());
    }

    /** A correction's update of the deal item, with its conditions. */
    private record Expression(String update, String condition, Map<String, String> names, Map<String, AttributeValue> values) {
        UpdateItemRequest request(Table table, String dealId) {
            return UpdateItemRequest.builder().tableName(table.name()).key(Keys.deal(dealId)).updateExpression(update)
                    .conditionExpression(condition).expressionAttributeNames(names).expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW).build();
        }

        software.amazon.awssdk.services.dynamodb.model.Update update(Table table, String dealId) {
            return software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName(table.name())
                    .key(Keys.deal(dealId)).updateExpression(update).conditionExpression(condition)
                    .expressionAttributeNames(names).expressionAttributeValues(values).build();
        }
    }

    private static Expression expression(DealCorrection c) {
        StringBuilder set = new StringBuilder();
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        addSet(set, names, values, "title", c.title() == null ? null : AttributeValue.fromS(c.title()));
        addSet(set, names, values, "link", c.link() == null ? null : AttributeValue.fromS(c.link()));
        addSet(set, names, values, "price", c.price() == null ? null : AttributeValue.fromN(c.price().toPlainString()));
        addSet(set, names, values, "imageUrl", c.imageUrl() == null ? null : AttributeValue.fromS(c.imageUrl()));
        addSet(set, names, values, "description", c.description() == null ? null : AttributeValue.fromS(c.description()));
        addSet(set, names, values, "expiresAt", c.expiresAt() == null ? null
                : AttributeValue.fromS(c.expiresAt().truncatedTo(ChronoUnit.SECONDS).toString()));
        String update = set.length() == 0 ? "" : "SET " + set;
        if (c.clearExpiry()) {
            update += " REMOVE #expiresAt";
            names.put("#expiresAt", "expiresAt");
        }
        if (update.isEmpty()) {
            return null;
        }
        // A taken-down deal is never corrected back to life: its stream record would otherwise be a correction.
        String condition = "attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#takenDown)";
        names.put("#t", Keys.TYPE);
        names.put("#takenDown", DealCodec.TAKEN_DOWN_AT);
        values.put(":deal", AttributeValue.fromS(Keys.DEAL));
        if (c.expiresAt() != null) {
            // Whole-second ISO instants compare as strings in time order.
            condition += " AND createdAt < :expiresAt";
        }
        return new Expression(update.trim(), condition, names, values);
    }

    /**
     * Expires a deal at {@code at} because its open {@code expired} reports reached the contract's threshold in report
     * round {@code round}, exactly as an editor's correction to that moment would (or a second later than its
     * creation, the earliest expiry a deal can have). Only a deal not expiring by then changes, and only once per
     * round: the deal keeps the round, so a replayed record never expires it again after an editor cleared the
     * expiry. Returns the expired deal, also when a replay finds this very expiry done (its copies may still need
     * it), or null when there is nothing to do. Its link is freed.
     */
    Deal expireByReports(String dealId, Instant at, long round) {
        Instant earliest = Ids.instantOf(dealId).plusSeconds(1);
        Instant moment = (at.isBefore(earliest) ? earliest : at).truncatedTo(ChronoUnit.SECONDS);
        Map<String, AttributeValue> values = Map.of(":at", AttributeValue.fromS(moment.toString()),
                ":round", AttributeValue.fromN(Long.toString(round)), ":deal", AttributeValue.fromS(Keys.DEAL));
        Map<String, String> names = Map.of("#t", Keys.TYPE, "#down", DealCodec.TAKEN_DOWN_AT, "#by", EXPIRED_BY_REPORTS);
        Map<String, AttributeValue> item;
        try {
            item = table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(Keys.deal(dealId))
                    .updateExpression("SET expiresAt = :at, #by = :round")
                    .conditionExpression("attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#down) AND createdAt < :at"
                            + " AND (attribute_not_exists(expiresAt) OR expiresAt > :at)"
                            + " AND (attribute_not_exists(#by) OR #by <> :round)")
                    .expressionAttributeNames(names).expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW).build()).attributes();
        } catch (ConditionalCheckFailedException e) {
            item = table.client().getItem(GetItemRequest.builder().tableName(table.name()).key(Keys.deal(dealId))
                    .consistentRead(true).build()).item();
            boolean doneBefore = DealCodec.isLiveDeal(item) && new ItemReader(item).number(EXPIRED_BY_REPORTS) == round
                    && moment.equals(new ItemReader(item).instant("expiresAt"));
            if (!doneBefore) {
                return null;
            }
        }
        Deal expired = DealCodec.read(item);
        links.release(dealId, expired.link());
        return expired;
    }

    /** The report round that expired the deal, kept on the deal item (see {@link #expireByReports}). */
    static final String EXPIRED_BY_REPORTS = "expiredByReportsRound";

    private static void addSet(StringBuilder set, Map<String, String> names, Map<String, AttributeValue> values,
                               String attribute, AttributeValue value) {
        if (value == null) {
            return;
        }
        if (set.length() > 0) {
            set.append(", ");
        }
        set.append('#').append(attribute).append(" = :").append(attribute);
        names.put("#" + attribute, attribute);
        values.put(":" + attribute, value);
    }
}

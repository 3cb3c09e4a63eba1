package com.bigtimedeals.deals;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Transactions;
import com.bigtimedeals.prices.PriceHistory;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Changes to a live deal after its creation: an editor's correction (which moves the deal's hold on its link with
 * its link or expiry, {@link LinkGuard}) and the community's expiry.
 */
final class DealCorrections {
    /** Claims of a link another run freed meanwhile, before the correction gives up. */
    private static final int CLAIM_ATTEMPTS = 6;

    private final Table table;
    private final LinkGuard links;

    DealCorrections(Table table, LinkGuard links) {
        this.table = table;
        this.links = links;
    }

    /**
     * Editors correct a deal's text, price, links or expiry; brand, category and time never change. Read the deal (1
     * consistent GetItem), then write what differs with its version moved on and its {@code corrected} event (1
     * TransactWriteItems, conditioned on the version read): 2 requests. With {@code ifMatch}, a deal at a version
     * it does not admit is a {@link StaleDeal} carrying the deal as it stands, and nothing changes; without it, a version that
     * moved between the read and the write is read again, and the correction applies on top. A correction that changes
     * nothing writes nothing (no version, no event). A correction that moves the link or the expiry moves the deal's
     * hold on its link in the same transaction ({@link LinkGuard}), where a link that another live deal holds is a
     * {@link DuplicateDeal} and changes nothing; one that expires the deal, or leaves a link, frees it after the write
     * (1 request more, then).
     */
    EditedDeal correct(String dealId, DealCorrection c, String editor, VersionGuard ifMatch) {
        String staleHolder = null;
        int moved = 0;
        int conflicts = 0;
        for (int attempt = 1; ; attempt++) {
            Instant now = table.clock().instant();
            Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(DealKeys.deal(dealId)).consistentRead(true).build()).item();
            if (!DealCodec.isLiveDeal(item)) {
                throw DomainException.notFound("deal not found");
            }
            Deal current = DealCodec.read(item);
            long version = DealCodec.version(item);
            if (ifMatch != null && !ifMatch.admits(version)) {
                throw new StaleDeal(ifMatch, new EditedDeal(current, version, false), now);
            }
            Deal corrected = applied(current, c);
            Map<String, DealEvent.FieldChange> changes = DealEvent.changes(current, corrected);
            if (changes.isEmpty()) {
                return new EditedDeal(current, version, false);
            }
            boolean expires = corrected.expiredAt(now);
            boolean guardMoves = !expires && (c.link() != null || c.expiresAt() != null || c.clearExpiry());
            List<TransactWriteItem> writes = new ArrayList<>();
            writes.add(TransactWriteItem.builder().update(expression(c, item, version, now).update(table, dealId)).build());
            writes.add(DealHistory.put(table, dealId, new DealEvent(now, editor, DealEvent.Action.CORRECTED, changes),
                    String.format("v%010d", version + 1)));
            if (guardMoves) {
                writes.add(links.claim(dealId, corrected.link(), corrected.expiresAt(), now, staleHolder));
            }
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
            } catch (TransactionCanceledException failed) {
                if (Transactions.conditionFailed(failed, 0)) {
                    // Changed meanwhile: read again (a stale If-Match is refused there), or it was taken down. Each
                    // move is another writer's success, so racers always progress; a budget of its own, and jitter
                    // from the second move on, keep a correction among many racers from a 503 (issue 43: contention
                    // is no 503), which one shared budget of 8 gave 8 corrections racing on one deal.
                    if (++moved >= MAX_MOVES) {
                        throw DomainException.unavailable("the deal kept changing while this correction was made; try again");
                    }
                    if (moved > 1) {
                        Transactions.backOff(moved);
                    }
                    continue;
                }
                if (guardMoves && Transactions.conditionFailed(failed, 2)) {
                    LinkGuard.Holder holder = links.holder(corrected.link(), now);
                    if (holder != null && holder.live()) {
                        throw holder.duplicate();
                    }
                    staleHolder = holder == null ? null : holder.dealId();
                    if (attempt < CLAIM_ATTEMPTS) {
                        continue;
                    }
                }
                if (!Transactions.retryable(failed, ++conflicts)) {
                    throw failed;
                }
                continue;
            }
            // Freed by the correction that expires it; one that expired earlier needs no request more: a claim of its
            // link finds the holder expired and takes the guard over (LinkGuard.holder).
            if (expires && !current.expiredAt(now)) {
                links.release(dealId, current.link());
            } else if (!DealLink.normalise(corrected.link()).equals(DealLink.normalise(current.link()))) {
                links.release(dealId, current.link());
            }
            return new EditedDeal(corrected.withCounts(current.counts()), version + 1, false);
        }
    }

    /** The deal as {@code c} leaves it. */
    private static Deal applied(Deal d, DealCorrection c) {
        Instant expiresAt = c.clearExpiry() ? null
                : c.expiresAt() != null ? c.expiresAt().truncatedTo(ChronoUnit.SECONDS) : d.expiresAt();
        return new Deal(d.id(), c.title() != null ? c.title() : d.title(), c.link() != null ? c.link() : d.link(),
                c.price() != null ? c.price() : d.price(), d.brandId(), d.brandName(), d.categoryId(), d.categoryName(),
                c.imageUrl() != null ? c.imageUrl() : d.imageUrl(),
                c.description() != null ? c.description() : d.description(), d.createdAt(), expiresAt, d.counts(),
                c.link() == null || c.link().equals(d.link()) ? d.linkLow() : null);
    }

    /** A correction's update of the deal item, with its conditions. */
    private record Expression(String update, String condition, Map<String, String> names, Map<String, AttributeValue> values) {
        software.amazon.awssdk.services.dynamodb.model.Update update(Table table, String dealId) {
            return software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName(table.name())
                    .key(DealKeys.deal(dealId)).updateExpression(update).conditionExpression(condition)
                    .expressionAttributeNames(names).expressionAttributeValues(values).build();
        }
    }

    /**
     * The update of the deal item that {@code item} (at {@code version}) becomes with {@code c}: only while it is
     * still at that version and not taken down, so that no other writer's change is lost between the read and the write.
     */
    private static Expression expression(DealCorrection c, Map<String, AttributeValue> item, long version, Instant now) {
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
        addSet(set, names, values, DealCodec.VERSION, AttributeValue.fromN(Long.toString(version + 1)));
        Deal before = DealCodec.read(item);
        if (c.price() != null && c.price().compareTo(before.price()) != 0) {
            // The price history grows in this very write, so no correction's price can be left out of it, however
            // corrections race (each is conditioned on the version it read). A deal from before the history began
            // starts it with the price it was created at.
            set.append(", #ph = list_append(if_not_exists(#ph, :phFirst), :phNext)");
            names.put("#ph", PriceHistory.ATTRIBUTE);
            values.put(":phFirst", AttributeValue.fromL(List.of(PriceHistory.point(before.price(), before.createdAt()))));
            values.put(":phNext", AttributeValue.fromL(List.of(PriceHistory.point(c.price(),
                    now.truncatedTo(ChronoUnit.SECONDS)))));
        }
        String update = "SET " + set;
        if (c.clearExpiry()) {
            update += " REMOVE #expiresAt";
            names.put("#expiresAt", "expiresAt");
        }
        // A taken-down deal is never corrected back to life: its stream record would otherwise be a correction.
        String condition = "attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#takenDown) AND "
                + (item.containsKey(DealCodec.VERSION) ? "#version = :was" : "attribute_not_exists(#version)");
        names.put("#t", Keys.TYPE);
        names.put("#takenDown", DealCodec.TAKEN_DOWN_AT);
        values.put(":deal", AttributeValue.fromS(DealKeys.DEAL));
        if (item.containsKey(DealCodec.VERSION)) {
            values.put(":was", AttributeValue.fromN(Long.toString(version)));
        }
        return new Expression(update, condition, names, values);
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
        for (int attempt = 1; ; attempt++) {
            Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(DealKeys.deal(dealId)).consistentRead(true).build()).item();
            if (!DealCodec.isLiveDeal(item)) {
                return null;
            }
            ItemReader r = new ItemReader(item);
            Deal deal = DealCodec.read(item);
            boolean thisRound = r.has(EXPIRED_BY_REPORTS) && r.number(EXPIRED_BY_REPORTS) == round;
            if (thisRound && moment.equals(deal.expiresAt())) {
                links.release(dealId, deal.link()); // a replay of this very expiry: its copies and link may still need it
                return deal;
            }
            if (thisRound || !deal.createdAt().isBefore(moment)
                    || (deal.expiresAt() != null && !deal.expiresAt().isAfter(moment))) {
                return null; // done in this round before (an editor changed it since), or expiring by then anyway
            }
            long version = DealCodec.version(item);
            Map<String, String> names = new HashMap<>(Map.of("#t", Keys.TYPE, "#down", DealCodec.TAKEN_DOWN_AT,
                    "#by", EXPIRED_BY_REPORTS, "#version", DealCodec.VERSION));
            Map<String, AttributeValue> values = new HashMap<>(Map.of(":at", AttributeValue.fromS(moment.toString()),
                    ":round", AttributeValue.fromN(Long.toString(round)), ":deal", AttributeValue.fromS(DealKeys.DEAL),
                    ":next", AttributeValue.fromN(Long.toString(version + 1))));
            String condition = "attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#down) AND ";
            if (item.containsKey(DealCodec.VERSION)) {
                condition += "#version = :was";
                values.put(":was", AttributeValue.fromN(Long.toString(version)));
            } else {
                condition += "attribute_not_exists(#version)";
            }
            TransactWriteItem update = TransactWriteItem.builder().update(software.amazon.awssdk.services.dynamodb.model.Update
                    .builder().tableName(table.name()).key(DealKeys.deal(dealId))
                    .updateExpression("SET expiresAt = :at, #by = :round, #version = :next").conditionExpression(condition)
                    .expressionAttributeNames(names).expressionAttributeValues(values).build()).build();
            Map<String, DealEvent.FieldChange> changes = Map.of("expiresAt", new DealEvent.FieldChange(
                    deal.expiresAt() == null ? null : deal.expiresAt().toString(), moment.toString()));
            TransactWriteItem event = DealHistory.put(table, dealId, new DealEvent(moment, null,
                    DealEvent.Action.COMMUNITY_EXPIRED, changes), "r" + round);
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(update, event).build());
            } catch (TransactionCanceledException e) {
                if (Transactions.conditionFailed(e, 0) || Transactions.retryable(e, attempt)) {
                    if (attempt >= MAX_ATTEMPTS) {
                        throw e;
                    }
                    continue; // changed since the read: decide again on what it is now
                }
                throw e;
            }
            Deal expired = deal.withExpiresAt(moment);
            links.release(dealId, expired.link());
            return expired;
        }
    }

    /** Reads and writes of one change, each after another writer moved the deal, before giving up (a 503). */
    private static final int MAX_ATTEMPTS = 8;

    /** A correction's reads again after other corrections moved the deal's version, before giving up (a 503). */
    private static final int MAX_MOVES = 32;

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

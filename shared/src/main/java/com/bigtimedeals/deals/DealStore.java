package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.DealTimeline.Placement;
import com.bigtimedeals.deals.DealTimeline.Scope;
import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.InvalidFields;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** Deals: create, correct, read one or many, and the three latest-deals lists. */
public final class DealStore {
    /** The largest page; also the bucket capacity, which is what bounds a page to 3 requests. */
    public static final int MAX_PAGE = 100;
    private static final int PLACEMENT_ATTEMPTS = 6;

    private final Table table;
    private final DealTimeline timeline;
    private final LinkGuard links;
    private final DealCorrections corrections;

    public DealStore(Table table) {
        this(table, MAX_PAGE);
    }

    /** A smaller bucket capacity lets tests walk many buckets with few deals; pages are then capped at it. */
    public DealStore(Table table, int bucketCapacity) {
        this.table = table;
        this.timeline = new DealTimeline(table, bucketCapacity);
        this.links = new LinkGuard(table);
        this.corrections = new DealCorrections(table, links);
    }

    /** The table this store reads and writes (a service builds its other stores on the same). */
    public Table table() {
        return table;
    }

    DealTimeline timeline() {
        return timeline;
    }

    /**
     * Creates a deal (access pattern: Create Deal) by {@code editor} (null: none) from what {@code owners} found of its
     * brand, category and link's low: the deal at version 1 and its history's first event, {@code created} with every
     * field it was given, in the deal's own transaction. The id is a KSUID of {@code createdAt} (now, or the backfilled
     * instant), so the deal sorts into its place. Unknown brand or category is a client mistake. The one read of the
     * owners is composed above the deals, where the brands and categories are ({@code catalogue.DealPosting}).
     */
    public Deal create(NewDeal draft, String editor, DealOwners owners) {
        Instant now = table.clock().instant();
        Instant postedAt = now.truncatedTo(ChronoUnit.SECONDS);
        // The id from the untruncated moment: deals created in one second still list newest first (Ids).
        Instant idAt = draft.createdAt() == null ? now : draft.createdAt();
        Instant createdAt = idAt.truncatedTo(ChronoUnit.SECONDS);
        String brandName = owners.brandName();
        String categoryName = owners.categoryName();
        // The lowest price the link has had, read with the brand and the category (PriceLows): the deal starts with it,
        // so that its own answer and every read before the stream records it tell lowestEver exactly. Its own price
        // counts as offered: a later rise is not the lowest.
        BigDecimal linkLow = owners.linkLow() == null ? draft.price() : draft.price().min(owners.linkLow());
        // Which rename each name comes from: an older rename's walk, still going, must not write its name over it.
        long brandNameVersion = owners.brandNameVersion();
        long categoryNameVersion = owners.categoryNameVersion();
        // Both named when both are unknown, as the body's other faults are (InvalidFields).
        List<InvalidFields.FieldError> unknown = new ArrayList<>(2);
        if (brandName == null) {
            unknown.add(new InvalidFields.FieldError("brandId", "brandId does not name an existing brand"));
        }
        if (categoryName == null) {
            unknown.add(new InvalidFields.FieldError("categoryId", "categoryId does not name an existing category"));
        }
        if (!unknown.isEmpty()) {
            throw new InvalidFields(unknown);
        }
        Instant expiresAt = draft.expiresAt() == null ? null : draft.expiresAt().truncatedTo(ChronoUnit.SECONDS);
        Deal deal = new Deal(Ids.dealId(idAt), draft.title(), draft.link(), draft.price(), draft.brandId(),
                brandName, draft.categoryId(), categoryName, draft.imageUrl(), draft.description(), createdAt, expiresAt, null, linkLow);
        String day = DealTimeline.utcDay(createdAt);
        List<Scope> scopes = List.of(Scope.all(), Scope.brand(deal.brandId()), Scope.category(deal.categoryId()));
        String staleHolder = null;
        int conflicts = 0;
        for (int attempt = 1; attempt <= PLACEMENT_ATTEMPTS; ) {
            ItemWriter item = DealCodec.write(new ItemWriter(DealKeys.deal(deal.id()), DealKeys.DEAL), deal)
                    .instant(DealCodec.POSTED_AT, postedAt).number(DealCodec.VERSION, 1)
                    .number("brandNameVersion", brandNameVersion).number("categoryNameVersion", categoryNameVersion);
            List<TransactWriteItem> writes = new ArrayList<>();
            writes.add(null);
            writes.add(links.claim(deal.id(), deal.link(), deal.expiresAt(), postedAt, staleHolder));
            for (Scope scope : scopes) {
                Placement p = timeline.place(scope, day);
                if (p == null) {
                    throw DomainException.invalid(scope.index() == TableDefinition.GSI2 ? "brandId" : "categoryId",
                            "unknown " + (scope.index() == TableDefinition.GSI2 ? "brand" : "category"));
                }
                DealTimeline.index(item, deal.id(), p);
                writes.addAll(p.writes());
            }
            writes.set(0, TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item.build())
                    .conditionExpression("attribute_not_exists(PK)").build()).build());
            writes.add(DealHistory.put(table, deal.id(), new DealEvent(now, editor, DealEvent.Action.CREATED,
                    DealEvent.changes(null, deal)), null));
            // Its liveness markers, in the same transaction: a vote reads one of them instead of the deal item.
            writes.addAll(DealCounters.newMarkers(table.name(), deal.id()));
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return deal;
            } catch (TransactionCanceledException e) {
                if (Transactions.conditionFailed(e, 1)) {
                    // The link is held: by a live deal (a duplicate), or by one that is not live any more.
                    LinkGuard.Holder holder = links.holder(deal.link(), postedAt);
                    if (holder != null && holder.live()) {
                        throw holder.duplicate();
                    }
                    staleHolder = holder == null ? null : holder.dealId();
                    attempt++;
                    continue;
                }
                if (Contention.cancelledBy(e)) {
                    // Another transaction held a bucket or the link's guard at that moment (the service cancels rather
                    // than waits): after a jittered backoff, read the placement afresh and try again.
                    if (!Transactions.retryable(e, ++conflicts)) {
                        throw e;
                    }
                    continue;
                }
                if (!Transactions.onlyConditionFailures(e)) {
                    throw e;
                }
                // Another deal opened or filled a bucket between our read and our write: place again.
                attempt++;
            }
        }
        throw DomainException.unavailable("deal placement kept conflicting; try again");
    }

    /** Access pattern: read one Deal. A taken-down deal is NOT_FOUND, like one that never was. */
    public Deal get(String dealId) {
        Deal deal = find(dealId);
        if (deal == null) {
            throw DomainException.notFound("deal not found");
        }
        return deal;
    }

    /**
     * Access pattern: read one Deal with its exact counts ({@code GET /deals/{dealId}}): 1 strongly consistent
     * BatchGetItem of the deal and its counter shards. Strongly consistent because the counts must include every
     * vote and comment committed before the read, the caller's own included (an eventually consistent read may miss
     * the last second of writes): one read unit per shard and one for the deal (under 4 KB) instead of half that.
     */
    public Deal getExact(String dealId) {
        return detail(dealId).deal();
    }

    /** {@link #getExact} with the deal's price history, read from the same item: still 1 request. */
    public com.bigtimedeals.deals.DealDetail detail(String dealId) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(DealCounters.keys(table, dealId));
        keys.add(DealKeys.deal(dealId));
        List<Map<String, AttributeValue>> items = TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                .consistentRead(true).build());
        DealCounters.learn(table, items);
        for (Map<String, AttributeValue> item : items) {
            if (DealKeys.DEAL.equals(new ItemReader(item).type())) {
                if (!DealCodec.isLiveDeal(item)) {
                    break;
                }
                Deal stored = DealCodec.read(item);
                return new com.bigtimedeals.deals.DealDetail(
                        stored.withCounts(DealCounters.sum(dealId, items).withHotSince(stored.counts().hotSince())),
                        DealCodec.priceHistory(item));
            }
        }
        throw DomainException.notFound("deal not found");
    }

    /**
     * Access pattern: a deal as the editors see it ({@code GET /cms/deals/{dealId}}): its version, and taken-down
     * deals too. 1 strongly consistent BatchGetItem of the deal and its counter shards, as {@link #getExact}.
     */
    public EditedDeal edited(String dealId) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(DealCounters.keys(table, dealId));
        keys.add(DealKeys.deal(dealId));
        List<Map<String, AttributeValue>> items = TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                .consistentRead(true).build());
        DealCounters.learn(table, items);
        for (Map<String, AttributeValue> item : items) {
            if (DealKeys.DEAL.equals(new ItemReader(item).type())) {
                Deal stored = DealCodec.read(item);
                return new EditedDeal(stored.withCounts(DealCounters.sum(dealId, items).withHotSince(stored.counts().hotSince())),
                        DealCodec.version(item), item.containsKey(DealCodec.TAKEN_DOWN_AT));
            }
        }
        throw DomainException.notFound("deal not found");
    }

    /** The deal, or null when there is none or it was taken down. */
    public Deal find(String dealId) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder()
                .tableName(table.name()).key(DealKeys.deal(dealId)).build()).item();
        return DealCodec.isLiveDeal(item) ? DealCodec.read(item) : null;
    }

    public void takeDown(String dealId) {
        takeDown(dealId, null);
    }

    /**
     * Takes a deal down by {@code editor}: 1 TransactWriteItems of the deal, its {@code taken-down} event and its
     * liveness markers ({@link DealCounters#markersDown}). The item
     * stays as a tombstone, so a repeat is still a success and a correction can tell it from a deal that never was; its
     * index keys go, which takes it out of all three latest lists at once; its version moves on. Only the first takedown
     * writes (the condition that the deal is not down yet cancels a repeat, its event with it): a repeated request adds
     * no second event and no stream record. NOT_FOUND for an id that never was a deal (1 read more, on refusal only).
     */
    public void takeDown(String dealId, String editor) {
        StringBuilder remove = new StringBuilder();
        Map<String, String> names = new HashMap<>();
        names.put("#at", DealCodec.TAKEN_DOWN_AT);
        names.put("#t", Keys.TYPE);
        names.put("#v", DealCodec.VERSION);
        int n = 0;
        for (TableDefinition.Index index : List.of(TableDefinition.GSI1, TableDefinition.GSI2, TableDefinition.GSI3)) {
            for (String attribute : List.of(index.partitionKey(), index.sortKey())) {
                remove.append(n == 0 ? "" : ", ").append("#k").append(n);
                names.put("#k" + n++, attribute);
            }
        }
        Instant now = table.clock().instant();
        TransactWriteItem down = TransactWriteItem.builder().update(software.amazon.awssdk.services.dynamodb.model.Update
                .builder().tableName(table.name()).key(DealKeys.deal(dealId))
                .updateExpression("SET #at = :now, #v = if_not_exists(#v, :one) + :one REMOVE " + remove)
                .conditionExpression("attribute_exists(PK) AND #t = :deal AND attribute_not_exists(#at)")
                .expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(":now", AttributeValue.fromS(now.truncatedTo(ChronoUnit.SECONDS).toString()),
                        ":deal", AttributeValue.fromS(DealKeys.DEAL), ":one", AttributeValue.fromN("1")))
                .build()).build();
        TransactWriteItem event = DealHistory.put(table, dealId, new DealEvent(now, editor, DealEvent.Action.TAKEN_DOWN,
                Map.of()), null);
        // The liveness markers go down with the deal, atomically: no vote is counted on it once this commits.
        List<TransactWriteItem> writes = new ArrayList<>(List.of(down, event));
        writes.addAll(DealCounters.markersDown(table.name(), dealId, now.truncatedTo(ChronoUnit.SECONDS).toString()));
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return;
            } catch (TransactionCanceledException e) {
                if (Transactions.conditionFailed(e, 0)) {
                    Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder()
                            .tableName(table.name()).key(DealKeys.deal(dealId)).consistentRead(true).build()).item();
                    if (item == null || !DealKeys.DEAL.equals(new ItemReader(item).type())) {
                        throw DomainException.notFound("deal not found");
                    }
                    return; // taken down before: a repeat, which changes nothing
                }
                if (!Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
    }

    /**
     * Editors correct a deal's text, price, links or expiry; brand, category and time never change. A correction that
     * moves the link or the expiry moves the deal's hold on its link too ({@link DealCorrections}).
     */
    public Deal correct(String dealId, DealCorrection c) {
        return corrections.correct(dealId, c, null, null).deal();
    }

    /**
     * {@link #correct(String, DealCorrection)} by {@code editor}, only while the deal is at a version {@code ifMatch} admits
     * when that is given (else a {@link com.bigtimedeals.deals.StaleDeal} and nothing changes), with its
     * {@code corrected} event in the same transaction ({@link DealCorrections}).
     */
    public EditedDeal correct(String dealId, DealCorrection c, String editor, VersionGuard ifMatch) {
        return corrections.correct(dealId, c, editor, ifMatch);
    }

    /** The community's expiry of a deal, once per report round ({@link DealCorrections#expireByReports}). */
    public Deal expireByReports(String dealId, Instant at, long round) {
        return corrections.expireByReports(dealId, at, round);
    }

    /** Frees a taken-down deal's link: its takedown's reaction (a create meanwhile takes the guard over by itself). */
    public void releaseLink(String dealId) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(DealKeys.deal(dealId)).consistentRead(true).build()).item();
        if (item != null && DealKeys.DEAL.equals(new ItemReader(item).type())) {
            links.release(dealId, new ItemReader(item).string("link"));
        }
    }

    /** Access pattern: latest deals overall (front page continuation, {@code GET /deals}). */
    public Page<Deal> latest(int limit, String cursor) {
        return timeline.page(Scope.all(), limit, cursor);
    }

    /**
     * The first page of latest deals for the cached front page's rebuild, right while the index lags the deal items:
     * the index's page checked against the deals the cached copy showed and those the rebuild's change touched
     * ({@link DealTimeline#frontPage}).
     */
    public Page<Deal> latestForFrontPage(int limit, List<Deal> shown, java.util.Collection<String> touched) {
        return timeline.frontPage(limit, shown, touched);
    }

    /** Access pattern: latest deals for a Brand; an unknown brand is NOT_FOUND. */
    public Page<Deal> latestForBrand(String brandId, int limit, String cursor) {
        return timeline.page(Scope.brand(brandId), limit, cursor);
    }

    /** Access pattern: latest deals for a Category; an unknown category is NOT_FOUND. */
    public Page<Deal> latestForCategory(String categoryId, int limit, String cursor) {
        return timeline.page(Scope.category(categoryId), limit, cursor);
    }
}

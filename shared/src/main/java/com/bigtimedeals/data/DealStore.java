package com.bigtimedeals.data;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.data.DealTimeline.Placement;
import com.bigtimedeals.data.DealTimeline.Scope;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.DealCorrection;
import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.NewDeal;
import com.bigtimedeals.domain.Page;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
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

    public DealStore(Table table) {
        this(table, MAX_PAGE);
    }

    /** A smaller bucket capacity lets tests walk many buckets with few deals; pages are then capped at it. */
    public DealStore(Table table, int bucketCapacity) {
        this.table = table;
        this.timeline = new DealTimeline(table, bucketCapacity);
    }

    DealTimeline timeline() {
        return timeline;
    }

    /**
     * Creates a deal (access pattern: Create Deal). The id is a KSUID of {@code createdAt} (now, or the
     * backfilled instant), so the deal sorts into its place. Unknown brand or category is a client mistake.
     */
    public Deal create(NewDeal draft) {
        Instant postedAt = table.clock().instant().truncatedTo(ChronoUnit.SECONDS);
        Instant createdAt = (draft.createdAt() == null ? postedAt : draft.createdAt()).truncatedTo(ChronoUnit.SECONDS);
        List<Map<String, AttributeValue>> owners = TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(Keys.brand(draft.brandId()), Keys.category(draft.categoryId()))
                .projectionExpression("#t, #n")
                .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#n", "name"))
                .build());
        String brandName = null;
        String categoryName = null;
        for (Map<String, AttributeValue> item : owners) {
            ItemReader r = new ItemReader(item);
            if (Keys.BRAND.equals(r.type())) {
                brandName = r.string("name");
            } else if (Keys.CATEGORY.equals(r.type())) {
                categoryName = r.string("name");
            }
        }
        if (brandName == null) {
            throw DomainException.invalid("brandId", "brandId does not name an existing brand");
        }
        if (categoryName == null) {
            throw DomainException.invalid("categoryId", "categoryId does not name an existing category");
        }
        Instant expiresAt = draft.expiresAt() == null ? null : draft.expiresAt().truncatedTo(ChronoUnit.SECONDS);
        Deal deal = new Deal(Ids.dealId(createdAt), draft.title(), draft.link(), draft.price(), draft.brandId(),
                brandName, draft.categoryId(), categoryName, draft.imageUrl(), draft.description(), createdAt, expiresAt);
        String day = DealTimeline.utcDay(createdAt);
        List<Scope> scopes = List.of(Scope.all(), Scope.brand(deal.brandId()), Scope.category(deal.categoryId()));
        int conflicts = 0;
        for (int attempt = 1; attempt <= PLACEMENT_ATTEMPTS; ) {
            ItemWriter item = DealCodec.write(new ItemWriter(Keys.deal(deal.id()), Keys.DEAL), deal)
                    .instant(DealCodec.POSTED_AT, postedAt);
            List<TransactWriteItem> writes = new ArrayList<>();
            writes.add(null);
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
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return deal;
            } catch (TransactionCanceledException e) {
                if (Transactions.conflicted(e)) {
                    // Another transaction held a bucket item at that moment (the service cancels rather than waits):
                    // after a jittered backoff, read the placement afresh and try again.
                    if (!Transactions.retryable(e, ++conflicts)) {
                        throw e;
                    }
                    continue;
                }
                if (!onlyConditionFailures(e)) {
                    throw e;
                }
                // Another deal opened or filled a bucket between our read and our write: place again.
                attempt++;
            }
        }
        throw new IllegalStateException("deal placement kept conflicting after " + PLACEMENT_ATTEMPTS + " attempts");
    }

    static boolean onlyConditionFailures(TransactionCanceledException e) {
        if (!e.hasCancellationReasons()) {
            return false;
        }
        for (CancellationReason reason : e.cancellationReasons()) {
            String code = reason.code();
            if (!"None".equals(code) && !"ConditionalCheckFailed".equals(code)) {
                return false;
            }
        }
        return true;
    }

    /** Access pattern: read one Deal. A taken-down deal is NOT_FOUND, like one that never was. */
    public Deal get(String dealId) {
        Deal deal = find(dealId);
        if (deal == null) {
            throw DomainException.notFound("deal not found");
        }
        return deal;
    }

    /** The deal, or null when there is none or it was taken down. */
    public Deal find(String dealId) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder()
                .tableName(table.name()).key(Keys.deal(dealId)).build()).item();
        return DealCodec.isLiveDeal(item) ? DealCodec.read(item) : null;
    }

    /**
     * Takes a deal down (1 UpdateItem): the item stays as a tombstone, so a repeat is still a success and a
     * correction can tell it from a deal that never was; its index keys go, which takes it out of all three
     * latest lists at once. {@code if_not_exists} keeps the first moment, so a repeated request writes nothing
     * new and its stream record (if any) is the same takedown again. NOT_FOUND for an id that never was a deal.
     */
    public void takeDown(String dealId) {
        StringBuilder remove = new StringBuilder();
        Map<String, String> names = new HashMap<>();
        names.put("#at", DealCodec.TAKEN_DOWN_AT);
        names.put("#t", Keys.TYPE);
        int n = 0;
        for (TableDefinition.Index index : List.of(TableDefinition.GSI1, TableDefinition.GSI2, TableDefinition.GSI3)) {
            for (String attribute : List.of(index.partitionKey(), index.sortKey())) {
                remove.append(n == 0 ? "" : ", ").append("#k").append(n);
                names.put("#k" + n++, attribute);
            }
        }
        try {
            table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(Keys.deal(dealId))
                    .updateExpression("SET #at = if_not_exists(#at, :now) REMOVE " + remove)
                    .conditionExpression("attribute_exists(PK) AND #t = :deal")
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(Map.of(":now", AttributeValue.fromS(
                                    table.clock().instant().truncatedTo(ChronoUnit.SECONDS).toString()),
                            ":deal", AttributeValue.fromS(Keys.DEAL)))
                    .build());
        } catch (ConditionalCheckFailedException e) {
            throw DomainException.notFound("deal not found");
        }
    }

    /** Editors correct a deal's text, price or links; brand, category and time never change. */
    public Deal correct(String dealId, DealCorrection c) {
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
            return get(dealId);
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
        try {
            Map<String, AttributeValue> item = table.client().updateItem(UpdateItemRequest.builder()
                    .tableName(table.name())
                    .key(Keys.deal(dealId))
                    .updateExpression(update.trim())
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW)
                    .build()).attributes();
            return DealCodec.read(item);
        } catch (ConditionalCheckFailedException e) {
            Deal current = get(dealId); // only on this failure path: tells "no such deal" from a bad expiresAt
            throw DomainException.invalid("expiresAt", "expiresAt must be after the deal's createdAt " + current.createdAt());
        }
    }

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

    /** Access pattern: latest deals overall (front page continuation, {@code GET /deals}). */
    public Page<Deal> latest(int limit, String cursor) {
        return timeline.page(Scope.all(), limit, cursor);
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

package com.bigtimedeals.catalogue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.deals.FeaturedSource;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Featured lists (access patterns: Set featured deals for the Front Page, a Category and Editor's Choice;
 * read Editor's Choice). The server copies each deal's data in; a list holds at most 20 deals, so it stays
 * far below the 400 KB item limit by construction. All lists share one partition, so that a corrected deal
 * can find every copy of itself with one query (no featured copy goes stale).
 */
public final class FeaturedStore implements FeaturedSource {
    private final Table table;

    public FeaturedStore(Table table) {
        this.table = table;
    }

    /** The front page's list, for the front page (1 GetItem). */
    @Override
    public List<Deal> frontPage() {
        return get(FeaturedList.FRONT_PAGE);
    }

    public List<Deal> get(FeaturedList list) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(CatalogKeys.featured(list)).build()).item();
        return item == null ? List.of() : DealCodec.readEmbedded(item.get("deals"));
    }

    /**
     * Replaces a front-page or editor's-choice list: one BatchGetItem of the deals, one write. A deal that is
     * unknown, taken down or expired at {@code now} (the request's moment) is refused (INVALID) and nothing changes.
     */
    public List<Deal> set(FeaturedList list, List<String> dealIds, java.time.Instant now) {
        List<Deal> deals = resolve(dealIds, null, now).deals();
        write(list, deals, null);
        return deals;
    }

    /** As of the table's clock (tests, benchmark and demo data). */
    public List<Deal> set(FeaturedList list, List<String> dealIds) {
        return set(list, dealIds, table.clock().instant());
    }

    /** Replaces a category's list; the category itself is read in the same BatchGetItem. */
    public Category setForCategory(String categoryId, List<String> dealIds) {
        return setForCategory(categoryId, dealIds, table.clock().instant());
    }

    public Category setForCategory(String categoryId, List<String> dealIds, java.time.Instant now) {
        Resolved r = resolve(dealIds, categoryId, now);
        write(FeaturedList.category(categoryId), r.deals(), null);
        Category c = (Category) CatalogStore.targetAmong(com.bigtimedeals.platform.Likeable.CATEGORY, r.category());
        return new Category(c.id(), c.name(), c.likes(), c.watchers(), r.deals());
    }

    /** The deals, and for a category's list the category's item and its watch count item. */
    private record Resolved(List<Deal> deals, List<Map<String, AttributeValue>> category) {
    }

    private Resolved resolve(List<String> dealIds, String categoryId, java.time.Instant now) {
        if (dealIds.size() > FeaturedList.MAX_DEALS) {
            throw DomainException.invalid("dealIds", "a featured list holds at most " + FeaturedList.MAX_DEALS + " deals");
        }
        if (new LinkedHashSet<>(dealIds).size() != dealIds.size()) {
            throw DomainException.invalid("dealIds", "dealIds must not repeat a deal");
        }
        for (String id : dealIds) {
            if (!Ids.isValid(id)) {
                throw DomainException.invalid("dealIds", "unknown deal id: " + id);
            }
        }
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        dealIds.forEach(id -> keys.add(DealKeys.deal(id)));
        if (categoryId != null) {
            keys.add(CatalogKeys.category(categoryId));
            keys.add(CatalogKeys.watcherCount(com.bigtimedeals.platform.Likeable.CATEGORY, categoryId));
        }
        Map<String, Deal> found = new HashMap<>();
        List<Map<String, AttributeValue>> category = new ArrayList<>();
        boolean categoryFound = false;
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys).build())) {
            String type = new ItemReader(item).type();
            if (CatalogKeys.CATEGORY.equals(type) || CatalogKeys.WATCHER_COUNT.equals(type)) {
                category.add(item);
                categoryFound |= CatalogKeys.CATEGORY.equals(type);
            } else if (DealCodec.isLiveDeal(item)) {
                Deal d = DealCodec.read(item);
                found.put(d.id(), d);
            }
        }
        if (categoryId != null && !categoryFound) {
            throw DomainException.notFound("category not found");
        }
        List<Deal> deals = new ArrayList<>();
        for (String id : dealIds) {
            Deal d = found.get(id);
            if (d == null) {
                throw DomainException.invalid("dealIds", "unknown deal id: " + id);
            }
            if (d.expiredAt(now)) {
                throw DomainException.invalid("dealIds", "deal " + id + " expired at " + d.expiresAt());
            }
            deals.add(d);
        }
        return new Resolved(deals, category);
    }

    /** Writes a list; with {@code expectedRevision}, only over that revision (the refresh's optimistic lock). */
    private void write(FeaturedList list, List<Deal> deals, Long expectedRevision) {
        List<AttributeValue> copies = new ArrayList<>();
        deals.forEach(d -> copies.add(DealCodec.embedded(d)));
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":deals", AttributeValue.fromL(copies));
        values.put(":type", AttributeValue.fromS(CatalogKeys.FEATURED_LIST));
        values.put(":zero", AttributeValue.fromN("0"));
        values.put(":one", AttributeValue.fromN("1"));
        values.put(":now", AttributeValue.fromS(table.clock().instant().toString()));
        String owner = "";
        if (list instanceof FeaturedList.OfCategory c) {
            values.put(":category", AttributeValue.fromS(c.categoryId()));
            owner = ", categoryId = :category";
        }
        UpdateItemRequest.Builder update = UpdateItemRequest.builder().tableName(table.name())
                .key(CatalogKeys.featured(list))
                .updateExpression("SET deals = :deals, #t = :type, updatedAt = :now, rev = if_not_exists(rev, :zero) + :one"
                        + owner)
                .expressionAttributeNames(Map.of("#t", Keys.TYPE));
        if (expectedRevision != null) {
            values.put(":rev", AttributeValue.fromN(Long.toString(expectedRevision)));
            update.conditionExpression("rev = :rev");
        }
        // Refused while a transaction holds the list, so nothing was written: the same write again after a backoff.
        UpdateItemRequest request = update.expressionAttributeValues(values).build();
        Transactions.retrying(() -> table.client().updateItem(request));
    }

    /**
     * Refreshes every featured copy of a corrected deal. A list changed meanwhile by an
     * editor is read again, so neither change is lost. Returns the number of lists rewritten. A copy keeps whichever
     * counts are newer, its own or the corrected deal's (the stream image may be older than the last aggregation).
     */
    public int refresh(Deal corrected) {
        return rewriteCopies(copy -> !copy.id().equals(corrected.id()) ? copy
                : corrected.withCounts(copy.counts().newer(corrected.counts())));
    }

    /**
     * Gives every featured copy of these deals their newer counts (the stream's aggregation of votes and comments),
     * under the same optimistic lock: one Query of the lists' partition, and a write only of lists that change. A copy
     * whose counts are as new or newer is left as it is, so a replayed or late aggregation writes nothing.
     */
    public int refreshCounts(Map<String, com.bigtimedeals.deals.DealCounts> counts) {
        if (counts.isEmpty()) {
            return 0;
        }
        return rewriteCopies(copy -> {
            com.bigtimedeals.deals.DealCounts fresh = counts.get(copy.id());
            return fresh == null || fresh.version() <= copy.counts().version() ? copy
                    : copy.withCounts(copy.counts().newer(fresh));
        });
    }

    /**
     * Removes every featured copy of a taken-down deal, under the same optimistic lock: an editor's list
     * written meanwhile is read again, so the takedown is never lost. Idempotent: a replay finds no copy.
     */
    public int removeEverywhere(String dealId) {
        return rewriteCopies(copy -> copy.id().equals(dealId) ? null : copy);
    }

    /**
     * A list an editor just wrote may name a deal taken down while the editor's request was in flight (its
     * BatchGetItem saw it live). Its own stream record brings it here: one BatchGetItem of its deals, and
     * the taken-down ones are removed. Whichever of takedown and list write commits last, its reaction sees
     * the other, so no order of the two resurrects the deal.
     */
    public int dropTakenDown(FeaturedList list) {
        List<Deal> listed = get(list);
        if (listed.isEmpty()) {
            return 0;
        }
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        listed.forEach(d -> keys.add(DealKeys.deal(d.id())));
        java.util.Set<String> live = new java.util.HashSet<>();
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                .projectionExpression("id, #t, #down")
                .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#down", DealCodec.TAKEN_DOWN_AT)).build())) {
            if (DealCodec.isLiveDeal(item)) {
                live.add(new ItemReader(item).string("id"));
            }
        }
        int removed = 0;
        for (Deal d : listed) {
            if (!live.contains(d.id())) {
                removed += removeEverywhere(d.id());
            }
        }
        return removed;
    }

    /**
     * Rewrites every list in which {@code change} alters a copy: it answers the copy itself to keep it, another deal
     * to replace it, or null to remove it. A list an editor wrote meanwhile fails the lock and is read again.
     */
    private int rewriteCopies(java.util.function.UnaryOperator<Deal> change) {
        int rewritten = 0;
        for (int attempt = 0; attempt < 5; attempt++) {
            boolean conflict = false;
            rewritten = 0;
            for (Map<String, AttributeValue> item : allLists()) {
                List<Deal> deals = DealCodec.readEmbedded(item.get("deals"));
                boolean changed = false;
                for (int i = deals.size() - 1; i >= 0; i--) {
                    Deal now = change.apply(deals.get(i));
                    if (now == null) {
                        deals.remove(i);
                        changed = true;
                    } else if (!now.equals(deals.get(i))) {
                        deals.set(i, now);
                        changed = true;
                    }
                }
                if (changed) {
                    try {
                        write(listOf(item), deals, new ItemReader(item).number("rev"));
                        rewritten++;
                    } catch (ConditionalCheckFailedException e) {
                        conflict = true;
                    }
                }
            }
            if (!conflict) {
                return rewritten;
            }
        }
        throw new IllegalStateException("featured lists kept changing while rewriting their copies");
    }

    private List<Map<String, AttributeValue>> allLists() {
        return TableReads.partition(table, CatalogKeys.FEATURED_PK, true);
    }

    private static FeaturedList listOf(Map<String, AttributeValue> item) {
        String sk = item.get(Keys.SK).s();
        for (FeaturedList named : List.of(FeaturedList.FRONT_PAGE, FeaturedList.EDITORS_CHOICE)) {
            if (CatalogKeys.featuredSk(named).equals(sk)) {
                return named;
            }
        }
        return FeaturedList.category(new ItemReader(item).string("categoryId"));
    }
}

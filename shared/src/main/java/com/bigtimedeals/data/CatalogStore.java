package com.bigtimedeals.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.data.DealTimeline.Scope;
import com.bigtimedeals.domain.Brand;
import com.bigtimedeals.domain.BrandSummary;
import com.bigtimedeals.domain.Category;
import com.bigtimedeals.domain.CategorySummary;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.FollowTarget;
import com.bigtimedeals.domain.FeaturedList;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Brands and categories. Each has a small item with its name and like/watch counters (the only item a like
 * rewrites, so a like stays a few write units), a listing item in the collection that {@code GET /brands} or
 * {@code GET /categories} reads in one query, and the first bucket of its deal timeline.
 */
public final class CatalogStore {
    private final Table table;
    private final DealTimeline timeline;

    public CatalogStore(Table table) {
        this.table = table;
        this.timeline = new DealTimeline(table, DealStore.MAX_PAGE);
    }

    /** Access pattern: Create Brand. A taken id is a CONFLICT. */
    public Brand createBrand(String id, String name, String logoUrl) {
        ItemWriter brand = new ItemWriter(Keys.brand(id), Keys.BRAND)
                .string("id", id).string("name", name).string("logoUrl", logoUrl)
                .number("likes", 0).number("watchers", 0);
        ItemWriter listing = new ItemWriter(Keys.brandListing(id, name), Keys.BRAND_LISTING)
                .string("id", id).string("name", name).string("logoUrl", logoUrl);
        create(brand, listing, Scope.brand(id), "brand " + id + " already exists");
        return new Brand(id, name, logoUrl, 0, 0);
    }

    /** Access pattern: Create Category. A taken id is a CONFLICT. */
    public Category createCategory(String id, String name) {
        ItemWriter category = new ItemWriter(Keys.category(id), Keys.CATEGORY)
                .string("id", id).string("name", name).number("likes", 0).number("watchers", 0);
        ItemWriter listing = new ItemWriter(Keys.categoryListing(id, name), Keys.CATEGORY_LISTING)
                .string("id", id).string("name", name);
        create(category, listing, Scope.category(id), "category " + id + " already exists");
        return new Category(id, name, 0, 0, List.of());
    }

    private void create(ItemWriter entity, ItemWriter listing, Scope scope, String conflict) {
        try {
            table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                    put(entity.build()), put(listing.build()),
                    put(timeline.genesisItem(scope, 0, null))).build());
        } catch (TransactionCanceledException e) {
            if (DealStore.onlyConditionFailures(e)) {
                throw DomainException.conflict(conflict);
            }
            throw e;
        }
    }

    private TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build()).build();
    }

    /** Access pattern: the Brand page header (name, logo, counts). 1 GetItem. */
    public Brand brand(String id) {
        return brand(id, false);
    }

    /** With {@code consistent}, reads what a write just committed (the like and watch read-back). */
    public Brand brand(String id, boolean consistent) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder()
                .tableName(table.name()).key(Keys.brand(id)).consistentRead(consistent).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("brand not found");
        }
        return readBrand(item);
    }

    static Brand readBrand(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return new Brand(r.string("id"), r.string("name"), r.string("logoUrl"), r.number("likes"), r.number("watchers"));
    }

    /**
     * Access pattern: Category page header with its featured deals: one BatchGetItem of the small counter
     * item and the featured list.
     */
    public Category category(String id) {
        return category(id, false);
    }

    public Category category(String id, boolean consistent) {
        FollowTarget category = targetAmong(Likeable.CATEGORY, TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(Keys.category(id), Keys.featured(FeaturedList.category(id))).consistentRead(consistent).build()));
        if (category == null) {
            throw DomainException.notFound("category not found");
        }
        return (Category) category;
    }

    /**
     * The brand or category among {@code items} (a category with its featured list when that is among them too), or
     * null when the target's own item is not: what one BatchGetItem of the target's keys read.
     */
    static FollowTarget targetAmong(Likeable kind, java.util.Collection<Map<String, AttributeValue>> items) {
        Map<String, AttributeValue> target = null;
        List<Deal> featured = List.of();
        for (Map<String, AttributeValue> item : items) {
            String type = new ItemReader(item).type();
            if ((kind == Likeable.BRAND ? Keys.BRAND : Keys.CATEGORY).equals(type)) {
                target = item;
            } else if (Keys.FEATURED_LIST.equals(type)) {
                featured = DealCodec.readEmbedded(item.get("deals"));
            }
        }
        return target == null ? null : kind == Likeable.BRAND ? readBrand(target) : readCategory(target, featured);
    }

    static Category readCategory(Map<String, AttributeValue> item, List<Deal> featured) {
        ItemReader r = new ItemReader(item);
        return new Category(r.string("id"), r.string("name"), r.number("likes"), r.number("watchers"), featured);
    }

    /** Access pattern: all Brands, sorted by name case-insensitively (the listing sort key). */
    public List<BrandSummary> brands() {
        List<BrandSummary> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : listing(Keys.BRANDS_PK)) {
            ItemReader r = new ItemReader(item);
            out.add(new BrandSummary(r.string("id"), r.string("name"), r.string("logoUrl")));
        }
        return out;
    }

    public List<CategorySummary> categories() {
        List<CategorySummary> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : listing(Keys.CATEGORIES_PK)) {
            ItemReader r = new ItemReader(item);
            out.add(new CategorySummary(r.string("id"), r.string("name")));
        }
        return out;
    }

    /**
     * One query: 200 brands at about 100 bytes are 20 KB, far inside a 1 MB page; more pages only past 10k brands.
     * The items come in sort-key order; they are put in that order again by the key the current code would write,
     * compared as DynamoDB compares strings (UTF-8 bytes), because listing items written before the sort key's
     * separator changed (docs/data-model.md) still carry the old key, and sort wrongly by it.
     */
    private List<Map<String, AttributeValue>> listing(String pk) {
        List<Map<String, AttributeValue>> items = new ArrayList<>(TableReads.partition(table, pk, false));
        items.sort(java.util.Comparator.comparing((Map<String, AttributeValue> item) -> {
            ItemReader r = new ItemReader(item);
            return Keys.listingSortKey("", r.string("name"), r.string("id")).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }, java.util.Arrays::compareUnsigned));
        return items;
    }
}

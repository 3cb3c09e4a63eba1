package com.bigtimedeals.catalogue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.OwnerTimelines;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Brands and categories. Each has a small item with its name and like counter (the only item a like rewrites, so a
 * like stays a few write units), a watch counter item under a partition key of its own ({@link CatalogKeys#watcherCount}:
 * likes and watches of a popular target write two partitions, issue 41), a listing item in the collection that
 * {@code GET /brands} or {@code GET /categories} reads in one query, and the first bucket of its deal timeline. A
 * target's watch count is the sum of its item's {@code watchers} (all of it before the counter item existed) and the
 * counter item's; every read of a target reads both in one BatchGetItem ({@link #targetAmong}).
 */
public final class CatalogStore {
    private final Table table;
    private final OwnerTimelines timelines;

    public CatalogStore(Table table) {
        this.table = table;
        this.timelines = new OwnerTimelines(table);
    }

    /**
     * The attribute that tells one incarnation of a brand or category from another of the same id (deleted, then made
     * again with the same name): a fresh random stamp written at creation on its item and its watch counter item, and
     * copied onto every like and watch of it. A relation whose stamp is not its live target's is absent everywhere
     * (FollowStore), so followers of a deleted target never follow the one made again in its place. Items written
     * before the stamp have none: an absent stamp matches an absent stamp.
     */
    public static final String INCARNATION = "incarnation";

    /** A new incarnation's stamp. */
    private static String newIncarnation() {
        return java.util.UUID.randomUUID().toString();
    }

    /** The stamp of the target's incarnation in its item (or its watch counter item), null for one made before stamps. */
    public static String incarnation(Map<String, AttributeValue> item) {
        return item == null ? null : new ItemReader(item).string(INCARNATION);
    }

    /** Access pattern: Create Brand. A taken id is a CONFLICT. */
    public Brand createBrand(String id, String name, String logoUrl) {
        String stamp = newIncarnation();
        ItemWriter brand = new ItemWriter(CatalogKeys.brand(id), CatalogKeys.BRAND)
                .string("id", id).string("name", name).string("logoUrl", logoUrl)
                .number("likes", 0).number("watchers", 0).string(INCARNATION, stamp);
        ItemWriter listing = new ItemWriter(CatalogKeys.brandListing(id, name), CatalogKeys.BRAND_LISTING)
                .string("id", id).string("name", name).string("logoUrl", logoUrl);
        create(brand, listing, watcherCountItem(Likeable.BRAND, id, stamp), Likeable.BRAND, id, "brand " + id + " already exists");
        return new Brand(id, name, logoUrl, 0, 0);
    }

    /** Access pattern: Create Category. A taken id is a CONFLICT. */
    public Category createCategory(String id, String name) {
        String stamp = newIncarnation();
        ItemWriter category = new ItemWriter(CatalogKeys.category(id), CatalogKeys.CATEGORY)
                .string("id", id).string("name", name).number("likes", 0).number("watchers", 0).string(INCARNATION, stamp);
        ItemWriter listing = new ItemWriter(CatalogKeys.categoryListing(id, name), CatalogKeys.CATEGORY_LISTING)
                .string("id", id).string("name", name);
        create(category, listing, watcherCountItem(Likeable.CATEGORY, id, stamp), Likeable.CATEGORY, id, "category " + id + " already exists");
        return new Category(id, name, 0, 0, List.of());
    }

    /**
     * A new target's watch counter item, at 0, with its target's incarnation stamp (null: a target from before stamps),
     * so that a watch's transaction can hold the counter it moves to the incarnation its relation names.
     */
    public static Map<String, AttributeValue> watcherCountItem(Likeable kind, String id, String incarnation) {
        return new ItemWriter(CatalogKeys.watcherCount(kind, id), CatalogKeys.WATCHER_COUNT).number("watchers", 0)
                .string(INCARNATION, incarnation).build();
    }

    private void create(ItemWriter entity, ItemWriter listing, Map<String, AttributeValue> watcherCount, Likeable kind, String id, String conflict) {
        try {
            // Retried while another transaction holds one of the items (a create, a rename or a delete of the same id): it wrote nothing.
            Transactions.retrying(() -> table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                    put(entity.build()), put(listing.build()), put(watcherCount),
                    put(timelines.start(kind, id))).build()));
        } catch (TransactionCanceledException e) {
            if (Transactions.onlyConditionFailures(e)) {
                throw DomainException.conflict(conflict);
            }
            throw e;
        }
    }

    /**
     * Renames a brand or gives it another logo (either may be null: left as it is); the id never changes. 1 consistent
     * GetItem, then 1 TransactWriteItems: the brand (only as it was read), its listing (whose key holds the name, so a
     * rename moves it), and for a rename the walk that carries the name into its deals ({@link CatalogRenames}). A
     * request that changes nothing writes nothing. NOT_FOUND for an unknown brand.
     */
    public Brand updateBrand(String id, String name, String logoUrl) {
        for (int attempt = 1; ; attempt++) {
            List<Map<String, AttributeValue>> items = readTarget(Likeable.BRAND, id, "brand not found");
            Map<String, AttributeValue> item = targetItem(Likeable.BRAND, items);
            Brand was = (Brand) targetAmong(Likeable.BRAND, items);
            String newName = name != null ? name : was.name();
            String newLogo = logoUrl != null ? logoUrl : was.logoUrl();
            if (newName.equals(was.name()) && java.util.Objects.equals(newLogo, was.logoUrl())) {
                return was;
            }
            ItemWriter listing = new ItemWriter(CatalogKeys.brandListing(id, newName), CatalogKeys.BRAND_LISTING)
                    .string("id", id).string("name", newName).string("logoUrl", newLogo);
            if (edit(Likeable.BRAND, id, item, was.name(), newName, newLogo, CatalogKeys.brandListing(id, was.name()), listing, attempt)) {
                return new Brand(id, newName, newLogo, was.likes(), was.watchers());
            }
        }
    }

    /** Renames a category, as {@link #updateBrand} a brand. */
    public Category updateCategory(String id, String name) {
        for (int attempt = 1; ; attempt++) {
            Map<String, AttributeValue> item = read(CatalogKeys.category(id), "category not found");
            Category was = readCategory(item, List.of());
            if (name.equals(was.name())) {
                return category(id, true);
            }
            ItemWriter listing = new ItemWriter(CatalogKeys.categoryListing(id, name), CatalogKeys.CATEGORY_LISTING)
                    .string("id", id).string("name", name);
            if (edit(Likeable.CATEGORY, id, item, was.name(), name, null, CatalogKeys.categoryListing(id, was.name()), listing, attempt)) {
                return category(id, true);
            }
        }
    }

    private Map<String, AttributeValue> read(Map<String, AttributeValue> key, String notFound) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(key).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound(notFound);
        }
        return item;
    }

    /** The target's item and its watch counter item: 1 strongly consistent BatchGetItem. */
    private List<Map<String, AttributeValue>> readTarget(Likeable kind, String id, String notFound) {
        List<Map<String, AttributeValue>> items = TableReads.batchGetConsistent(table,
                List.of(CatalogKeys.target(kind, id), CatalogKeys.watcherCount(kind, id)));
        if (targetItem(kind, items) == null) {
            throw DomainException.notFound(notFound);
        }
        return items;
    }

    /** The target's own item among {@code items}, or null. */
    public static Map<String, AttributeValue> targetItem(Likeable kind, java.util.Collection<Map<String, AttributeValue>> items) {
        String type = kind == Likeable.BRAND ? CatalogKeys.BRAND : CatalogKeys.CATEGORY;
        return items.stream().filter(item -> type.equals(new ItemReader(item).type())).findFirst().orElse(null);
    }

    /** The rename's (or new logo's) transaction; false when the item changed since it was read (read again). */
    private boolean edit(Likeable kind, String id, Map<String, AttributeValue> item, String oldName, String newName,
                         String newLogo, Map<String, AttributeValue> oldListing, ItemWriter listing, int attempt) {
        boolean renamed = !newName.equals(oldName);
        ItemReader r = new ItemReader(item);
        long nameVersion = r.has(NAME_VERSION) ? r.number(NAME_VERSION) : 0;
        Map<String, String> names = new HashMap<>(Map.of("#n", "name", "#nv", NAME_VERSION));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":was", AttributeValue.fromS(oldName),
                ":nv", AttributeValue.fromN(Long.toString(renamed ? nameVersion + 1 : nameVersion))));
        String update = "SET #n = :n, #nv = :nv";
        values.put(":n", AttributeValue.fromS(newName));
        String condition = "#n = :was AND " + (r.has(NAME_VERSION) ? "#nv = :before" : "attribute_not_exists(#nv)");
        if (r.has(NAME_VERSION)) {
            values.put(":before", AttributeValue.fromN(Long.toString(nameVersion)));
        }
        if (kind == Likeable.BRAND) {
            names.put("#logo", "logoUrl");
            if (newLogo != null) {
                update += ", #logo = :logo";
                values.put(":logo", AttributeValue.fromS(newLogo));
            }
            String was = r.string("logoUrl");
            condition += was == null ? " AND attribute_not_exists(#logo)" : " AND #logo = :oldLogo";
            if (was != null) {
                values.put(":oldLogo", AttributeValue.fromS(was));
            }
        }
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(TransactWriteItem.builder().update(software.amazon.awssdk.services.dynamodb.model.Update.builder()
                .tableName(table.name()).key(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK)))
                .updateExpression(update).conditionExpression(condition).expressionAttributeNames(names)
                .expressionAttributeValues(values).build()).build());
        if (renamed) {
            writes.add(TransactWriteItem.builder().delete(software.amazon.awssdk.services.dynamodb.model.Delete.builder()
                    .tableName(table.name()).key(oldListing).build()).build());
            writes.add(CatalogRenames.put(table, kind, id, newName, nameVersion + 1));
        }
        writes.add(TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(listing.build()).build()).build());
        try {
            table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
            return true;
        } catch (TransactionCanceledException e) {
            if (Transactions.conditionFailed(e, 0) && attempt < 8) {
                return false;
            }
            if (!Transactions.retryable(e, attempt)) {
                throw e;
            }
            return false;
        }
    }

    /** How many renames a brand or category has had: the number a deal's copy of its name carries (CatalogRenames). */
    static final String NAME_VERSION = "nameVersion";

    /**
     * Deletes a brand or category that no deal names, live, expired or taken down: 204, and again 204 when it is gone
     * already. Its deals are counted by its first bucket's placements, which a takedown never takes back: 1 consistent
     * Query of its timeline, then 1 TransactWriteItems of the item, its listing and its one bucket, conditioned on the
     * bucket still counting none (a deal placed meanwhile makes it a CONFLICT; a deal placed after finds no bucket and
     * is refused as naming no brand). CONFLICT while any deal names it. Its likes and watches end with it: they carry
     * its {@link #INCARNATION}, which a brand or category made again with the same id does not have, and the
     * transaction starts the walk that deletes its watch items ({@link CatalogDeletions}).
     */
    public void delete(Likeable kind, String id) {
        Map<String, AttributeValue> key = kind == Likeable.BRAND ? CatalogKeys.brand(id) : CatalogKeys.category(id);
        String what = kind == Likeable.BRAND ? "brand" : "category";
        for (int attempt = 1; ; attempt++) {
            Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(key).consistentRead(true).build()).item();
            if (item == null || item.isEmpty()) {
                return;
            }
            OwnerTimelines.Buckets buckets = timelines.buckets(kind, id);
            if (buckets.count() > 1 || buckets.placed() > 0) {
                throw DomainException.conflict("deals name this " + what + " (" + buckets.placed() + "): it can be deleted only "
                        + "when none does, live, expired or taken down");
            }
            String name = new ItemReader(item).string("name");
            Map<String, AttributeValue> listing = kind == Likeable.BRAND ? CatalogKeys.brandListing(id, name)
                    : CatalogKeys.categoryListing(id, name);
            List<TransactWriteItem> writes = new ArrayList<>(List.of(
                    TransactWriteItem.builder().delete(software.amazon.awssdk.services.dynamodb.model.Delete.builder()
                            .tableName(table.name()).key(key).conditionExpression("#n = :n")
                            .expressionAttributeNames(Map.of("#n", "name"))
                            .expressionAttributeValues(Map.of(":n", AttributeValue.fromS(name))).build()).build(),
                    TransactWriteItem.builder().delete(software.amazon.awssdk.services.dynamodb.model.Delete.builder()
                            .tableName(table.name()).key(listing).build()).build(),
                    TransactWriteItem.builder().delete(software.amazon.awssdk.services.dynamodb.model.Delete.builder()
                            .tableName(table.name()).key(CatalogKeys.watcherCount(kind, id)).build()).build()));
            writes.addAll(buckets.deletes());
            // The walk that frees its watch items, in the same transaction: a deletion never ends without one. Its
            // watches are absent already, as they carry the stamp of an incarnation no longer live.
            writes.add(CatalogDeletions.put(table, kind, id, incarnation(item)));
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return;
            } catch (TransactionCanceledException e) {
                if (!Transactions.retryable(e, attempt) && !Transactions.onlyConditionFailures(e)) {
                    throw e;
                }
                if (attempt >= 8) {
                    throw DomainException.unavailable(what + " kept changing while it was deleted; try again");
                }
                // Renamed, or a deal placed, meanwhile: decide again on what it is now.
            }
        }
    }

    private TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build()).build();
    }

    /** Access pattern: the Brand page header (name, logo, counts). 1 BatchGetItem (the brand and its watch count). */
    public Brand brand(String id) {
        return brand(id, false);
    }

    /** With {@code consistent}, reads what a write just committed (the like and watch read-back). */
    public Brand brand(String id, boolean consistent) {
        FollowTarget brand = targetAmong(Likeable.BRAND, TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(CatalogKeys.brand(id), CatalogKeys.watcherCount(Likeable.BRAND, id)).consistentRead(consistent).build()));
        if (brand == null) {
            throw DomainException.notFound("brand not found");
        }
        return (Brand) brand;
    }

    /**
     * Access pattern: Category page header with its featured deals: one BatchGetItem of the small counter
     * items and the featured list.
     */
    public Category category(String id) {
        return category(id, false);
    }

    public Category category(String id, boolean consistent) {
        return category(id, consistent, null);
    }

    /**
     * With {@code copies}, the featured list comes from that process's copy when it holds one ({@link FeaturedCopies}:
     * the like and watch answers), and the BatchGetItem reads only the counts; else the list is read with them and
     * copied.
     */
    public Category category(String id, boolean consistent, FeaturedCopies copies) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(List.of(CatalogKeys.category(id), CatalogKeys.watcherCount(Likeable.CATEGORY, id)));
        List<Deal> copied = copies == null ? null : copies.get(id);
        if (copied == null) {
            keys.add(CatalogKeys.featured(FeaturedList.category(id)));
        }
        List<Map<String, AttributeValue>> items = TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                .consistentRead(consistent).build());
        FollowTarget category = targetAmong(Likeable.CATEGORY, items);
        if (category == null) {
            throw DomainException.notFound("category not found");
        }
        if (copies == null) {
            return (Category) category;
        }
        return copies.withFeatured((Category) category, copied);
    }

    /**
     * The brand or category among {@code items} (a category with its featured list when that is among them too), or
     * null when the target's own item is not: what one BatchGetItem of the target's keys read.
     */
    public static FollowTarget targetAmong(Likeable kind, java.util.Collection<Map<String, AttributeValue>> items) {
        Map<String, AttributeValue> target = null;
        List<Deal> featured = List.of();
        long counted = 0;
        for (Map<String, AttributeValue> item : items) {
            ItemReader r = new ItemReader(item);
            String type = r.type();
            if ((kind == Likeable.BRAND ? CatalogKeys.BRAND : CatalogKeys.CATEGORY).equals(type)) {
                target = item;
            } else if (CatalogKeys.FEATURED_LIST.equals(type)) {
                featured = DealCodec.readEmbedded(item.get("deals"));
            } else if (CatalogKeys.WATCHER_COUNT.equals(type)) {
                counted = r.number("watchers");
            }
        }
        if (target == null) {
            return null;
        }
        ItemReader r = new ItemReader(target);
        long watchers = r.number("watchers") + counted;
        return kind == Likeable.BRAND ? new Brand(r.string("id"), r.string("name"), r.string("logoUrl"), r.number("likes"), watchers)
                : new Category(r.string("id"), r.string("name"), r.number("likes"), watchers, featured);
    }

    static Category readCategory(Map<String, AttributeValue> item, List<Deal> featured) {
        ItemReader r = new ItemReader(item);
        return new Category(r.string("id"), r.string("name"), r.number("likes"), r.number("watchers"), featured);
    }

    /** Access pattern: all Brands, sorted by name case-insensitively (the listing sort key). */
    public List<BrandSummary> brands() {
        List<BrandSummary> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : listing(CatalogKeys.BRANDS_PK)) {
            ItemReader r = new ItemReader(item);
            out.add(new BrandSummary(r.string("id"), r.string("name"), r.string("logoUrl")));
        }
        return out;
    }

    public List<CategorySummary> categories() {
        List<CategorySummary> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : listing(CatalogKeys.CATEGORIES_PK)) {
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
            return CatalogKeys.listingSortKey("", r.string("name"), r.string("id")).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }, java.util.Arrays::compareUnsigned));
        return items;
    }
}

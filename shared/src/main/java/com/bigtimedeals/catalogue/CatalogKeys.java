package com.bigtimedeals.catalogue;

import java.util.Map;

import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The catalogue's slice of the key chart (docs/data-model.md): brands and categories, their listings by name, their
 * watch counts, the renames that carry a new name into their deals, and the featured lists. The catalogue sits
 * above the deals (a category's featured list holds copies of deals, a rename writes onto them), so these keys are
 * read by no deals class: a deal's one read of its brand and category is composed here ({@link DealPosting}).
 */
public final class CatalogKeys {
    private CatalogKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String BRAND = "Brand";
    public static final String BRAND_LISTING = "BrandListing";
    public static final String CATEGORY = "Category";
    public static final String CATEGORY_LISTING = "CategoryListing";
    public static final String WATCHER_COUNT = "WatcherCount";
    public static final String FEATURED_LIST = "FeaturedList";
    public static final String RENAME = "Rename";
    public static final String UNFOLLOW = "Unfollow";

    public static Map<String, AttributeValue> brand(String brandId) {
        return Keys.key("BRAND#" + brandId, "BRAND#" + brandId);
    }

    public static final String BRANDS_PK = "BRANDS";

    /** Sorted case-insensitively by name, the order {@code GET /brands} answers in. */
    public static Map<String, AttributeValue> brandListing(String brandId, String name) {
        return Keys.key(BRANDS_PK, listingSortKey("BRAND#", name, brandId));
    }

    /**
     * Ends the name in a listing sort key. It must sort before every character a name can hold, so that a name
     * comes before the longer names it is a prefix of ("Acme" before "Acme tknhnr", "Acme!", "Acme 2"); '#'
     * did not, as space and !"  sort before it. U+0001 does: names refuse control characters other than tab and
     * line breaks (ContractRules.text), and those sort after it.
     */
    public static final String NAME_END = "\u0001";

    /** The sort key of a listing item: the name, case-insensitively, then the id to break ties. */
    public static String listingSortKey(String prefix, String name, String id) {
        return prefix + name.toLowerCase(java.util.Locale.ROOT) + NAME_END + id;
    }

    public static Map<String, AttributeValue> category(String categoryId) {
        return Keys.key("CATEGORY#" + categoryId, "CATEGORY#" + categoryId);
    }

    public static final String CATEGORIES_PK = "CATEGORIES";

    public static Map<String, AttributeValue> categoryListing(String categoryId, String name) {
        return Keys.key(CATEGORIES_PK, listingSortKey("CATEGORY#", name, categoryId));
    }

    public static Map<String, AttributeValue> target(Likeable kind, String id) {
        return kind == Likeable.BRAND ? brand(id) : category(id);
    }

    /**
     * A brand's or category's watch count, apart from its item (which keeps the like count), under a partition key
     * of its own: likes and watches of one popular target then write two partitions, not one (issue 41). Inside the
     * target's {@code BRAND#}/{@code CATEGORY#} key family, so every policy that names the target names it too.
     */
    public static Map<String, AttributeValue> watcherCount(Likeable kind, String id) {
        String pk = target(kind, id).get(Keys.PK).s() + "#WATCHERS";
        return Keys.key(pk, pk);
    }

    // Featured lists share one partition so that a deal correction can find every copy in one query.
    public static final String FEATURED_PK = "FEATURED";

    /** The walk that carries a brand's or category's new name into its deals: one per brand or category. */
    public static Map<String, AttributeValue> rename(Likeable kind, String id) {
        String pk = "RENAME#" + kind.name() + "#" + id;
        return Keys.key(pk, pk);
    }

    /**
     * The walk that deletes the watches of one deleted incarnation of a brand or category ({@link CatalogDeletions}):
     * one per incarnation ({@code -} for one from before stamps), so a target deleted, made again and deleted again
     * while the first walk runs has two walks, each removing only its own incarnation's watches.
     */
    public static Map<String, AttributeValue> unfollow(Likeable kind, String id, String incarnation) {
        String pk = "UNFOLLOW#" + kind.name() + "#" + id + "#" + (incarnation == null ? "-" : incarnation);
        return Keys.key(pk, pk);
    }

    public static String featuredSk(FeaturedList list) {
        if (list instanceof FeaturedList.OfCategory c) {
            return "LIST#category#" + c.categoryId();
        }
        return "LIST#" + ((FeaturedList.Named) list).name();
    }

    public static Map<String, AttributeValue> featured(FeaturedList list) {
        return Keys.key(FEATURED_PK, featuredSk(list));
    }
}

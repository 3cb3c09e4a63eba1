package com.bigtimedeals.data;

import java.util.HashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every key string in the table is built here and nowhere else: this is the entity chart in code
 * (docs/data-model.md mirrors it). Indexing attributes (PK, SK, GSIn*, UserIndex) hold only these strings;
 * the application attributes beside them are never parsed back out of a key.
 */
final class Keys {
    static final String PK = TableDefinition.PARTITION_KEY;
    static final String SK = TableDefinition.SORT_KEY;
    static final String TYPE = "Type";

    /** Entity types, stored in every item's {@code Type} attribute. */
    static final String DEAL = "Deal";
    static final String DEAL_BUCKET = "DealBucket";
    static final String BRAND = "Brand";
    static final String BRAND_LISTING = "BrandListing";
    static final String CATEGORY = "Category";
    static final String CATEGORY_LISTING = "CategoryListing";
    static final String LIKE = "Like";
    static final String WATCH = "Watch";
    static final String WATCH_OF_USER = "WatchOfUser";
    static final String USER = "User";
    static final String MESSAGE = "Message";
    static final String FEATURED_LIST = "FeaturedList";
    static final String DEALS_CACHE = "DealsCache";
    static final String CACHE_VERSION = "DealsCacheVersion";
    static final String BLAST = "Blast";
    static final String BLAST_SEGMENT = "BlastSegment";
    static final String FAN_OUT = "FanOut";
    static final String FAN_OUT_CLAIM = "FanOutClaim";
    static final String ACCOUNT_DELETION = "AccountDeletion";
    static final String DEAL_BLAST = "DealBlast";
    static final String IDEMPOTENCY_RECORD = "IdempotencyRecord";

    private Keys() {
    }

    /** IAM's {@code StringLike} wildcard, where a key names one deal, user, brand...: {@link PartitionKeys} builds patterns with it. */
    static final String ANY = "*";

    static Map<String, AttributeValue> key(String pk, String sk) {
        Map<String, AttributeValue> key = new HashMap<>(4);
        key.put(PK, AttributeValue.fromS(pk));
        key.put(SK, AttributeValue.fromS(sk));
        return key;
    }

    // Deals
    static String dealPk(String dealId) {
        return "DEAL#" + dealId;
    }

    static Map<String, AttributeValue> deal(String dealId) {
        return key(dealPk(dealId), dealPk(dealId));
    }

    static String dealSortKey(String dealId) {
        return "DEAL#" + dealId;
    }

    /** Sorts before every {@code DEAL#...} sort key, so a newest-first query meets the bucket marker last. */
    static final String BUCKET_MARKER_SORT_KEY = "BUCKET";

    static String timelinePk(String scope) {
        return "TIMELINE#" + scope;
    }

    static String bucketSk(String bucketId) {
        return "BUCKET#" + bucketId;
    }

    static Map<String, AttributeValue> bucket(String scope, String bucketId) {
        return key(timelinePk(scope), bucketSk(bucketId));
    }

    /** The index partition holding one bucket of a scope's deals, e.g. {@code BRAND#acme#2026-11-20}. */
    static String bucketPartition(String scope, String bucketId) {
        return scope + "#" + bucketId;
    }

    static String scopeAll() {
        return "DEALS";
    }

    static String scopeBrand(String brandId) {
        return "BRAND#" + brandId;
    }

    static String scopeCategory(String categoryId) {
        return "CATEGORY#" + categoryId;
    }

    // Brands and categories
    static Map<String, AttributeValue> brand(String brandId) {
        return key("BRAND#" + brandId, "BRAND#" + brandId);
    }

    static final String BRANDS_PK = "BRANDS";

    /** Sorted case-insensitively by name, the order {@code GET /brands} answers in. */
    static Map<String, AttributeValue> brandListing(String brandId, String name) {
        return key(BRANDS_PK, listingSortKey("BRAND#", name, brandId));
    }

    /**
     * Ends the name in a listing sort key. It must sort before every character a name can hold, so that a name
     * comes before the longer names it is a prefix of ("Acme" before "Acme tknhnr", "Acme!", "Acme 2"); '#'
     * did not, as space and !"  sort before it. U+0001 does: names refuse control characters other than tab and
     * line breaks (ContractRules.text), and those sort after it.
     */
    static final String NAME_END = "\u0001";

    /** The sort key of a listing item: the name, case-insensitively, then the id to break ties. */
    static String listingSortKey(String prefix, String name, String id) {
        return prefix + name.toLowerCase(java.util.Locale.ROOT) + NAME_END + id;
    }

    static Map<String, AttributeValue> category(String categoryId) {
        return key("CATEGORY#" + categoryId, "CATEGORY#" + categoryId);
    }

    static final String CATEGORIES_PK = "CATEGORIES";

    static Map<String, AttributeValue> categoryListing(String categoryId, String name) {
        return key(CATEGORIES_PK, listingSortKey("CATEGORY#", name, categoryId));
    }

    static Map<String, AttributeValue> target(com.bigtimedeals.domain.Likeable kind, String id) {
        return kind == com.bigtimedeals.domain.Likeable.BRAND ? brand(id) : category(id);
    }

    // Likes and watches. Everything a user follows lives in the user's FOLLOWS partition (a like, and a twin
    // of each watch), so follows are found from the user with one Query; watches of one brand or category
    // also share a partition so that the fan-out can page through them.
    static String followsPk(String username) {
        return "FOLLOWS#" + username;
    }

    static String followSk(com.bigtimedeals.domain.Likeable kind, String id, com.bigtimedeals.domain.Relation relation) {
        return kind.name() + "#" + id + "#" + relation.name();
    }

    static Map<String, AttributeValue> like(com.bigtimedeals.domain.Likeable kind, String id, String username) {
        return key(followsPk(username), followSk(kind, id, com.bigtimedeals.domain.Relation.LIKE));
    }

    /** The user-side twin of a watch, written in the same transaction as the watch itself. */
    static Map<String, AttributeValue> watchOfUser(com.bigtimedeals.domain.Likeable kind, String id, String username) {
        return key(followsPk(username), followSk(kind, id, com.bigtimedeals.domain.Relation.WATCH));
    }

    static String watchersPk(com.bigtimedeals.domain.Likeable kind, String id) {
        return kind.name() + "WATCH#" + id;
    }

    static Map<String, AttributeValue> watch(com.bigtimedeals.domain.Likeable kind, String id, String username) {
        return key(watchersPk(kind, id), userSk(username));
    }

    // Users and messages
    static String userSk(String username) {
        return "USER#" + username;
    }

    static Map<String, AttributeValue> user(String username) {
        return key(userSk(username), userSk(username));
    }

    static String userIndexValue(String username) {
        return "USER#" + username;
    }

    static String messagesPk(String username) {
        return "MESSAGES#" + username;
    }

    static String messageSk(String messageId) {
        return "MESSAGE#" + messageId;
    }

    static Map<String, AttributeValue> message(String username, String messageId) {
        return key(messagesPk(username), messageSk(messageId));
    }

    // Featured lists share one partition so that a deal correction can find every copy in one query.
    static final String FEATURED_PK = "FEATURED";

    static String featuredSk(com.bigtimedeals.domain.FeaturedList list) {
        if (list instanceof com.bigtimedeals.domain.FeaturedList.OfCategory c) {
            return "LIST#category#" + c.categoryId();
        }
        return "LIST#" + ((com.bigtimedeals.domain.FeaturedList.Named) list).name();
    }

    static Map<String, AttributeValue> featured(com.bigtimedeals.domain.FeaturedList list) {
        return key(FEATURED_PK, featuredSk(list));
    }

    // Front-page cache
    static Map<String, AttributeValue> dealsCache(int shard) {
        return key(dealsCachePk(Integer.toString(shard)), dealsCachePk(Integer.toString(shard)));
    }

    static String dealsCachePk(String shard) {
        return "DEALSCACHE#" + shard;
    }

    static Map<String, AttributeValue> dealsCacheVersion() {
        return key("DEALSCACHE", "VERSION");
    }

    // Hot-deal blasts and fan-out work
    static String blastPk(String blastId) {
        return "BLAST#" + blastId;
    }

    static Map<String, AttributeValue> blast(String blastId) {
        return key(blastPk(blastId), blastPk(blastId));
    }

    /**
     * Each segment has a partition key of its own: stream records are spread over shards, and processed in
     * parallel within a shard, by partition key, so segments sharing one would run one after another.
     */
    static Map<String, AttributeValue> blastSegment(String blastId, int segment) {
        String pk = blastPk(blastId) + String.format("#SEGMENT#%04d", segment);
        return key(pk, pk);
    }

    /** The one blast a deal may have: taken in the same transaction as the blast, so a second request finds it. */
    static Map<String, AttributeValue> dealBlast(String dealId) {
        return key(dealPk(dealId), "BLAST");
    }

    /** Taken by the first run of a new deal's fan-out over one watcher list; lives beside the deal. */
    static Map<String, AttributeValue> fanOutClaim(String dealId, com.bigtimedeals.domain.Likeable source) {
        return key(dealPk(dealId), "FANOUT#" + source.name());
    }

    static Map<String, AttributeValue> fanOut(String dealId, com.bigtimedeals.domain.Likeable source) {
        String pk = fanOutPk(dealId, source.name());
        return key(pk, pk);
    }

    static String fanOutPk(String dealId, String source) {
        return "FANOUT#" + dealId + "#" + source;
    }

    /** The GSI1 partition of the sweeper's index that holds unfinished walks of one shard ({@code WalkStore}). */
    static String unfinishedWalks(int shard) {
        return "WALKS#" + shard;
    }

    /** GSI2 partition of every account deletion, sorted by its moment: the recent ones are one Query. */
    static final String DELETIONS = "DELETIONS";

    /** Own partition key per user, so deletions walk in parallel. */
    static Map<String, AttributeValue> accountDeletion(String username) {
        String pk = "DELETION#" + username;
        return key(pk, pk);
    }

    // Idempotency keys: one partition per caller, so that one caller's keys never meet another's; the key itself is
    // the sort key, apart from the caller's name, so no pair of (caller, key) can spell another pair's item.
    static Map<String, AttributeValue> idempotencyRecord(String caller, String key) {
        return key("IDEMPOTENCY#" + caller, "KEY#" + key);
    }
}

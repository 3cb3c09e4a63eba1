package com.bigtimedeals.deals;

import java.util.Map;

import com.bigtimedeals.platform.Keys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The deals feature's slice of the key chart (docs/data-model.md): deals, their history, the latest-deal buckets, the
 * front page's copies, the word index, link guards, counters, liveness markers, the hot and hottest
 * lists. The only place these strings are spelled; {@link Keys} holds what every feature shares.
 */
public final class DealKeys {
    private DealKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String DEAL = "Deal";
    public static final String DEAL_BUCKET = "DealBucket";
    public static final String DEAL_EVENT = "DealEvent";
    public static final String DEALS_CACHE = "DealsCache";
    public static final String CACHE_VERSION = "DealsCacheVersion";
    public static final String DEAL_WORD = "DealWord";
    public static final String LINK_GUARD = "LinkGuard";
    public static final String DEAL_COUNTERS = "DealCounters";
    public static final String DEAL_LIVE = "DealLive";
    public static final String UPGRADE = "Upgrade";
    public static final String COUNTS_GATE = "CountsGate";
    public static final String HOT_DEAL = "HotDeal";
    public static final String DEAL_RANKING = "DealRanking";
    public static final String HOTTEST_LIST = "HottestList";
    public static final String HOTTEST_VERSION = "HottestVersion";

    public static String dealPk(String dealId) {
        return "DEAL#" + dealId;
    }

    public static Map<String, AttributeValue> deal(String dealId) {
        return Keys.key(dealPk(dealId), dealPk(dealId));
    }

    /**
     * A deal's history lives in its own partition, after its comments ({@code HISTORY#} sorts after {@code DEAL#}):
     * newest first is one Query backwards from the prefix's end. The sort key is the moment (fixed-width epoch
     * milliseconds) and then what makes the event itself: its action and a discriminator the action chooses (a
     * correction's new version, a report round), so writing one event twice writes the same item.
     */
    public static final String HISTORY_PREFIX = "HISTORY#";

    public static String dealEventSk(String stamp, String action, String discriminator) {
        return HISTORY_PREFIX + stamp + "#" + action + (discriminator == null ? "" : "#" + discriminator);
    }

    public static Map<String, AttributeValue> dealEvent(String dealId, String sortKey) {
        return Keys.key(dealPk(dealId), sortKey);
    }

    public static String dealSortKey(String dealId) {
        return "DEAL#" + dealId;
    }

    /** Sorts before every {@code DEAL#...} sort key, so a newest-first query meets the bucket marker last. */
    public static final String BUCKET_MARKER_SORT_KEY = "BUCKET";

    public static String timelinePk(String scope) {
        return "TIMELINE#" + scope;
    }

    public static String bucketSk(String bucketId) {
        return "BUCKET#" + bucketId;
    }

    public static Map<String, AttributeValue> bucket(String scope, String bucketId) {
        return Keys.key(timelinePk(scope), bucketSk(bucketId));
    }

    /** The index partition holding one bucket of a scope's deals, e.g. {@code BRAND#acme#2026-11-20}. */
    public static String bucketPartition(String scope, String bucketId) {
        return scope + "#" + bucketId;
    }

    public static String scopeAll() {
        return "DEALS";
    }

    public static String scopeBrand(String brandId) {
        return "BRAND#" + brandId;
    }

    public static String scopeCategory(String categoryId) {
        return "CATEGORY#" + categoryId;
    }

    // Front-page cache
    public static Map<String, AttributeValue> dealsCache(int shard) {
        return Keys.key(dealsCachePk(Integer.toString(shard)), dealsCachePk(Integer.toString(shard)));
    }

    public static String dealsCachePk(String shard) {
        return "DEALSCACHE#" + shard;
    }

    public static Map<String, AttributeValue> dealsCacheVersion() {
        return Keys.key("DEALSCACHE", "VERSION");
    }

    /** The coalescing gate of counts-only rebuilds: a partition of its own, apart from the version item. */
    public static Map<String, AttributeValue> dealsCacheGate() {
        return Keys.key("DEALSCACHEGATE", "GATE");
    }

    // The word index (docs/data-model.md, "Words: search and deal alerts"): one partition per word, holding the
    // deals whose title has the word (DEAL#<dealId>, newest first) and the alerts filed under it (ALERT#<alertId>,
    // after the word's ALERT head item). A word with many alerts spreads them over numbered shards, WORD#<word>#<n>;
    // shard 0 is the word's own partition. Words hold only letters, digits and marks, never '#'.
    public static String wordPk(String word) {
        return "WORD#" + word;
    }

    /** A deal in a word's partition: the same sort key as in a bucket, so the word's deals sort newest first. */
    public static Map<String, AttributeValue> wordDeal(String word, String dealId) {
        return Keys.key(wordPk(word), dealSortKey(dealId));
    }

    /**
     * The one live deal a normalised link may have. The key is the link's digest ({@link Keys#digest}): a link may be
     * 2,048 characters, and more bytes once encoded, while a partition key holds at most 2,048 bytes.
     */
    public static Map<String, AttributeValue> linkGuard(String normalisedLink) {
        String pk = linkGuardPk(Keys.digest(normalisedLink));
        return Keys.key(pk, pk);
    }

    public static String linkGuardPk(String digest) {
        return "LINK#" + digest;
    }

    // A deal's counters: small items apart from the deal, each with a partition key of its own, because DynamoDB's
    // per-partition write limit applies to a partition key (shards sharing the deal's key would spread nothing).
    public static Map<String, AttributeValue> dealCounters(String dealId, int shard) {
        return Keys.key(dealCountersPk(dealId, Integer.toString(shard)), "COUNTERS");
    }

    // A deal's liveness markers (DealCounters.LIVE_MARKERS): what a vote reads instead of the deal item, which every
    // vote would otherwise read. A family of their own, so that the deal's writers (creation, takedown) are granted
    // them and not the counter shards.
    public static Map<String, AttributeValue> dealLive(String dealId, int marker) {
        return Keys.key(dealLivePk(dealId, Integer.toString(marker)), "LIVE");
    }

    public static String dealLivePk(String dealId, String marker) {
        return "LIVE#" + dealId + "#" + marker;
    }

    // A data upgrade done over the whole table (DealCountersUpgrade): one item, so a later start skips its scan with
    // one GetItem.
    public static String upgradePk(String name) {
        return "UPGRADE#" + name;
    }

    public static Map<String, AttributeValue> upgrade(String name) {
        return Keys.key(upgradePk(name), upgradePk(name));
    }

    // The gate of a deal's counts aggregations (CountsGate), in the same key family.
    public static Map<String, AttributeValue> countsGate(String dealId) {
        return Keys.key(dealCountersPk(dealId, "gate"), "GATE");
    }

    public static String dealCountersPk(String dealId, String shard) {
        return "COUNTERS#" + dealId + "#" + shard;
    }

    // The hot list: one partition, sorted by the moment each deal first reached the hot temperature (written once,
    // never moved), so a page is one Query newest first.
    public static final String HOT_DEALS_PK = "HOTDEALS";

    public static String hotDealSk(String stamp, String dealId) {
        return "HOT#" + stamp + "#" + dealId;
    }

    // The hottest lists' sources: per UTC day of deal creation, a few items (parts, by deal id) holding every counted
    // deal's counters, so no rewrite and no item grows with a whole day's deals.
    public static Map<String, AttributeValue> dealRanking(String utcDay, int part) {
        return Keys.key(dealRankingPk(utcDay, Integer.toString(part)), "RANKING");
    }

    public static String dealRankingPk(String utcDay, String part) {
        return "RANKING#" + utcDay + "#" + part;
    }

    // The hottest lists themselves (one small computed item per window) and their rebuild counter.
    public static Map<String, AttributeValue> hottest(String window) {
        return Keys.key("HOTTEST#" + window, "HOTTEST#" + window);
    }

    public static Map<String, AttributeValue> hottestVersion() {
        return Keys.key("HOTTEST", "VERSION");
    }
}

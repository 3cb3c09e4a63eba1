package com.bigtimedeals.platform;

/**
 * Every family of partition keys in the table, as an IAM {@code StringLike} pattern built by {@link Keys} itself (a
 * {@code *} where the key names a deal, a user, a brand): what a function's grants may restrict
 * {@code dynamodb:LeadingKeys} to. Keys that are one partition (the brand list, the featured lists) are exact.
 */
public enum PartitionKeys {
    /** A deal, its blast marker, its fan-out claims and its comments. */
    DEAL(Keys.dealPk(Keys.ANY)),
    /** The latest-deal buckets of every scope. */
    TIMELINE(Keys.timelinePk(Keys.ANY)),
    /** A brand with its counts. */
    BRAND(pk(Keys.brand(Keys.ANY))),
    /** The brand list, by name. */
    BRANDS(Keys.BRANDS_PK),
    /** A category with its counts. */
    CATEGORY(pk(Keys.category(Keys.ANY))),
    /** The category list, by name. */
    CATEGORIES(Keys.CATEGORIES_PK),
    /** The watchers of one brand. */
    BRAND_WATCHERS(Keys.watchersPk(Likeable.BRAND, Keys.ANY)),
    /** The watchers of one category. */
    CATEGORY_WATCHERS(Keys.watchersPk(Likeable.CATEGORY, Keys.ANY)),
    /** Everything one user likes and watches. */
    FOLLOWS(Keys.followsPk(Keys.ANY)),
    /** A user's profile. */
    USER(pk(Keys.user(Keys.ANY))),
    /** A user's inbox. */
    MESSAGES(Keys.messagesPk(Keys.ANY)),
    /** Every featured list. */
    FEATURED(Keys.FEATURED_PK),
    /** The front page's copies. */
    DEALS_CACHE(Keys.dealsCachePk(Keys.ANY)),
    /** The front page's version counter. */
    DEALS_CACHE_VERSION(pk(Keys.dealsCacheVersion())),
    /** The coalescing gate of counts-only front-page rebuilds (FrontPageCache#rebuildCoalesced). */
    DEALS_CACHE_GATE(pk(Keys.dealsCacheGate())),
    /** A hot-deal blast and its segments. */
    BLAST(Keys.blastPk(Keys.ANY)),
    /** A new deal's fan-out over one watcher list, or its alert matching. */
    FAN_OUT(Keys.fanOutPk(Keys.ANY, Keys.ANY)),
    /** An account deletion's walk. */
    ACCOUNT_DELETION(pk(Keys.accountDeletion(Keys.ANY))),
    /** The walk that carries a brand's or category's new name into its deals. */
    RENAME(pk(Keys.rename(Likeable.BRAND, Keys.ANY)).replace(Likeable.BRAND.name(), Keys.ANY)),
    /** One user's comments, a small item each (where account deletion finds them). */
    COMMENTS_OF_AUTHOR(Keys.commentsOfAuthorPk(Keys.ANY)),
    /** A deal's reports and its report case (the moderation queue is the cases' GSI1 entries). */
    REPORTS(Keys.reportsPk(Keys.ANY)),
    /** The one live deal each normalised link may have. */
    LINK_GUARD(Keys.linkGuardPk(Keys.ANY)),
    /** A deal's counter shards (votes, comments), each a partition of its own, and its counts gate. */
    DEAL_COUNTERS(Keys.dealCountersPk(Keys.ANY, Keys.ANY)),
    /** A deal's liveness markers, read by votes instead of the deal item. */
    DEAL_LIVE(Keys.dealLivePk(Keys.ANY, Keys.ANY)),
    /** A data upgrade's record that the whole table is done (DealCountersUpgrade). */
    UPGRADE(Keys.upgradePk(Keys.ANY)),
    /** One user's votes. */
    VOTES(Keys.votesPk(Keys.ANY)),
    /** The hot list. */
    HOT_DEALS(Keys.HOT_DEALS_PK),
    /** The hottest lists' sources: a part of one day's counted deals. */
    DEAL_RANKING(Keys.dealRankingPk(Keys.ANY, Keys.ANY)),
    /** The hottest lists. */
    HOTTEST(pk(Keys.hottest(Keys.ANY))),
    /** The hottest lists' version counter. */
    HOTTEST_VERSION(pk(Keys.hottestVersion())),
    /** A word's partition and its alert shards: the deals whose title has it, the alerts filed under it. */
    WORD(Keys.wordPk(Keys.ANY)),
    /** A user's alerts, their count and the tombstones of deleted ones. */
    ALERTS(Keys.alertsPk(Keys.ANY)),
    /** The lowest price a normalised link has had, and the deals that had it. */
    LINK_LOW(Keys.linkLowPk("").replaceAll("#.*", "#") + Keys.ANY),
    /** One user's saved deals and their count. */
    SAVED(Keys.savedPk(Keys.ANY)),
    /** Who saved one deal. */
    SAVERS(Keys.saversPk(Keys.ANY)),
    /** Pending reminders of saved deals and quiet hours' ends, by minute, and their sweeps' marks. */
    REMINDERS(Keys.reminderPk(Keys.ANY)),
    /** One user's devices, their tombstones, the notification settings and the pushes held in quiet hours. */
    DEVICES(Keys.devicesPk(Keys.ANY)),
    /** Who holds one push token. */
    PUSH_TOKENS(Keys.pushTokenPk(Keys.ANY)),
    /** One message's push claims, one per device. */
    PUSHES(Keys.pushesPk(Keys.ANY)),
    /** One caller's idempotency records. */
    IDEMPOTENCY(pk(Keys.idempotencyRecord(Keys.ANY, Keys.ANY)));

    private final String pattern;

    PartitionKeys(String pattern) {
        this.pattern = pattern;
    }

    private static String pk(java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> key) {
        return key.get(Keys.PK).s();
    }

    /** The IAM {@code StringLike} pattern: {@code *} matches any run of characters. */
    public String pattern() {
        return pattern;
    }

    /** Whether {@code partitionKey} is in this family, as IAM's {@code StringLike} matches it ({@code *}: any characters). */
    public boolean matches(String partitionKey) {
        return like(pattern, partitionKey);
    }

    /** IAM's {@code StringLike}: {@code value} matches {@code pattern}, whose {@code *} stands for any characters. */
    static boolean like(String pattern, String value) {
        StringBuilder regex = new StringBuilder();
        for (String literal : pattern.split(java.util.regex.Pattern.quote(Keys.ANY), -1)) {
            regex.append(regex.length() == 0 ? "" : ".*").append(java.util.regex.Pattern.quote(literal));
        }
        return value != null && value.matches(regex.toString());
    }
}

package com.bigtimedeals.topology;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.community.CommunityKeys;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.devices.DeviceKeys;
import com.bigtimedeals.inbox.InboxKeys;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.prices.PriceKeys;
import com.bigtimedeals.saved.SavedKeys;

/**
 * Every family of partition keys in the table, as an IAM {@code StringLike} pattern built by the key chart itself (a
 * {@code *} where the key names a deal, a user, a brand): what a function's grants may restrict
 * {@code dynamodb:LeadingKeys} to. Keys that are one partition (the brand list, the featured lists) are exact.
 */
public enum PartitionKeys {
    /** A deal, its blast marker, its fan-out claims and its comments. */
    DEAL(DealKeys.dealPk(Keys.ANY)),
    /** The latest-deal buckets of every scope. */
    TIMELINE(DealKeys.timelinePk(Keys.ANY)),
    /** A brand with its counts. */
    BRAND(pk(CatalogKeys.brand(Keys.ANY))),
    /** The brand list, by name. */
    BRANDS(CatalogKeys.BRANDS_PK),
    /** A category with its counts. */
    CATEGORY(pk(CatalogKeys.category(Keys.ANY))),
    /** The category list, by name. */
    CATEGORIES(CatalogKeys.CATEGORIES_PK),
    /** The watchers of one brand. */
    BRAND_WATCHERS(CommunityKeys.watchersPk(Likeable.BRAND, Keys.ANY)),
    /** The watchers of one category. */
    CATEGORY_WATCHERS(CommunityKeys.watchersPk(Likeable.CATEGORY, Keys.ANY)),
    /** Everything one user likes and watches. */
    FOLLOWS(CommunityKeys.followsPk(Keys.ANY)),
    /** A user's profile. */
    USER(pk(AccountKeys.user(Keys.ANY))),
    /** A user's inbox. */
    MESSAGES(InboxKeys.messagesPk(Keys.ANY)),
    /** Every featured list. */
    FEATURED(CatalogKeys.FEATURED_PK),
    /** The front page's copies. */
    DEALS_CACHE(DealKeys.dealsCachePk(Keys.ANY)),
    /** The front page's version counter. */
    DEALS_CACHE_VERSION(pk(DealKeys.dealsCacheVersion())),
    /** The coalescing gate of counts-only front-page rebuilds (FrontPageCache#rebuildCoalesced). */
    DEALS_CACHE_GATE(pk(DealKeys.dealsCacheGate())),
    /** A hot-deal blast and its segments. */
    BLAST(InboxKeys.blastPk(Keys.ANY)),
    /** A new deal's fan-out over one watcher list, or its alert matching. */
    FAN_OUT(InboxKeys.fanOutPk(Keys.ANY, Keys.ANY)),
    /** An account deletion's walk. */
    ACCOUNT_DELETION(pk(AccountKeys.accountDeletion(Keys.ANY))),
    /** The walk that carries a brand's or category's new name into its deals. */
    RENAME(pk(CatalogKeys.rename(Likeable.BRAND, Keys.ANY)).replace(Likeable.BRAND.name(), Keys.ANY)),
    /** The walk that deletes a deleted brand's or category's watches, one per deleted incarnation. */
    UNFOLLOW(pk(CatalogKeys.unfollow(Likeable.BRAND, Keys.ANY, Keys.ANY)).replace(Likeable.BRAND.name(), Keys.ANY)),
    /** One user's comments, a small item each (where account deletion finds them). */
    COMMENTS_OF_AUTHOR(CommunityKeys.commentsOfAuthorPk(Keys.ANY)),
    /** A deal's reports and its report case (the moderation queue is the cases' GSI1 entries). */
    REPORTS(CommunityKeys.reportsPk(Keys.ANY)),
    /** The one live deal each normalised link may have. */
    LINK_GUARD(DealKeys.linkGuardPk(Keys.ANY)),
    /** A deal's counter shards (votes, comments), each a partition of its own, and its counts gate. */
    DEAL_COUNTERS(DealKeys.dealCountersPk(Keys.ANY, Keys.ANY)),
    /** A deal's liveness markers, read by votes instead of the deal item. */
    DEAL_LIVE(DealKeys.dealLivePk(Keys.ANY, Keys.ANY)),
    /** A data upgrade's record that the whole table is done (DealCountersUpgrade). */
    UPGRADE(DealKeys.upgradePk(Keys.ANY)),
    /** One user's votes. */
    VOTES(CommunityKeys.votesPk(Keys.ANY)),
    /** The hot list. */
    HOT_DEALS(DealKeys.HOT_DEALS_PK),
    /** The hottest lists' sources: a part of one day's counted deals. */
    DEAL_RANKING(DealKeys.dealRankingPk(Keys.ANY, Keys.ANY)),
    /** The hottest lists. */
    HOTTEST(pk(DealKeys.hottest(Keys.ANY))),
    /** The hottest lists' version counter. */
    HOTTEST_VERSION(pk(DealKeys.hottestVersion())),
    /** A word's partition and its alert shards: the deals whose title has it, the alerts filed under it. */
    WORD(DealKeys.wordPk(Keys.ANY)),
    /** A user's alerts, their count and the tombstones of deleted ones. */
    ALERTS(InboxKeys.alertsPk(Keys.ANY)),
    /** The lowest price a normalised link has had, and the deals that had it. */
    LINK_LOW(PriceKeys.linkLowPk("").replaceAll("#.*", "#") + Keys.ANY),
    /** One user's saved deals and their count. */
    SAVED(SavedKeys.savedPk(Keys.ANY)),
    /** Who saved one deal. */
    SAVERS(SavedKeys.saversPk(Keys.ANY)),
    /** Pending reminders of saved deals and quiet hours' ends, by minute, and their sweeps' marks. */
    REMINDERS(Keys.reminderPk(Keys.ANY)),
    /** One user's devices, their tombstones, the notification settings and the pushes held in quiet hours. */
    DEVICES(Keys.devicesPk(Keys.ANY)),
    /** Who holds one push token. */
    PUSH_TOKENS(DeviceKeys.pushTokenPk(Keys.ANY)),
    /** One message's push claims, one per device. */
    PUSHES(DeviceKeys.pushesPk(Keys.ANY)),
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

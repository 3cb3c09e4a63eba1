package com.bigtimedeals.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.community.CommunityKeys;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.devices.DeviceKeys;
import com.bigtimedeals.inbox.InboxKeys;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.prices.PriceKeys;
import com.bigtimedeals.saved.SavedKeys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every string the key chart builds, spelled out: the items already in a deployed table carry these keys and types,
 * so a change to one is a data migration, never a refactoring. docs/data-model.md is their prose; PartitionKeysTest
 * holds each key to its grant's family.
 */
class KeyChartTest {
    @Test
    void everyKeyAndTypeIsSpelledAsTheTableHoldsIt() {
        spelled("P | S | 2", Keys.key("P", "S"));
        spelled("DEAL#d1", DealKeys.dealPk("d1"));
        spelled("DEAL#d1 | DEAL#d1 | 2", DealKeys.deal("d1"));
        spelled("HISTORY#000000000000001#created", DealKeys.dealEventSk("000000000000001", "created", null));
        spelled("HISTORY#000000000000001#corrected#3", DealKeys.dealEventSk("000000000000001", "corrected", "3"));
        spelled("DEAL#d1 | HISTORY#x | 2", DealKeys.dealEvent("d1", "HISTORY#x"));
        spelled("HISTORY#", DealKeys.HISTORY_PREFIX);
        spelled("DEAL#d1", DealKeys.dealSortKey("d1"));
        spelled("BUCKET", DealKeys.BUCKET_MARKER_SORT_KEY);
        spelled("TIMELINE#DEALS", DealKeys.timelinePk("DEALS"));
        spelled("BUCKET#2026-11-20", DealKeys.bucketSk("2026-11-20"));
        spelled("TIMELINE#BRAND#acme | BUCKET#2026-11-20 | 2", DealKeys.bucket("BRAND#acme", "2026-11-20"));
        spelled("CATEGORY#tech#2026-11-20", DealKeys.bucketPartition("CATEGORY#tech", "2026-11-20"));
        spelled("DEALS", DealKeys.scopeAll());
        spelled("BRAND#acme", DealKeys.scopeBrand("acme"));
        spelled("CATEGORY#tech", DealKeys.scopeCategory("tech"));
        spelled("BRAND#acme | BRAND#acme | 2", CatalogKeys.brand("acme"));
        spelled("BRANDS", CatalogKeys.BRANDS_PK);
        spelled("BRANDS | BRAND#acme corp\u0001acme | 2", CatalogKeys.brandListing("acme", "Acme Corp"));
        spelled("X#name\u0001id", CatalogKeys.listingSortKey("X#", "Name", "id"));
        spelled("CATEGORY#tech | CATEGORY#tech | 2", CatalogKeys.category("tech"));
        spelled("CATEGORIES", CatalogKeys.CATEGORIES_PK);
        spelled("CATEGORIES | CATEGORY#tech\u0001tech | 2", CatalogKeys.categoryListing("tech", "Tech"));
        spelled("BRAND#acme | BRAND#acme | 2", CatalogKeys.target(Likeable.BRAND, "acme"));
        spelled("CATEGORY#tech | CATEGORY#tech | 2", CatalogKeys.target(Likeable.CATEGORY, "tech"));
        spelled("BRAND#acme#WATCHERS | BRAND#acme#WATCHERS | 2", CatalogKeys.watcherCount(Likeable.BRAND, "acme"));
        spelled("CATEGORY#tech#WATCHERS | CATEGORY#tech#WATCHERS | 2", CatalogKeys.watcherCount(Likeable.CATEGORY, "tech"));
        spelled("FOLLOWS#ann", CommunityKeys.followsPk("ann"));
        spelled("FOLLOWS#ann | BRAND#acme#LIKE | 2", CommunityKeys.like(Likeable.BRAND, "acme", "ann"));
        spelled("FOLLOWS#ann | CATEGORY#tech#WATCH | 2", CommunityKeys.watchOfUser(Likeable.CATEGORY, "tech", "ann"));
        spelled("BRANDWATCH#acme", CommunityKeys.watchersPk(Likeable.BRAND, "acme"));
        spelled("CATEGORYWATCH#tech | USER#ann | 2", CommunityKeys.watch(Likeable.CATEGORY, "tech", "ann"));
        spelled("USER#ann", AccountKeys.userSk("ann"));
        spelled("USER#ann | USER#ann | 2", AccountKeys.user("ann"));
        spelled("USER#ann", AccountKeys.userIndexValue("ann"));
        spelled("MESSAGES#ann", InboxKeys.messagesPk("ann"));
        spelled("MESSAGE#m1", InboxKeys.messageSk("m1"));
        spelled("MESSAGES#ann | MESSAGE#m1 | 2", InboxKeys.message("ann", "m1"));
        spelled("FEATURED", CatalogKeys.FEATURED_PK);
        spelled("LIST#editors-choice", CatalogKeys.featuredSk(FeaturedList.EDITORS_CHOICE));
        spelled("FEATURED | LIST#category#tech | 2", CatalogKeys.featured(new FeaturedList.OfCategory("tech")));
        spelled("DEALSCACHE#16 | DEALSCACHE#16 | 2", DealKeys.dealsCache(16));
        spelled("DEALSCACHE | VERSION | 2", DealKeys.dealsCacheVersion());
        spelled("DEALSCACHEGATE | GATE | 2", DealKeys.dealsCacheGate());
        spelled("BLAST#b1 | BLAST#b1 | 2", InboxKeys.blast("b1"));
        spelled("BLAST#b1#SEGMENT#0063 | BLAST#b1#SEGMENT#0063 | 2", InboxKeys.blastSegment("b1", 63));
        spelled("DEAL#d1 | BLAST | 2", InboxKeys.dealBlast("d1"));
        spelled("DEAL#d1 | FANOUT#CATEGORY | 2", InboxKeys.fanOutClaim("d1", Likeable.CATEGORY));
        spelled("FANOUT#d1#BRAND | FANOUT#d1#BRAND | 2", InboxKeys.fanOut("d1", Likeable.BRAND));
        spelled("DELETIONS", AccountKeys.DELETIONS);
        spelled("RENAME#BRAND#acme | RENAME#BRAND#acme | 2", CatalogKeys.rename(Likeable.BRAND, "acme"));
        spelled("RENAME#CATEGORY#tech | RENAME#CATEGORY#tech | 2", CatalogKeys.rename(Likeable.CATEGORY, "tech"));
        spelled("UNFOLLOW#BRAND#acme#i1 | UNFOLLOW#BRAND#acme#i1 | 2", CatalogKeys.unfollow(Likeable.BRAND, "acme", "i1"));
        spelled("UNFOLLOW#CATEGORY#tech#- | UNFOLLOW#CATEGORY#tech#- | 2", CatalogKeys.unfollow(Likeable.CATEGORY, "tech", null));
        spelled("DELETION#ann | DELETION#ann | 2", AccountKeys.accountDeletion("ann"));
        spelled("WORD#ps5", DealKeys.wordPk("ps5"));
        spelled("WORD#ps5", InboxKeys.wordShardPk("ps5", 0));
        spelled("WORD#ps5#3", InboxKeys.wordShardPk("ps5", 3));
        spelled("WORD#ps5 | DEAL#d1 | 2", DealKeys.wordDeal("ps5", "d1"));
        spelled("ALERT", InboxKeys.ALERTS_PREFIX);
        spelled("ALERT#a1", InboxKeys.alertSk("a1"));
        spelled("WORD#ps5 | ALERT | 2", InboxKeys.alertWord("ps5"));
        spelled("WORD#ps5#3 | ALERT#a1 | 2", InboxKeys.alertEntry("ps5", 3, "a1"));
        spelled("HEAT#00100#a1", InboxKeys.heatSk(100, "a1"));
        spelled("WORD#ps5#2 | HEAT#00100#a1 | 2", InboxKeys.heatEntry("ps5", 2, 100, "a1"));
        spelled("SAVED#ann", SavedKeys.savedPk("ann"));
        spelled("AT#2026-11-20T12:00:00Z#d1", SavedKeys.savedSk(java.time.Instant.parse("2026-11-20T12:00:00Z"), "d1"));
        spelled("SAVED#ann | COUNT | 2", SavedKeys.savedCount("ann"));
        spelled("SAVERS#d1", SavedKeys.saversPk("d1"));
        spelled("SAVERS#d1 | USER#ann | 2", SavedKeys.saver("d1", "ann"));
        spelled("REMIND#2026-11-20T12:00", Keys.reminderPk("2026-11-20T12:00"));
        spelled("DEAL#d1#USER#ann", SavedKeys.reminderSk("d1", "ann"));
        spelled("REMIND#SWEPT | REMIND#SWEPT | 2", SavedKeys.reminderSwept());
        spelled("DEVICES#ann", Keys.devicesPk("ann"));
        spelled("DEVICE#", DeviceKeys.DEVICE_PREFIX);
        spelled("DEVICES#ann | DEVICE#dev1 | 2", DeviceKeys.device("ann", "dev1"));
        spelled("DEVICES#ann | REMOVED#dev1 | 2", DeviceKeys.removedDevice("ann", "dev1"));
        spelled("DEVICE~SETTINGS", Keys.NOTIFICATION_SETTINGS_SK);
        spelled("DEVICE~SET", DeviceKeys.DEVICE_SET_SK);
        spelled("DEVICES#ann | DEVICE~SET | 2", DeviceKeys.deviceSet("ann"));
        spelled("DEVICES#ann | DEVICE~SETTINGS | 2", DeviceKeys.notificationSettings("ann"));
        spelled("PUSHTOKEN#digest | PUSHTOKEN#digest | 2", DeviceKeys.pushToken("digest"));
        spelled("PUSH#m1 | DEVICE#dev1 | 2", DeviceKeys.pushClaim("m1", "dev1"));
        spelled("ann", Keys.userOfDevicesPk("DEVICES#ann"));
        spelled("HELD#", InboxKeys.HELD_PREFIX);
        spelled("DEVICES#ann | HELD#m1 | 2", InboxKeys.heldPush("ann", "m1"));
        spelled("REMIND#QUIET#2026-11-20T07:00#3", InboxKeys.quietEndPk("2026-11-20T07:00", 3));
        spelled("REMIND#QUIET#2026-11-20T07:00#3 | USER#ann | 2", InboxKeys.quietEnd("2026-11-20T07:00", 3, "ann"));
        spelled("REMIND#QUIET#SWEPT | REMIND#QUIET#SWEPT | 2", InboxKeys.quietEndSwept());
        spelled("ALERTS#ann", InboxKeys.alertsPk("ann"));
        spelled("ALERTS#ann | ALERT#a1 | 2", InboxKeys.alert("ann", "a1"));
        spelled("ALERTS#ann | DELETED#a1 | 2", InboxKeys.deletedAlert("ann", "a1"));
        spelled("ALERTS#ann | COUNT | 2", InboxKeys.alertCount("ann"));
        spelled("FANOUT#d1#ALERTS | FANOUT#d1#ALERTS | 2", InboxKeys.alertFanOut("d1"));
        spelled("DEAL#d1#COMMENT#c1", CommunityKeys.commentSk("d1", "c1"));
        spelled("DEAL#d1 | DEAL#d1#COMMENT#c1-c2 | 2", CommunityKeys.comment("d1", "c1-c2"));
        spelled("DEAL#d1#COMMENT#~", CommunityKeys.commentsEnd("d1"));
        spelled("COMMENTS#ann", CommunityKeys.commentsOfAuthorPk("ann"));
        spelled("COMMENT#c1", CommunityKeys.commentOfAuthorSk("c1"));
        spelled("COMMENTS#ann | COMMENT#c1 | 2", CommunityKeys.commentOfAuthor("ann", "c1"));
        spelled("REPORTS#d1", CommunityKeys.reportsPk("d1"));
        spelled("REPORTS#d1 | USER#ann | 2", CommunityKeys.report("d1", "ann"));
        spelled("REPORTS#d1 | CASE | 2", CommunityKeys.reportCase("d1"));
        spelled("REPORTQUEUE", CommunityKeys.REPORT_QUEUE);
        spelled("2026-11-20T12:00:00Z#d1", CommunityKeys.reportQueueSk(java.time.Instant.parse("2026-11-20T12:00:00Z"), "d1"));
        spelled("LINK#FfGFD4wDAsKNB5HrtNDRZGFQw9kWUvr32h3q28JQTCo | LINK#FfGFD4wDAsKNB5HrtNDRZGFQw9kWUvr32h3q28JQTCo | 2", DealKeys.linkGuard("https://example.com/deal?id=1"));
        spelled("LINKLOW#FfGFD4wDAsKNB5HrtNDRZGFQw9kWUvr32h3q28JQTCo", PriceKeys.linkLowPk("https://example.com/deal?id=1"));
        spelled("COUNTERS#d1#7 | COUNTERS | 2", DealKeys.dealCounters("d1", 7));
        spelled("LIVE#d1#2 | LIVE | 2", DealKeys.dealLive("d1", 2));
        spelled("LIVE#d1#2", DealKeys.dealLivePk("d1", "2"));
        spelled("UPGRADE#counters | UPGRADE#counters | 2", DealKeys.upgrade("counters"));
        spelled("COUNTERS#d1#gate | GATE | 2", DealKeys.countsGate("d1"));
        spelled("VOTES#ann", CommunityKeys.votesPk("ann"));
        spelled("VOTES#ann | DEAL#d1 | 2", CommunityKeys.vote("ann", "d1"));
        spelled("HOTDEALS", DealKeys.HOT_DEALS_PK);
        spelled("HOT#000000000001#d1", DealKeys.hotDealSk("000000000001", "d1"));
        spelled("RANKING#2026-11-20#3 | RANKING | 2", DealKeys.dealRanking("2026-11-20", 3));
        spelled("HOTTEST#week | HOTTEST#week | 2", DealKeys.hottest("week"));
        spelled("HOTTEST | VERSION | 2", DealKeys.hottestVersion());
        spelled("IDEMPOTENCY#user:ann | KEY#k1 | 2", Keys.idempotencyRecord("user:ann", "k1"));
        spelled("WALKS#5", Keys.unfinishedWalks(5));
        spelled("WALKS#*", Keys.unfinishedWalks("*"));
        spelled("*", Keys.ANY);
        spelled("Deal", DealKeys.DEAL);
        spelled("DealBucket", DealKeys.DEAL_BUCKET);
        spelled("DealEvent", DealKeys.DEAL_EVENT);
        spelled("Brand", CatalogKeys.BRAND);
        spelled("BrandListing", CatalogKeys.BRAND_LISTING);
        spelled("Category", CatalogKeys.CATEGORY);
        spelled("CategoryListing", CatalogKeys.CATEGORY_LISTING);
        spelled("WatcherCount", CatalogKeys.WATCHER_COUNT);
        spelled("Like", CommunityKeys.LIKE);
        spelled("Watch", CommunityKeys.WATCH);
        spelled("WatchOfUser", CommunityKeys.WATCH_OF_USER);
        spelled("User", AccountKeys.USER);
        spelled("Message", InboxKeys.MESSAGE);
        spelled("FeaturedList", CatalogKeys.FEATURED_LIST);
        spelled("DealsCache", DealKeys.DEALS_CACHE);
        spelled("DealsCacheVersion", DealKeys.CACHE_VERSION);
        spelled("Blast", InboxKeys.BLAST);
        spelled("BlastSegment", InboxKeys.BLAST_SEGMENT);
        spelled("FanOut", InboxKeys.FAN_OUT);
        spelled("FanOutClaim", InboxKeys.FAN_OUT_CLAIM);
        spelled("AccountDeletion", AccountKeys.ACCOUNT_DELETION);
        spelled("Rename", CatalogKeys.RENAME);
        spelled("Unfollow", CatalogKeys.UNFOLLOW);
        spelled("DealBlast", InboxKeys.DEAL_BLAST);
        spelled("IdempotencyRecord", Keys.IDEMPOTENCY_RECORD);
        spelled("DealWord", DealKeys.DEAL_WORD);
        spelled("Alert", InboxKeys.ALERT);
        spelled("DeletedAlert", InboxKeys.DELETED_ALERT);
        spelled("AlertCount", InboxKeys.ALERT_COUNT);
        spelled("AlertEntry", InboxKeys.ALERT_ENTRY);
        spelled("AlertWord", InboxKeys.ALERT_WORD);
        spelled("AlertFanOut", InboxKeys.ALERT_FAN_OUT);
        spelled("Comment", CommunityKeys.COMMENT);
        spelled("CommentOfAuthor", CommunityKeys.COMMENT_OF_AUTHOR);
        spelled("Report", CommunityKeys.REPORT);
        spelled("ReportCase", CommunityKeys.REPORT_CASE);
        spelled("LinkGuard", DealKeys.LINK_GUARD);
        spelled("DealCounters", DealKeys.DEAL_COUNTERS);
        spelled("DealLive", DealKeys.DEAL_LIVE);
        spelled("Upgrade", DealKeys.UPGRADE);
        spelled("CountsGate", DealKeys.COUNTS_GATE);
        spelled("Vote", CommunityKeys.VOTE);
        spelled("HotDeal", DealKeys.HOT_DEAL);
        spelled("DealRanking", DealKeys.DEAL_RANKING);
        spelled("HottestList", DealKeys.HOTTEST_LIST);
        spelled("HottestVersion", DealKeys.HOTTEST_VERSION);
        spelled("Saved", SavedKeys.SAVED);
        spelled("SavedCount", SavedKeys.SAVED_COUNT);
        spelled("Saver", SavedKeys.SAVER);
        spelled("Reminder", SavedKeys.REMINDER);
        spelled("ReminderSwept", SavedKeys.REMINDER_SWEPT);
        spelled("LinkLow", PriceKeys.LINK_LOW);
        spelled("LinkDeal", PriceKeys.LINK_DEAL);
        spelled("Device", DeviceKeys.DEVICE);
        spelled("RemovedDevice", DeviceKeys.REMOVED_DEVICE);
        spelled("NotificationSettings", Keys.NOTIFICATION_SETTINGS);
        spelled("PushToken", DeviceKeys.PUSH_TOKEN);
        spelled("PushClaim", DeviceKeys.PUSH_CLAIM);
        spelled("PushHeld", InboxKeys.PUSH_HELD);
        spelled("QuietEnd", InboxKeys.QUIET_END);
        spelled("QuietWoken", InboxKeys.QUIET_WOKEN);
        spelled("QuietEndSwept", InboxKeys.QUIET_END_SWEPT);
    }

    @Test
    void everyGrantFamilyIsSpelledAsThePoliciesHoldIt() {
        spelled("DEAL#*", PartitionKeys.DEAL.pattern());
        spelled("TIMELINE#*", PartitionKeys.TIMELINE.pattern());
        spelled("BRAND#*", PartitionKeys.BRAND.pattern());
        spelled("BRANDS", PartitionKeys.BRANDS.pattern());
        spelled("CATEGORY#*", PartitionKeys.CATEGORY.pattern());
        spelled("CATEGORIES", PartitionKeys.CATEGORIES.pattern());
        spelled("BRANDWATCH#*", PartitionKeys.BRAND_WATCHERS.pattern());
        spelled("CATEGORYWATCH#*", PartitionKeys.CATEGORY_WATCHERS.pattern());
        spelled("FOLLOWS#*", PartitionKeys.FOLLOWS.pattern());
        spelled("USER#*", PartitionKeys.USER.pattern());
        spelled("MESSAGES#*", PartitionKeys.MESSAGES.pattern());
        spelled("FEATURED", PartitionKeys.FEATURED.pattern());
        spelled("DEALSCACHE#*", PartitionKeys.DEALS_CACHE.pattern());
        spelled("DEALSCACHE", PartitionKeys.DEALS_CACHE_VERSION.pattern());
        spelled("DEALSCACHEGATE", PartitionKeys.DEALS_CACHE_GATE.pattern());
        spelled("BLAST#*", PartitionKeys.BLAST.pattern());
        spelled("FANOUT#*#*", PartitionKeys.FAN_OUT.pattern());
        spelled("DELETION#*", PartitionKeys.ACCOUNT_DELETION.pattern());
        spelled("RENAME#*#*", PartitionKeys.RENAME.pattern());
        spelled("UNFOLLOW#*#*#*", PartitionKeys.UNFOLLOW.pattern());
        spelled("COMMENTS#*", PartitionKeys.COMMENTS_OF_AUTHOR.pattern());
        spelled("REPORTS#*", PartitionKeys.REPORTS.pattern());
        spelled("LINK#*", PartitionKeys.LINK_GUARD.pattern());
        spelled("COUNTERS#*#*", PartitionKeys.DEAL_COUNTERS.pattern());
        spelled("LIVE#*#*", PartitionKeys.DEAL_LIVE.pattern());
        spelled("UPGRADE#*", PartitionKeys.UPGRADE.pattern());
        spelled("VOTES#*", PartitionKeys.VOTES.pattern());
        spelled("HOTDEALS", PartitionKeys.HOT_DEALS.pattern());
        spelled("RANKING#*#*", PartitionKeys.DEAL_RANKING.pattern());
        spelled("HOTTEST#*", PartitionKeys.HOTTEST.pattern());
        spelled("HOTTEST", PartitionKeys.HOTTEST_VERSION.pattern());
        spelled("WORD#*", PartitionKeys.WORD.pattern());
        spelled("ALERTS#*", PartitionKeys.ALERTS.pattern());
        spelled("LINKLOW#*", PartitionKeys.LINK_LOW.pattern());
        spelled("SAVED#*", PartitionKeys.SAVED.pattern());
        spelled("SAVERS#*", PartitionKeys.SAVERS.pattern());
        spelled("REMIND#*", PartitionKeys.REMINDERS.pattern());
        spelled("DEVICES#*", PartitionKeys.DEVICES.pattern());
        spelled("PUSHTOKEN#*", PartitionKeys.PUSH_TOKENS.pattern());
        spelled("PUSH#*", PartitionKeys.PUSHES.pattern());
        spelled("IDEMPOTENCY#*", PartitionKeys.IDEMPOTENCY.pattern());
        spelled("DEALS#*", IndexPartitions.LATEST_DEALS.pattern());
        spelled("GSI1", IndexPartitions.LATEST_DEALS.index().name());
        spelled("MESSAGES#*", IndexPartitions.UNREAD_MESSAGES.pattern());
        spelled("GSI1", IndexPartitions.UNREAD_MESSAGES.index().name());
        spelled("REPORTQUEUE", IndexPartitions.REPORT_QUEUE.pattern());
        spelled("GSI1", IndexPartitions.REPORT_QUEUE.index().name());
        spelled("WALKS#*", IndexPartitions.UNFINISHED_WALKS.pattern());
        spelled("GSI1", IndexPartitions.UNFINISHED_WALKS.index().name());
        spelled("BRAND#*#*", IndexPartitions.BRAND_LATEST_DEALS.pattern());
        spelled("GSI2", IndexPartitions.BRAND_LATEST_DEALS.index().name());
        spelled("DELETIONS", IndexPartitions.ACCOUNT_DELETIONS.pattern());
        spelled("GSI2", IndexPartitions.ACCOUNT_DELETIONS.index().name());
        spelled("CATEGORY#*#*", IndexPartitions.CATEGORY_LATEST_DEALS.pattern());
        spelled("GSI3", IndexPartitions.CATEGORY_LATEST_DEALS.index().name());
    }

    /** A key as {@code PK | SK | attribute count}, anything else as its text. */
    private static void spelled(String expected, Object built) {
        assertEquals(expected, show(built));
    }

    @SuppressWarnings("unchecked")
    private static String show(Object built) {
        if (built instanceof Map<?, ?> m) {
            Map<String, AttributeValue> key = (Map<String, AttributeValue>) m;
            return key.get(Keys.PK).s() + " | " + key.get(Keys.SK).s() + " | " + key.size();
        }
        return String.valueOf(built);
    }
}

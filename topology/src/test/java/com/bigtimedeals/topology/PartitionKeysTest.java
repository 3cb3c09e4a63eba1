package com.bigtimedeals.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.community.CommunityKeys;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealCountersUpgrade;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.devices.DeviceKeys;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.inbox.InboxKeys;
import com.bigtimedeals.inbox.QuietHolds;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.prices.PriceKeys;
import com.bigtimedeals.saved.SavedKeys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every partition key the entity chart builds is in exactly one family, the one its grants name. */
class PartitionKeysTest {
    private static String pk(Map<String, AttributeValue> key) {
        return key.get(Keys.PK).s();
    }

    @Test
    void everyKeyTheEntityChartBuildsIsInExactlyItsOwnFamily() {
        String deal = "2Ob8YqPCahzVbVMpA4Ff0mu3Knb";
        Map<String, PartitionKeys> keys = new LinkedHashMap<>();
        keys.put(pk(DealKeys.deal(deal)), PartitionKeys.DEAL);
        keys.put(pk(InboxKeys.dealBlast(deal)), PartitionKeys.DEAL);
        keys.put(pk(InboxKeys.fanOutClaim(deal, Likeable.CATEGORY)), PartitionKeys.DEAL);
        for (String scope : List.of(DealKeys.scopeAll(), DealKeys.scopeBrand("acme"), DealKeys.scopeCategory("tech"))) {
            keys.put(pk(DealKeys.bucket(scope, "2026-11-20")), PartitionKeys.TIMELINE);
        }
        keys.put(pk(CatalogKeys.brand("deal-hunters")), PartitionKeys.BRAND);
        keys.put(pk(CatalogKeys.brandListing("acme", "Acme")), PartitionKeys.BRANDS);
        keys.put(pk(CatalogKeys.category("deals")), PartitionKeys.CATEGORY);
        keys.put(pk(CatalogKeys.categoryListing("tech", "Tech")), PartitionKeys.CATEGORIES);
        keys.put(pk(CommunityKeys.watch(Likeable.BRAND, "acme", "ann")), PartitionKeys.BRAND_WATCHERS);
        keys.put(pk(CommunityKeys.watch(Likeable.CATEGORY, "tech", "ann")), PartitionKeys.CATEGORY_WATCHERS);
        keys.put(pk(CommunityKeys.like(Likeable.BRAND, "acme", "USER#x")), PartitionKeys.FOLLOWS);
        keys.put(pk(CommunityKeys.watchOfUser(Likeable.CATEGORY, "tech", "ann")), PartitionKeys.FOLLOWS);
        keys.put(pk(AccountKeys.user("DEAL#x")), PartitionKeys.USER);
        keys.put(pk(InboxKeys.message("ann", deal)), PartitionKeys.MESSAGES);
        keys.put(pk(CatalogKeys.featured(FeaturedList.EDITORS_CHOICE)), PartitionKeys.FEATURED);
        keys.put(pk(CatalogKeys.featured(new FeaturedList.OfCategory("tech"))), PartitionKeys.FEATURED);
        keys.put(pk(DealKeys.dealsCache(16)), PartitionKeys.DEALS_CACHE);
        keys.put(pk(DealKeys.dealsCacheVersion()), PartitionKeys.DEALS_CACHE_VERSION);
        keys.put(pk(DealKeys.dealsCacheGate()), PartitionKeys.DEALS_CACHE_GATE);
        keys.put(pk(InboxKeys.blast(deal)), PartitionKeys.BLAST);
        keys.put(pk(InboxKeys.blastSegment(deal, 63)), PartitionKeys.BLAST);
        keys.put(pk(InboxKeys.fanOut(deal, Likeable.BRAND)), PartitionKeys.FAN_OUT);
        keys.put(pk(AccountKeys.accountDeletion("ann")), PartitionKeys.ACCOUNT_DELETION);
        keys.put(pk(CatalogKeys.rename(Likeable.BRAND, "acme")), PartitionKeys.RENAME);
        keys.put(pk(CatalogKeys.rename(Likeable.CATEGORY, "tech")), PartitionKeys.RENAME);
        keys.put(pk(CatalogKeys.unfollow(Likeable.BRAND, "acme", "i1")), PartitionKeys.UNFOLLOW);
        keys.put(pk(CatalogKeys.unfollow(Likeable.CATEGORY, "tech", null)), PartitionKeys.UNFOLLOW);
        keys.put(pk(DealKeys.dealEvent(deal, DealKeys.dealEventSk("000000000000001", "created", null))), PartitionKeys.DEAL);
        keys.put(pk(Keys.idempotencyRecord("user:ann", "like-1")), PartitionKeys.IDEMPOTENCY);
        keys.put(pk(CommunityKeys.comment(deal, deal + "-" + deal)), PartitionKeys.DEAL);
        keys.put(pk(CommunityKeys.commentOfAuthor("DEAL#x", deal)), PartitionKeys.COMMENTS_OF_AUTHOR);
        keys.put(pk(CommunityKeys.report(deal, "ann")), PartitionKeys.REPORTS);
        keys.put(pk(CommunityKeys.reportCase(deal)), PartitionKeys.REPORTS);
        keys.put(pk(DealKeys.linkGuard("https://example.com/deal?id=1")), PartitionKeys.LINK_GUARD);
        keys.put(pk(DealKeys.dealCounters(deal, DealCounters.SHARDS - 1)), PartitionKeys.DEAL_COUNTERS);
        keys.put(pk(DealKeys.countsGate(deal)), PartitionKeys.DEAL_COUNTERS);
        keys.put(pk(DealKeys.dealLive(deal, DealCounters.LIVE_MARKERS - 1)), PartitionKeys.DEAL_LIVE);
        keys.put(pk(DealKeys.upgrade(DealCountersUpgrade.NAME)), PartitionKeys.UPGRADE);
        keys.put(pk(CommunityKeys.vote("ann", deal)), PartitionKeys.VOTES);
        keys.put(pk(Keys.key(DealKeys.HOT_DEALS_PK, DealKeys.hotDealSk("000000000001", deal))), PartitionKeys.HOT_DEALS);
        keys.put(pk(DealKeys.dealRanking("2026-11-20", 3)), PartitionKeys.DEAL_RANKING);
        keys.put(pk(DealKeys.hottest("week")), PartitionKeys.HOTTEST);
        keys.put(pk(DealKeys.hottestVersion()), PartitionKeys.HOTTEST_VERSION);
        keys.put(pk(DealKeys.wordDeal("ps5", deal)), PartitionKeys.WORD);
        keys.put(pk(InboxKeys.alertWord("ps5")), PartitionKeys.WORD);
        keys.put(pk(InboxKeys.alertEntry("ps5", 3, deal)), PartitionKeys.WORD);
        keys.put(pk(InboxKeys.alert("ann", deal)), PartitionKeys.ALERTS);
        keys.put(pk(InboxKeys.deletedAlert("ann", deal)), PartitionKeys.ALERTS);
        keys.put(pk(InboxKeys.alertCount("ann")), PartitionKeys.ALERTS);
        keys.put(pk(InboxKeys.alertFanOut(deal)), PartitionKeys.FAN_OUT);
        keys.put(pk(InboxKeys.heatEntry("ps5", 3, 100, deal)), PartitionKeys.WORD);
        keys.put(SavedKeys.savedPk("ann"), PartitionKeys.SAVED);
        keys.put(pk(SavedKeys.savedCount("ann")), PartitionKeys.SAVED);
        keys.put(pk(SavedKeys.saver(deal, "ann")), PartitionKeys.SAVERS);
        keys.put(Keys.reminderPk("2026-11-20T12:00"), PartitionKeys.REMINDERS);
        keys.put(pk(SavedKeys.reminderSwept()), PartitionKeys.REMINDERS);
        keys.put(InboxKeys.quietEndPk("2026-11-20T07:00", QuietHolds.SHARDS - 1), PartitionKeys.REMINDERS);
        keys.put(pk(InboxKeys.quietEndSwept()), PartitionKeys.REMINDERS);
        keys.put(pk(InboxKeys.heldPush("ann", deal)), PartitionKeys.DEVICES);
        keys.put(PriceKeys.linkLowPk("https://example.com/deal?id=1"), PartitionKeys.LINK_LOW);
        keys.put(pk(DeviceKeys.device("ann", deal)), PartitionKeys.DEVICES);
        keys.put(pk(DeviceKeys.removedDevice("ann", deal)), PartitionKeys.DEVICES);
        keys.put(pk(DeviceKeys.notificationSettings("ann")), PartitionKeys.DEVICES);
        keys.put(pk(DeviceKeys.pushClaim(deal, deal)), PartitionKeys.PUSHES);
        keys.put(pk(DeviceKeys.pushToken(DeviceStore.digest(com.bigtimedeals.devices.DevicePlatform.FCM, "t".repeat(40)))), PartitionKeys.PUSH_TOKENS);
        for (Map.Entry<String, PartitionKeys> k : keys.entrySet()) {
            List<PartitionKeys> families = java.util.Arrays.stream(PartitionKeys.values()).filter(f -> f.matches(k.getKey())).toList();
            assertEquals(List.of(k.getValue()), families, k.getKey());
        }
        assertEquals(java.util.EnumSet.allOf(PartitionKeys.class), java.util.EnumSet.copyOf(keys.values()), "every family is a key the chart builds");
        assertEquals(Relation.values().length, 2);
    }
}

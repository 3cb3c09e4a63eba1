package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealCountersUpgrade;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.deals.FeaturedList;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.inbox.QuietHolds;

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
        keys.put(pk(Keys.deal(deal)), PartitionKeys.DEAL);
        keys.put(pk(Keys.dealBlast(deal)), PartitionKeys.DEAL);
        keys.put(pk(Keys.fanOutClaim(deal, Likeable.CATEGORY)), PartitionKeys.DEAL);
        for (String scope : List.of(Keys.scopeAll(), Keys.scopeBrand("acme"), Keys.scopeCategory("tech"))) {
            keys.put(pk(Keys.bucket(scope, "2026-11-20")), PartitionKeys.TIMELINE);
        }
        keys.put(pk(Keys.brand("deal-hunters")), PartitionKeys.BRAND);
        keys.put(pk(Keys.brandListing("acme", "Acme")), PartitionKeys.BRANDS);
        keys.put(pk(Keys.category("deals")), PartitionKeys.CATEGORY);
        keys.put(pk(Keys.categoryListing("tech", "Tech")), PartitionKeys.CATEGORIES);
        keys.put(pk(Keys.watch(Likeable.BRAND, "acme", "ann")), PartitionKeys.BRAND_WATCHERS);
        keys.put(pk(Keys.watch(Likeable.CATEGORY, "tech", "ann")), PartitionKeys.CATEGORY_WATCHERS);
        keys.put(pk(Keys.like(Likeable.BRAND, "acme", "USER#x")), PartitionKeys.FOLLOWS);
        keys.put(pk(Keys.watchOfUser(Likeable.CATEGORY, "tech", "ann")), PartitionKeys.FOLLOWS);
        keys.put(pk(Keys.user("DEAL#x")), PartitionKeys.USER);
        keys.put(pk(Keys.message("ann", deal)), PartitionKeys.MESSAGES);
        keys.put(pk(DealKeys.featured(FeaturedList.EDITORS_CHOICE)), PartitionKeys.FEATURED);
        keys.put(pk(DealKeys.featured(new FeaturedList.OfCategory("tech"))), PartitionKeys.FEATURED);
        keys.put(pk(Keys.dealsCache(16)), PartitionKeys.DEALS_CACHE);
        keys.put(pk(Keys.dealsCacheVersion()), PartitionKeys.DEALS_CACHE_VERSION);
        keys.put(pk(Keys.dealsCacheGate()), PartitionKeys.DEALS_CACHE_GATE);
        keys.put(pk(Keys.blast(deal)), PartitionKeys.BLAST);
        keys.put(pk(Keys.blastSegment(deal, 63)), PartitionKeys.BLAST);
        keys.put(pk(Keys.fanOut(deal, Likeable.BRAND)), PartitionKeys.FAN_OUT);
        keys.put(pk(Keys.accountDeletion("ann")), PartitionKeys.ACCOUNT_DELETION);
        keys.put(pk(Keys.rename(Likeable.BRAND, "acme")), PartitionKeys.RENAME);
        keys.put(pk(Keys.rename(Likeable.CATEGORY, "tech")), PartitionKeys.RENAME);
        keys.put(pk(Keys.dealEvent(deal, Keys.dealEventSk("000000000000001", "created", null))), PartitionKeys.DEAL);
        keys.put(pk(Keys.idempotencyRecord("user:ann", "like-1")), PartitionKeys.IDEMPOTENCY);
        keys.put(pk(Keys.comment(deal, deal + "-" + deal)), PartitionKeys.DEAL);
        keys.put(pk(Keys.commentOfAuthor("DEAL#x", deal)), PartitionKeys.COMMENTS_OF_AUTHOR);
        keys.put(pk(Keys.report(deal, "ann")), PartitionKeys.REPORTS);
        keys.put(pk(Keys.reportCase(deal)), PartitionKeys.REPORTS);
        keys.put(pk(Keys.linkGuard("https://example.com/deal?id=1")), PartitionKeys.LINK_GUARD);
        keys.put(pk(Keys.dealCounters(deal, DealCounters.SHARDS - 1)), PartitionKeys.DEAL_COUNTERS);
        keys.put(pk(Keys.countsGate(deal)), PartitionKeys.DEAL_COUNTERS);
        keys.put(pk(Keys.dealLive(deal, DealCounters.LIVE_MARKERS - 1)), PartitionKeys.DEAL_LIVE);
        keys.put(pk(Keys.upgrade(DealCountersUpgrade.NAME)), PartitionKeys.UPGRADE);
        keys.put(pk(Keys.vote("ann", deal)), PartitionKeys.VOTES);
        keys.put(pk(Keys.key(Keys.HOT_DEALS_PK, Keys.hotDealSk("000000000001", deal))), PartitionKeys.HOT_DEALS);
        keys.put(pk(Keys.dealRanking("2026-11-20", 3)), PartitionKeys.DEAL_RANKING);
        keys.put(pk(Keys.hottest("week")), PartitionKeys.HOTTEST);
        keys.put(pk(Keys.hottestVersion()), PartitionKeys.HOTTEST_VERSION);
        keys.put(pk(Keys.wordDeal("ps5", deal)), PartitionKeys.WORD);
        keys.put(pk(Keys.alertWord("ps5")), PartitionKeys.WORD);
        keys.put(pk(Keys.alertEntry("ps5", 3, deal)), PartitionKeys.WORD);
        keys.put(pk(Keys.alert("ann", deal)), PartitionKeys.ALERTS);
        keys.put(pk(Keys.deletedAlert("ann", deal)), PartitionKeys.ALERTS);
        keys.put(pk(Keys.alertCount("ann")), PartitionKeys.ALERTS);
        keys.put(pk(Keys.alertFanOut(deal)), PartitionKeys.FAN_OUT);
        keys.put(pk(Keys.heatEntry("ps5", 3, 100, deal)), PartitionKeys.WORD);
        keys.put(Keys.savedPk("ann"), PartitionKeys.SAVED);
        keys.put(pk(Keys.savedCount("ann")), PartitionKeys.SAVED);
        keys.put(pk(Keys.saver(deal, "ann")), PartitionKeys.SAVERS);
        keys.put(Keys.reminderPk("2026-11-20T12:00"), PartitionKeys.REMINDERS);
        keys.put(pk(Keys.reminderSwept()), PartitionKeys.REMINDERS);
        keys.put(Keys.quietEndPk("2026-11-20T07:00", QuietHolds.SHARDS - 1), PartitionKeys.REMINDERS);
        keys.put(pk(Keys.quietEndSwept()), PartitionKeys.REMINDERS);
        keys.put(pk(Keys.heldPush("ann", deal)), PartitionKeys.DEVICES);
        keys.put(Keys.linkLowPk("https://example.com/deal?id=1"), PartitionKeys.LINK_LOW);
        keys.put(pk(Keys.device("ann", deal)), PartitionKeys.DEVICES);
        keys.put(pk(Keys.removedDevice("ann", deal)), PartitionKeys.DEVICES);
        keys.put(pk(Keys.notificationSettings("ann")), PartitionKeys.DEVICES);
        keys.put(pk(Keys.pushClaim(deal, deal)), PartitionKeys.PUSHES);
        keys.put(pk(Keys.pushToken(DeviceStore.digest(com.bigtimedeals.devices.DevicePlatform.FCM, "t".repeat(40)))), PartitionKeys.PUSH_TOKENS);
        for (Map.Entry<String, PartitionKeys> k : keys.entrySet()) {
            List<PartitionKeys> families = java.util.Arrays.stream(PartitionKeys.values()).filter(f -> f.matches(k.getKey())).toList();
            assertEquals(List.of(k.getValue()), families, k.getKey());
        }
        assertEquals(java.util.EnumSet.allOf(PartitionKeys.class), java.util.EnumSet.copyOf(keys.values()), "every family is a key the chart builds");
        assertEquals(Relation.values().length, 2);
    }
}

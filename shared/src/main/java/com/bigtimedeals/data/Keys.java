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
    static final String DEAL_EVENT = "DealEvent";
    static final String BRAND = "Brand";
    static final String BRAND_LISTING = "BrandListing";
    static final String CATEGORY = "Category";
    static final String CATEGORY_LISTING = "CategoryListing";
    static final String WATCHER_COUNT = "WatcherCount";
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
    static final String RENAME = "Rename";
    static final String DEAL_BLAST = "DealBlast";
    static final String IDEMPOTENCY_RECORD = "IdempotencyRecord";
    static final String DEAL_WORD = "DealWord";
    static final String ALERT = "Alert";
    static final String DELETED_ALERT = "DeletedAlert";
    static final String ALERT_COUNT = "AlertCount";
    static final String ALERT_ENTRY = "AlertEntry";
    static final String ALERT_WORD = "AlertWord";
    static final String ALERT_FAN_OUT = "AlertFanOut";
    static final String COMMENT = "Comment";
    static final String COMMENT_OF_AUTHOR = "CommentOfAuthor";
    static final String REPORT = "Report";
    static final String REPORT_CASE = "ReportCase";
    static final String LINK_GUARD = "LinkGuard";
    static final String DEAL_COUNTERS = "DealCounters";
    static final String DEAL_LIVE = "DealLive";
    static final String UPGRADE = "Upgrade";
    static final String COUNTS_GATE = "CountsGate";
    static final String VOTE = "Vote";
    static final String HOT_DEAL = "HotDeal";
    static final String DEAL_RANKING = "DealRanking";
    static final String HOTTEST_LIST = "HottestList";
    static final String HOTTEST_VERSION = "HottestVersion";
    static final String SAVED = "Saved";
    static final String SAVED_COUNT = "SavedCount";
    static final String SAVER = "Saver";
    static final String REMINDER = "Reminder";
    static final String REMINDER_SWEPT = "ReminderSwept";
    static final String LINK_LOW = "LinkLow";
    static final String LINK_DEAL = "LinkDeal";
    static final String DEVICE = "Device";
    static final String REMOVED_DEVICE = "RemovedDevice";
    static final String NOTIFICATION_SETTINGS = "NotificationSettings";
    static final String PUSH_TOKEN = "PushToken";
    static final String PUSH_CLAIM = "PushClaim";
    static final String PUSH_HELD = "PushHeld";
    static final String QUIET_END = "QuietEnd";
    static final String QUIET_WOKEN = "QuietWoken";
    static final String QUIET_END_SWEPT = "QuietEndSwept";

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

    /**
     * A deal's history lives in its own partition, after its comments ({@code HISTORY#} sorts after {@code DEAL#}):
     * newest first is one Query backwards from the prefix's end. The sort key is the moment (fixed-width epoch
     * milliseconds) and then what makes the event itself: its action and a discriminator the action chooses (a
     * correction's new version, a report round), so writing one event twice writes the same item.
     */
    static final String HISTORY_PREFIX = "HISTORY#";

    static String dealEventSk(String stamp, String action, String discriminator) {
        return HISTORY_PREFIX + stamp + "#" + action + (discriminator == null ? "" : "#" + discriminator);
    }

    static Map<String, AttributeValue> dealEvent(String dealId, String sortKey) {
        return key(dealPk(dealId), sortKey);
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

    /**
     * A brand's or category's watch count, apart from its item (which keeps the like count), under a partition key
     * of its own: likes and watches of one popular target then write two partitions, not one (issue 41). Inside the
     * target's {@code BRAND#}/{@code CATEGORY#} key family, so every policy that names the target names it too.
     */
    static Map<String, AttributeValue> watcherCount(com.bigtimedeals.domain.Likeable kind, String id) {
        String pk = target(kind, id).get(PK).s() + "#WATCHERS";
        return key(pk, pk);
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

    /** The coalescing gate of counts-only rebuilds: a partition of its own, apart from the version item. */
    static Map<String, AttributeValue> dealsCacheGate() {
        return key("DEALSCACHEGATE", "GATE");
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
        return unfinishedWalks(Integer.toString(shard));
    }

    /** As above, for a shard given as text ({@link #ANY}: every shard, for an IAM pattern). */
    static String unfinishedWalks(String shard) {
        return "WALKS#" + shard;
    }

    /** GSI2 partition of every account deletion, sorted by its moment: the recent ones are one Query. */
    static final String DELETIONS = "DELETIONS";

    /** Own partition key per user, so deletions walk in parallel. */
    /** The walk that carries a brand's or category's new name into its deals: one per brand or category. */
    static Map<String, AttributeValue> rename(com.bigtimedeals.domain.Likeable kind, String id) {
        String pk = "RENAME#" + kind.name() + "#" + id;
        return key(pk, pk);
    }

    static Map<String, AttributeValue> accountDeletion(String username) {
        String pk = "DELETION#" + username;
        return key(pk, pk);
    }

    // Idempotency keys: one partition per caller, so that one caller's keys never meet another's; the key itself is
    // the sort key, apart from the caller's name, so no pair of (caller, key) can spell another pair's item.
    static Map<String, AttributeValue> idempotencyRecord(String caller, String key) {
        return key("IDEMPOTENCY#" + caller, "KEY#" + key);
    }

    // The word index (docs/data-model.md, "Words: search and deal alerts"): one partition per word, holding the
    // deals whose title has the word (DEAL#<dealId>, newest first) and the alerts filed under it (ALERT#<alertId>,
    // after the word's ALERT head item). A word with many alerts spreads them over numbered shards, WORD#<word>#<n>;
    // shard 0 is the word's own partition. Words hold only letters, digits and marks, never '#'.
    static String wordPk(String word) {
        return "WORD#" + word;
    }

    static String wordShardPk(String word, int shard) {
        return shard == 0 ? wordPk(word) : wordPk(word) + "#" + shard;
    }

    /** A deal in a word's partition: the same sort key as in a bucket, so the word's deals sort newest first. */
    static Map<String, AttributeValue> wordDeal(String word, String dealId) {
        return key(wordPk(word), dealSortKey(dealId));
    }

    /** The word's alert head (count, shards): a prefix of every alert sort key, so it sorts first among them. */
    static final String ALERTS_PREFIX = "ALERT";

    static String alertSk(String alertId) {
        return ALERTS_PREFIX + "#" + alertId;
    }

    static Map<String, AttributeValue> alertWord(String word) {
        return key(wordPk(word), ALERTS_PREFIX);
    }

    static Map<String, AttributeValue> alertEntry(String word, int shard, String alertId) {
        return key(wordShardPk(word, shard), alertSk(alertId));
    }

    /**
     * An alert with a {@code minTemperature}, filed in its word's shard by threshold (zero-padded, so the thresholds
     * sort as numbers): a crossing from one temperature to another reads one key range per shard. Apart from the
     * {@code ALERT} prefix, so a new deal's matching never reads it.
     */
    static String heatSk(int minTemperature, String alertId) {
        return String.format("HEAT#%05d#%s", minTemperature, alertId);
    }

    static Map<String, AttributeValue> heatEntry(String word, int shard, int minTemperature, String alertId) {
        return key(wordShardPk(word, shard), heatSk(minTemperature, alertId));
    }

    // Saved deals (docs/data-model.md, "Saved deals and reminders"): the saver's list, newest first, under SAVED#<user>
    // (AT#<savedAt>#<dealId>, beside the COUNT that holds the limit); who saved a deal under SAVERS#<dealId> (one item a
    // saver: when, where the list entry and the pending reminder are); pending reminders in minute buckets
    // REMIND#<yyyy-MM-ddTHH:mm>, swept every minute, and the sweep's own mark (REMIND#SWEPT).
    static String savedPk(String username) {
        return "SAVED#" + username;
    }

    static String savedSk(java.time.Instant savedAt, String dealId) {
        return "AT#" + savedAt + "#" + dealId;
    }

    static Map<String, AttributeValue> savedCount(String username) {
        return key(savedPk(username), "COUNT");
    }

    static String saversPk(String dealId) {
        return "SAVERS#" + dealId;
    }

    static Map<String, AttributeValue> saver(String dealId, String username) {
        return key(saversPk(dealId), "USER#" + username);
    }

    static String reminderPk(String minute) {
        return "REMIND#" + minute;
    }

    static String reminderSk(String dealId, String username) {
        return "DEAL#" + dealId + "#USER#" + username;
    }

    static Map<String, AttributeValue> reminderSwept() {
        return key(reminderPk("SWEPT"), reminderPk("SWEPT"));
    }

    // Devices and push (docs/data-model.md, "Devices and push"): a user's devices (DEVICE#<deviceId>, a KSUID, so one
    // descending Query lists them newest first), the tombstones of removed ones (REMOVED#<deviceId>: a repeated DELETE is
    // a 204, an id never the user's a 404) and the notification settings (DEVICE~SETTINGS) share DEVICES#<user>. Who holds a
    // token is one item per (platform, token), keyed by the token's SHA-256 (a token may be 4,096 characters, more than a
    // key may hold), so a token registered by another account is found, and moved, in one read.
    static String devicesPk(String username) {
        return "DEVICES#" + username;
    }

    static final String DEVICE_PREFIX = "DEVICE#";

    static Map<String, AttributeValue> device(String username, String deviceId) {
        return key(devicesPk(username), DEVICE_PREFIX + deviceId);
    }

    static Map<String, AttributeValue> removedDevice(String username, String deviceId) {
        return key(devicesPk(username), "REMOVED#" + deviceId);
    }

    /**
     * The settings sort right after the devices ({@code '~'} after {@code '#'}) and before the held pushes and the
     * tombstones, so one Query from {@link #DEVICE_PREFIX} to this key reads a user's devices and settings and nothing
     * else, however many tombstones or held pushes the partition has (a push's one read, DeviceStore#pushTargets).
     */
    static final String NOTIFICATION_SETTINGS_SK = "DEVICE~SETTINGS";

    static Map<String, AttributeValue> notificationSettings(String username) {
        return key(devicesPk(username), NOTIFICATION_SETTINGS_SK);
    }

    static String pushTokenPk(String digest) {
        return "PUSHTOKEN#" + digest;
    }

    static Map<String, AttributeValue> pushToken(String digest) {
        return key(pushTokenPk(digest), pushTokenPk(digest));
    }

    /** One message's pushes: a claim per device, written create-only before the push leaves (PushStore). */
    static String pushesPk(String messageId) {
        return "PUSH#" + messageId;
    }

    static Map<String, AttributeValue> pushClaim(String messageId, String deviceId) {
        return key(pushesPk(messageId), DEVICE_PREFIX + deviceId);
    }

    /** The user a {@code DEVICES#<user>} partition key names (a settings record carries no username of its own). */
    static String userOfDevicesPk(String pk) {
        return pk.substring("DEVICES#".length());
    }

    // Quiet hours (docs/data-model.md, "Quiet hours"): a push held in them is HELD#<messageId> in the user's devices
    // partition, until the summary; when the window ends, a due item per user in the minute bucket of that end,
    // REMIND#QUIET#<yyyy-MM-ddTHH:mm>#<shard> (the reminders' pattern, in their family: the same sweeper reads both),
    // and the quiet-end sweep's own mark (REMIND#QUIET#SWEPT).
    static final String HELD_PREFIX = "HELD#";

    static Map<String, AttributeValue> heldPush(String username, String messageId) {
        return key(devicesPk(username), HELD_PREFIX + messageId);
    }

    static String quietEndPk(String minute, int shard) {
        return reminderPk("QUIET#" + minute + "#" + shard);
    }

    static Map<String, AttributeValue> quietEnd(String minute, int shard, String username) {
        return key(quietEndPk(minute, shard), "USER#" + username);
    }

    static Map<String, AttributeValue> quietEndSwept() {
        return key(reminderPk("QUIET#SWEPT"), reminderPk("QUIET#SWEPT"));
    }

    /** A user's alerts, their count (the limit's guard) and the tombstones of deleted ones share one partition. */
    static String alertsPk(String username) {
        return "ALERTS#" + username;
    }

    static Map<String, AttributeValue> alert(String username, String alertId) {
        return key(alertsPk(username), alertSk(alertId));
    }

    static Map<String, AttributeValue> deletedAlert(String username, String alertId) {
        return key(alertsPk(username), "DELETED#" + alertId);
    }

    static Map<String, AttributeValue> alertCount(String username) {
        return key(alertsPk(username), "COUNT");
    }

    /** A new deal's alert matching handed on to a later invocation: a resumable walk like a watcher list's. */
    static Map<String, AttributeValue> alertFanOut(String dealId) {
        String pk = "FANOUT#" + dealId + "#ALERTS";
        return key(pk, pk);
    }

    // Comments live in their deal's own partition, right after the deal item: a thread's first page reads the deal
    // (is it there, is it taken down?) and the first comments with one Query. A reply's id begins with its parent's,
    // so its sort key places it under the parent, after the replies before it.
    static String commentSk(String dealId, String commentId) {
        return dealPk(dealId) + "#COMMENT#" + commentId;
    }

    static Map<String, AttributeValue> comment(String dealId, String commentId) {
        return key(dealPk(dealId), commentSk(dealId, commentId));
    }

    /** Sorts after every comment sort key of the deal (ids are letters, digits and '-'). */
    static String commentsEnd(String dealId) {
        return commentSk(dealId, "~");
    }

    /** A user's comments, one small item each, sorted by time: account deletion finds them with no scan. */
    static String commentsOfAuthorPk(String username) {
        return "COMMENTS#" + username;
    }

    static String commentOfAuthorSk(String ownId) {
        return "COMMENT#" + ownId;
    }

    static Map<String, AttributeValue> commentOfAuthor(String username, String ownId) {
        return key(commentsOfAuthorPk(username), commentOfAuthorSk(ownId));
    }

    // Reports: one partition per deal, one item per reporter (so a user reports a deal once), and the deal's case:
    // counts of the open reports, their round, and while any is open the moderation queue's GSI1 keys.
    static String reportsPk(String dealId) {
        return "REPORTS#" + dealId;
    }

    static Map<String, AttributeValue> report(String dealId, String username) {
        return key(reportsPk(dealId), userSk(username));
    }

    static final String REPORT_CASE_SK = "CASE";

    static Map<String, AttributeValue> reportCase(String dealId) {
        return key(reportsPk(dealId), REPORT_CASE_SK);
    }

    /** GSI1 partition of the moderation queue: deals with open reports. */
    static final String REPORT_QUEUE = "REPORTQUEUE";

    /** The queue's order: the moment of the first open report (whole-second ISO instants sort in time order), then the deal. */
    static String reportQueueSk(java.time.Instant firstReportedAt, String dealId) {
        return firstReportedAt + "#" + dealId;
    }

    /**
     * The one live deal a normalised link may have. The key is a hash: a link may be 2,048 characters, and more
     * bytes once encoded, while a partition key holds at most 2,048 bytes.
     */
    static Map<String, AttributeValue> linkGuard(String normalisedLink) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(normalisedLink.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            String pk = linkGuardPk(java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
            return key(pk, pk);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }

    /**
     * The lowest price a normalised link has had ({@code LOW}) and every deal that had the link ({@code DEAL#<id>}),
     * under the same digest as the link's guard.
     */
    static String linkLowPk(String normalisedLink) {
        return "LINKLOW#" + linkGuard(normalisedLink).get(PK).s().substring(linkGuardPk("").length());
    }

    static String linkGuardPk(String digest) {
        return "LINK#" + digest;
    }

    // A deal's counters: small items apart from the deal, each with a partition key of its own, because DynamoDB's
    // per-partition write limit applies to a partition key (shards sharing the deal's key would spread nothing).
    static Map<String, AttributeValue> dealCounters(String dealId, int shard) {
        return key(dealCountersPk(dealId, Integer.toString(shard)), "COUNTERS");
    }

    // A deal's liveness markers (DealCounters.LIVE_MARKERS): what a vote reads instead of the deal item, which every
    // vote would otherwise read. A family of their own, so that the deal's writers (creation, takedown) are granted
    // them and not the counter shards.
    static Map<String, AttributeValue> dealLive(String dealId, int marker) {
        return key(dealLivePk(dealId, Integer.toString(marker)), "LIVE");
    }

    static String dealLivePk(String dealId, String marker) {
        return "LIVE#" + dealId + "#" + marker;
    }

    // A data upgrade done over the whole table (DealCountersUpgrade): one item, so a later start skips its scan with
    // one GetItem.
    static String upgradePk(String name) {
        return "UPGRADE#" + name;
    }

    static Map<String, AttributeValue> upgrade(String name) {
        return key(upgradePk(name), upgradePk(name));
    }

    // The gate of a deal's counts aggregations (CountsGate), in the same key family.
    static Map<String, AttributeValue> countsGate(String dealId) {
        return key(dealCountersPk(dealId, "gate"), "GATE");
    }

    static String dealCountersPk(String dealId, String shard) {
        return "COUNTERS#" + dealId + "#" + shard;
    }

    // Votes live in the voter's partition: one vote per (user, deal), a user's votes on a page of deals are one
    // BatchGetItem, an account deletion finds them with one Query, and a burst of votes on one deal spreads over
    // as many partitions as it has voters.
    static String votesPk(String username) {
        return "VOTES#" + username;
    }

    static Map<String, AttributeValue> vote(String username, String dealId) {
        return key(votesPk(username), dealSortKey(dealId));
    }

    // The hot list: one partition, sorted by the moment each deal first reached the hot temperature (written once,
    // never moved), so a page is one Query newest first.
    static final String HOT_DEALS_PK = "HOTDEALS";

    static String hotDealSk(String stamp, String dealId) {
        return "HOT#" + stamp + "#" + dealId;
    }

    // The hottest lists' sources: per UTC day of deal creation, a few items (parts, by deal id) holding every counted
    // deal's counters, so no rewrite and no item grows with a whole day's deals.
    static Map<String, AttributeValue> dealRanking(String utcDay, int part) {
        return key(dealRankingPk(utcDay, Integer.toString(part)), "RANKING");
    }

    static String dealRankingPk(String utcDay, String part) {
        return "RANKING#" + utcDay + "#" + part;
    }

    // The hottest lists themselves (one small computed item per window) and their rebuild counter.
    static Map<String, AttributeValue> hottest(String window) {
        return key("HOTTEST#" + window, "HOTTEST#" + window);
    }

    static Map<String, AttributeValue> hottestVersion() {
        return key("HOTTEST", "VERSION");
    }
}

package com.bigtimedeals.platform;

import java.util.HashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every key string in the table is built here and nowhere else: this is the entity chart in code
 * (docs/data-model.md mirrors it). Indexing attributes (PK, SK, GSIn*, UserIndex) hold only these strings;
 * the application attributes beside them are never parsed back out of a key.
 */
public final class Keys {
    public static final String PK = TableDefinition.PARTITION_KEY;
    public static final String SK = TableDefinition.SORT_KEY;
    public static final String TYPE = "Type";

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String DEAL = "Deal";
    public static final String DEAL_BUCKET = "DealBucket";
    public static final String DEAL_EVENT = "DealEvent";
    public static final String BRAND = "Brand";
    public static final String BRAND_LISTING = "BrandListing";
    public static final String CATEGORY = "Category";
    public static final String CATEGORY_LISTING = "CategoryListing";
    public static final String WATCHER_COUNT = "WatcherCount";
    public static final String LIKE = "Like";
    public static final String WATCH = "Watch";
    public static final String WATCH_OF_USER = "WatchOfUser";
    public static final String USER = "User";
    public static final String MESSAGE = "Message";
    public static final String FEATURED_LIST = "FeaturedList";
    public static final String DEALS_CACHE = "DealsCache";
    public static final String CACHE_VERSION = "DealsCacheVersion";
    public static final String BLAST = "Blast";
    public static final String BLAST_SEGMENT = "BlastSegment";
    public static final String FAN_OUT = "FanOut";
    public static final String FAN_OUT_CLAIM = "FanOutClaim";
    public static final String ACCOUNT_DELETION = "AccountDeletion";
    public static final String RENAME = "Rename";
    public static final String DEAL_BLAST = "DealBlast";
    static final String IDEMPOTENCY_RECORD = "IdempotencyRecord";
    public static final String DEAL_WORD = "DealWord";
    public static final String ALERT = "Alert";
    public static final String DELETED_ALERT = "DeletedAlert";
    public static final String ALERT_COUNT = "AlertCount";
    public static final String ALERT_ENTRY = "AlertEntry";
    public static final String ALERT_WORD = "AlertWord";
    public static final String ALERT_FAN_OUT = "AlertFanOut";
    public static final String COMMENT = "Comment";
    public static final String COMMENT_OF_AUTHOR = "CommentOfAuthor";
    public static final String REPORT = "Report";
    public static final String REPORT_CASE = "ReportCase";
    public static final String LINK_GUARD = "LinkGuard";
    public static final String DEAL_COUNTERS = "DealCounters";
    public static final String DEAL_LIVE = "DealLive";
    public static final String UPGRADE = "Upgrade";
    public static final String COUNTS_GATE = "CountsGate";
    public static final String VOTE = "Vote";
    public static final String HOT_DEAL = "HotDeal";
    public static final String DEAL_RANKING = "DealRanking";
    public static final String HOTTEST_LIST = "HottestList";
    public static final String HOTTEST_VERSION = "HottestVersion";
    public static final String SAVED = "Saved";
    public static final String SAVED_COUNT = "SavedCount";
    public static final String SAVER = "Saver";
    public static final String REMINDER = "Reminder";
    public static final String REMINDER_SWEPT = "ReminderSwept";
    public static final String LINK_LOW = "LinkLow";
    public static final String LINK_DEAL = "LinkDeal";
    public static final String DEVICE = "Device";
    public static final String REMOVED_DEVICE = "RemovedDevice";
    public static final String NOTIFICATION_SETTINGS = "NotificationSettings";
    public static final String PUSH_TOKEN = "PushToken";
    public static final String PUSH_CLAIM = "PushClaim";
    public static final String PUSH_HELD = "PushHeld";
    public static final String QUIET_END = "QuietEnd";
    public static final String QUIET_WOKEN = "QuietWoken";
    public static final String QUIET_END_SWEPT = "QuietEndSwept";

    private Keys() {
    }

    /** IAM's {@code StringLike} wildcard, where a key names one deal, user, brand...: {@link PartitionKeys} builds patterns with it. */
    static final String ANY = "*";

    public static Map<String, AttributeValue> key(String pk, String sk) {
        Map<String, AttributeValue> key = new HashMap<>(4);
        key.put(PK, AttributeValue.fromS(pk));
        key.put(SK, AttributeValue.fromS(sk));
        return key;
    }

    // Deals
    public static String dealPk(String dealId) {
        return "DEAL#" + dealId;
    }

    public static Map<String, AttributeValue> deal(String dealId) {
        return key(dealPk(dealId), dealPk(dealId));
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
        return key(dealPk(dealId), sortKey);
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
        return key(timelinePk(scope), bucketSk(bucketId));
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

    // Brands and categories
    public static Map<String, AttributeValue> brand(String brandId) {
        return key("BRAND#" + brandId, "BRAND#" + brandId);
    }

    public static final String BRANDS_PK = "BRANDS";

    /** Sorted case-insensitively by name, the order {@code GET /brands} answers in. */
    public static Map<String, AttributeValue> brandListing(String brandId, String name) {
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
    public static String listingSortKey(String prefix, String name, String id) {
        return prefix + name.toLowerCase(java.util.Locale.ROOT) + NAME_END + id;
    }

    public static Map<String, AttributeValue> category(String categoryId) {
        return key("CATEGORY#" + categoryId, "CATEGORY#" + categoryId);
    }

    public static final String CATEGORIES_PK = "CATEGORIES";

    public static Map<String, AttributeValue> categoryListing(String categoryId, String name) {
        return key(CATEGORIES_PK, listingSortKey("CATEGORY#", name, categoryId));
    }

    public static Map<String, AttributeValue> target(com.bigtimedeals.platform.Likeable kind, String id) {
        return kind == com.bigtimedeals.platform.Likeable.BRAND ? brand(id) : category(id);
    }

    /**
     * A brand's or category's watch count, apart from its item (which keeps the like count), under a partition key
     * of its own: likes and watches of one popular target then write two partitions, not one (issue 41). Inside the
     * target's {@code BRAND#}/{@code CATEGORY#} key family, so every policy that names the target names it too.
     */
    public static Map<String, AttributeValue> watcherCount(com.bigtimedeals.platform.Likeable kind, String id) {
        String pk = target(kind, id).get(PK).s() + "#WATCHERS";
        return key(pk, pk);
    }

    // Likes and watches. Everything a user follows lives in the user's FOLLOWS partition (a like, and a twin
    // of each watch), so follows are found from the user with one Query; watches of one brand or category
    // also share a partition so that the fan-out can page through them.
    public static String followsPk(String username) {
        return "FOLLOWS#" + username;
    }

    static String followSk(com.bigtimedeals.platform.Likeable kind, String id, com.bigtimedeals.platform.Relation relation) {
        return kind.name() + "#" + id + "#" + relation.name();
    }

    public static Map<String, AttributeValue> like(com.bigtimedeals.platform.Likeable kind, String id, String username) {
        return key(followsPk(username), followSk(kind, id, com.bigtimedeals.platform.Relation.LIKE));
    }

    /** The user-side twin of a watch, written in the same transaction as the watch itself. */
    public static Map<String, AttributeValue> watchOfUser(com.bigtimedeals.platform.Likeable kind, String id, String username) {
        return key(followsPk(username), followSk(kind, id, com.bigtimedeals.platform.Relation.WATCH));
    }

    public static String watchersPk(com.bigtimedeals.platform.Likeable kind, String id) {
        return kind.name() + "WATCH#" + id;
    }

    public static Map<String, AttributeValue> watch(com.bigtimedeals.platform.Likeable kind, String id, String username) {
        return key(watchersPk(kind, id), userSk(username));
    }

    // Users and messages
    public static String userSk(String username) {
        return "USER#" + username;
    }

    public static Map<String, AttributeValue> user(String username) {
        return key(userSk(username), userSk(username));
    }

    public static String userIndexValue(String username) {
        return "USER#" + username;
    }

    public static String messagesPk(String username) {
        return "MESSAGES#" + username;
    }

    public static String messageSk(String messageId) {
        return "MESSAGE#" + messageId;
    }

    public static Map<String, AttributeValue> message(String username, String messageId) {
        return key(messagesPk(username), messageSk(messageId));
    }

    // Featured lists share one partition so that a deal correction can find every copy in one query.
    public static final String FEATURED_PK = "FEATURED";

    // (each list's sort key: deals.DealKeys)

    // Front-page cache
    public static Map<String, AttributeValue> dealsCache(int shard) {
        return key(dealsCachePk(Integer.toString(shard)), dealsCachePk(Integer.toString(shard)));
    }

    static String dealsCachePk(String shard) {
        return "DEALSCACHE#" + shard;
    }

    public static Map<String, AttributeValue> dealsCacheVersion() {
        return key("DEALSCACHE", "VERSION");
    }

    /** The coalescing gate of counts-only rebuilds: a partition of its own, apart from the version item. */
    public static Map<String, AttributeValue> dealsCacheGate() {
        return key("DEALSCACHEGATE", "GATE");
    }

    // Hot-deal blasts and fan-out work
    static String blastPk(String blastId) {
        return "BLAST#" + blastId;
    }

    public static Map<String, AttributeValue> blast(String blastId) {
        return key(blastPk(blastId), blastPk(blastId));
    }

    /**
     * Each segment has a partition key of its own: stream records are spread over shards, and processed in
     * parallel within a shard, by partition key, so segments sharing one would run one after another.
     */
    public static Map<String, AttributeValue> blastSegment(String blastId, int segment) {
        String pk = blastPk(blastId) + String.format("#SEGMENT#%04d", segment);
        return key(pk, pk);
    }

    /** The one blast a deal may have: taken in the same transaction as the blast, so a second request finds it. */
    public static Map<String, AttributeValue> dealBlast(String dealId) {
        return key(dealPk(dealId), "BLAST");
    }

    /** Taken by the first run of a new deal's fan-out over one watcher list; lives beside the deal. */
    public static Map<String, AttributeValue> fanOutClaim(String dealId, com.bigtimedeals.platform.Likeable source) {
        return key(dealPk(dealId), "FANOUT#" + source.name());
    }

    public static Map<String, AttributeValue> fanOut(String dealId, com.bigtimedeals.platform.Likeable source) {
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
    public static final String DELETIONS = "DELETIONS";

    /** Own partition key per user, so deletions walk in parallel. */
    /** The walk that carries a brand's or category's new name into its deals: one per brand or category. */
    public static Map<String, AttributeValue> rename(com.bigtimedeals.platform.Likeable kind, String id) {
        String pk = "RENAME#" + kind.name() + "#" + id;
        return key(pk, pk);
    }

    public static Map<String, AttributeValue> accountDeletion(String username) {
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
    public static String wordPk(String word) {
        return "WORD#" + word;
    }

    public static String wordShardPk(String word, int shard) {
        return shard == 0 ? wordPk(word) : wordPk(word) + "#" + shard;
    }

    /** A deal in a word's partition: the same sort key as in a bucket, so the word's deals sort newest first. */
    public static Map<String, AttributeValue> wordDeal(String word, String dealId) {
        return key(wordPk(word), dealSortKey(dealId));
    }

    /** The word's alert head (count, shards): a prefix of every alert sort key, so it sorts first among them. */
    public static final String ALERTS_PREFIX = "ALERT";

    public static String alertSk(String alertId) {
        return ALERTS_PREFIX + "#" + alertId;
    }

    public static Map<String, AttributeValue> alertWord(String word) {
        return key(wordPk(word), ALERTS_PREFIX);
    }

    public static Map<String, AttributeValue> alertEntry(String word, int shard, String alertId) {
        return key(wordShardPk(word, shard), alertSk(alertId));
    }

    /**
     * An alert with a {@code minTemperature}, filed in its word's shard by threshold (zero-padded, so the thresholds
     * sort as numbers): a crossing from one temperature to another reads one key range per shard. Apart from the
     * {@code ALERT} prefix, so a new deal's matching never reads it.
     */
    public static String heatSk(int minTemperature, String alertId) {
        return String.format("HEAT#%05d#%s", minTemperature, alertId);
    }

    public static Map<String, AttributeValue> heatEntry(String word, int shard, int minTemperature, String alertId) {
        return key(wordShardPk(word, shard), heatSk(minTemperature, alertId));
    }

    // Saved deals (docs/data-model.md, "Saved deals and reminders"): the saver's list, newest first, under SAVED#<user>
    // (AT#<savedAt>#<dealId>, beside the COUNT that holds the limit); who saved a deal under SAVERS#<dealId> (one item a
    // saver: when, where the list entry and the pending reminder are); pending reminders in minute buckets
    // REMIND#<yyyy-MM-ddTHH:mm>, swept every minute, and the sweep's own mark (REMIND#SWEPT).
    public static String savedPk(String username) {
        return "SAVED#" + username;
    }

    public static String savedSk(java.time.Instant savedAt, String dealId) {
        return "AT#" + savedAt + "#" + dealId;
    }

    public static Map<String, AttributeValue> savedCount(String username) {
        return key(savedPk(username), "COUNT");
    }

    public static String saversPk(String dealId) {
        return "SAVERS#" + dealId;
    }

    public static Map<String, AttributeValue> saver(String dealId, String username) {
        return key(saversPk(dealId), "USER#" + username);
    }

    public static String reminderPk(String minute) {
        return "REMIND#" + minute;
    }

    public static String reminderSk(String dealId, String username) {
        return "DEAL#" + dealId + "#USER#" + username;
    }

    public static Map<String, AttributeValue> reminderSwept() {
        return key(reminderPk("SWEPT"), reminderPk("SWEPT"));
    }

    // Devices and push (docs/data-model.md, "Devices and push"): a user's devices (DEVICE#<deviceId>, a KSUID, so one
    // descending Query lists them newest first), the tombstones of removed ones (REMOVED#<deviceId>: a repeated DELETE is
    // a 204, an id never the user's a 404) and the notification settings (DEVICE~SETTINGS) share DEVICES#<user>. Who holds a
    // token is one item per (platform, token), keyed by the token's SHA-256 (a token may be 4,096 characters, more than a
    // key may hold), so a token registered by another account is found, and moved, in one read.
    public static String devicesPk(String username) {
        return "DEVICES#" + username;
    }

    public static final String DEVICE_PREFIX = "DEVICE#";

    public static Map<String, AttributeValue> device(String username, String deviceId) {
        return key(devicesPk(username), DEVICE_PREFIX + deviceId);
    }

    public static Map<String, AttributeValue> removedDevice(String username, String deviceId) {
        return key(devicesPk(username), "REMOVED#" + deviceId);
    }

    /**
     * The settings sort right after the devices ({@code '~'} after {@code '#'}) and before the held pushes and the
     * tombstones, so one Query from {@link #DEVICE_PREFIX} to this key reads a user's devices and settings and nothing
     * else, however many tombstones or held pushes the partition has (a push's one read, DeviceStore#pushTargets).
     */
    public static final String NOTIFICATION_SETTINGS_SK = "DEVICE~SETTINGS";

    public static Map<String, AttributeValue> notificationSettings(String username) {
        return key(devicesPk(username), NOTIFICATION_SETTINGS_SK);
    }

    static String pushTokenPk(String digest) {
        return "PUSHTOKEN#" + digest;
    }

    public static Map<String, AttributeValue> pushToken(String digest) {
        return key(pushTokenPk(digest), pushTokenPk(digest));
    }

    /** One message's pushes: a claim per device, written create-only before the push leaves (PushStore). */
    static String pushesPk(String messageId) {
        return "PUSH#" + messageId;
    }

    public static Map<String, AttributeValue> pushClaim(String messageId, String deviceId) {
        return key(pushesPk(messageId), DEVICE_PREFIX + deviceId);
    }

    /** The user a {@code DEVICES#<user>} partition key names (a settings record carries no username of its own). */
    public static String userOfDevicesPk(String pk) {
        return pk.substring("DEVICES#".length());
    }

    // Quiet hours (docs/data-model.md, "Quiet hours"): a push held in them is HELD#<messageId> in the user's devices
    // partition, until the summary; when the window ends, a due item per user in the minute bucket of that end,
    // REMIND#QUIET#<yyyy-MM-ddTHH:mm>#<shard> (the reminders' pattern, in their family: the same sweeper reads both),
    // and the quiet-end sweep's own mark (REMIND#QUIET#SWEPT).
    public static final String HELD_PREFIX = "HELD#";

    public static Map<String, AttributeValue> heldPush(String username, String messageId) {
        return key(devicesPk(username), HELD_PREFIX + messageId);
    }

    public static String quietEndPk(String minute, int shard) {
        return reminderPk("QUIET#" + minute + "#" + shard);
    }

    public static Map<String, AttributeValue> quietEnd(String minute, int shard, String username) {
        return key(quietEndPk(minute, shard), "USER#" + username);
    }

    public static Map<String, AttributeValue> quietEndSwept() {
        return key(reminderPk("QUIET#SWEPT"), reminderPk("QUIET#SWEPT"));
    }

    /** A user's alerts, their count (the limit's guard) and the tombstones of deleted ones share one partition. */
    public static String alertsPk(String username) {
        return "ALERTS#" + username;
    }

    public static Map<String, AttributeValue> alert(String username, String alertId) {
        return key(alertsPk(username), alertSk(alertId));
    }

    public static Map<String, AttributeValue> deletedAlert(String username, String alertId) {
        return key(alertsPk(username), "DELETED#" + alertId);
    }

    public static Map<String, AttributeValue> alertCount(String username) {
        return key(alertsPk(username), "COUNT");
    }

    /** A new deal's alert matching handed on to a later invocation: a resumable walk like a watcher list's. */
    public static Map<String, AttributeValue> alertFanOut(String dealId) {
        String pk = "FANOUT#" + dealId + "#ALERTS";
        return key(pk, pk);
    }

    // Comments live in their deal's own partition, right after the deal item: a thread's first page reads the deal
    // (is it there, is it taken down?) and the first comments with one Query. A reply's id begins with its parent's,
    // so its sort key places it under the parent, after the replies before it.
    public static String commentSk(String dealId, String commentId) {
        return dealPk(dealId) + "#COMMENT#" + commentId;
    }

    public static Map<String, AttributeValue> comment(String dealId, String commentId) {
        return key(dealPk(dealId), commentSk(dealId, commentId));
    }

    /** Sorts after every comment sort key of the deal (ids are letters, digits and '-'). */
    public static String commentsEnd(String dealId) {
        return commentSk(dealId, "~");
    }

    /** A user's comments, one small item each, sorted by time: account deletion finds them with no scan. */
    public static String commentsOfAuthorPk(String username) {
        return "COMMENTS#" + username;
    }

    public static String commentOfAuthorSk(String ownId) {
        return "COMMENT#" + ownId;
    }

    public static Map<String, AttributeValue> commentOfAuthor(String username, String ownId) {
        return key(commentsOfAuthorPk(username), commentOfAuthorSk(ownId));
    }

    // Reports: one partition per deal, one item per reporter (so a user reports a deal once), and the deal's case:
    // counts of the open reports, their round, and while any is open the moderation queue's GSI1 keys.
    public static String reportsPk(String dealId) {
        return "REPORTS#" + dealId;
    }

    public static Map<String, AttributeValue> report(String dealId, String username) {
        return key(reportsPk(dealId), userSk(username));
    }

    static final String REPORT_CASE_SK = "CASE";

    public static Map<String, AttributeValue> reportCase(String dealId) {
        return key(reportsPk(dealId), REPORT_CASE_SK);
    }

    /** GSI1 partition of the moderation queue: deals with open reports. */
    public static final String REPORT_QUEUE = "REPORTQUEUE";

    /** The queue's order: the moment of the first open report (whole-second ISO instants sort in time order), then the deal. */
    public static String reportQueueSk(java.time.Instant firstReportedAt, String dealId) {
        return firstReportedAt + "#" + dealId;
    }

    /**
     * The one live deal a normalised link may have. The key is a hash: a link may be 2,048 characters, and more
     * bytes once encoded, while a partition key holds at most 2,048 bytes.
     */
    public static Map<String, AttributeValue> linkGuard(String normalisedLink) {
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
    public static String linkLowPk(String normalisedLink) {
        return "LINKLOW#" + linkGuard(normalisedLink).get(PK).s().substring(linkGuardPk("").length());
    }

    static String linkGuardPk(String digest) {
        return "LINK#" + digest;
    }

    // A deal's counters: small items apart from the deal, each with a partition key of its own, because DynamoDB's
    // per-partition write limit applies to a partition key (shards sharing the deal's key would spread nothing).
    public static Map<String, AttributeValue> dealCounters(String dealId, int shard) {
        return key(dealCountersPk(dealId, Integer.toString(shard)), "COUNTERS");
    }

    // A deal's liveness markers (DealCounters.LIVE_MARKERS): what a vote reads instead of the deal item, which every
    // vote would otherwise read. A family of their own, so that the deal's writers (creation, takedown) are granted
    // them and not the counter shards.
    public static Map<String, AttributeValue> dealLive(String dealId, int marker) {
        return key(dealLivePk(dealId, Integer.toString(marker)), "LIVE");
    }

    public static String dealLivePk(String dealId, String marker) {
        return "LIVE#" + dealId + "#" + marker;
    }

    // A data upgrade done over the whole table (DealCountersUpgrade): one item, so a later start skips its scan with
    // one GetItem.
    static String upgradePk(String name) {
        return "UPGRADE#" + name;
    }

    public static Map<String, AttributeValue> upgrade(String name) {
        return key(upgradePk(name), upgradePk(name));
    }

    // The gate of a deal's counts aggregations (CountsGate), in the same key family.
    public static Map<String, AttributeValue> countsGate(String dealId) {
        return key(dealCountersPk(dealId, "gate"), "GATE");
    }

    static String dealCountersPk(String dealId, String shard) {
        return "COUNTERS#" + dealId + "#" + shard;
    }

    // Votes live in the voter's partition: one vote per (user, deal), a user's votes on a page of deals are one
    // BatchGetItem, an account deletion finds them with one Query, and a burst of votes on one deal spreads over
    // as many partitions as it has voters.
    public static String votesPk(String username) {
        return "VOTES#" + username;
    }

    public static Map<String, AttributeValue> vote(String username, String dealId) {
        return key(votesPk(username), dealSortKey(dealId));
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
        return key(dealRankingPk(utcDay, Integer.toString(part)), "RANKING");
    }

    static String dealRankingPk(String utcDay, String part) {
        return "RANKING#" + utcDay + "#" + part;
    }

    // The hottest lists themselves (one small computed item per window) and their rebuild counter.
    public static Map<String, AttributeValue> hottest(String window) {
        return key("HOTTEST#" + window, "HOTTEST#" + window);
    }

    public static Map<String, AttributeValue> hottestVersion() {
        return key("HOTTEST", "VERSION");
    }
}

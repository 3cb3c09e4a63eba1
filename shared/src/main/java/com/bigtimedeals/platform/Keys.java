package com.bigtimedeals.platform;

import java.util.HashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The key chart's core (docs/data-model.md is its prose): the table's key attributes, the one way a key is built, and
 * the partitions no one feature owns: platform's own (idempotency records, unfinished walks), a user's devices
 * partition (devices, quiet hours' held pushes and a data upgrade write it; the stream reads its settings) and the
 * minute buckets of reminders (saved deals' and quiet hours' ends, read by one sweeper). Every other key string is
 * built in its feature's slice of the chart ({@code DealKeys}, {@code CatalogKeys}, {@code PriceKeys},
 * {@code AccountKeys}, {@code CommunityKeys}, {@code InboxKeys}, {@code SavedKeys}, {@code DeviceKeys}) and nowhere
 * else. Indexing attributes (PK, SK, GSIn*, UserIndex) hold only these strings; the application attributes beside them are never
 * parsed back out of a key.
 */
public final class Keys {
    public static final String PK = TableDefinition.PARTITION_KEY;

    public static final String SK = TableDefinition.SORT_KEY;

    public static final String TYPE = "Type";

    /** The entity types of the partitions below, stored in their items' {@code Type} attribute. */
    public static final String IDEMPOTENCY_RECORD = "IdempotencyRecord";
    public static final String NOTIFICATION_SETTINGS = "NotificationSettings";

    private Keys() {
    }

    /**
     * IAM's {@code StringLike} wildcard, where a key names one deal, user, brand...: the grants' key families
     * (topology's {@code PartitionKeys}) are built with it.
     */
    public static final String ANY = "*";

    public static Map<String, AttributeValue> key(String pk, String sk) {
        Map<String, AttributeValue> key = new HashMap<>(4);
        key.put(PK, AttributeValue.fromS(pk));
        key.put(SK, AttributeValue.fromS(sk));
        return key;
    }

    /**
     * A key part too long for a key, as a key may hold it: its SHA-256 digest, base64url without padding (43
     * characters). A link may be 2,048 characters, and more bytes once encoded, while a partition key holds at most
     * 2,048 bytes: a link guard and a link's lowest price are keyed by their link's digest.
     */
    public static String digest(String text) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }

    /** The GSI1 partition of the sweeper's index that holds unfinished walks of one shard ({@code WalkStore}). */
    public static String unfinishedWalks(int shard) {
        return unfinishedWalks(Integer.toString(shard));
    }

    /** As above, for a shard given as text ({@link #ANY}: every shard, for an IAM pattern). */
    public static String unfinishedWalks(String shard) {
        return "WALKS#" + shard;
    }

    // Idempotency keys: one partition per caller, so that one caller's keys never meet another's; the key itself is
    // the sort key, apart from the caller's name, so no pair of (caller, key) can spell another pair's item.
    public static Map<String, AttributeValue> idempotencyRecord(String caller, String key) {
        return key("IDEMPOTENCY#" + caller, "KEY#" + key);
    }

    /** The minute buckets of pending reminders: saved deals' ({@code SavedKeys}) and quiet hours' ends ({@code InboxKeys}). */
    public static String reminderPk(String minute) {
        return "REMIND#" + minute;
    }

    // Devices and push (docs/data-model.md, "Devices and push"): a user's devices (DEVICE#<deviceId>, a KSUID, so one
    // descending Query lists them newest first), the tombstones of removed ones (REMOVED#<deviceId>: a repeated DELETE is
    // a 204, an id never the user's a 404) and the notification settings (DEVICE~SETTINGS) share DEVICES#<user>. Who holds a
    // token is one item per (platform, token), keyed by the token's SHA-256 (a token may be 4,096 characters, more than a
    // key may hold), so a token registered by another account is found, and moved, in one read.
    public static String devicesPk(String username) {
        return "DEVICES#" + username;
    }

    /**
     * The settings sort right after the devices ({@code '~'} after {@code '#'}) and before the held pushes and the
     * tombstones, so one Query from {@code DeviceKeys.DEVICE_PREFIX} to this key reads a user's devices and settings and
     * nothing else, however many tombstones or held pushes the partition has (a push's one read, DeviceStore#pushTargets).
     */
    public static final String NOTIFICATION_SETTINGS_SK = "DEVICE~SETTINGS";

    /** The user a {@code DEVICES#<user>} partition key names (a settings record carries no username of its own). */
    public static String userOfDevicesPk(String pk) {
        return pk.substring("DEVICES#".length());
    }
}

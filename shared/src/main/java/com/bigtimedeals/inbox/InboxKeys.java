package com.bigtimedeals.inbox;

import java.util.Map;

import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The inbox feature's slice of the key chart (docs/data-model.md): messages, hot-deal blasts and their segments, new
 * deals' fan-outs, alerts (in their words' shards, and in their users' partitions), and quiet hours' holds and ends.
 */
public final class InboxKeys {
    private InboxKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String MESSAGE = "Message";
    public static final String BLAST = "Blast";
    public static final String BLAST_SEGMENT = "BlastSegment";
    public static final String FAN_OUT = "FanOut";
    public static final String FAN_OUT_CLAIM = "FanOutClaim";
    public static final String DEAL_BLAST = "DealBlast";
    public static final String ALERT = "Alert";
    public static final String DELETED_ALERT = "DeletedAlert";
    public static final String ALERT_COUNT = "AlertCount";
    public static final String ALERT_ENTRY = "AlertEntry";
    public static final String ALERT_WORD = "AlertWord";
    public static final String ALERT_FAN_OUT = "AlertFanOut";
    public static final String PUSH_HELD = "PushHeld";
    public static final String QUIET_END = "QuietEnd";
    public static final String QUIET_WOKEN = "QuietWoken";
    public static final String QUIET_END_SWEPT = "QuietEndSwept";

    /** What every inbox partition's key starts with. */
    public static final String MESSAGES_PREFIX = "MESSAGES#";

    public static String messagesPk(String username) {
        return MESSAGES_PREFIX + username;
    }

    public static String messageSk(String messageId) {
        return "MESSAGE#" + messageId;
    }

    public static Map<String, AttributeValue> message(String username, String messageId) {
        return Keys.key(messagesPk(username), messageSk(messageId));
    }

    // Hot-deal blasts and fan-out work
    public static String blastPk(String blastId) {
        return "BLAST#" + blastId;
    }

    public static Map<String, AttributeValue> blast(String blastId) {
        return Keys.key(blastPk(blastId), blastPk(blastId));
    }

    /**
     * Each segment has a partition key of its own: stream records are spread over shards, and processed in
     * parallel within a shard, by partition key, so segments sharing one would run one after another.
     */
    public static Map<String, AttributeValue> blastSegment(String blastId, int segment) {
        String pk = blastPk(blastId) + String.format("#SEGMENT#%04d", segment);
        return Keys.key(pk, pk);
    }

    /** The one blast a deal may have: taken in the same transaction as the blast, so a second request finds it. */
    public static Map<String, AttributeValue> dealBlast(String dealId) {
        return Keys.key(DealKeys.dealPk(dealId), "BLAST");
    }

    /** Taken by the first run of a new deal's fan-out over one watcher list; lives beside the deal. */
    public static Map<String, AttributeValue> fanOutClaim(String dealId, Likeable source) {
        return Keys.key(DealKeys.dealPk(dealId), "FANOUT#" + source.name());
    }

    public static Map<String, AttributeValue> fanOut(String dealId, Likeable source) {
        String pk = fanOutPk(dealId, source.name());
        return Keys.key(pk, pk);
    }

    public static String fanOutPk(String dealId, String source) {
        return "FANOUT#" + dealId + "#" + source;
    }

    public static String wordShardPk(String word, int shard) {
        return shard == 0 ? DealKeys.wordPk(word) : DealKeys.wordPk(word) + "#" + shard;
    }

    /** The word's alert head (count, shards): a prefix of every alert sort key, so it sorts first among them. */
    public static final String ALERTS_PREFIX = "ALERT";

    public static String alertSk(String alertId) {
        return ALERTS_PREFIX + "#" + alertId;
    }

    public static Map<String, AttributeValue> alertWord(String word) {
        return Keys.key(DealKeys.wordPk(word), ALERTS_PREFIX);
    }

    public static Map<String, AttributeValue> alertEntry(String word, int shard, String alertId) {
        return Keys.key(wordShardPk(word, shard), alertSk(alertId));
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
        return Keys.key(wordShardPk(word, shard), heatSk(minTemperature, alertId));
    }

    // Quiet hours (docs/data-model.md, "Quiet hours"): a push held in them is HELD#<messageId> in the user's devices
    // partition, until the summary; when the window ends, a due item per user in the minute bucket of that end,
    // REMIND#QUIET#<yyyy-MM-ddTHH:mm>#<shard> (the reminders' pattern, in their family: the same sweeper reads both),
    // and the quiet-end sweep's own mark (REMIND#QUIET#SWEPT).
    public static final String HELD_PREFIX = "HELD#";

    public static Map<String, AttributeValue> heldPush(String username, String messageId) {
        return Keys.key(Keys.devicesPk(username), HELD_PREFIX + messageId);
    }

    public static String quietEndPk(String minute, int shard) {
        return Keys.reminderPk("QUIET#" + minute + "#" + shard);
    }

    public static Map<String, AttributeValue> quietEnd(String minute, int shard, String username) {
        return Keys.key(quietEndPk(minute, shard), "USER#" + username);
    }

    public static Map<String, AttributeValue> quietEndSwept() {
        return Keys.key(Keys.reminderPk("QUIET#SWEPT"), Keys.reminderPk("QUIET#SWEPT"));
    }

    /** A user's alerts, their count (the limit's guard) and the tombstones of deleted ones share one partition. */
    public static String alertsPk(String username) {
        return "ALERTS#" + username;
    }

    public static Map<String, AttributeValue> alert(String username, String alertId) {
        return Keys.key(alertsPk(username), alertSk(alertId));
    }

    public static Map<String, AttributeValue> deletedAlert(String username, String alertId) {
        return Keys.key(alertsPk(username), "DELETED#" + alertId);
    }

    public static Map<String, AttributeValue> alertCount(String username) {
        return Keys.key(alertsPk(username), "COUNT");
    }

    /** A new deal's alert matching handed on to a later invocation: a resumable walk like a watcher list's. */
    public static Map<String, AttributeValue> alertFanOut(String dealId) {
        String pk = "FANOUT#" + dealId + "#ALERTS";
        return Keys.key(pk, pk);
    }
}

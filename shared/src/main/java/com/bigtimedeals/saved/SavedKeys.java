package com.bigtimedeals.saved;

import java.util.Map;

import com.bigtimedeals.platform.Keys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The saved deals' slice of the key chart (docs/data-model.md): each saver's list and count, each deal's savers, reminders. */
public final class SavedKeys {
    private SavedKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String SAVED = "Saved";
    public static final String SAVED_COUNT = "SavedCount";
    public static final String SAVER = "Saver";
    public static final String REMINDER = "Reminder";
    public static final String REMINDER_SWEPT = "ReminderSwept";

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
        return Keys.key(savedPk(username), "COUNT");
    }

    public static String saversPk(String dealId) {
        return "SAVERS#" + dealId;
    }

    public static Map<String, AttributeValue> saver(String dealId, String username) {
        return Keys.key(saversPk(dealId), "USER#" + username);
    }

    public static String reminderSk(String dealId, String username) {
        return "DEAL#" + dealId + "#USER#" + username;
    }

    public static Map<String, AttributeValue> reminderSwept() {
        return Keys.key(Keys.reminderPk("SWEPT"), Keys.reminderPk("SWEPT"));
    }
}

package com.bigtimedeals.devices;

import java.util.Map;

import com.bigtimedeals.platform.Keys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The devices feature's slice of the key chart (docs/data-model.md): devices and their tombstones, settings, push tokens and claims. */
public final class DeviceKeys {
    private DeviceKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String DEVICE = "Device";
    public static final String REMOVED_DEVICE = "RemovedDevice";
    public static final String PUSH_TOKEN = "PushToken";
    public static final String PUSH_CLAIM = "PushClaim";

    public static final String DEVICE_PREFIX = "DEVICE#";

    public static Map<String, AttributeValue> device(String username, String deviceId) {
        return Keys.key(Keys.devicesPk(username), DEVICE_PREFIX + deviceId);
    }

    public static Map<String, AttributeValue> removedDevice(String username, String deviceId) {
        return Keys.key(Keys.devicesPk(username), "REMOVED#" + deviceId);
    }

    /**
     * The user's device set's version, {@code DEVICE~SET}: between the devices and the settings ({@code ~} after
     * {@code #}, and a prefix of {@code DEVICE~SETTINGS}), so a registration reads it with the devices in its one Query
     * and writes it in its transaction, conditioned on the version read: two registrations that each read nine devices
     * cannot both add one (the at-most-10 rule held under concurrency).
     */
    public static final String DEVICE_SET = "DeviceSet";
    public static final String DEVICE_SET_SK = "DEVICE~SET";

    public static Map<String, AttributeValue> deviceSet(String username) {
        return Keys.key(Keys.devicesPk(username), DEVICE_SET_SK);
    }

    public static Map<String, AttributeValue> notificationSettings(String username) {
        return Keys.key(Keys.devicesPk(username), Keys.NOTIFICATION_SETTINGS_SK);
    }

    public static String pushTokenPk(String digest) {
        return "PUSHTOKEN#" + digest;
    }

    public static Map<String, AttributeValue> pushToken(String digest) {
        return Keys.key(pushTokenPk(digest), pushTokenPk(digest));
    }

    /** One message's pushes: a claim per device, written create-only before the push leaves (PushStore). */
    public static String pushesPk(String messageId) {
        return "PUSH#" + messageId;
    }

    public static Map<String, AttributeValue> pushClaim(String messageId, String deviceId) {
        return Keys.key(pushesPk(messageId), DEVICE_PREFIX + deviceId);
    }
}

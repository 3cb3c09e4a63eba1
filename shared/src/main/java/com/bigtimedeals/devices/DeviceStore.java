package com.bigtimedeals.devices;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A user's devices and notification settings (docs/data-model.md, "Devices and push"). A device is
 * {@code DEVICES#<user> DEVICE#<deviceId>} holding its platform, token, the token's digest and its push endpoint; who
 * holds a token is {@code PUSHTOKEN#<digest>}, written in the same transaction as the device, so a token belongs to one
 * device of one user at any moment; a removed device leaves a tombstone {@code REMOVED#<deviceId>}.
 */
public final class DeviceStore {
    /** At most this many devices per user: one more registration removes the oldest. */
    public static final int MAX_PER_USER = 10;

    private final Table table;

    public DeviceStore(Table table) {
        this.table = table;
    }

    /**
     * What a registration did: the device (new or the one already holding the token), whether it is new, and the
     * devices it removed from the caller (the oldest, past {@link #MAX_PER_USER}), whose endpoints are to go.
     */
    public record Registration(Device device, boolean created, List<Device> removed) {
    }

    /**
     * POST /me/devices: 1 strongly consistent Query of the caller's devices (the same token there: that device, 1
     * request), 1 GetItem of the token's holder, then 1 transaction: the device and the token's holder (conditioned on
     * the holder read, so two registrations of one token cannot both win), the previous holder's device removed when the
     * token moves from another user (a tombstone left), and the caller's oldest device when this is an 11th.
     * {@code endpoint} names the new device's push endpoint (called once the token is known to be new to the caller,
     * before the transaction: the push service's CreatePlatformEndpoint is idempotent per token, so a retry or a lost
     * transaction makes no second endpoint). A transaction that lost a race is tried again from the reads.
     *
     * <p>A token whose holder item says its endpoint is being released ({@link #removal}: its device was removed and
     * the endpoint's DeleteEndpoint may still be on its way) has that endpoint deleted here first ({@code
     * deleteEndpoint}, idempotent), before {@code endpoint} makes one: the token's new endpoint then has a new ARN,
     * which the late DeleteEndpoint of the old one cannot touch. Without this, CreatePlatformEndpoint answered the old
     * ARN, and the remover's delete arriving after this registration left the new device an endpoint that is gone.
     */
    public Registration register(String username, DevicePlatform platform, String token, UnaryOperator<Device> endpoint,
                                 java.util.function.Consumer<String> deleteEndpoint) {
        String digest = digest(platform, token);
        for (int attempt = 1; ; attempt++) {
            List<Device> mine = new ArrayList<>();
            Long version = null;
            for (Map<String, AttributeValue> item : devicesAndSet(username)) {
                ItemReader r = new ItemReader(item);
                if (DeviceKeys.DEVICE_SET.equals(r.type())) {
                    version = r.number("version");
                    continue;
                }
                Device d = read(r);
                if (digest.equals(r.string("tokenDigest"))) {
                    return new Registration(d, false, List.of());
                }
                mine.add(d);
            }
            Map<String, AttributeValue> holderItem = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(DeviceKeys.pushToken(digest)).consistentRead(true).build()).item();
            ItemReader holder = holderItem == null || holderItem.isEmpty() ? null : new ItemReader(holderItem);
            String releasing = holder != null && holder.has(RELEASING) ? holder.string(RELEASING) : null;
            if (releasing != null) {
                deleteEndpoint.accept(releasing); // before the create, so it answers a new ARN (above)
            }
            Instant now = table.clock().instant();
            Device draft = endpoint.apply(new Device(Ids.deviceId(now), platform, token, now, null));
            List<TransactWriteItem> writes = new ArrayList<>();
            writes.add(put(deviceItem(username, draft, digest), "attribute_not_exists(PK)", Map.of()));
            Map<String, AttributeValue> holderValues = new HashMap<>();
            String holderCondition = "attribute_not_exists(PK)";
            if (releasing != null) {
                // No device holds the token (its last one was removed, with its tombstone): only the mark is replaced.
                holderCondition = RELEASING + " = :r";
                holderValues.put(":r", AttributeValue.fromS(releasing));
            } else if (holder != null) {
                holderCondition = "username = :u AND deviceId = :d";
                holderValues.put(":u", AttributeValue.fromS(holder.string("username")));
                holderValues.put(":d", AttributeValue.fromS(holder.string("deviceId")));
                // The token moves from the previous holder's device (another account, or a device of the caller's that a
                // concurrent registration removed): that device goes, and keeps a tombstone for its owner's DELETE.
                writes.add(delete(DeviceKeys.device(holder.string("username"), holder.string("deviceId")), null, Map.of()));
                writes.add(put(tombstone(holder.string("username"), new Device(holder.string("deviceId"), platform, token,
                        holder.instant("createdAt"), draft.endpointArn()), now), null, Map.of()));
            }
            writes.add(put(new ItemWriter(DeviceKeys.pushToken(digest), DeviceKeys.PUSH_TOKEN).string("username", username)
                    .string("deviceId", draft.id()).instant("createdAt", draft.createdAt()).build(), holderCondition, holderValues));
            // The device set as read, or this transaction fails and reads again: concurrent registrations of the caller
            // (each reading nine devices) would otherwise each add one, past the ten (found over HTTP: twelve at once
            // left twenty).
            writes.add(put(new ItemWriter(DeviceKeys.deviceSet(username), DeviceKeys.DEVICE_SET)
                    .number("version", version == null ? 1 : version + 1).build(),
                    version == null ? "attribute_not_exists(PK)" : "version = :v",
                    version == null ? Map.of() : Map.of(":v", AttributeValue.fromN(Long.toString(version)))));
            List<Device> removed = new ArrayList<>();
            if (mine.size() >= MAX_PER_USER) {
                mine.sort(Comparator.comparing(Device::id));
                for (Device oldest : mine.subList(0, mine.size() - MAX_PER_USER + 1)) {
                    writes.addAll(removal(username, oldest, now));
                    removed.add(oldest);
                }
            }
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return new Registration(draft, true, removed);
            } catch (TransactionCanceledException e) {
                // Another registration or removal of the same token or devices got there first: read again. Each such
                // loss is another request's commit (several accounts registering one phone's token at once: each
                // moves it in turn, and each is answered 201, the last one holding it), and a transaction merely
                // holding one of the items (a conflict) changed nothing: either way as many tries as any contended
                // write gets (Transactions). Four were too few for six accounts racing one token (503s).
                if (attempt >= Transactions.CONFLICT_ATTEMPTS) {
                    throw DomainException.unavailable("the device is busy; try again");
                }
                Transactions.backOff(attempt);
            }
        }
    }

    /**
     * The device given another endpoint (its own was gone at the push service): 1 PutItem of the device as read with
     * the new ARN, conditioned on the item still holding the ARN it was read with, so a device removed, moved or given
     * an endpoint by a concurrent registration is left as that made it. True when this call replaced it.
     */
    public boolean replaceEndpoint(String username, Device device, String endpointArn) {
        try {
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                    .item(deviceItem(username, device.withEndpoint(endpointArn), digest(device.platform(), device.token())))
                    .conditionExpression("endpointArn = :old")
                    .expressionAttributeValues(Map.of(":old", AttributeValue.fromS(device.endpointArn()))).build()));
            return true;
        } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException e) {
            return false;
        }
    }

    /** A user's devices (oldest first) and notification settings, as one push reads them. */
    public record Targets(List<Device> devices, NotificationSettings settings) {
    }

    /**
     * What a push needs, in 1 strongly consistent Query (a device removed or a kind switched off a moment ago gets
     * nothing): the devices and the settings, which sort next to each other ({@code DEVICE#<id>} then
     * {@code DEVICE~SETTINGS}), so the key condition's range holds nothing else of the partition (no tombstone, no held
     * push) and a user costs a bounded read however many devices they removed. Descending, so the settings item comes
     * first and the page (the devices a user may have, plus the one a racing registration adds, plus the settings)
     * always holds it; a page cut short by more devices than that is followed.
     */
    public Targets pushTargets(String username) {
        List<Device> out = new ArrayList<>();
        NotificationSettings settings = NotificationSettings.DEFAULTS;
        Map<String, AttributeValue> from = null;
        do {
            QueryRequest.Builder q = QueryRequest.builder().tableName(table.name()).consistentRead(true)
                    .keyConditionExpression("PK = :pk AND SK BETWEEN :d AND :s")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(Keys.devicesPk(username)),
                            ":d", AttributeValue.fromS(DeviceKeys.DEVICE_PREFIX), ":s", AttributeValue.fromS(Keys.NOTIFICATION_SETTINGS_SK)))
                    .scanIndexForward(false).limit(MAX_PER_USER * 2 + 1);
            if (from != null) {
                q.exclusiveStartKey(from);
            }
            var page = table.client().query(q.build());
            for (Map<String, AttributeValue> item : page.items()) {
                ItemReader r = new ItemReader(item);
                if (DeviceKeys.DEVICE.equals(r.type())) {
                    out.add(read(r));
                } else if (Keys.NOTIFICATION_SETTINGS.equals(r.type())) {
                    settings = settings(r);
                }
            }
            from = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (from != null);
        java.util.Collections.reverse(out); // oldest first, as the devices are pushed
        return new Targets(out, settings);
    }

    /** Every device of the user (strongly consistent: a device removed a moment ago gets nothing). */
    public List<Device> devicesToPush(String username) {
        List<Device> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : liveDeviceItems(username)) {
            out.add(read(new ItemReader(item)));
        }
        return out;
    }

    /** GET /me/devices: 1 Query, newest first (device ids sort by creation). */
    public List<Device> list(String username) {
        List<Device> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : table.client().query(liveDevices(username).scanIndexForward(false).build()).items()) {
            out.add(read(new ItemReader(item)));
        }
        return out;
    }

    /**
     * DELETE /me/devices/{deviceId}: 1 BatchGetItem (the device and its tombstone), then 1 transaction that removes the
     * device and its token's holder item and leaves a tombstone. Answers the device removed (its endpoint is to go), or
     * null when it was removed before; an id that never was the caller's device is NOT_FOUND.
     */
    public Device remove(String username, String deviceId) {
        List<Map<String, AttributeValue>> found = TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(DeviceKeys.device(username, deviceId), DeviceKeys.removedDevice(username, deviceId)).consistentRead(true).build());
        ItemReader live = null;
        boolean tombstone = false;
        for (Map<String, AttributeValue> item : found) {
            ItemReader r = new ItemReader(item);
            live = DeviceKeys.DEVICE.equals(r.type()) ? r : live;
            tombstone |= DeviceKeys.REMOVED_DEVICE.equals(r.type());
        }
        if (live == null) {
            if (tombstone) {
                return null;
            }
            throw DomainException.notFound("device not found");
        }
        Device device = read(live);
        return removeKnown(username, device) ? device : null;
    }

    /**
     * Removes a device the caller read (a dead one the push service reported, one of an account being deleted): true
     * when this call removed it, false when it was gone already (removed, moved, or replaced concurrently).
     */
    public boolean removeKnown(String username, Device device) {
        try {
            // Retried while another transaction holds the items (a conflict is no answer: the device may still be
            // there); the device's own condition makes the removal count once.
            List<TransactWriteItem> removal = removal(username, device, table.clock().instant());
            Transactions.retrying(() -> table.client().transactWriteItems(TransactWriteItemsRequest.builder()
                    .transactItems(removal).build()));
            return true;
        } catch (TransactionCanceledException e) {
            if (Contention.isContention(e)) {
                throw e;
            }
            return false;
        }
    }

    /** GET /me/notifications: 1 GetItem; a user who never set them has the defaults. */
    public NotificationSettings settings(String username) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(DeviceKeys.notificationSettings(username)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            return NotificationSettings.DEFAULTS;
        }
        return settings(new ItemReader(item));
    }

    private static NotificationSettings settings(ItemReader r) {
        NotificationSettings.QuietHours quiet = r.has("quietStart")
                ? new NotificationSettings.QuietHours(r.string("quietStart"), r.string("quietEnd"), r.string("quietZone"))
                : null;
        return new NotificationSettings(r.bool("watches"), r.bool("alerts"), r.bool("blasts"), r.bool("reminders"), quiet);
    }

    /** When the settings were last put, in epoch milliseconds: an account deletion leaves a later account's. */
    private static final String UPDATED_AT_MS = "updatedAtMs";

    /**
     * An account deletion's last step: the notification settings and the device set's version item go, so a user
     * who signs up again under the name starts with every kind on and no quiet hours (api.md: all true for a new
     * user), and nothing of the account stays. Settings put after {@code deletedAt} are the new account's, kept.
     * 2 DeleteItems (the settings conditioned on their time); how many items went.
     */
    public int removeSettingsForDeletion(String username, Instant deletedAt) {
        int removed = 0;
        try {
            Transactions.retrying(() -> table.client().deleteItem(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder()
                    .tableName(table.name()).key(DeviceKeys.notificationSettings(username))
                    .conditionExpression("attribute_exists(PK) AND (attribute_not_exists(#u) OR #u <= :at)")
                    .expressionAttributeNames(Map.of("#u", UPDATED_AT_MS))
                    .expressionAttributeValues(Map.of(":at", AttributeValue.fromN(Long.toString(deletedAt.toEpochMilli()))))
                    .build()));
            removed++;
        } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException none) {
            // No settings, or the new account's.
        }
        Transactions.retrying(() -> table.client().deleteItem(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder()
                .tableName(table.name()).key(DeviceKeys.deviceSet(username)).build()));
        return removed;
    }

    /** PUT /me/notifications: 1 PutItem, the whole object replaced. */
    public NotificationSettings putSettings(String username, NotificationSettings s) {
        ItemWriter w = new ItemWriter(DeviceKeys.notificationSettings(username), Keys.NOTIFICATION_SETTINGS)
                .bool("watches", s.watches()).bool("alerts", s.alerts()).bool("blasts", s.blasts()).bool("reminders", s.reminders())
                .number(UPDATED_AT_MS, table.clock().millis());
        if (s.quietHours() != null) {
            w.string("quietStart", s.quietHours().start()).string("quietEnd", s.quietHours().end())
                    .string("quietZone", s.quietHours().timeZone());
        }
        // The whole object replaced: a retry after a transaction held the item writes the same item.
        Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(w.build()).build()));
        return s;
    }

    /**
     * The caller's devices and their set's version item, in 1 strongly consistent Query, descending: the version item
     * sorts after every device ({@code DEVICE~SET}), so it is first on the page whatever the devices.
     */
    private List<Map<String, AttributeValue>> devicesAndSet(String username) {
        return table.client().query(QueryRequest.builder().tableName(table.name()).consistentRead(true)
                .keyConditionExpression("PK = :pk AND SK BETWEEN :d AND :s")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(Keys.devicesPk(username)),
                        ":d", AttributeValue.fromS(DeviceKeys.DEVICE_PREFIX), ":s", AttributeValue.fromS(DeviceKeys.DEVICE_SET_SK)))
                .scanIndexForward(false).limit(MAX_PER_USER * 2 + 1).build()).items();
    }

    private List<Map<String, AttributeValue>> liveDeviceItems(String username) {
        return table.client().query(liveDevices(username).consistentRead(true).build()).items();
    }

    private QueryRequest.Builder liveDevices(String username) {
        return QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk AND begins_with(SK, :d)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(Keys.devicesPk(username)),
                        ":d", AttributeValue.fromS(DeviceKeys.DEVICE_PREFIX)))
                // At most MAX_PER_USER live devices, plus the one a racing registration may have added.
                .limit(MAX_PER_USER * 2);
    }

    /** A token's holder item whose device is removed and whose endpoint is being deleted: that endpoint's ARN. */
    static final String RELEASING = "releasingEndpoint";

    /** How long a release mark outlives its removal (TTL): far beyond any function's timeout. */
    static final java.time.Duration MARK_LIFETIME = java.time.Duration.ofDays(1);

    /**
     * The device gone (it must still be there), a tombstone left, and its token's holder item, if it still names it,
     * replaced by a mark that the token's endpoint is being released (deleted by {@link #releaseEndpoint} after this
     * commits). The mark is what makes that delete safe against a registration of the same token in between, which
     * CreatePlatformEndpoint would answer with the same ARN: the registration reads the mark and deletes the endpoint
     * itself before making a new one ({@link #register}). A device without an endpoint leaves no mark.
     */
    private List<TransactWriteItem> removal(String username, Device device, Instant now) {
        Map<String, AttributeValue> key = DeviceKeys.pushToken(digest(device.platform(), device.token()));
        String stillItsOwn = "attribute_not_exists(PK) OR deviceId = :d";
        Map<String, AttributeValue> values = Map.of(":d", AttributeValue.fromS(device.id()));
        // The mark names no user (outside the user's own partition, where the tombstone stays, nothing of a removed
        // device names them) and expires a day on: its one job is to make a DeleteEndpoint still on its way harmless,
        // and every such delete is made by the request that committed the removal, within its function's timeout (a
        // mark left in place, by a pushed-out device, needs no clearing).
        TransactWriteItem holder = device.endpointArn() == null ? delete(key, stillItsOwn, values)
                : put(new ItemWriter(key, DeviceKeys.PUSH_TOKEN).string("deviceId", device.id())
                        .string(RELEASING, device.endpointArn()).instant("releasedAt", now)
                        .number(TableDefinition.TTL_ATTRIBUTE, now.plus(MARK_LIFETIME).getEpochSecond()).build(),
                        stillItsOwn, values);
        return List.of(delete(DeviceKeys.device(username, device.id()), "attribute_exists(PK)", Map.of()), holder,
                put(tombstone(username, device, now), null, Map.of()));
    }

    /**
     * A removed device's endpoint deleted at the push service ({@code deleteEndpoint}), then its token's release mark
     * ({@link #removal}) cleared, conditioned on it still naming this endpoint (a registration that replaced it, having
     * deleted the endpoint itself, is left as it wrote). Called after the removal committed; a crash before the clear
     * leaves the mark, and the token's next registration deletes the endpoint again, which is no error.
     */
    public void releaseEndpoint(Device removed, java.util.function.Consumer<String> deleteEndpoint) {
        if (removed.endpointArn() == null) {
            return;
        }
        deleteEndpoint.accept(removed.endpointArn());
        try {
            // Retried while another transaction holds the token's item, as every write is: a conflict is no answer.
            Transactions.retrying(() -> table.client().deleteItem(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest
                    .builder().tableName(table.name()).key(DeviceKeys.pushToken(digest(removed.platform(), removed.token())))
                    .conditionExpression(RELEASING + " = :e")
                    .expressionAttributeValues(Map.of(":e", AttributeValue.fromS(removed.endpointArn()))).build()));
        } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException e) {
            // Registered again meanwhile: the registration deleted this endpoint and holds the token now.
        }
    }

    /**
     * A device an 11th registration pushed out: its endpoint deleted at the push service and its token's release mark
     * left in place, to expire (TTL) or be replaced by the token's next registration, which deletes the endpoint again
     * (no error) before making a new one. Clearing the mark here would be a fourth DynamoDB request of {@code POST
     * /me/devices} (api.md: at most 3), and nothing needs it gone: a registration conditions on the mark as it reads
     * it, never on its absence.
     */
    public void deleteEndpointLeavingMark(Device removed, java.util.function.Consumer<String> deleteEndpoint) {
        if (removed.endpointArn() != null) {
            deleteEndpoint.accept(removed.endpointArn());
        }
    }

    /**
     * A removed device: its id (a repeated DELETE is a 204) and, for the local stack's record of what the push service
     * delivered to it, its platform, endpoint and the time it was registered until.
     */
    private Map<String, AttributeValue> tombstone(String username, Device d, Instant now) {
        return new ItemWriter(DeviceKeys.removedDevice(username, d.id()), DeviceKeys.REMOVED_DEVICE).string("id", d.id())
                .string("platform", d.platform().wire()).string("endpointArn", d.endpointArn())
                .instant("createdAt", d.createdAt()).instant("removedAt", now).build();
    }

    /** A device a user has or had: removedAt null while registered. */
    public record History(Device device, Instant removedAt) {
    }

    /** Every device the user has or had, registered or removed (1 Query of the user's partition; the local stack's pushes). */
    public List<History> history(String username) {
        List<History> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : TableReads.partition(table, Keys.devicesPk(username), true)) {
            ItemReader r = new ItemReader(item);
            if (DeviceKeys.DEVICE.equals(r.type())) {
                out.add(new History(read(r), null));
            } else if (DeviceKeys.REMOVED_DEVICE.equals(r.type()) && r.has("platform")) {
                out.add(new History(new Device(r.string("id"), DevicePlatform.fromWire(r.string("platform")), "",
                        r.instant("createdAt"), r.string("endpointArn")), r.instant("removedAt")));
            }
        }
        return out;
    }

    private static Map<String, AttributeValue> deviceItem(String username, Device d, String digest) {
        return new ItemWriter(DeviceKeys.device(username, d.id()), DeviceKeys.DEVICE).string("id", d.id())
                .string("platform", d.platform().wire()).string("token", d.token()).string("tokenDigest", digest)
                .instant("createdAt", d.createdAt()).string("endpointArn", d.endpointArn()).build();
    }

    private static Device read(ItemReader r) {
        return new Device(r.string("id"), DevicePlatform.fromWire(r.string("platform")), r.string("token"),
                r.instant("createdAt"), r.string("endpointArn"));
    }

    private TransactWriteItem put(Map<String, AttributeValue> item, String condition, Map<String, AttributeValue> values) {
        Put.Builder p = Put.builder().tableName(table.name()).item(item);
        if (condition != null) {
            p.conditionExpression(condition);
            if (!values.isEmpty()) {
                p.expressionAttributeValues(values);
            }
        }
        return TransactWriteItem.builder().put(p.build()).build();
    }

    private TransactWriteItem delete(Map<String, AttributeValue> key, String condition, Map<String, AttributeValue> values) {
        Delete.Builder d = Delete.builder().tableName(table.name()).key(key);
        if (condition != null) {
            d.conditionExpression(condition);
            if (!values.isEmpty()) {
                d.expressionAttributeValues(values);
            }
        }
        return TransactWriteItem.builder().delete(d.build()).build();
    }

    /** The token's key: a SHA-256 of platform and token, base64url (a token is longer than a key may be). */
    public static String digest(DevicePlatform platform, String token) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((platform.wire() + ":" + token).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

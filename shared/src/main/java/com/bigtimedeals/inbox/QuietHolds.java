package com.bigtimedeals.inbox;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Pushes held in their recipient's quiet hours, and when to summarise them (docs/data-model.md, "Quiet hours").
 * A held push is {@code DEVICES#<user> HELD#<messageId>} (kind and deal, kept until the summary); the window's end is a
 * due item {@code REMIND#QUIET#<minute>#<shard> USER#<user>} in the bucket of the minute it ends, which the sweeper
 * reads every minute ({@link #sweepDue}) as it reads the saved deals' reminders. The sweeper only wakes the user
 * (it rewrites the due item as {@code QuietWoken}, a type the stream consumer's filter lets through); the consumer,
 * the one function that publishes, decides against the settings as they stand then and sends the summary.
 */
public final class QuietHolds {
    /**
     * Due items of one minute are spread over this many partitions: a blast at night holds a push for every quiet
     * user, and most quiet hours end on the hour, so one partition per minute would take all their writes.
     */
    public static final int SHARDS = 8;
    /** A held push or a due item outlives any window (at most 24 hours) and a sweep that is days late. */
    static final Duration KEPT = Duration.ofDays(3);

    private final Table table;

    public QuietHolds(Table table) {
        this.table = table;
    }

    /** A push held: which message, its kind (the summary counts only kinds the settings still allow) and deal. */
    public record Held(String messageId, MessageKind kind, String dealId) {
    }

    /**
     * Holds the push of {@code m} until {@code windowEnd}: first the due item (so a held push always has a moment that
     * wakes its user: a crash between the two leaves a due item that wakes to nothing, never a held push nothing
     * wakes), then the held push. Both are plain puts keyed by what they are, so a redelivered record writes the same
     * two items again and the summary counts the message once.
     */
    public void hold(Message m, Instant windowEnd) {
        planEnd(m.username(), windowEnd);
        Instant now = table.clock().instant();
        ItemWriter w = new ItemWriter(InboxKeys.heldPush(m.username(), m.id()), InboxKeys.PUSH_HELD).string("messageId", m.id())
                .string("kind", m.kind().wire()).instant("heldAt", now).instant("windowEnd", windowEnd)
                .number(TableDefinition.TTL_ATTRIBUTE, now.plus(KEPT).getEpochSecond());
        if (m.dealId() != null) {
            w.string("dealId", m.dealId());
        }
        Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(w.build()).build()));
    }

    /**
     * The user is to be woken at {@code due}: a due item in that minute's bucket (not woken yet). Writing it again for
     * the same minute is the same item; one already woken in that minute is woken again, which is harmless (a wake
     * with nothing held sends nothing).
     */
    public void planEnd(String username, Instant due) {
        Instant now = table.clock().instant();
        Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                .item(new ItemWriter(InboxKeys.quietEnd(minute(due), shard(username), username), InboxKeys.QUIET_END)
                        .string("username", username).instant("due", due)
                        .number(TableDefinition.TTL_ATTRIBUTE, (due.isAfter(now) ? due : now).plus(KEPT).getEpochSecond())
                        .build()).build()));
    }

    /** The user's held pushes, oldest message first (1 strongly consistent Query while they fit in a page). */
    public List<Held> held(String username) {
        List<Held> out = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :h)")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(Keys.devicesPk(username)),
                            ":h", AttributeValue.fromS(InboxKeys.HELD_PREFIX)))
                    .consistentRead(true).exclusiveStartKey(start).build());
            for (Map<String, AttributeValue> item : r.items()) {
                ItemReader i = new ItemReader(item);
                out.add(new Held(i.string("messageId"), MessageKind.fromWire(i.string("kind")), i.string("dealId")));
            }
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return out;
    }

    /**
     * The summarised pushes released, newest first and the oldest last: the summary's id is the oldest held message's,
     * so a crash part-way leaves that message held and the next wake sends under the same id (its claims then say which
     * devices have it), never a second summary under another.
     */
    public void release(String username, List<Held> held) {
        for (int i = held.size() - 1; i >= 0; i--) {
            String messageId = held.get(i).messageId();
            Transactions.retrying(() -> table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
                    .key(InboxKeys.heldPush(username, messageId)).build()));
        }
    }

    /**
     * One sweep of the quiet hours that ended by now: every minute bucket after the last swept one up to the current
     * minute, each of its shards; each due item whose moment has come and that is not woken yet is rewritten as
     * {@code QuietWoken} (that record wakes its user in the stream consumer). The mark moves to two minutes back, as the reminders' does,
     * so a due item written into a recent minute by a hold still under way is read by a later sweep. Returns how many
     * users it woke.
     */
    public int sweepDue() {
        Instant now = table.clock().instant();
        Map<String, AttributeValue> mark = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(InboxKeys.quietEndSwept()).consistentRead(true).build()).item();
        Instant from = mark == null || mark.isEmpty() ? now.minus(Duration.ofMinutes(10)).truncatedTo(ChronoUnit.MINUTES)
                : new ItemReader(mark).instant("through").plus(Duration.ofMinutes(1));
        Instant through = now.truncatedTo(ChronoUnit.MINUTES);
        List<String> buckets = new ArrayList<>();
        for (Instant m = from; !m.isAfter(through); m = m.plus(Duration.ofMinutes(1))) {
            for (int shard = 0; shard < SHARDS; shard++) {
                buckets.add(InboxKeys.quietEndPk(minute(m), shard));
            }
        }
        int woken = sweepBuckets(buckets, now);
        Instant keep = through.minus(Duration.ofMinutes(2));
        if (keep.isAfter(from.minus(Duration.ofMinutes(1)))) {
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name())
                    .item(new ItemWriter(InboxKeys.quietEndSwept(), InboxKeys.QUIET_END_SWEPT).instant("through", keep).build()).build()));
        }
        return woken;
    }

    /** Every bucket's due items in one read of all of them ({@link TableReads#forEachPageOf}), consistent. */
    private int sweepBuckets(List<String> buckets, Instant now) {
        int[] woken = {0};
        TableReads.forEachPageOf(table, buckets, true, items -> {
            for (Map<String, AttributeValue> item : items) {
                ItemReader due = new ItemReader(item);
                if (!InboxKeys.QUIET_END.equals(due.type()) || due.instant("due").isAfter(now)) {
                    continue; // woken by an earlier sweep, or later in the current minute: a later sweep reads it again
                }
                Map<String, AttributeValue> wake = new java.util.HashMap<>(item);
                wake.put(Keys.TYPE, AttributeValue.fromS(InboxKeys.QUIET_WOKEN));
                wake.put("wokenAt", AttributeValue.fromS(now.toString()));
                Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(wake).build()));
                woken[0]++;
            }
        });
        return woken[0];
    }

    /** The bucket of an instant: its minute, as {@code yyyy-MM-ddTHH:mm}. */
    static String minute(Instant at) {
        return at.truncatedTo(ChronoUnit.MINUTES).toString().substring(0, 16);
    }

    /** A user's shard of a minute's bucket: fixed by the username, so one user's due items of a minute are one item. */
    static int shard(String username) {
        int h = 0;
        for (byte b : username.getBytes(StandardCharsets.UTF_8)) {
            h = 31 * h + (b & 0xff);
        }
        return Math.floorMod(h, SHARDS);
    }
}

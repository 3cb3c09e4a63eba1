package com.bigtimedeals.changes;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.community.CommunityKeys;
import com.bigtimedeals.community.ReportStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.InboxKeys;
import com.bigtimedeals.inbox.MessageItems;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a write to the table means to the stream consumer, from the item images alone (the consumer never sees
 * an item), and which writes can mean anything at all.
 */
public final class ItemChanges {
    /**
     * The event source mapping's filters (any one matching lets a record through), in the mapping's own pattern
     * syntax. The consumer is never invoked for anything else: the millions of message writes of a blast, likes,
     * watches, users, a blast's own later writes, finished walks. The local stack evaluates the same patterns.
     */
    public static final List<Map<String, Object>> CONSUMER_FILTERS;

    /**
     * The item types that are resumable walks ({@code WalkStore}): while one is unfinished, each record of it is a
     * step of that walk ({@link Change.WalkPending}). The consumer's filter and the decoding both read this list.
     */
    public static final List<String> WALK_TYPES = List.of(InboxKeys.BLAST_SEGMENT, InboxKeys.FAN_OUT, InboxKeys.ALERT_FAN_OUT,
            AccountKeys.ACCOUNT_DELETION, CatalogKeys.RENAME, CatalogKeys.UNFOLLOW);

    static {
        // Four filters: a mapping takes at most five by default (Lambda's quotas), so new types join an existing one.
        // Quiet hours that may have ended join the first: the sweeper's wake of a user at a window's end (a due item
        // rewritten as QuietWoken) and any change of a user's notification settings (quiet hours removed or moved).
        CONSUMER_FILTERS = List.of(
                Map.of("dynamodb", Map.of("NewImage", Map.of(Keys.TYPE, Map.of("S",
                        List.of(DealKeys.DEAL, CatalogKeys.FEATURED_LIST, DealKeys.DEAL_COUNTERS, CommunityKeys.REPORT_CASE,
                                Keys.NOTIFICATION_SETTINGS, InboxKeys.QUIET_WOKEN))))),
                Map.of("eventName", List.of("INSERT"),
                        "dynamodb", Map.of("NewImage", Map.of(Keys.TYPE, Map.of("S", List.of(InboxKeys.BLAST))))),
                // A new inbox message is a push to its recipient's devices (a message rewritten by a retry is no INSERT).
                Map.of("eventName", List.of("INSERT"),
                        "dynamodb", Map.of("NewImage", Map.of(Keys.TYPE, Map.of("S", List.of(InboxKeys.MESSAGE))))),
                Map.of("dynamodb", Map.of("NewImage", Map.of(Keys.TYPE, Map.of("S", WALK_TYPES),
                        "done", Map.of("BOOL", List.of(false))))));
    }

    private ItemChanges() {
    }

    /** {@code now} null for a REMOVE. Reads only the images: nothing depends on when a record was delivered. */
    public static Change decode(boolean insert, Map<String, AttributeValue> now, Map<String, AttributeValue> before) {
        if (now == null) {
            return new Change.Other(); // REMOVE: nothing in this design reacts to a deletion
        }
        ItemReader item = new ItemReader(now);
        String type = item.type();
        if (type == null) {
            return new Change.Other();
        }
        switch (type) {
            case DealKeys.DEAL -> {
                if (now.containsKey(DealCodec.TAKEN_DOWN_AT)) {
                    return before != null && before.containsKey(DealCodec.TAKEN_DOWN_AT) ? new Change.Other()
                            : new Change.DealTakenDown(item.string("id"), item.string("title"));
                }
                if (insert) {
                    return new Change.DealCreated(DealCodec.read(now), DealCodec.postedAt(now));
                }
                Deal is = DealCodec.read(now);
                Deal was = before == null ? null : DealCodec.read(before);
                // Counts written by the aggregation (or the hot moment) are not a correction: only content is.
                return was == null || !was.sameContent(is) ? new Change.DealCorrected(is, was) : new Change.Other();
            }
            case CatalogKeys.FEATURED_LIST -> {
                String sk = now.get(Keys.SK).s();
                if (sk.equals(CatalogKeys.featuredSk(FeaturedList.FRONT_PAGE))) {
                    return new Change.FeaturedChanged(FeaturedList.FRONT_PAGE);
                }
                if (sk.equals(CatalogKeys.featuredSk(FeaturedList.EDITORS_CHOICE))) {
                    return new Change.FeaturedChanged(FeaturedList.EDITORS_CHOICE);
                }
                return new Change.FeaturedChanged(FeaturedList.category(item.string("categoryId")));
            }
            case CommunityKeys.REPORT_CASE -> {
                ReportStore.ExpiryReached reached = ReportStore.reachedExpiry(before, now);
                return reached == null ? new Change.Other()
                        : new Change.DealReportedExpired(reached.dealId(), reached.lastReportedAt(), reached.round());
            }
            case InboxKeys.MESSAGE -> {
                return insert ? new Change.MessageArrived(MessageItems.read(now)) : new Change.Other();
            }
            case InboxKeys.QUIET_WOKEN -> {
                return new Change.QuietMayEnd(item.string("username"));
            }
            case Keys.NOTIFICATION_SETTINGS -> {
                return new Change.QuietMayEnd(Keys.userOfDevicesPk(now.get(Keys.PK).s()));
            }
            case DealKeys.DEAL_COUNTERS -> {
                // Every change writes one shard of each view: the first view's records alone name every change.
                return !DealCounters.inFirstView(item) ? new Change.Other() : new Change.CountersChanged(item.string("dealId"),
                        item.has("shard") ? (int) item.number("shard") : -1, item.has(DealCounters.WRITES) ? item.number(DealCounters.WRITES) : 0);
            }
            case InboxKeys.BLAST -> {
                // A blast recorded with its segments needs nothing more; one recorded without them gets them here.
                return insert && !now.containsKey(BlastStore.WITH_SEGMENTS) ? new Change.BlastRequested(item.string("id"))
                        : new Change.Other();
            }
            default -> {
                return WALK_TYPES.contains(type) && !item.bool("done") ? walk(type, item) : new Change.Other();
            }
        }
    }

    /** The step of an unfinished walk that a record of one of the {@link #WALK_TYPES} is. */
    private static Change.WalkPending walk(String type, ItemReader item) {
        return switch (type) {
            case InboxKeys.BLAST_SEGMENT -> new Change.BlastSegmentPending(item.string("blastId"), (int) item.number("segment"));
            case InboxKeys.FAN_OUT -> new Change.FanOutPending(item.string("dealId"), Likeable.valueOf(item.string("source")));
            case InboxKeys.ALERT_FAN_OUT -> new Change.AlertFanOutPending(item.string("dealId"));
            case AccountKeys.ACCOUNT_DELETION -> new Change.AccountDeletionPending(item.string("username"));
            case CatalogKeys.RENAME -> new Change.RenamePending(Likeable.valueOf(item.string("kind")), item.string("targetId"));
            case CatalogKeys.UNFOLLOW -> new Change.UnfollowPending(Likeable.valueOf(item.string("kind")), item.string("targetId"),
                    item.string(com.bigtimedeals.catalogue.CatalogStore.INCARNATION));
            default -> throw new IllegalStateException("a walk type with no walk: " + type);
        };
    }
}

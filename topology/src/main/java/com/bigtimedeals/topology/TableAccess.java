package com.bigtimedeals.topology;

import static com.bigtimedeals.topology.PartitionKeys.ACCOUNT_DELETION;
import static com.bigtimedeals.topology.PartitionKeys.ALERTS;
import static com.bigtimedeals.topology.PartitionKeys.RENAME;
import static com.bigtimedeals.topology.PartitionKeys.UNFOLLOW;
import static com.bigtimedeals.topology.PartitionKeys.BLAST;
import static com.bigtimedeals.topology.PartitionKeys.BRAND;
import static com.bigtimedeals.topology.PartitionKeys.BRANDS;
import static com.bigtimedeals.topology.PartitionKeys.BRAND_WATCHERS;
import static com.bigtimedeals.topology.PartitionKeys.CATEGORIES;
import static com.bigtimedeals.topology.PartitionKeys.CATEGORY;
import static com.bigtimedeals.topology.PartitionKeys.CATEGORY_WATCHERS;
import static com.bigtimedeals.topology.PartitionKeys.COMMENTS_OF_AUTHOR;
import static com.bigtimedeals.topology.PartitionKeys.DEAL;
import static com.bigtimedeals.topology.PartitionKeys.DEVICES;
import static com.bigtimedeals.topology.PartitionKeys.PUSH_TOKENS;
import static com.bigtimedeals.topology.PartitionKeys.DEAL_COUNTERS;
import static com.bigtimedeals.topology.PartitionKeys.UPGRADE;
import static com.bigtimedeals.topology.PartitionKeys.DEAL_LIVE;
import static com.bigtimedeals.topology.PartitionKeys.DEALS_CACHE;
import static com.bigtimedeals.topology.PartitionKeys.DEALS_CACHE_GATE;
import static com.bigtimedeals.topology.PartitionKeys.DEALS_CACHE_VERSION;
import static com.bigtimedeals.topology.PartitionKeys.DEAL_RANKING;
import static com.bigtimedeals.topology.PartitionKeys.FAN_OUT;
import static com.bigtimedeals.topology.PartitionKeys.FEATURED;
import static com.bigtimedeals.topology.PartitionKeys.FOLLOWS;
import static com.bigtimedeals.topology.PartitionKeys.HOTTEST;
import static com.bigtimedeals.topology.PartitionKeys.HOTTEST_VERSION;
import static com.bigtimedeals.topology.PartitionKeys.HOT_DEALS;
import static com.bigtimedeals.topology.PartitionKeys.IDEMPOTENCY;
import static com.bigtimedeals.topology.PartitionKeys.LINK_GUARD;
import static com.bigtimedeals.topology.PartitionKeys.LINK_LOW;
import static com.bigtimedeals.topology.PartitionKeys.MESSAGES;
import static com.bigtimedeals.topology.PartitionKeys.REMINDERS;
import static com.bigtimedeals.topology.PartitionKeys.REPORTS;
import static com.bigtimedeals.topology.PartitionKeys.SAVED;
import static com.bigtimedeals.topology.PartitionKeys.SAVERS;
import static com.bigtimedeals.topology.PartitionKeys.TIMELINE;
import static com.bigtimedeals.topology.PartitionKeys.USER;
import static com.bigtimedeals.topology.PartitionKeys.VOTES;
import static com.bigtimedeals.topology.PartitionKeys.WORD;

import java.util.List;
import java.util.Set;

import com.bigtimedeals.platform.TableDefinition;

/**
 * What each deployed function may do to the table, stated once: the DynamoDB actions its code calls, on the table or
 * the index each reads, and on the table only for the partition-key families it touches ({@code dynamodb:LeadingKeys}).
 * An API function is deployed once per access level ({@code DealsRead}, {@code DealsWrite}); each set covers the
 * routes of that level and the function's SnapStart priming request, a read both levels run. The CDK stack turns each
 * set into the function's IAM statements; the function tests log every request a function makes through the SDK
 * ({@code TableAccessLog}) and fail on any its set does not grant; {@code DeployedStateTest} holds the template to it.
 *
 * <p>A transaction's parts are authorized as PutItem, UpdateItem, DeleteItem and ConditionCheckItem, so those are what
 * a set names for it. An index Query grant names the index's partition-key families its code reads
 * ({@link IndexPartitions}): for a Query of a global secondary index, DynamoDB matches {@code dynamodb:LeadingKeys}
 * against the index's partition key value, so GSI1's unread messages ({@code MESSAGES#*}, projection ALL) are
 * readable only by the inbox's readers, not by every function that pages the latest deals there. A Scan has no
 * leading key at all (a key condition would not hold it), so it is granted on its index only. A condition on
 * the leading key cannot tell the items of one partition apart: a deal's comments share its partition, so a function
 * that writes comments may write there (its code only writes comment items).
 */
public final class TableAccess {
    public static final String GET_ITEM = "GetItem";
    public static final String BATCH_GET_ITEM = "BatchGetItem";
    public static final String QUERY = "Query";
    public static final String SCAN = "Scan";
    /** An ExecuteStatement SELECT keyed by an IN on the table's or an index's partition key: those partitions alone. */
    public static final String PARTIQL_SELECT = "PartiQLSelect";
    /** A PartiQL INSERT (in a BatchExecuteStatement: the push claims' groups): a create-only put of its item's key. */
    public static final String PARTIQL_INSERT = "PartiQLInsert";
    public static final String PUT_ITEM = "PutItem";
    public static final String UPDATE_ITEM = "UpdateItem";
    public static final String DELETE_ITEM = "DeleteItem";
    public static final String BATCH_WRITE_ITEM = "BatchWriteItem";
    public static final String CONDITION_CHECK_ITEM = "ConditionCheckItem";

    /**
     * One grant: {@code actions} on the table for partition keys of {@code partitions}; or, with an {@code index}, a
     * Query (or a keyed PartiQL SELECT) of that index for index partition keys of {@code indexPartitions} (each of that
     * index), or a Scan of it (no key to hold it to: none named).
     */
    public record Grant(Set<String> actions, TableDefinition.Index index, List<PartitionKeys> partitions,
                        List<IndexPartitions> indexPartitions) {
        public Grant {
            actions = Set.copyOf(actions);
            partitions = List.copyOf(partitions);
            indexPartitions = List.copyOf(indexPartitions);
            boolean valid = index == null
                    ? !partitions.isEmpty() && indexPartitions.isEmpty() && !actions.contains(SCAN)
                    : partitions.isEmpty() && (actions.equals(Set.of(QUERY)) || actions.equals(Set.of(PARTIQL_SELECT))
                            ? !indexPartitions.isEmpty() && indexPartitions.stream().allMatch(p -> p.index().equals(index))
                            : actions.equals(Set.of(SCAN)) && indexPartitions.isEmpty());
            if (!valid) {
                throw new IllegalArgumentException("a table grant names its partitions and no Scan; an index grant is a "
                        + "Query of partitions of that index, or a Scan: " + this);
            }
        }

        /**
         * What {@code dynamodb:LeadingKeys} is held to ({@code ForAllValues:StringLike}): the table's key families, or
         * the index's for a Query of it; empty for a Scan.
         */
        public List<String> leadingKeys() {
            return index == null ? partitions.stream().map(PartitionKeys::pattern).toList()
                    : indexPartitions.stream().map(IndexPartitions::pattern).toList();
        }

        /**
         * Whether this grant lets {@code action} on {@code index} (null: the table) touch {@code partitionKey} (for an
         * index Query, the index's partition key value; null for a Scan).
         */
        public boolean allows(String action, String index, String partitionKey) {
            if (!actions.contains(action)) {
                return false;
            }
            if (this.index != null || index != null) {
                return this.index != null && this.index.name().equals(index)
                        && (indexPartitions.isEmpty() || indexPartitions.stream().anyMatch(p -> p.matches(partitionKey)));
            }
            return partitions.stream().anyMatch(p -> p.matches(partitionKey));
        }
    }

    private TableAccess() {
    }

    /** The grants of {@code function} deployed for its write routes ({@code writes}) or its read routes. */
    public static List<Grant> of(LambdaFunction function, boolean writes) {
        List<Grant> own = switch (function) {
            case DEALS -> writes ? DEALS_WRITE : DEALS_READ;
            case BRANDS -> writes ? BRANDS_WRITE : BRANDS_READ;
            case CATEGORIES -> writes ? CATEGORIES_WRITE : CATEGORIES_READ;
            case FOLLOWS -> writes ? FOLLOWS_WRITE : FOLLOWS_READ;
            case DEVICES -> writes ? DEVICES_WRITE : DEVICES_READ;
            case INBOX -> writes ? INBOX_WRITE : INBOX_READ;
            case VOTES -> writes ? VOTES_WRITE : VOTES_READ;
            case SEARCH -> writes ? SEARCH_WRITE : SEARCH_READ;
            case COMMENTS -> writes ? COMMENTS_WRITE : COMMENTS_READ;
            case STREAM_CONSUMER -> STREAM_CONSUMER;
            case SWEEPER -> SWEEPER;
            case EDITORS_GROUP_GATE -> List.of(); // it asks Cognito, never the table
        };
        // Any POST may carry an Idempotency-Key (ApiHandler, for every POST route, present and future): its record is
        // claimed, read while a concurrent twin runs, answered or released, in the caller's own partition; an operation
        // that carries its key in its own requests (Operation.carriesIdempotencyKey) reads the record with its own
        // BatchGetItem and writes it in its transaction (a PutItem, as a transaction's parts are authorized).
        List<Route> routes = function.kind() == LambdaFunction.Kind.API
                ? RouteTable.of(function).stream().filter(r -> r.writes() == writes && "POST".equals(r.method())).toList()
                : List.of();
        if (routes.isEmpty()) {
            return own;
        }
        boolean carried = routes.stream().anyMatch(r -> r.operation().carriesIdempotencyKey());
        return java.util.stream.Stream.concat(own.stream(), java.util.stream.Stream.of(
                carried ? CARRIED_IDEMPOTENCY_RECORDS : IDEMPOTENCY_RECORDS)).toList();
    }

    private static final Grant IDEMPOTENCY_RECORDS = table(List.of(IDEMPOTENCY), GET_ITEM, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM);
    private static final Grant CARRIED_IDEMPOTENCY_RECORDS = table(List.of(IDEMPOTENCY), GET_ITEM, BATCH_GET_ITEM,
            PUT_ITEM, UPDATE_ITEM, DELETE_ITEM);

    /** Whether any of {@code grants} allows the access. */
    public static boolean allows(List<Grant> grants, String action, String index, String partitionKey) {
        return grants.stream().anyMatch(g -> g.allows(action, index, partitionKey));
    }

    private static Grant table(List<PartitionKeys> partitions, String... actions) {
        return new Grant(Set.of(actions), null, partitions, List.of());
    }

    /** A Query of the index these families are of (all of one index), for those partitions only. */
    private static Grant query(IndexPartitions... partitions) {
        return new Grant(Set.of(QUERY), partitions[0].index(), List.of(), List.of(partitions));
    }

    /**
     * A PartiQL SELECT of the index these families are of, keyed by its partition key (an IN list), for those
     * partitions only: DynamoDB matches {@code dynamodb:LeadingKeys} against every partition key value the statement
     * names, as for a Query. A SELECT that names none is a full scan with no leading key, which {@code ForAllValues}
     * lets through: the stack denies those wherever it grants this ({@code DataResources.grant}).
     */
    private static Grant select(IndexPartitions... partitions) {
        return new Grant(Set.of(PARTIQL_SELECT), partitions[0].index(), List.of(), List.of(partitions));
    }

    /** A Scan of {@code index}: no leading key to hold it to. */
    private static Grant scan(TableDefinition.Index index) {
        return new Grant(Set.of(SCAN), index, List.of(), List.of());
    }

    /**
     * The front page (a cached copy, else its sources), a deal with its counter shards, Editor's Choice, a blast's
     * progress; the latest deals, the hot list, the hottest lists. Every function that pages a deal list may read a
     * bucket's marker from the table ({@code TIMELINE} GetItem), for a page whose bucket the index does not show yet.
     */
    private static final List<Grant> DEALS_READ = List.of(
            table(List.of(DEAL, DEALS_CACHE, FEATURED, BLAST, HOTTEST, TIMELINE), GET_ITEM),
            // The counters' upgrade record is read with the shards until this process has seen it (DealCounters.keys).
            table(List.of(BLAST, DEAL, DEAL_COUNTERS, UPGRADE), BATCH_GET_ITEM),
            table(List.of(TIMELINE, HOT_DEALS, DEAL), QUERY),
            query(IndexPartitions.LATEST_DEALS));

    /**
     * A new deal into its brand's and category's buckets with its link's guard (the guard's holder read when the claim
     * fails) and its liveness markers (taken down with it), a correction (a new link or expiry moves the guard in the same transaction; one that expires the deal
     * frees it and rewrites its featured copies and the front page's), a takedown, the featured lists, a blast and its
     * marker; priming: the front page.
     */
    private static final List<Grant> DEALS_WRITE = List.of(
            table(List.of(DEAL, FEATURED, BLAST, DEALS_CACHE, LINK_GUARD, TIMELINE), GET_ITEM),
            // A new deal reads its brand, its category and its link's lowest price in one BatchGetItem (DealPosting).
            table(List.of(DEAL, BRAND, CATEGORY, BLAST, DEAL_COUNTERS, UPGRADE, LINK_LOW), BATCH_GET_ITEM),
            table(List.of(TIMELINE, FEATURED), QUERY),
            table(List.of(DEAL, TIMELINE, BLAST, DEALS_CACHE, LINK_GUARD, DEAL_LIVE), PUT_ITEM),
            table(List.of(DEAL, TIMELINE, FEATURED, DEALS_CACHE_VERSION, DEAL_LIVE), UPDATE_ITEM),
            table(List.of(LINK_GUARD), DELETE_ITEM),
            query(IndexPartitions.LATEST_DEALS));

    /** The brand list, a brand, a brand's latest deals; the editors' deal with its version, and a deal's history. */
    private static final List<Grant> BRANDS_READ = List.of(
            table(List.of(BRAND, TIMELINE), GET_ITEM),
            // A brand with its watch count item (the same key family).
            table(List.of(BRAND), BATCH_GET_ITEM),
            table(List.of(BRANDS, TIMELINE), QUERY),
            query(IndexPartitions.BRAND_LATEST_DEALS));

    /**
     * A new brand with its list entry and first bucket; a rename or new logo (the brand read, then it, its list entry
     * and the rename's walk in one transaction); a deletion (the brand and its timeline read, then it, its list entry,
     * its bucket and the walk deleting its watches); priming: the brand list.
     */
    private static final List<Grant> BRANDS_WRITE = List.of(
            table(List.of(BRAND, BRANDS, TIMELINE, RENAME, UNFOLLOW), PUT_ITEM),
            table(List.of(BRAND), GET_ITEM, UPDATE_ITEM, BATCH_GET_ITEM),
            table(List.of(BRAND, BRANDS, TIMELINE), DELETE_ITEM),
            table(List.of(BRANDS, TIMELINE), QUERY));

    /** The category list, a category with its featured deals, a category's latest deals. */
    private static final List<Grant> CATEGORIES_READ = List.of(
            table(List.of(TIMELINE), GET_ITEM),
            table(List.of(CATEGORY, FEATURED), BATCH_GET_ITEM),
            table(List.of(CATEGORIES, TIMELINE), QUERY),
            query(IndexPartitions.CATEGORY_LATEST_DEALS));

    /**
     * A new category with its list entry and first bucket, a category's featured deals, a rename (as a brand's) and a
     * deletion; priming: the category list.
     */
    private static final List<Grant> CATEGORIES_WRITE = List.of(
            table(List.of(CATEGORY, CATEGORIES, TIMELINE, RENAME, UNFOLLOW), PUT_ITEM),
            table(List.of(CATEGORY, DEAL, FEATURED), BATCH_GET_ITEM),
            table(List.of(CATEGORY), GET_ITEM),
            table(List.of(FEATURED, CATEGORY), UPDATE_ITEM),
            table(List.of(CATEGORY, CATEGORIES, TIMELINE), DELETE_ITEM),
            table(List.of(CATEGORIES, TIMELINE), QUERY));

    /** Whether the caller likes and watches something, everything the caller follows, by name, and the saved deals. */
    private static final List<Grant> FOLLOWS_READ = List.of(
            table(List.of(FOLLOWS, BRAND_WATCHERS, CATEGORY_WATCHERS, BRAND, CATEGORY, DEAL), BATCH_GET_ITEM),
            table(List.of(FOLLOWS, SAVED), QUERY));

    /**
     * A like, watch, unlike or unwatch: the brand or category (its incarnation and counts) and the caller's relation
     * read first, in one BatchGetItem, then the relation (and a watch's user-side twin) with the counter in one
     * transaction (under contention, then the brand or category read back);
     * a save (the deal and the caller's saver item read, then saver item, list entry, count, reminder and the deal's
     * check in one transaction), an unsave (the saver item, then the same items removed); priming: everything the
     * caller follows.
     */
    private static final List<Grant> FOLLOWS_WRITE = List.of(
            table(List.of(FOLLOWS, BRAND_WATCHERS, CATEGORY_WATCHERS, SAVED, SAVERS, REMINDERS), PUT_ITEM, DELETE_ITEM),
            table(List.of(BRAND, CATEGORY, SAVED), UPDATE_ITEM),
            table(List.of(BRAND, SAVERS), GET_ITEM),
            table(List.of(DEAL), CONDITION_CHECK_ITEM),
            // A brand or category from before the watch count items: its item made, on the condition that it exists.
            table(List.of(BRAND, CATEGORY), CONDITION_CHECK_ITEM, PUT_ITEM),
            table(List.of(CATEGORY, FEATURED, BRAND, FOLLOWS, BRAND_WATCHERS, CATEGORY_WATCHERS, DEAL, SAVERS), BATCH_GET_ITEM),
            table(List.of(FOLLOWS), QUERY));

    /** The caller's devices (one Query) and notification settings (one GetItem). */
    private static final List<Grant> DEVICES_READ = List.of(
            table(List.of(DEVICES), QUERY, GET_ITEM));

    /**
     * A registration (the caller's devices, the token's holder, then the device, the holder item, a moved token's
     * previous device and its tombstone, the oldest device past the limit, in one transaction), a removal (the device
     * and its tombstone read, then removed with its holder item marked as releasing the endpoint, the mark cleared once
     * the endpoint is deleted), the settings replaced; priming: the devices.
     */
    private static final List<Grant> DEVICES_WRITE = List.of(
            table(List.of(DEVICES), QUERY, BATCH_GET_ITEM, PUT_ITEM, DELETE_ITEM),
            table(List.of(PUSH_TOKENS), GET_ITEM, PUT_ITEM, DELETE_ITEM));

    /** The caller's profile, inbox and unread badge. */
    private static final List<Grant> INBOX_READ = List.of(
            table(List.of(USER), GET_ITEM),
            table(List.of(MESSAGES), QUERY),
            query(IndexPartitions.UNREAD_MESSAGES));

    /**
     * A profile (reviving a deleted account), an account's deletion (the profile out, the walk in, one transaction), a
     * message read; priming: the inbox.
     */
    private static final List<Grant> INBOX_WRITE = List.of(
            table(List.of(USER, ACCOUNT_DELETION), PUT_ITEM),
            table(List.of(USER), DELETE_ITEM),
            table(List.of(MESSAGES, ACCOUNT_DELETION), UPDATE_ITEM),
            table(List.of(MESSAGES), QUERY));

    /** A search page (a word's deals, then the page's deals), the caller's alerts. */
    private static final List<Grant> SEARCH_READ = List.of(
            table(List.of(WORD, ALERTS), QUERY),
            table(List.of(DEAL), BATCH_GET_ITEM));

    /**
     * An alert: its brand and category checked, its keywords' recent deals counted, the word's head read, then the count,
     * the alert, its entry and the head in one transaction; a delete reads the alert and its tombstone, then removes
     * both items and counts down in one transaction; priming: the caller's alerts.
     */
    private static final List<Grant> SEARCH_WRITE = List.of(
            table(List.of(BRAND, CATEGORY, ALERTS), BATCH_GET_ITEM),
            table(List.of(WORD), GET_ITEM),
            table(List.of(WORD, ALERTS), QUERY),
            table(List.of(WORD, ALERTS), PUT_ITEM, UPDATE_ITEM, DELETE_ITEM));

    /**
     * A deal's thread, a deal's open reports (the case, then the reports; the deal when there is no case); priming
     * and the moderation queue: the queue's GSI1 partition and its deals.
     */
    private static final List<Grant> COMMENTS_READ = List.of(
            table(List.of(DEAL, REPORTS), GET_ITEM),
            table(List.of(DEAL), BATCH_GET_ITEM),
            table(List.of(DEAL, REPORTS), QUERY),
            query(IndexPartitions.REPORT_QUEUE));

    /**
     * A comment (the deal and the parent read, then the comment, its author item and a counter shard, with a check of
     * the author's profile, in one transaction), a comment's deletion (the comment read, its tombstone and a counter
     * shard), a report (the deal, case, the caller's report and profile read, then the report and the case), a dismissal (the
     * case read, then the case and the deal's event; the deal read when nothing was open); priming: the moderation
     * queue and its deals.
     */
    private static final List<Grant> COMMENTS_WRITE = List.of(
            table(List.of(DEAL, REPORTS), GET_ITEM),
            table(List.of(DEAL, REPORTS, USER), BATCH_GET_ITEM),
            table(List.of(DEAL, COMMENTS_OF_AUTHOR, REPORTS), PUT_ITEM),
            table(List.of(DEAL, DEAL_COUNTERS, REPORTS), UPDATE_ITEM),
            table(List.of(USER), CONDITION_CHECK_ITEM),
            query(IndexPartitions.REPORT_QUEUE));

    /**
     * New-deal fan-outs (claims beside the deal, handed-on walks, watcher pages, alert matches, messages), the word
     * index, hot-deal blasts (segments, a scan of the user index), account clean-ups (follows with their counters,
     * votes with their deals' counter shards, alerts with their entries, comments made anonymous with their deals'
     * comment counts and their author items removed, messages), featured copies and the front page's copies; counter
     * aggregation (each deal with its shards, its copies, the hot list and the hottest lists' ranking and lists,
     * whether the cached front page shows it, a temperature crossing's alert heads and threshold ranges, then the deal
     * item), a takedown's link guard freed and reports closed,
     * the community's expiry of a deal (with its history event); each deal's counts gate (CountsGate: read, claimed,
     * covered); a rename's walk (a page of the brand's or category's
     * latest deals, each deal renamed); a deleted brand's or category's watch walk (a page of its watchers, each
     * watch of the deleted incarnation deleted); every walk's checkpoint, and the deletions every delivery checks.
     */
    private static final List<Grant> STREAM_CONSUMER = List.of(
            // Pushes: the recipient's devices and settings, the per-(push, device) claims, a dead device's removal, the
            // pushes held in quiet hours (put, read, released) and their window's end (a REMINDERS put, below).
            table(List.of(DEVICES), QUERY, GET_ITEM, PUT_ITEM, DELETE_ITEM),
            // A removed device's token holder marked as releasing its endpoint (DeviceStore#releaseEndpoint), then cleared.
            table(List.of(PUSH_TOKENS), PUT_ITEM, DELETE_ITEM),
            // Claims put create-only (a PutItem alone, PartiQL INSERTs in a BatchExecuteStatement group, an existing
            // one read after a duplicate), taken over or released (updates), marked (a put, alone or in a
            // BatchWriteItem group).
            table(List.of(PartitionKeys.PUSHES), PUT_ITEM, PARTIQL_INSERT, GET_ITEM, UPDATE_ITEM, BATCH_WRITE_ITEM),
            table(List.of(DEAL, BLAST, FEATURED, FAN_OUT, ACCOUNT_DELETION, DEALS_CACHE, DEALS_CACHE_GATE, TIMELINE, RENAME,
                    UNFOLLOW, DEAL_COUNTERS), GET_ITEM),
            table(List.of(DEAL, DEAL_COUNTERS, DEAL_RANKING, HOTTEST, WORD, UPGRADE), BATCH_GET_ITEM),
            // A watcher page's filter: the live incarnation of the brand or category (FollowStore.watchers). An account
            // deletion's unlike or unwatch: the target, its watch count (and a category's featured list) and the
            // relation, read together (FollowStore.unfollow).
            table(List.of(BRAND, CATEGORY), GET_ITEM),
            table(List.of(BRAND, CATEGORY, FEATURED, FOLLOWS, BRAND_WATCHERS, CATEGORY_WATCHERS), BATCH_GET_ITEM),
            table(List.of(FOLLOWS, MESSAGES, FEATURED, TIMELINE, BRAND_WATCHERS, CATEGORY_WATCHERS, COMMENTS_OF_AUTHOR,
                    VOTES, WORD, ALERTS, SAVED, SAVERS), QUERY),
            // A link's lowest price and its deals (a new deal, a corrected price or link).
            table(List.of(LINK_LOW), GET_ITEM, PUT_ITEM, UPDATE_ITEM, QUERY),
            // Saved deals: a takedown's or an account deletion's removals, a moved expiry's new reminders.
            table(List.of(SAVERS), GET_ITEM),
            table(List.of(SAVED, SAVERS, REMINDERS), PUT_ITEM, DELETE_ITEM),
            table(List.of(SAVED, SAVERS), UPDATE_ITEM),
            table(List.of(DEAL, DEALS_CACHE, MESSAGES, FAN_OUT, BLAST, HOT_DEALS, HOTTEST), PUT_ITEM),
            // An account deletion's unwatch of a brand or category from before the watch count items (FollowStore).
            table(List.of(BRAND, CATEGORY), CONDITION_CHECK_ITEM, PUT_ITEM),
            table(List.of(MESSAGES, COMMENTS_OF_AUTHOR, WORD), BATCH_WRITE_ITEM),
            table(List.of(DEAL, DEAL_COUNTERS, REPORTS, BRAND, CATEGORY, FEATURED, DEALS_CACHE_VERSION, DEALS_CACHE_GATE,
                    BLAST, FAN_OUT, ACCOUNT_DELETION, HOT_DEALS, DEAL_RANKING, HOTTEST_VERSION, WORD, ALERTS, RENAME, UNFOLLOW),
                    UPDATE_ITEM),
            table(List.of(FOLLOWS, BRAND_WATCHERS, CATEGORY_WATCHERS, LINK_GUARD, VOTES, HOT_DEALS, WORD, ALERTS),
                    DELETE_ITEM),
            query(IndexPartitions.LATEST_DEALS),
            query(IndexPartitions.BRAND_LATEST_DEALS, IndexPartitions.ACCOUNT_DELETIONS),
            query(IndexPartitions.CATEGORY_LATEST_DEALS),
            scan(TableDefinition.USER_INDEX));

    /**
     * Finds unfinished walks that made no progress, and touches each (a blast segment, a fan-out, a clean-up); rebuilds
     * the hottest lists from their sources before their horizon runs out; sends the saved deals' reminders that are due
     * and wakes the users whose quiet hours ended with pushes held (the consumer sends their summaries).
     */
    private static final List<Grant> SWEEPER = List.of(
            select(IndexPartitions.UNFINISHED_WALKS), // every WALKS#n partition in one statement (WalkStore.stalled)
            table(List.of(BLAST, FAN_OUT, ACCOUNT_DELETION, HOTTEST_VERSION, RENAME, UNFOLLOW), UPDATE_ITEM),
            table(List.of(HOTTEST, DEAL_RANKING, DEAL), BATCH_GET_ITEM),
            table(List.of(HOTTEST), PUT_ITEM),
            // Reminders: the sweep's mark and the due minutes, each reminder's deal and saver, the message, the mark;
            // quiet hours' ends (the same family): their mark, their minutes, each due item rewritten as woken.
            // The minutes' buckets are read in one PartiQL SELECT keyed by an IN on PK (TableReads.forEachPageOf).
            table(List.of(REMINDERS), GET_ITEM, PARTIQL_SELECT, PUT_ITEM, DELETE_ITEM),
            table(List.of(DEAL, SAVERS), BATCH_GET_ITEM),
            table(List.of(SAVERS), UPDATE_ITEM),
            table(List.of(MESSAGES), PUT_ITEM),
            query(IndexPartitions.ACCOUNT_DELETIONS));

    /** The caller's votes on some deals (also the priming request). */
    private static final List<Grant> VOTES_READ = List.of(
            table(List.of(VOTES), BATCH_GET_ITEM));

    /**
     * A vote: the caller's vote, a liveness marker of the deal and one view of its counter shards read together, then
     * the vote item and one shard per view in one transaction; priming: the caller's votes.
     */
    private static final List<Grant> VOTES_WRITE = List.of(
            // Until the process has seen the counters' upgrade record, it and the deal item too (DealCounters.keys).
            table(List.of(VOTES, DEAL_LIVE, DEAL_COUNTERS, DEAL, UPGRADE), BATCH_GET_ITEM),
            table(List.of(VOTES), PUT_ITEM, DELETE_ITEM),
            table(List.of(DEAL_COUNTERS), UPDATE_ITEM));
}

package com.bigtimedeals.community;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.accounts.AccountDeletion;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.FeaturedCopies;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FollowTarget;
import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Likes and watches (access patterns: Like/Watch Brand, Like/Watch Category, and unlike, unwatch and "do I
 * like/watch this?"). Each change is one transaction: the relation item, conditioned on (not) existing,
 * and the counter (a like's on the small brand/category item, a watch's on the target's watch counter item,
 * {@link CatalogKeys#watcherCount}), so the count is exact under any concurrency and never drops below zero. A like is
 * about 4 write units: two items under 1 KB, doubled for the transaction; a watch also writes its user-side twin (6),
 * so that a user's follows are one partition (docs/data-model.md).
 */
public final class FollowStore {
    private final Table table;
    private final FeaturedCopies featured;

    public FollowStore(Table table) {
        this(table, new FeaturedCopies());
    }

    /** {@code featured}: the process's copies of the featured lists a category like or watch answers with. */
    public FollowStore(Table table, FeaturedCopies featured) {
        this.table = table;
        this.featured = featured;
    }

    /**
     * Reads of a keyed like or watch that another request's like (or watch) of the same target may overtake before it
     * gives way: each costs a read and a transaction more.
     */
    private static final int KEYED_ATTEMPTS = 2;

    /** True when newly added; false when it already existed. NOT_FOUND for an unknown brand or category. */
    public boolean add(Likeable kind, String id, String username, Relation relation) {
        return follow(kind, id, username, relation, null).changed();
    }

    /** Where a relation is counted: a like on the target's item, a watch on its watch counter item. */
    private static Map<String, AttributeValue> counterKey(Likeable kind, String id, Relation relation) {
        return relation == Relation.LIKE ? CatalogKeys.target(kind, id) : CatalogKeys.watcherCount(kind, id);
    }

    /**
     * A condition on an item's incarnation stamp ({@link CatalogStore#INCARNATION}): that it is (or is not) the live
     * target's, an absent stamp matching an absent one (a target and its relations from before stamps).
     */
    private record Stamp(String value) {
        String matches() {
            return value == null ? "attribute_not_exists(#inc)" : "#inc = :inc";
        }

        String differs() {
            return value == null ? "attribute_exists(#inc)" : "(attribute_not_exists(#inc) OR #inc <> :inc)";
        }

        Map<String, String> names() {
            return Map.of("#inc", CatalogStore.INCARNATION);
        }

        Map<String, AttributeValue> values() {
            return value == null ? Map.of() : Map.of(":inc", AttributeValue.fromS(value));
        }

        /** DynamoDB refuses an empty map of values. */
        Map<String, AttributeValue> valuesOrNull() {
            return value == null ? null : values();
        }
    }

    /**
     * Gives a brand or category made before the watch counter items its item (at 0: its item's {@code watchers} keep
     * the watches counted before), on the condition that the target exists. False when it does not. Idempotent: a
     * second call, or a racing one, finds the item there.
     */
    private boolean ensureWatcherCount(Likeable kind, String id, String incarnation) {
        for (int attempt = 1; ; attempt++) {
            try {
                Stamp stamp = new Stamp(incarnation);
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                        TransactWriteItem.builder().conditionCheck(software.amazon.awssdk.services.dynamodb.model.ConditionCheck.builder()
                                .tableName(table.name()).key(CatalogKeys.target(kind, id))
                                .conditionExpression("attribute_exists(PK) AND " + stamp.matches())
                                .expressionAttributeNames(stamp.names()).expressionAttributeValues(stamp.valuesOrNull()).build()).build(),
                        TransactWriteItem.builder().put(Put.builder().tableName(table.name())
                                .item(CatalogStore.watcherCountItem(kind, id, incarnation)).conditionExpression("attribute_not_exists(PK)").build()).build())
                        .build());
                return true;
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
                if (reasons.size() == 2 && failedCondition(reasons.get(0))) {
                    return false;
                }
                if (reasons.size() == 2 && failedCondition(reasons.get(1))) {
                    return true;
                }
                if (!Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
    }

    /** What one strongly consistent read of a follow found: the target, its counter item and the caller's relation item. */
    private record Read(FollowTarget target, String incarnation, Map<String, AttributeValue> counted,
                        Map<String, AttributeValue> relation) {
        /** The caller's relation of the live incarnation; one of an incarnation deleted since counts as absent. */
        boolean related() {
            return relation != null && java.util.Objects.equals(CatalogStore.incarnation(relation), incarnation);
        }
    }

    /**
     * 1 strongly consistent BatchGetItem: the brand or category (and a category's featured list, unless this process
     * holds a copy), its watch counter item, the caller's relation item and (keyed) the key's record. NOT_FOUND for an
     * unknown target.
     */
    /** {@link #read}, a target from before the watch counter items first given its item (idempotent), then read again. */
    private Read counted(Likeable kind, String id, String username, Relation relation, KeyedWrite<?> keyed) {
        Read read = read(kind, id, username, relation, keyed);
        if (read.counted() == null) {
            ensureWatcherCount(kind, id, read.incarnation());
            read = read(kind, id, username, relation, keyed);
            if (read.counted() == null) {
                throw new IllegalStateException("the watch counter item of " + kind + " " + id + " is missing after it was made");
            }
        }
        return read;
    }

    private Read read(Likeable kind, String id, String username, Relation relation, KeyedWrite<?> keyed) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(5);
        keys.add(CatalogKeys.target(kind, id));
        keys.add(CatalogKeys.watcherCount(kind, id));
        List<com.bigtimedeals.deals.Deal> copied = kind == Likeable.CATEGORY ? featured.get(id) : null;
        if (kind == Likeable.CATEGORY && copied == null) {
            keys.add(CatalogKeys.featured(FeaturedList.category(id)));
        }
        if (username != null) {
            keys.add(key(kind, id, username, relation));
        }
        if (keyed != null) {
            keys.add(keyed.recordKey());
        }
        List<Map<String, AttributeValue>> items = TableReads.batchGetConsistent(table, keys);
        if (keyed != null) {
            keyed.requireFree(items);
        }
        FollowTarget seen = CatalogStore.targetAmong(kind, items);
        if (seen == null) {
            throw DomainException.notFound(kind.name().toLowerCase(java.util.Locale.ROOT) + " not found");
        }
        if (seen instanceof com.bigtimedeals.catalogue.Category c) {
            seen = featured.withFeatured(c, copied);
        }
        Map<String, AttributeValue> target = CatalogStore.targetItem(kind, items);
        // The counter this relation moves, as its own item holds it (a watch count's item holds only its part).
        Map<String, AttributeValue> counted = relation == Relation.LIKE ? target
                : items.stream().filter(item -> CatalogKeys.WATCHER_COUNT.equals(new ItemReader(item).type())).findFirst().orElse(null);
        String relationType = relationType(relation);
        Map<String, AttributeValue> related = items.stream().filter(item -> relationType.equals(new ItemReader(item).type()))
                .findFirst().orElse(null);
        return new Read(seen, CatalogStore.incarnation(target), counted, related);
    }

    /** The target as it is now, strongly consistent: the answer after a transaction whose count was not conditioned. */
    private FollowTarget readBack(Likeable kind, String id) {
        return read(kind, id, null, Relation.LIKE, null).target();
    }

    /**
     * A like or watch, 2 requests: one strongly consistent read ({@link #read}), then, for a relation the live
     * incarnation does not have, one transaction: the relation item stamped with the incarnation read (conditioned on
     * there being no relation of that incarnation: a relation of a deleted one is overwritten, so "like again" counts),
     * the count conditioned on being what the read saw and on the counter item's stamp being the one read (so a like
     * that raced the target's deletion and re-creation never counts into the new one nor stamps itself with the old
     * one: it reads again), and (keyed, {@link KeyedWrite}) the key's record. The answer (the target as read, this like
     * or watch counted) holds exactly the count the transaction leaves. Another request's like (for a watch: watch) of
     * the same target in between cancels it, and it reads again; after {@link #KEYED_ATTEMPTS} such races a keyed one
     * gives way ({@link KeyedWrite.Contended}) to the claimed path; an unkeyed one, overtaken once, to a transaction
     * whose count is conditioned on the stamp alone, then a read-back (2 requests more).
     */
    public FollowChange add(Likeable kind, String id, String username, Relation relation, KeyedWrite<FollowChange> keyed) {
        return follow(kind, id, username, relation, keyed);
    }

    /** A like or watch, keyed or not ({@code keyed} null): see {@link #add(Likeable, String, String, Relation, KeyedWrite)}. */
    public FollowChange follow(Likeable kind, String id, String username, Relation relation, KeyedWrite<FollowChange> keyed) {
        Read read = null;
        // Unkeyed, one try conditioned on the count: overtaken, the fallback below costs 2 requests more, not 4.
        int attempts = keyed != null ? KEYED_ATTEMPTS : 1;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            read = counted(kind, id, username, relation, keyed);
            if (read.related()) {
                FollowChange already = new FollowChange(read.target(), false);
                if (keyed != null) {
                    keyed.recordAlone(table, already);
                }
                return already;
            }
            Stamp stamp = new Stamp(read.incarnation());
            FollowChange added = new FollowChange(read.target().followedBy(relation), true);
            List<TransactWriteItem> writes = relationWrites(kind, id, username, relation, stamp);
            writes.add(countAsSeen(kind, id, relation, new ItemReader(read.counted()).number(counter(relation)), stamp));
            if (keyed != null) {
                writes.add(keyed.record(table.name(), added));
            }
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return added;
            } catch (TransactionCanceledException e) {
                if (keyed != null) {
                    keyed.requireNotTaken(e, writes.size() - 1);
                }
                // The relation made by another request of the caller, the counts moved by another user, or the target
                // deleted (and made again) meanwhile: read again. A conflict with a transaction in flight: back off
                // first, as for every transaction.
                boolean raced = e.hasCancellationReasons() && e.cancellationReasons().stream().anyMatch(FollowStore::failedCondition);
                if (!raced && !Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
        if (keyed != null) {
            throw new KeyedWrite.Contended();
        }
        for (int tries = 1; ; tries++) {
            Stamp stamp = new Stamp(read.incarnation());
            List<TransactWriteItem> writes = relationWrites(kind, id, username, relation, stamp);
            writes.add(counterUpdate(kind, id, relation, "1", "attribute_exists(PK) AND " + stamp.matches(), stamp, Map.of()));
            try {
                boolean changed = commit(writes, kind);
                return new FollowChange(readBack(kind, id), changed);
            } catch (DomainException e) {
                read = readAgain(e, tries, kind, id, username, relation, read);
            }
        }
    }

    /**
     * After a fallback's counter failed its condition ({@code e}, NOT_FOUND): the target read again, when it was made
     * again since (another incarnation: the caller tries once more with it); {@code e} again when it is gone, or still
     * the incarnation that failed.
     */
    private Read readAgain(DomainException e, int tries, Likeable kind, String id, String username, Relation relation, Read was) {
        if (e.kind() != DomainException.Kind.NOT_FOUND || tries >= 3) {
            throw e;
        }
        Read again = read(kind, id, username, relation, null);
        if (java.util.Objects.equals(again.incarnation(), was.incarnation()) || again.counted() == null) {
            throw e;
        }
        return again;
    }

    /**
     * The relation item stamped with the live incarnation, conditioned on the caller having no relation of it (one of
     * an incarnation deleted since is overwritten), and a watch's user-side twin, which rides on that condition.
     */
    private List<TransactWriteItem> relationWrites(Likeable kind, String id, String username, Relation relation, Stamp stamp) {
        List<TransactWriteItem> writes = new ArrayList<>(4);
        writes.add(TransactWriteItem.builder().put(Put.builder().tableName(table.name())
                .item(relationItem(key(kind, id, username, relation), relationType(relation), kind, id, username, stamp))
                .conditionExpression("attribute_not_exists(PK) OR " + stamp.differs())
                .expressionAttributeNames(stamp.names()).expressionAttributeValues(stamp.valuesOrNull()).build()).build());
        if (relation == Relation.WATCH) {
            writes.add(TransactWriteItem.builder().put(Put.builder().tableName(table.name())
                    .item(relationItem(CommunityKeys.watchOfUser(kind, id, username), CommunityKeys.WATCH_OF_USER, kind, id, username, stamp))
                    .build()).build());
        }
        return writes;
    }

    /** {@code delta} on the relation's counter under {@code condition} (which may name #c, #inc and their values). */
    private TransactWriteItem counterUpdate(Likeable kind, String id, Relation relation, String delta, String condition, Stamp stamp,
                                            Map<String, AttributeValue> more) {
        Map<String, String> names = new java.util.HashMap<>(stamp.names());
        names.put("#c", counter(relation));
        Map<String, AttributeValue> values = new java.util.HashMap<>(stamp.values());
        values.putAll(more);
        values.put(":delta", AttributeValue.fromN(delta));
        return TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(counterKey(kind, id, relation))
                .updateExpression("ADD #c :delta")
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build()).build();
    }

    /**
     * One more like or watch, on the condition that its counter item still holds {@code seen} (never written: 0) and
     * the incarnation read.
     */
    private TransactWriteItem countAsSeen(Likeable kind, String id, Relation relation, long seen, Stamp stamp) {
        return counterUpdate(kind, id, relation, "1",
                (seen == 0 ? "attribute_exists(PK) AND (attribute_not_exists(#c) OR #c = :seen)" : "#c = :seen") + " AND " + stamp.matches(),
                stamp, Map.of(":seen", AttributeValue.fromN(Long.toString(seen))));
    }

    /** True when removed; false when there was nothing to remove. NOT_FOUND for an unknown target. */
    public boolean remove(Likeable kind, String id, String username, Relation relation) {
        return unfollow(kind, id, username, relation).changed();
    }

    /**
     * An unlike or unwatch, as a like ({@link #follow}): 1 strongly consistent read, then, for a relation of the live
     * incarnation, 1 transaction deleting it (conditioned on its stamp: a relation made again meanwhile is another
     * one) with the count down by one, conditioned on what was read and on the incarnation. A relation of a deleted
     * incarnation is absent: it is deleted, moving no count, and the answer is the live target, unchanged (never a 404,
     * never a count below zero).
     */
    public FollowChange unfollow(Likeable kind, String id, String username, Relation relation) {
        Read read = null;
        for (int attempt = 1; attempt <= KEYED_ATTEMPTS; attempt++) {
            read = counted(kind, id, username, relation, null);
            if (!read.related()) {
                // Not related: a relation of a deleted incarnation goes, no count moved (1 request more).
                if (read.relation() != null) {
                    forgetStale(kind, id, username, relation, read.relation());
                }
                return new FollowChange(read.target(), false);
            }
            Stamp stamp = new Stamp(read.incarnation());
            long seen = new ItemReader(read.counted()).number(counter(relation));
            if (read.target().count(relation) <= 0) {
                // A relation that a count of 0 does not hold (a target deleted and made again before stamps): it goes
                // with no count moved, so no count drops below zero, on the condition that the count is still the
                // one read. The read is one BatchGetItem, not a snapshot: it may have seen the relation of a like
                // committed after it read the count; then the count moved, and it reads again.
                if (forgetUncounted(kind, id, username, relation, stamp, seen)) {
                    return new FollowChange(read.target(), false);
                }
                continue;
            }
            List<TransactWriteItem> writes = removalWrites(kind, id, username, relation, stamp);
            writes.add(counterUpdate(kind, id, relation, "-1", "#c = :seen AND " + stamp.matches(), stamp,
                    Map.of(":seen", AttributeValue.fromN(Long.toString(seen)))));
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return new FollowChange(read.target().unfollowedBy(relation), true);
            } catch (TransactionCanceledException e) {
                boolean raced = e.hasCancellationReasons() && e.cancellationReasons().stream().anyMatch(FollowStore::failedCondition);
                if (!raced && !Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
        // Overtaken by other users' changes of the count: the count conditioned on the incarnation alone (a like's on
        // staying above zero too), then a read-back.
        // A like's count is all on the target's item: never below zero. A watch's counter item holds only the watches
        // counted since it was made (its target's item holds the rest), so it may go below zero while the sum, one
        // per watch relation (each removed once, on its condition), does not.
        for (int tries = 1; ; tries++) {
            Stamp stamp = new Stamp(read.incarnation());
            List<TransactWriteItem> writes = removalWrites(kind, id, username, relation, stamp);
            writes.add(relation == Relation.LIKE
                    ? counterUpdate(kind, id, relation, "-1", "attribute_exists(PK) AND #c > :zero AND " + stamp.matches(), stamp,
                            Map.of(":zero", AttributeValue.fromN("0")))
                    : counterUpdate(kind, id, relation, "-1", "attribute_exists(PK) AND " + stamp.matches(), stamp, Map.of()));
            try {
                boolean changed = commit(writes, kind);
                return new FollowChange(readBack(kind, id), changed);
            } catch (DomainException e) {
                read = readAgain(e, tries, kind, id, username, relation, read);
            }
        }
    }

    /** The relation of the live incarnation (its condition) and a watch's user-side twin. */
    private List<TransactWriteItem> removalWrites(Likeable kind, String id, String username, Relation relation, Stamp stamp) {
        List<TransactWriteItem> writes = new ArrayList<>(3);
        writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                .key(key(kind, id, username, relation))
                .conditionExpression("attribute_exists(PK) AND " + stamp.matches())
                .expressionAttributeNames(stamp.names()).expressionAttributeValues(stamp.valuesOrNull()).build()).build());
        if (relation == Relation.WATCH) {
            writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                    .key(CommunityKeys.watchOfUser(kind, id, username)).build()).build());
        }
        return writes;
    }

    /**
     * Deletes the relation item {@code seen} (and a watch's twin) if it still carries the stamp it was read with, moving
     * no count: a relation of a deleted incarnation. A relation made again meanwhile carries the live stamp and stays.
     */
    private void forgetStale(Likeable kind, String id, String username, Relation relation, Map<String, AttributeValue> seen) {
        Stamp stale = new Stamp(CatalogStore.incarnation(seen));
        List<TransactWriteItem> writes = new ArrayList<>(2);
        writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                .key(key(kind, id, username, relation)).conditionExpression(stale.matches())
                .expressionAttributeNames(stale.names()).expressionAttributeValues(stale.valuesOrNull()).build()).build());
        if (relation == Relation.WATCH) {
            writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                    .key(CommunityKeys.watchOfUser(kind, id, username)).conditionExpression("attribute_not_exists(PK) OR " + stale.matches())
                    .expressionAttributeNames(stale.names()).expressionAttributeValues(stale.valuesOrNull()).build()).build());
        }
        try {
            Transactions.retrying(() -> table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build()));
        } catch (TransactionCanceledException e) {
            if (!Transactions.onlyConditionFailures(e)) {
                throw e;
            }
            // Made again meanwhile (the live stamp): not stale any more, so it stays.
        }
    }

    /**
     * The live relation and a watch's twin deleted with no count moved, on the condition that the counter item still
     * holds {@code seen} of the incarnation read; false when it does not (read again).
     */
    private boolean forgetUncounted(Likeable kind, String id, String username, Relation relation, Stamp stamp, long seen) {
        List<TransactWriteItem> writes = removalWrites(kind, id, username, relation, stamp);
        Map<String, String> names = new java.util.HashMap<>(stamp.names());
        names.put("#c", counter(relation));
        Map<String, AttributeValue> values = new java.util.HashMap<>(stamp.values());
        values.put(":seen", AttributeValue.fromN(Long.toString(seen)));
        writes.add(TransactWriteItem.builder().conditionCheck(software.amazon.awssdk.services.dynamodb.model.ConditionCheck.builder()
                .tableName(table.name()).key(counterKey(kind, id, relation))
                .conditionExpression("#c = :seen AND " + stamp.matches())
                .expressionAttributeNames(names).expressionAttributeValues(values).build()).build());
        try {
            Transactions.retrying(() -> table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build()));
            return true;
        } catch (TransactionCanceledException e) {
            if (!Transactions.onlyConditionFailures(e)) {
                throw e;
            }
            return false;
        }
    }

    /** What one page of a deleted target's watcher list did: watches deleted, and the next page's start (null: the end). */
    public record Forgotten(String next, int removed) {
    }

    /**
     * One page of a deleted incarnation's watch walk (CatalogDeletions): 1 Query of up to {@code limit} items of the
     * target's watcher list after the user {@code after}, then each watch of incarnation {@code incarnation} deleted
     * with its twin, on the condition that both still carry that stamp ({@link #forgetStale}): a watch of the target
     * made again, or made again meanwhile, stays. No count moves: the counts of a deleted incarnation went with it.
     */
    public Forgotten forgetWatches(Likeable kind, String id, String incarnation, String after, int limit) {
        var request = software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(CommunityKeys.watchersPk(kind, id))))
                .consistentRead(true)
                .limit(limit);
        if (after != null) {
            request.exclusiveStartKey(CommunityKeys.watch(kind, id, after));
        }
        var r = table.client().query(request.build());
        int removed = 0;
        String last = null;
        for (Map<String, AttributeValue> item : r.items()) {
            last = new ItemReader(item).string("username");
            if (java.util.Objects.equals(CatalogStore.incarnation(item), incarnation)) {
                forgetStale(kind, id, last, Relation.WATCH, item);
                removed++;
            }
        }
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() && last != null;
        return new Forgotten(more ? last : null, removed);
    }

    /** The relation item and a watch's user-side twin, deleted with no counter: for a target that is gone. */
    private void forget(Likeable kind, String id, String username, Relation relation) {
        List<TransactWriteItem> writes = new ArrayList<>(2);
        writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                .key(key(kind, id, username, relation)).build()).build());
        if (relation == Relation.WATCH) {
            writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                    .key(CommunityKeys.watchOfUser(kind, id, username)).build()).build());
        }
        Transactions.retrying(() -> table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build()));
    }

    private Map<String, AttributeValue> relationItem(Map<String, AttributeValue> key, String type, Likeable kind, String id,
                                                     String username, Stamp stamp) {
        return new ItemWriter(key, type)
                .string("targetKind", kind.name()).string("targetId", id).string("username", username)
                .instant("createdAt", table.clock().instant()).string(CatalogStore.INCARNATION, stamp.value())
                .build();
    }

    /**
     * The relation item is always first, the counter always last. False when the relation's condition failed (nothing
     * to do); NOT_FOUND when the counter's did: the target deleted (or made again) since it was read.
     */
    private boolean commit(List<TransactWriteItem> writes, Likeable kind) {
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return true;
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
                if (reasons.size() == writes.size()) {
                    // Relation condition first: an unlike of something not liked is "nothing to do" even though
                    // the zero-floor on the counter fails with it.
                    if (failedCondition(reasons.get(0))) {
                        return false;
                    }
                    if (failedCondition(reasons.get(reasons.size() - 1))) {
                        throw DomainException.notFound(kind.name().toLowerCase(java.util.Locale.ROOT) + " not found");
                    }
                }
                if (Contention.cancelledBy(e) && attempt >= Transactions.CONFLICT_ATTEMPTS) {
                    // Overload, not a bug: the caller may try again, so a 503 with a message, never a 500.
                    throw DomainException.unavailable("too many concurrent changes to this " + kind.name()
                            .toLowerCase(java.util.Locale.ROOT) + "; try again");
                }
                if (!Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
    }

    private static boolean failedCondition(CancellationReason reason) {
        return "ConditionalCheckFailed".equals(reason.code());
    }

    /**
     * Does this user like / watch it? Both relation items and the brand or category itself in one BatchGetItem
     * (the contract's budget is 1 request), so an unknown id is a NOT_FOUND rather than "neither".
     */
    public FollowState state(Likeable kind, String id, String username) {
        Map<String, AttributeValue> target = null;
        Map<String, AttributeValue> like = null;
        Map<String, AttributeValue> watch = null;
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(CommunityKeys.like(kind, id, username), CommunityKeys.watch(kind, id, username), CatalogKeys.target(kind, id))
                .projectionExpression("#t, #inc").expressionAttributeNames(Map.of("#t", Keys.TYPE, "#inc", CatalogStore.INCARNATION))
                .build())) {
            String type = new ItemReader(item).type();
            if (CommunityKeys.LIKE.equals(type)) {
                like = item;
            } else if (CommunityKeys.WATCH.equals(type)) {
                watch = item;
            } else if ((kind == Likeable.BRAND ? CatalogKeys.BRAND : CatalogKeys.CATEGORY).equals(type)) {
                target = item;
            }
        }
        if (target == null) {
            throw DomainException.notFound(kind.name().toLowerCase(java.util.Locale.ROOT) + " not found");
        }
        // A relation of an incarnation deleted since is no relation.
        String live = CatalogStore.incarnation(target);
        return new FollowState(like != null && java.util.Objects.equals(CatalogStore.incarnation(like), live),
                watch != null && java.util.Objects.equals(CatalogStore.incarnation(watch), live));
    }

    /**
     * What the user follows (access pattern of {@code GET /me/follows}, and how an account deletion finds every
     * like and watch without a scan): 1 strongly consistent Query of the user's FOLLOWS partition, exact right
     * after any like or watch, then 1 BatchGetItem of the followed brands' and categories' names.
     */
    public Follows follows(String username) {
        // "KIND#id" -> {the like's stamp, the watch's stamp}, each null when absent (a stamp from before stamps: "")
        Map<String, String[]> relations = new java.util.LinkedHashMap<>();
        for (Map<String, AttributeValue> item : TableReads.partition(table, CommunityKeys.followsPk(username), true)) {
            ItemReader r = new ItemReader(item);
            String[] state = relations.computeIfAbsent(r.string("targetKind") + "#" + r.string("targetId"),
                    k -> new String[2]);
            String stamp = java.util.Objects.requireNonNullElse(r.string(CatalogStore.INCARNATION), "");
            if (CommunityKeys.LIKE.equals(r.type())) {
                state[0] = stamp;
            } else if (CommunityKeys.WATCH_OF_USER.equals(r.type())) {
                state[1] = stamp;
            }
        }
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        relations.keySet().forEach(k -> keys.add(CatalogKeys.target(Likeable.valueOf(k.substring(0, k.indexOf('#'))),
                k.substring(k.indexOf('#') + 1))));
        List<Follows.Followed> brands = new ArrayList<>();
        List<Follows.Followed> categories = new ArrayList<>();
        for (int from = 0; from < keys.size(); from += MAX_BATCH_GET) {
            for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                    .keys(keys.subList(from, Math.min(keys.size(), from + MAX_BATCH_GET)))
                    .projectionExpression("#t, id, #n, #inc")
                    .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#n", "name", "#inc", CatalogStore.INCARNATION)).build())) {
                ItemReader r = new ItemReader(item);
                Likeable kind = CatalogKeys.BRAND.equals(r.type()) ? Likeable.BRAND : Likeable.CATEGORY;
                String[] state = relations.get(kind.name() + "#" + r.string("id"));
                // Only relations of the live incarnation: a deleted target's followers do not follow the one made
                // again with its id.
                String live = java.util.Objects.requireNonNullElse(r.string(CatalogStore.INCARNATION), "");
                boolean liked = state != null && live.equals(state[0]);
                boolean watching = state != null && live.equals(state[1]);
                if (liked || watching) {
                    (kind == Likeable.BRAND ? brands : categories)
                            .add(new Follows.Followed(r.string("id"), r.string("name"), liked, watching));
                }
            }
        }
        return new Follows(brands, categories);
    }

    /** BatchGetItem takes at most 100 keys. */
    private static final int MAX_BATCH_GET = 100;

    /**
     * Access pattern: watchers of a brand or category (the new-deal fan-out), one page at a time so that a
     * list of a million watchers is never held in memory. {@code after} is the last username of the previous page.
     * Only watches of the live incarnation: a page's Query filters out those of a deleted one, whose users never get
     * a message for the target made again with its id (a filtered page that comes out empty reads on).
     */
    public com.bigtimedeals.accounts.Recipients watchers(Likeable kind, String id, String after, int limit) {
        Stamp stamp = new Stamp(liveIncarnation(kind, id));
        Map<String, AttributeValue> values = new java.util.HashMap<>(stamp.values());
        values.put(":pk", AttributeValue.fromS(CommunityKeys.watchersPk(kind, id)));
        Map<String, AttributeValue> start = after == null ? null : CommunityKeys.watch(kind, id, after);
        while (true) {
            var request = software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName(table.name())
                    .keyConditionExpression("PK = :pk")
                    .filterExpression(stamp.matches())
                    .expressionAttributeNames(stamp.names())
                    .expressionAttributeValues(values)
                    .projectionExpression("username")
                    .limit(limit);
            if (start != null) {
                request.exclusiveStartKey(start);
            }
            var r = table.client().query(request.build());
            List<String> users = new java.util.ArrayList<>(r.items().size());
            r.items().forEach(item -> users.add(new ItemReader(item).string("username")));
            boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
            if (users.isEmpty() && more) {
                start = r.lastEvaluatedKey();
                continue;
            }
            return new com.bigtimedeals.accounts.Recipients(users, more ? users.get(users.size() - 1) : null);
        }
    }

    /**
     * The stamp of the target's live incarnation, read once per process and target: a target is watched for a new
     * deal's fan-out only while a deal names it, and a target a deal names is never deleted (CatalogStore.delete), so
     * the incarnation a fan-out reads is its last. Not cached when the target is not there.
     */
    private String liveIncarnation(Likeable kind, String id) {
        String cacheKey = kind.name() + "#" + id;
        java.util.Optional<String> known = incarnations.get(cacheKey);
        if (known != null) {
            return known.orElse(null);
        }
        Map<String, AttributeValue> item = table.client().getItem(software.amazon.awssdk.services.dynamodb.model.GetItemRequest.builder()
                .tableName(table.name()).key(CatalogKeys.target(kind, id)).consistentRead(true)
                .projectionExpression("PK, #inc").expressionAttributeNames(Map.of("#inc", CatalogStore.INCARNATION)).build()).item();
        if (item == null || item.isEmpty()) {
            return null;
        }
        String stamp = CatalogStore.incarnation(item);
        if (incarnations.size() < MAX_INCARNATIONS) {
            incarnations.put(cacheKey, java.util.Optional.ofNullable(stamp));
        }
        return stamp;
    }

    /** How many targets' stamps one process keeps: a few hundred brands and categories in practice. */
    private static final int MAX_INCARNATIONS = 10_000;

    private final java.util.concurrent.ConcurrentHashMap<String, java.util.Optional<String>> incarnations = new java.util.concurrent.ConcurrentHashMap<>();

    private static Map<String, AttributeValue> key(Likeable kind, String id, String username, Relation relation) {
        return relation == Relation.LIKE ? CommunityKeys.like(kind, id, username) : CommunityKeys.watch(kind, id, username);
    }

    /** The relation item's type: a like, or a watch in the target's watcher list. */
    private static String relationType(Relation relation) {
        return relation == Relation.LIKE ? CommunityKeys.LIKE : CommunityKeys.WATCH;
    }

    private static String counter(Relation relation) {
        return relation == Relation.LIKE ? "likes" : "watchers";
    }

    /**
     * One step of an account deletion's first phase: up to {@code limit} follows made before the deletion, each
     * removed with the unlike/unwatch transaction (the relation item must exist: the count drops by exactly one, and
     * a replayed step finds nothing to remove; a relation of a deleted incarnation goes with no count moved).
     */
    public AccountStore.Cleared removeForDeletion(AccountDeletion d, int limit) {
        QueryResponse r = TableReads.page(table, CommunityKeys.followsPk(d.username()), d.after(), null, limit);
        int removed = 0;
        for (Map<String, AttributeValue> item : r.items()) {
            ItemReader f = new ItemReader(item);
            Instant made = f.instant("createdAt");
            if (made != null && made.isAfter(d.deletedAt())) {
                continue; // made by the user who signed up again
            }
            Relation relation = CommunityKeys.LIKE.equals(f.type()) ? Relation.LIKE : Relation.WATCH;
            Likeable kind = Likeable.valueOf(f.string("targetKind"));
            try {
                unfollow(kind, f.string("targetId"), d.username(), relation); // a relation of a deleted incarnation: forgotten
            } catch (DomainException e) {
                if (e.kind() != DomainException.Kind.NOT_FOUND) {
                    throw e;
                }
                // The brand or category was deleted while followed (a deletion leaves its followers' items): there
                // is no count to take back, and the relation still goes, or the walk would fail on it for good.
                forget(kind, f.string("targetId"), d.username(), relation);
            }
            removed++;
        }
        return new AccountStore.Cleared(TableReads.next(r), removed);
    }
}

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
        List<TransactWriteItem> writes = relationWrites(kind, id, username, relation);
        writes.add(TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(counterKey(kind, id, relation))
                .updateExpression("ADD #c :one")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeNames(Map.of("#c", counter(relation)))
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                .build()).build());
        return commit(writes, kind, id, relation);
    }

    /** Where a relation is counted: a like on the target's item, a watch on its watch counter item. */
    private static Map<String, AttributeValue> counterKey(Likeable kind, String id, Relation relation) {
        return relation == Relation.LIKE ? CatalogKeys.target(kind, id) : CatalogKeys.watcherCount(kind, id);
    }

    /**
     * Gives a brand or category made before the watch counter items its item (at 0: its item's {@code watchers} keep
     * the watches counted before), on the condition that the target exists. False when it does not. Idempotent: a
     * second call, or a racing one, finds the item there.
     */
    private boolean ensureWatcherCount(Likeable kind, String id) {
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                        TransactWriteItem.builder().conditionCheck(software.amazon.awssdk.services.dynamodb.model.ConditionCheck.builder()
                                .tableName(table.name()).key(CatalogKeys.target(kind, id)).conditionExpression("attribute_exists(PK)").build()).build(),
                        TransactWriteItem.builder().put(Put.builder().tableName(table.name())
                                .item(CatalogStore.watcherCountItem(kind, id)).conditionExpression("attribute_not_exists(PK)").build()).build())
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

    /**
     * A like or watch whose Idempotency-Key rides on it ({@link KeyedWrite}): 2 requests, as without a key. One
     * strongly consistent BatchGetItem of the brand or category (and a category's featured list), the caller's
     * relation item and the key's record; then, for a new relation, {@link #add}'s transaction with the record in it
     * and the count conditioned on being what the read saw, so the answer (the target as read, this like or watch
     * counted) holds exactly the count the transaction leaves; for a relation that exists, the record alone. Another
     * request's like (for a watch: watch) of the same target in between cancels it, and it reads again; after
     * {@link #KEYED_ATTEMPTS} such races it gives way ({@link KeyedWrite.Contended}) to the claimed path, whose
     * unconditional counter races nobody (4 requests more).
     */
    public FollowChange add(Likeable kind, String id, String username, Relation relation, KeyedWrite<FollowChange> keyed) {
        String relationType = relationType(relation);
        boolean ensured = false;
        for (int attempt = 1; attempt <= KEYED_ATTEMPTS; attempt++) {
            List<Map<String, AttributeValue>> keys = new ArrayList<>(5);
            keys.add(CatalogKeys.target(kind, id));
            keys.add(CatalogKeys.watcherCount(kind, id));
            List<com.bigtimedeals.deals.Deal> copied = kind == Likeable.CATEGORY ? featured.get(id) : null;
            if (kind == Likeable.CATEGORY && copied == null) {
                keys.add(CatalogKeys.featured(FeaturedList.category(id)));
            }
            keys.add(key(kind, id, username, relation));
            keys.add(keyed.recordKey());
            List<Map<String, AttributeValue>> items = TableReads.batchGetConsistent(table, keys);
            keyed.requireFree(items);
            FollowTarget seen = CatalogStore.targetAmong(kind, items);
            if (seen == null) {
                throw DomainException.notFound(kind.name().toLowerCase(java.util.Locale.ROOT) + " not found");
            }
            if (seen instanceof com.bigtimedeals.catalogue.Category c) {
                seen = featured.withFeatured(c, copied);
            }
            // The counter this relation moves, as its own item holds it (a watch count's item holds only its part).
            Map<String, AttributeValue> counted = relation == Relation.LIKE ? CatalogStore.targetItem(kind, items)
                    : items.stream().filter(item -> CatalogKeys.WATCHER_COUNT.equals(new ItemReader(item).type())).findFirst().orElse(null);
            if (counted == null && !ensured) {
                // A target from before the watch counter items: given its item, then read again.
                ensured = true;
                ensureWatcherCount(kind, id);
                attempt--;
                continue;
            }
            if (counted == null) {
                throw new IllegalStateException("the watch counter item of " + kind + " " + id + " is missing after it was made");
            }
            boolean related = items.stream().anyMatch(item -> relationType.equals(new ItemReader(item).type()));
            if (related) {
                FollowChange already = new FollowChange(seen, false);
                keyed.recordAlone(table, already);
                return already;
            }
            FollowChange added = new FollowChange(seen.followedBy(relation), true);
            List<TransactWriteItem> writes = relationWrites(kind, id, username, relation);
            writes.add(countAsSeen(kind, id, relation, new ItemReader(counted).number(counter(relation))));
            writes.add(keyed.record(table.name(), added));
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return added;
            } catch (TransactionCanceledException e) {
                keyed.requireNotTaken(e, writes.size() - 1);
                // The relation made by another request of the caller, or the counts moved by another user: read
                // again. A conflict with a transaction in flight: back off first, as for every transaction.
                boolean raced = e.hasCancellationReasons() && e.cancellationReasons().stream().anyMatch(FollowStore::failedCondition);
                if (!raced && !Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
        throw new KeyedWrite.Contended();
    }

    /** The relation item, conditioned on not existing, and a watch's user-side twin. */
    private List<TransactWriteItem> relationWrites(Likeable kind, String id, String username, Relation relation) {
        List<TransactWriteItem> writes = new ArrayList<>(4);
        writes.add(put(relationItem(key(kind, id, username, relation), relationType(relation), kind, id, username), true));
        if (relation == Relation.WATCH) {
            writes.add(put(relationItem(CommunityKeys.watchOfUser(kind, id, username), CommunityKeys.WATCH_OF_USER, kind, id, username), false));
        }
        return writes;
    }

    /** One more like or watch, on the condition that its counter item still holds {@code seen} (never written: 0). */
    private TransactWriteItem countAsSeen(Likeable kind, String id, Relation relation, long seen) {
        return TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(counterKey(kind, id, relation))
                .updateExpression("ADD #c :one")
                .conditionExpression(seen == 0 ? "attribute_exists(PK) AND (attribute_not_exists(#c) OR #c = :seen)" : "#c = :seen")
                .expressionAttributeNames(Map.of("#c", counter(relation)))
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":seen", AttributeValue.fromN(Long.toString(seen))))
                .build()).build();
    }

    /** True when removed; false when there was nothing to remove. NOT_FOUND for an unknown target. */
    public boolean remove(Likeable kind, String id, String username, Relation relation) {
        List<TransactWriteItem> writes = new ArrayList<>(3);
        writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                .key(key(kind, id, username, relation))
                .conditionExpression("attribute_exists(PK)").build()).build());
        if (relation == Relation.WATCH) {
            writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                    .key(CommunityKeys.watchOfUser(kind, id, username)).build()).build());
        }
        // A like's count is all on the target's item: never below zero. A watch's counter item holds only the watches
        // counted since it was made (its target's item holds the rest), so it may go below zero while the sum, one
        // per watch relation (each removed once, on its condition), does not.
        Map<String, AttributeValue> values = new java.util.HashMap<>(Map.of(":minus", AttributeValue.fromN("-1")));
        if (relation == Relation.LIKE) {
            values.put(":zero", AttributeValue.fromN("0"));
        }
        writes.add(TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(counterKey(kind, id, relation))
                .updateExpression("ADD #c :minus")
                .conditionExpression(relation == Relation.LIKE ? "attribute_exists(PK) AND #c > :zero" : "attribute_exists(PK)")
                .expressionAttributeNames(Map.of("#c", counter(relation)))
                .expressionAttributeValues(values)
                .build()).build());
        return commit(writes, kind, id, relation);
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
                                                     String username) {
        return new ItemWriter(key, type)
                .string("targetKind", kind.name()).string("targetId", id).string("username", username)
                .instant("createdAt", table.clock().instant())
                .build();
    }

    /** The relation item is conditioned on not existing; its twin rides on that condition. */
    private TransactWriteItem put(Map<String, AttributeValue> item, boolean conditioned) {
        Put.Builder put = Put.builder().tableName(table.name()).item(item);
        if (conditioned) {
            put.conditionExpression("attribute_not_exists(PK)");
        }
        return TransactWriteItem.builder().put(put.build()).build();
    }

    /** The relation item is always first, the counter always last. */
    private boolean commit(List<TransactWriteItem> writes, Likeable kind, String id, Relation relation) {
        boolean ensured = false;
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return true;
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
                if (reasons.size() == writes.size()) {
                    // Relation condition first: an unlike of something not liked is "nothing to do" even though
                    // the zero-floor on the counter fails with it. A missing target surfaces in the read-back.
                    if (failedCondition(reasons.get(0))) {
                        return false;
                    }
                    if (failedCondition(reasons.get(reasons.size() - 1))) {
                        // A watch of a target from before the watch counter items: given its item, then tried again.
                        if (relation == Relation.WATCH && !ensured && ensureWatcherCount(kind, id)) {
                            ensured = true;
                            continue;
                        }
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
        boolean exists = false;
        boolean liked = false;
        boolean watching = false;
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(CommunityKeys.like(kind, id, username), CommunityKeys.watch(kind, id, username), CatalogKeys.target(kind, id))
                .projectionExpression("#t").expressionAttributeNames(Map.of("#t", Keys.TYPE)).build())) {
            String type = new ItemReader(item).type();
            liked |= CommunityKeys.LIKE.equals(type);
            watching |= CommunityKeys.WATCH.equals(type);
            exists |= (kind == Likeable.BRAND ? CatalogKeys.BRAND : CatalogKeys.CATEGORY).equals(type);
        }
        if (!exists) {
            throw DomainException.notFound(kind.name().toLowerCase(java.util.Locale.ROOT) + " not found");
        }
        return new FollowState(liked, watching);
    }

    /**
     * What the user follows (access pattern of {@code GET /me/follows}, and how an account deletion finds every
     * like and watch without a scan): 1 strongly consistent Query of the user's FOLLOWS partition, exact right
     * after any like or watch, then 1 BatchGetItem of the followed brands' and categories' names.
     */
    public Follows follows(String username) {
        Map<String, boolean[]> relations = new java.util.LinkedHashMap<>(); // "KIND#id" -> {liked, watching}
        for (Map<String, AttributeValue> item : TableReads.partition(table, CommunityKeys.followsPk(username), true)) {
            ItemReader r = new ItemReader(item);
            boolean[] state = relations.computeIfAbsent(r.string("targetKind") + "#" + r.string("targetId"),
                    k -> new boolean[2]);
            if (CommunityKeys.LIKE.equals(r.type())) {
                state[0] = true;
            } else if (CommunityKeys.WATCH_OF_USER.equals(r.type())) {
                state[1] = true;
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
                    .projectionExpression("#t, id, #n")
                    .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#n", "name")).build())) {
                ItemReader r = new ItemReader(item);
                Likeable kind = CatalogKeys.BRAND.equals(r.type()) ? Likeable.BRAND : Likeable.CATEGORY;
                boolean[] state = relations.get(kind.name() + "#" + r.string("id"));
                if (state != null && (state[0] || state[1])) {
                    (kind == Likeable.BRAND ? brands : categories)
                            .add(new Follows.Followed(r.string("id"), r.string("name"), state[0], state[1]));
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
     */
    public com.bigtimedeals.accounts.Recipients watchers(Likeable kind, String id, String after, int limit) {
        var request = software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(CommunityKeys.watchersPk(kind, id))))
                .projectionExpression("username")
                .limit(limit);
        if (after != null) {
            request.exclusiveStartKey(CommunityKeys.watch(kind, id, after));
        }
        var r = table.client().query(request.build());
        List<String> users = new java.util.ArrayList<>(r.items().size());
        r.items().forEach(item -> users.add(new ItemReader(item).string("username")));
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() && !users.isEmpty();
        return new com.bigtimedeals.accounts.Recipients(users, more ? users.get(users.size() - 1) : null);
    }

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
     * a replayed step finds nothing to remove).
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
                remove(kind, f.string("targetId"), d.username(), relation);
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

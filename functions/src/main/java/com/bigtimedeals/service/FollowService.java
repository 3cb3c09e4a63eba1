package com.bigtimedeals.service;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.FeaturedCopies;
import com.bigtimedeals.catalogue.FollowTarget;
import com.bigtimedeals.community.FollowChange;
import com.bigtimedeals.community.FollowState;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.community.Follows;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Table;

/**
 * Likes and watches: one transaction, then a strongly consistent read-back of the brand or category, so
 * the counts in the answer are exact (2 requests, the contract's budget). With an Idempotency-Key riding on it, a
 * like or watch is a strongly consistent read, then the transaction with the key's record in it
 * ({@link FollowStore#add(Likeable, String, String, Relation, com.bigtimedeals.platform.KeyedWrite)}): 2 requests too.
 */
public final class FollowService {
    /** What a keyed like's or watch's record keeps: the change itself, the target as it answered, which a replay answers again. */
    private static final Recording<FollowChange> RECORDED = Recording.of(FollowChange.class);

    private final FollowStore follows;
    private final CatalogStore catalog;
    private final FeaturedCopies featured;
    private final IdempotencyService idempotency;

    public FollowService(FollowStore follows, CatalogStore catalog, FeaturedCopies featured, IdempotencyService idempotency) {
        this.follows = follows;
        this.catalog = catalog;
        this.featured = featured;
        this.idempotency = idempotency;
    }

    /** One process's copies of the featured lists, shared by both ways a like answers (FeaturedCopies). */
    public static FollowService of(Table table) {
        FeaturedCopies featured = new FeaturedCopies();
        return new FollowService(new FollowStore(table, featured), new CatalogStore(table), featured,
                IdempotencyService.of(table, table.clock()));
    }

    /**
     * {@code key}: the request's Idempotency-Key (null without one), riding on the like's read and transaction, so
     * that a retry whose answer was lost replays the first answer (the count it left) instead of reading a later one.
     */
    public Keyed<FollowChange> follow(Likeable kind, String id, String username, Relation relation, IdempotencyKey key) {
        return idempotency.carried(key, RECORDED, keyed -> {
            if (keyed != null) {
                return follows.add(kind, id, username, relation, keyed);
            }
            boolean changed = follows.add(kind, id, username, relation);
            return new FollowChange(readBack(kind, id), changed);
        });
    }

    public FollowChange unfollow(Likeable kind, String id, String username, Relation relation) {
        boolean changed = follows.remove(kind, id, username, relation);
        return new FollowChange(readBack(kind, id), changed);
    }

    public FollowState state(Likeable kind, String id, String username) {
        return follows.state(kind, id, username);
    }

    public Follows follows(String username) {
        return follows.follows(username);
    }

    private FollowTarget readBack(Likeable kind, String id) {
        return kind == Likeable.BRAND ? catalog.brand(id, true) : catalog.category(id, true, featured);
    }
}

package com.bigtimedeals.service;

import com.bigtimedeals.community.FollowChange;
import com.bigtimedeals.community.FollowState;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.community.Follows;
import com.bigtimedeals.deals.CatalogStore;
import com.bigtimedeals.deals.FeaturedCopies;
import com.bigtimedeals.deals.FollowTarget;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Table;

/**
 * Likes and watches: one transaction, then a strongly consistent read-back of the brand or category, so
 * the counts in the answer are exact (2 requests, the contract's budget). With an Idempotency-Key riding on it, a
 * like or watch is a strongly consistent read, then the transaction with the key's record in it
 * ({@link FollowStore#add(Likeable, String, String, Relation, KeyedWrite)}): 2 requests too.
 */
public final class FollowService {
    private final FollowStore follows;
    private final CatalogStore catalog;
    private final FeaturedCopies featured;

    public FollowService(FollowStore follows, CatalogStore catalog, FeaturedCopies featured) {
        this.follows = follows;
        this.catalog = catalog;
        this.featured = featured;
    }

    /** One process's copies of the featured lists, shared by both ways a like answers (FeaturedCopies). */
    public static FollowService of(Table table) {
        FeaturedCopies featured = new FeaturedCopies();
        return new FollowService(new FollowStore(table, featured), new CatalogStore(table), featured);
    }

    /** {@code keyed}: the request's Idempotency-Key, to ride on the write; null without one. */
    public FollowChange follow(Likeable kind, String id, String username, Relation relation, KeyedWrite<FollowChange> keyed) {
        if (keyed != null) {
            return follows.add(kind, id, username, relation, keyed);
        }
        boolean changed = follows.add(kind, id, username, relation);
        return new FollowChange(readBack(kind, id), changed);
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

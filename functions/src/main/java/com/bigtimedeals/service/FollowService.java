package com.bigtimedeals.service;

import com.bigtimedeals.data.CatalogStore;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.domain.FollowState;
import com.bigtimedeals.domain.FollowTarget;
import com.bigtimedeals.domain.Follows;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.Relation;

/**
 * Likes and watches: one transaction, then a strongly consistent read-back of the brand or category, so
 * the counts in the answer are exact (2 requests, the contract's budget).
 */
public final class FollowService {
    /** The brand or category after the change, and whether this call changed anything. */
    public record Outcome(FollowTarget target, boolean changed) {
    }

    private final FollowStore follows;
    private final CatalogStore catalog;

    public FollowService(FollowStore follows, CatalogStore catalog) {
        this.follows = follows;
        this.catalog = catalog;
    }

    public static FollowService of(Table table) {
        return new FollowService(new FollowStore(table), new CatalogStore(table));
    }

    public Outcome follow(Likeable kind, String id, String username, Relation relation) {
        boolean changed = follows.add(kind, id, username, relation);
        return new Outcome(readBack(kind, id), changed);
    }

    public Outcome unfollow(Likeable kind, String id, String username, Relation relation) {
        boolean changed = follows.remove(kind, id, username, relation);
        return new Outcome(readBack(kind, id), changed);
    }

    public FollowState state(Likeable kind, String id, String username) {
        return follows.state(kind, id, username);
    }

    public Follows follows(String username) {
        return follows.follows(username);
    }

    private FollowTarget readBack(Likeable kind, String id) {
        return kind == Likeable.BRAND ? catalog.brand(id, true) : catalog.category(id, true);
    }
}

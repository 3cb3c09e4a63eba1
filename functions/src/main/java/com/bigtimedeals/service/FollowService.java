package com.bigtimedeals.service;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.FeaturedCopies;
import com.bigtimedeals.community.FollowChange;
import com.bigtimedeals.community.FollowState;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.community.Follows;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Table;

/**
 * Likes and watches: a strongly consistent read of the brand or category and the caller's relation, then one
 * transaction conditioned on the count and the incarnation read, so the counts in the answer are exact (2 requests, the
 * contract's budget; {@link FollowStore#follow}, {@link FollowStore#unfollow}). With an Idempotency-Key, the key's
 * record rides on the same read and transaction: 2 requests too.
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
            return follows.follow(kind, id, username, relation, keyed);
        });
    }

    public FollowChange unfollow(Likeable kind, String id, String username, Relation relation) {
        return follows.unfollow(kind, id, username, relation);
    }

    public FollowState state(Likeable kind, String id, String username) {
        return follows.state(kind, id, username);
    }

    public Follows follows(String username) {
        return follows.follows(username);
    }
}

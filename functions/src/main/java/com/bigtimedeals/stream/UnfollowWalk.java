package com.bigtimedeals.stream;

import com.bigtimedeals.catalogue.CatalogDeletions;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.platform.Likeable;

/**
 * Deletes a deleted brand's or category's watch items as a {@link WalkRunner resumable walk} ({@link CatalogDeletions}):
 * a page of its watcher list at a time, each watch of the deleted incarnation deleted on the condition of its stamp
 * ({@link FollowStore#forgetWatches}), each page checkpointed, continued by the checkpoint's stream record or, when
 * records stop, the sweeper. A page run twice deletes nothing twice, and a watch of the target made again meanwhile
 * carries another stamp: no page deletes it.
 */
final class UnfollowWalk {
    /** Watches per page: each a small transaction. */
    static final int PAGE = 100;

    private final CatalogDeletions deletions;
    private final FollowStore follows;

    UnfollowWalk(CatalogDeletions deletions, FollowStore follows) {
        this.deletions = deletions;
        this.follows = follows;
    }

    void run(Likeable kind, String id, String incarnation, TimeBudget budget, Tally tally) {
        WalkRunner.run(new WalkRunner.Walk<CatalogDeletions.Walk>() {
            @Override
            public WalkRunner.Start<CatalogDeletions.Walk> start() {
                CatalogDeletions.Walk walk = deletions.get(kind, id, incarnation);
                return walk == null ? null : WalkRunner.Start.at(walk, walk.position());
            }

            @Override
            public WalkRunner.Step step(CatalogDeletions.Walk walk, String at, boolean firstHand, Tally tally) {
                FollowStore.Forgotten page = follows.forgetWatches(kind, id, incarnation, at, PAGE);
                return new WalkRunner.Step(page.next(), page.removed());
            }

            @Override
            public boolean checkpoint(CatalogDeletions.Walk walk, String from, String next, int count, boolean claimNext) {
                return deletions.advance(walk, from, next, count);
            }

            @Override
            public void requeue() {
                deletions.requeue(kind, id, incarnation);
            }
        }, budget, tally);
    }
}

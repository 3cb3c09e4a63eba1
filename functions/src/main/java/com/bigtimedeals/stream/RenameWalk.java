package com.bigtimedeals.stream;

import com.bigtimedeals.catalogue.CatalogRenames;
import com.bigtimedeals.platform.Likeable;

/**
 * Carries a brand's or category's new name into its deals as a {@link WalkRunner resumable walk}
 * ({@link CatalogRenames}): a latest-list page at a time, each checkpointed, continued by the checkpoint's stream
 * record or, when records stop, the sweeper. A page run twice renames nothing twice; a newer rename restarts the walk
 * and stops the older run at its next checkpoint.
 */
final class RenameWalk {
    private final CatalogRenames renames;

    RenameWalk(CatalogRenames renames) {
        this.renames = renames;
    }

    void run(Likeable kind, String id, TimeBudget budget, Tally tally) {
        WalkRunner.run(new WalkRunner.Walk<CatalogRenames.Walk>() {
            @Override
            public WalkRunner.Start<CatalogRenames.Walk> start() {
                CatalogRenames.Walk walk = renames.get(kind, id);
                return walk == null ? null : WalkRunner.Start.at(walk, walk.position());
            }

            @Override
            public WalkRunner.Step step(CatalogRenames.Walk walk, String at, boolean firstHand, Tally tally) {
                CatalogRenames.Renamed page = renames.page(walk, at);
                return new WalkRunner.Step(page.next(), page.count());
            }

            @Override
            public boolean checkpoint(CatalogRenames.Walk walk, String from, String next, int count, boolean claimNext) {
                return renames.advance(walk, from, next, count);
            }

            @Override
            public void requeue() {
                renames.requeue(kind, id);
            }
        }, budget, tally);
    }
}

package com.bigtimedeals.stream;

import java.util.Objects;

import com.bigtimedeals.changes.Change;
import com.bigtimedeals.saved.SavedStore;

/**
 * What a deal's change does to the lists and reminders of those who saved it: a takedown takes it out of every
 * saver's list (and count), a correction that moves its {@code expiresAt} plans each saver's reminder anew (the old one
 * finds the deal expiring at another moment when due, and sends nothing). Both are safe to run again on a replay.
 */
final class SavedDealChanges extends DealItemChange<Void> {
    private final SavedStore saved;

    SavedDealChanges(SavedStore saved) {
        this.saved = saved;
    }

    void apply(Change change) {
        change.accept(this);
    }

    @Override
    public Void on(Change.DealCreated c) {
        return null; // nobody has saved a deal that did not exist
    }

    @Override
    public Void on(Change.DealCorrected c) {
        if (c.before() != null && !Objects.equals(c.before().expiresAt(), c.deal().expiresAt())) {
            saved.replan(c.deal().id(), c.deal().expiresAt());
        }
        return null;
    }

    @Override
    public Void on(Change.DealTakenDown t) {
        saved.forgetDeal(t.dealId());
        return null;
    }

    @Override
    Void otherwise(Change change) {
        return null;
    }
}

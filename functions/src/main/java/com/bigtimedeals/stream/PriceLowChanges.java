package com.bigtimedeals.stream;

import com.bigtimedeals.changes.Change;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.LinkLows;

/**
 * A new deal's price, and every corrected price or link, is recorded under its normalised link, and the link's
 * low is carried onto the link's deals ({@link LinkLows}), whose copies follow as they follow a correction. The deal
 * item's own {@code linkLow} change reads as a correction with the same price and link, which records nothing more.
 */
final class PriceLowChanges extends DealItemChange<Void> {
    private final LinkLows lows;

    PriceLowChanges(LinkLows lows) {
        this.lows = lows;
    }

    void apply(Change change) {
        change.accept(this);
    }

    @Override
    public Void on(Change.DealCreated c) {
        lows.record(c.deal());
        return null;
    }

    @Override
    public Void on(Change.DealCorrected c) {
        if (moved(c.before(), c.deal())) {
            lows.record(c.deal());
        }
        return null;
    }

    @Override
    public Void on(Change.DealTakenDown t) {
        return null; // the link keeps the lowest price it has had
    }

    @Override
    Void otherwise(Change change) {
        return null;
    }

    private static boolean moved(Deal before, Deal now) {
        return before == null || before.price().compareTo(now.price()) != 0 || !before.link().equals(now.link());
    }
}

package com.bigtimedeals.stream;

import com.bigtimedeals.changes.Change;

/**
 * A reaction to the changes of a deal's own item (created, corrected, taken down), with one answer for every other
 * kind. Every other kind is named here rather than left to a default, so a new kind of {@link Change} does not compile
 * until it is placed on one side or the other: the reactions built on this (the front page's touched deals, savers'
 * lists, links' lowest prices) never ignore one silently.
 */
abstract class DealItemChange<R> implements Change.Visitor<R> {
    /** The answer for a change that is not one of a deal's item. */
    abstract R otherwise(Change change);

    @Override
    public R on(Change.MessageArrived change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.QuietMayEnd change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.DealReportedExpired change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.CountersChanged change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.FeaturedChanged change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.BlastRequested change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.BlastSegmentPending change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.FanOutPending change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.AlertFanOutPending change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.AccountDeletionPending change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.RenamePending change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.UnfollowPending change) {
        return otherwise(change);
    }

    @Override
    public R on(Change.Other change) {
        return otherwise(change);
    }
}

package com.bigtimedeals.deals;

import java.time.Instant;

/**
 * What the community did to a deal: hot and cold votes, comments not deleted. {@code version} orders two readings of
 * the same deal's counters: it grows with every counted change (the data layer's {@code DealCounters} sums one per
 * write over the deal's counter shards), so of two copies the one with the higher version is the newer, and a copy
 * is only ever replaced by a newer one. {@code hotSince} is the moment the deal was first seen at a temperature of
 * {@link #HOT} or more (null: never), kept once and never moved.
 */
public record DealCounts(long hot, long cold, long comments, long version, Instant hotSince) {
    /** A deal turns hot the first time its temperature reaches this. */
    public static final long HOT = 100;

    /** A deal nobody voted on or commented on. */
    public static final DealCounts NONE = new DealCounts(0, 0, 0, 0, null);

    /** Written out, as {@link Deal#equals} is and for the same reason: a deal's equality compares its counts. */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof DealCounts c && hot == c.hot && cold == c.cold && comments == c.comments
                && version == c.version && java.util.Objects.equals(hotSince, c.hotSince);
    }

    /** As {@link #equals}: every component. */
    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(new Object[] {hot, cold, comments, version, hotSince});
    }

    /** Hot votes minus cold votes. */
    public long temperature() {
        return hot - cold;
    }

    public long commentCount() {
        return comments;
    }

    /** Whichever of the two is the newer reading; the hot moment is kept from whichever has one. */
    public DealCounts newer(DealCounts other) {
        if (other == null) {
            return this;
        }
        DealCounts winner = other.version > version ? other : this;
        Instant since = hotSince != null ? hotSince : other.hotSince;
        return java.util.Objects.equals(winner.hotSince, since) ? winner : winner.withHotSince(since);
    }

    public DealCounts withHotSince(Instant since) {
        return new DealCounts(hot, cold, comments, version, since);
    }
}

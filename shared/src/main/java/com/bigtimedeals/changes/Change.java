package com.bigtimedeals.changes;

import java.time.Instant;

import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.platform.Likeable;

/**
 * What one stream record means to the consumer; {@link Other} for every change it does not react to. Each kind hands
 * itself to its own method of a {@link Visitor}: a new kind does not compile until the visitor has a method for it, and
 * the visitor does not compile until every implementation (the consumer's {@code ChangeReactions}) says what the new
 * kind sets off. An {@code instanceof} chain would ignore a new kind silently.
 */
public sealed interface Change {
    /** {@code visitor}'s method for this kind of change, with this change. */
    <R> R accept(Visitor<R> visitor);

    /**
     * One method per kind of change, none with a default: Java 17 has no exhaustive switch over a sealed type, so this
     * is how the compiler refuses a kind without a reaction. ({@code ChangeTest} holds that every kind reaches the
     * method named for it.)
     */
    interface Visitor<R> {
        R on(MessageArrived change);

        R on(QuietMayEnd change);

        R on(DealCreated change);

        R on(DealCorrected change);

        R on(DealTakenDown change);

        R on(DealReportedExpired change);

        R on(CountersChanged change);

        R on(FeaturedChanged change);

        R on(BlastRequested change);

        R on(BlastSegmentPending change);

        R on(FanOutPending change);

        R on(AlertFanOutPending change);

        R on(AccountDeletionPending change);

        R on(RenamePending change);

        R on(UnfollowPending change);

        R on(Other change);
    }
    /** A new inbox message: pushed to the recipient's devices that its settings allow. */
    record MessageArrived(Message message) implements Change {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /**
     * A user's quiet hours may have ended: the sweeper woke them at a window's end, or their notification settings
     * changed (quiet hours removed or moved). Pushes held for them are summarised when they are no longer quiet.
     */
    record QuietMayEnd(String username) implements Change {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /**
     * A new deal. {@code postedAt} is the stored moment it was posted (its {@code createdAt} may be a backfilled
     * past instant): its messages sort by it, and their ids derive from it, so every delivery of the record,
     * however late or often, names the same messages.
     */
    record DealCreated(Deal deal, Instant postedAt) implements Change {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /**
     * An editor corrected a deal; copies of it must follow. {@code before} is the deal as it was (null when the record
     * carries no old image): the word index replaces the words a corrected title lost or gained.
     */
    record DealCorrected(Deal deal, Deal before) implements Change {
        public DealCorrected(Deal deal) {
            this(deal, null);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /** An editor took a deal down; every copy of it must go, its title's words from the word index too. */
    record DealTakenDown(String dealId, String title) implements Change {
        public DealTakenDown(String dealId) {
            this(dealId, null);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /**
     * A deal's open {@code expired} reports just reached the contract's threshold, in report round {@code round},
     * with the report made at {@code at}: the deal expires by itself, as if an editor had set its expiry to then.
     */
    record DealReportedExpired(String dealId, Instant at, long round) implements Change {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /**
     * One of a deal's counters moved (a vote, a comment). Records of one deal are interchangeable: the aggregation
     * reads the counters as they stand, once per batch for every deal the batch names. {@code shard} (of the first
     * view; -1 unknown) and {@code writes} (that shard's write count after the change) say which reading covers it.
     */
    record CountersChanged(String dealId, int shard, long writes) implements Change {
        public CountersChanged(String dealId) {
            this(dealId, -1, 0);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    record FeaturedChanged(FeaturedList list) implements Change {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /** A blast recorded without its segments (see {@code BlastStore.WITH_SEGMENTS}): they are created from its record. */
    record BlastRequested(String blastId) implements Change {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /**
     * A step of a resumable walk that is not finished. Every checkpoint of a walk is such a record, and a run
     * reads the walk's checkpoint anyway, so records of one walk are interchangeable: equal values are one walk.
     * Which item types are walks is said once, by the data layer's {@code ItemChanges.WALK_TYPES}.
     */
    sealed interface WalkPending extends Change {
    }

    /** A blast segment that is not finished: created, or checkpointed by an invocation that ran short of time. */
    record BlastSegmentPending(String blastId, int segment) implements WalkPending {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /** Watcher fan-out work handed on by an invocation that ran short of time. */
    record FanOutPending(String dealId, Likeable source) implements WalkPending {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /** The matching of a new deal against the alerts its words are filed under, handed on by an invocation out of time. */
    record AlertFanOutPending(String dealId) implements WalkPending {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /** A deleted account whose clean-up is not finished: just deleted, or checkpointed by a walk step. */
    record AccountDeletionPending(String username) implements WalkPending {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /** A brand's or category's new name, not yet carried into all of its deals (a walk over its latest list). */
    record RenamePending(Likeable kind, String id) implements WalkPending {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    /** A deleted brand's or category's watch items, not all deleted yet (a walk over its watcher list). */
    record UnfollowPending(Likeable kind, String id, String incarnation) implements WalkPending {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }

    record Other() implements Change {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.on(this);
        }
    }
}

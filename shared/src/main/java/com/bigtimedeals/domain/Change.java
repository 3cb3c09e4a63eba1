package com.bigtimedeals.domain;

import java.time.Instant;

/** What one stream record means to the consumer; {@link Other} for every change it does not react to. */
public sealed interface Change {
    /** A new inbox message: pushed to the recipient's devices that its settings allow. */
    record MessageArrived(Message message) implements Change {
    }

    /**
     * A new deal. {@code postedAt} is the stored moment it was posted (its {@code createdAt} may be a backfilled
     * past instant): its messages sort by it, and their ids derive from it, so every delivery of the record,
     * however late or often, names the same messages.
     */
    record DealCreated(Deal deal, Instant postedAt) implements Change {
    }

    /**
     * An editor corrected a deal; copies of it must follow. {@code before} is the deal as it was (null when the record
     * carries no old image): the word index replaces the words a corrected title lost or gained.
     */
    record DealCorrected(Deal deal, Deal before) implements Change {
        public DealCorrected(Deal deal) {
            this(deal, null);
        }
    }

    /** An editor took a deal down; every copy of it must go, its title's words from the word index too. */
    record DealTakenDown(String dealId, String title) implements Change {
        public DealTakenDown(String dealId) {
            this(dealId, null);
        }
    }

    /**
     * A deal's open {@code expired} reports just reached the contract's threshold, in report round {@code round},
     * with the report made at {@code at}: the deal expires by itself, as if an editor had set its expiry to then.
     */
    record DealReportedExpired(String dealId, Instant at, long round) implements Change {
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
    }

    record FeaturedChanged(FeaturedList list) implements Change {
    }

    /** A blast recorded without its segments (see {@code BlastStore.WITH_SEGMENTS}): they are created from its record. */
    record BlastRequested(String blastId) implements Change {
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
    }

    /** Watcher fan-out work handed on by an invocation that ran short of time. */
    record FanOutPending(String dealId, Likeable source) implements WalkPending {
    }

    /** The matching of a new deal against the alerts its words are filed under, handed on by an invocation out of time. */
    record AlertFanOutPending(String dealId) implements WalkPending {
    }

    /** A deleted account whose clean-up is not finished: just deleted, or checkpointed by a walk step. */
    record AccountDeletionPending(String username) implements WalkPending {
    }

    /** A brand's or category's new name, not yet carried into all of its deals (a walk over its latest list). */
    record RenamePending(Likeable kind, String id) implements WalkPending {
    }

    record Other() implements Change {
    }
}

package com.bigtimedeals.domain;

import java.time.Instant;

/** What one stream record means to the consumer; {@link Other} for every change it does not react to. */
public sealed interface Change {
    /**
     * A new deal. {@code postedAt} is the stored moment it was posted (its {@code createdAt} may be a backfilled
     * past instant): its messages sort by it, and their ids derive from it, so every delivery of the record,
     * however late or often, names the same messages.
     */
    record DealCreated(Deal deal, Instant postedAt) implements Change {
    }

    /** An editor corrected a deal; copies of it must follow. */
    record DealCorrected(Deal deal) implements Change {
    }

    /** An editor took a deal down; every copy of it must go. */
    record DealTakenDown(String dealId) implements Change {
    }

    /**
     * A deal's open {@code expired} reports just reached the contract's threshold, in report round {@code round},
     * with the report made at {@code at}: the deal expires by itself, as if an editor had set its expiry to then.
     */
    record DealReportedExpired(String dealId, Instant at, long round) implements Change {
    }

    /**
     * One of a deal's counters moved (a vote, a comment). Records of one deal are interchangeable: the aggregation
     * reads the counters as they stand, once per batch for every deal the batch names.
     */
    record CountersChanged(String dealId) implements Change {
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

    /** A deleted account whose clean-up is not finished: just deleted, or checkpointed by a walk step. */
    record AccountDeletionPending(String username) implements WalkPending {
    }

    record Other() implements Change {
    }
}

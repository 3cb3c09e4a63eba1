package com.bigtimedeals.stream;

import java.util.List;

import com.bigtimedeals.accounts.Recipients;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;

/**
 * Runs one {@link com.bigtimedeals.platform.WalkStore resumable walk} (a blast segment, a handed-on watcher fan-out,
 * an account's clean-up) from its checkpoint: do a page of work, then checkpoint it; stop when it is finished,
 * when another run moved it (that run owns the rest), or when the time budget is spent (the last checkpoint's
 * stream record wakes the next run). No page is started once the budget is spent: the walk is requeued
 * instead, so no invocation outruns its timeout however many walks one batch names. Every page's work must be
 * safe to repeat, because a crash between a page and its checkpoint runs that page again; a walk that claims
 * its pages may do a page more cheaply when its run is the first ever to start it, and safely otherwise.
 */
final class WalkRunner {
    /**
     * One walk, as the runner sees it. {@code S} is what the walk read where it stands (the work item, the deal it is
     * about, the blast): {@link #start} reads it once per run, and the runner hands it to every step, so no step
     * depends on a field some earlier call happened to set.
     */
    interface Walk<S> {
        /** Where the walk stands now, read consistently; null when it is finished. */
        Start<S> start();

        /**
         * Does one page of work from {@code at}; says where the next page starts (null: the walk is finished).
         * {@code firstHand}: this run holds the page's claim, so no run wrote any of it before.
         */
        Step step(S state, String at, boolean firstHand, Tally tally);

        /**
         * Whether this walk claims its pages ({@link com.bigtimedeals.platform.WalkStore#claim}). Only a walk that can
         * do a claimed page more cheaply does: the claim is a write. False by default.
         */
        default boolean claimsPages() {
            return false;
        }

        /** Claims the page at {@code at} for this run; true when no run started it before. */
        default boolean claim(S state, String at) {
            throw new UnsupportedOperationException("this walk does not claim its pages");
        }

        /**
         * Moves the walk from {@code from} to {@code next} (null: finished); false when another run moved it first.
         * {@code claimNext}: the same write claims the page at {@code next} for this run (only asked of a walk that
         * claims its pages).
         */
        boolean checkpoint(S state, String from, String next, int count, boolean claimNext);

        /** Re-announces the walk on the stream without working on it. */
        void requeue();
    }

    /**
     * Where a walk stands ({@code after}, null at its start) and what it read there; {@code endHere} when it must
     * stop where it is (its deal was taken down, say).
     */
    record Start<S>(S state, String after, boolean endHere) {
        static <S> Start<S> at(S state, String after) {
            return new Start<>(state, after, false);
        }

        static <S> Start<S> endAt(S state, String after) {
            return new Start<>(state, after, true);
        }
    }

    /** What one page did: where the next starts (null: finished), and how many things it covered. */
    record Step(String next, int count) {
    }

    /**
     * A walk whose pages are recipients to message: blast segments and handed-on fan-outs. A page this run
     * claimed first-hand is written with BatchWriteItem (nobody wrote any of it before); any other page, and
     * every page of a walk that does not claim, is written create-only, so a page run twice leaves each message
     * as it was, read or not.
     */
    abstract static class Delivery<S> implements Walk<S> {
        private final InboxDelivery inbox;

        Delivery(InboxDelivery inbox) {
            this.inbox = inbox;
        }

        abstract Recipients page(S state, String after);

        abstract List<Message> messages(S state, List<String> usernames);

        @Override
        public final Step step(S state, String at, boolean firstHand, Tally tally) {
            Recipients page = page(state, at);
            write(inbox, messages(state, page.usernames()), firstHand, tally);
            return new Step(page.next(), page.usernames().size());
        }

        /** A page of messages: BatchWriteItem when this run holds the page's claim, create-only puts otherwise. */
        static void write(InboxDelivery inbox, List<Message> messages, boolean firstHand, Tally tally) {
            if (firstHand) {
                tally.messagesWritten += inbox.deliverClaimed(messages);
                tally.pagesClaimed += messages.isEmpty() ? 0 : 1;
            } else {
                tally.messagesWritten += inbox.deliver(messages);
            }
        }
    }

    private WalkRunner() {
    }

    static <S> void run(Walk<S> walk, TimeBudget budget, Tally tally) {
        if (budget.exhausted()) {
            walk.requeue();
            tally.handedOn++;
            return;
        }
        Start<S> start = walk.start();
        if (start == null) {
            return; // finished: a late or duplicate record
        }
        S state = start.state();
        String at = start.after();
        if (start.endHere()) {
            walk.checkpoint(state, at, null, 0, false); // finished where it stands; a run that lost the race stops too
            return;
        }
        boolean claims = walk.claimsPages();
        boolean firstHand = claims && walk.claim(state, at);
        while (true) {
            Step step = walk.step(state, at, firstHand, tally);
            // Going on with the next page in this run: the checkpoint claims it too, at no extra write. A run that
            // hands on leaves the next page unclaimed, so the run that continues it can claim it.
            boolean goingOn = step.next() != null && !budget.exhausted();
            if (!walk.checkpoint(state, at, step.next(), step.count(), claims && goingOn)) {
                tally.checkpointsLost++;
                return; // another run moved this walk on; it owns the rest
            }
            if (step.next() == null) {
                return;
            }
            if (!goingOn) {
                tally.handedOn++; // the checkpoint just written is on the stream and continues from here
                return;
            }
            at = step.next();
            firstHand = claims;
        }
    }
}

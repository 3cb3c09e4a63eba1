package com.bigtimedeals.stream;

import java.util.List;

import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Recipients;

/**
 * Runs one {@link com.bigtimedeals.data.WalkStore resumable walk} (a blast segment, a handed-on watcher fan-out,
 * an account's clean-up) from its checkpoint: do a page of work, then checkpoint it; stop when it is finished,
 * when another run moved it (that run owns the rest), or when the time budget is spent (the last checkpoint's
 * stream record wakes the next run). No page is started once the budget is spent: the walk is requeued
 * instead, so no invocation outruns its timeout however many walks one batch names. Every page's work must be
 * safe to repeat, because a crash between a page and its checkpoint runs that page again.
 */
final class WalkRunner {
    /** One walk, as the runner sees it. */
    interface Walk {
        /** Where the walk stands now (null: at the start), read consistently; null result when it is finished. */
        Position position();

        /** Does one page of work from {@code at}; says where the next page starts (null: the walk is finished). */
        Step step(String at, Tally tally);

        /** Moves the walk from {@code from} to {@code next} (null: finished); false when another run moved it first. */
        boolean checkpoint(String from, String next, int count);

        /** Re-announces the walk on the stream without working on it. */
        void requeue();
    }

    /** Where a walk stands; {@code endHere} when it must stop where it is (its deal was taken down, say). */
    record Position(String after, boolean endHere) {
        static Position at(String after) {
            return new Position(after, false);
        }

        static Position endAt(String after) {
            return new Position(after, true);
        }
    }

    /** What one page did: where the next starts (null: finished), and how many things it covered. */
    record Step(String next, int count) {
    }

    /**
     * A walk whose pages are recipients to message: blast segments and handed-on fan-outs. Delivery writes a
     * message only where none exists, so a page run twice leaves each message as it was, read or not.
     */
    abstract static class Delivery implements Walk {
        private final InboxStore inbox;

        Delivery(InboxStore inbox) {
            this.inbox = inbox;
        }

        abstract Recipients page(String after);

        abstract List<Message> messages(List<String> usernames);

        @Override
        public final Step step(String at, Tally tally) {
            Recipients page = page(at);
            tally.messagesWritten += inbox.deliver(messages(page.usernames()));
            return new Step(page.next(), page.usernames().size());
        }
    }

    private WalkRunner() {
    }

    static void run(Walk walk, TimeBudget budget, Tally tally) {
        if (budget.exhausted()) {
            walk.requeue();
            tally.handedOn++;
            return;
        }
        Position start = walk.position();
        if (start == null) {
            return; // finished: a late or duplicate record
        }
        String at = start.after();
        if (start.endHere()) {
            walk.checkpoint(at, null, 0); // finished where it stands; a run that lost the race to it stops too
            return;
        }
        while (true) {
            Step step = walk.step(at, tally);
            if (!walk.checkpoint(at, step.next(), step.count())) {
                tally.checkpointsLost++;
                return; // another run moved this walk on; it owns the rest
            }
            if (step.next() == null) {
                return;
            }
            at = step.next();
            if (budget.exhausted()) {
                tally.handedOn++; // the checkpoint just written is on the stream and continues from here
                return;
            }
        }
    }
}

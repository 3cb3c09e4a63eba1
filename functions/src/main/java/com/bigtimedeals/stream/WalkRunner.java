package com.bigtimedeals.stream;

import java.util.List;

import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Recipients;

/**
 * Runs one {@link com.bigtimedeals.data.WalkStore resumable walk} (a blast segment, handed-on watcher fan-out)
 * from its checkpoint: write a page of messages, then checkpoint it; stop when it is finished, when another
 * run moved it (that run owns the rest), or when the time budget is spent (the last checkpoint's stream
 * record wakes the next run). No page is started once the budget is spent: the walk is requeued instead, so
 * no invocation outruns its timeout however many walks one batch names.
 */
final class WalkRunner {
    /** One walk, as the runner sees it. */
    interface Walk {
        /** Where the walk stands now (null: at the start), read consistently; null result when it is finished. */
        Position position();

        Recipients page(String after);

        List<Message> messages(List<String> usernames);

        /** Moves the walk from {@code from} to {@code next} (null: finished); false when another run moved it first. */
        boolean checkpoint(String from, String next, int count);

        /** Re-announces the walk on the stream without working on it. */
        void requeue();
    }

    record Position(String after) {
    }

    private final InboxStore inbox;

    WalkRunner(InboxStore inbox) {
        this.inbox = inbox;
    }

    void run(Walk walk, TimeBudget budget, Tally tally) {
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
        while (true) {
            Recipients page = walk.page(at);
            tally.messagesWritten += inbox.deliver(walk.messages(page.usernames()));
            if (!walk.checkpoint(at, page.next(), page.usernames().size())) {
                tally.checkpointsLost++;
                return; // another run moved this walk on; it owns the rest
            }
            if (page.next() == null) {
                return;
            }
            at = page.next();
            if (budget.exhausted()) {
                tally.handedOn++; // the checkpoint just written is on the stream and continues from here
                return;
            }
        }
    }
}

package com.bigtimedeals.stream;

import com.bigtimedeals.data.AccountStore;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.domain.AccountDeletion;

/**
 * Carries out a deleted account's clean-up through the stream, with the watcher fan-out's resumable walk:
 * pages of follows, then pages of messages, and when the invocation's time runs short the position is
 * checkpointed on the deletion item, whose stream record continues it in a later invocation. Every step is
 * idempotent (a follow is removed only while its relation item exists; deleting a message twice is
 * harmless), so a redelivered or replayed record repeats nothing that counts.
 */
final class AccountDeletionWalk {
    private final AccountStore accounts;
    private final InboxStore inbox;
    private final int followPage;
    private final int messagePage;

    AccountDeletionWalk(AccountStore accounts, InboxStore inbox, int followPage, int messagePage) {
        this.accounts = accounts;
        this.inbox = inbox;
        this.followPage = followPage;
        this.messagePage = messagePage;
    }

    /** Continues the walk of one user's deletion from its checkpoint, until done or out of time. */
    void run(String username, TimeBudget budget, Tally tally) {
        AccountDeletion d = accounts.get(username);
        if (d == null || d.done()) {
            return; // a replay of a finished walk
        }
        while (true) {
            String next = d.phase() == AccountDeletion.Phase.FOLLOWS
                    ? accounts.removeFollows(d, followPage)
                    : accounts.removeMessages(d, messagePage, inbox);
            if (next != null) {
                d = new AccountDeletion(d.username(), d.deletedAt(), d.phase(), next, false);
            } else if (d.phase() == AccountDeletion.Phase.FOLLOWS) {
                d = new AccountDeletion(d.username(), d.deletedAt(), AccountDeletion.Phase.MESSAGES, null, false);
            } else {
                accounts.checkpoint(new AccountDeletion(d.username(), d.deletedAt(), d.phase(), null, true));
                return;
            }
            if (budget.exhausted()) {
                accounts.checkpoint(d);
                tally.handedOn++;
                return;
            }
        }
    }
}

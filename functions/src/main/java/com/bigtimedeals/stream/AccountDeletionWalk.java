package com.bigtimedeals.stream;

import com.bigtimedeals.accounts.AccountDeletion;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.community.CommentStore;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.community.VoteStore;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.saved.SavedStore;

/**
 * Carries out a deleted account's clean-up as a {@link WalkRunner resumable walk}: pages of follows, then of votes,
 * then of alerts (each with its entry in the word index), then of comments (each turned into a tombstone with no
 * author), then of messages, each page checkpointed on the deletion item, whose stream record (or the sweeper, when
 * records stop) continues it in a later invocation. Every page is safe to run twice: a follow or an alert is removed
 * only while its item exists, and a vote only while it is still that vote, so a replayed page or a parallel run never
 * drops a count or moves a temperature twice; a comment is changed only while it still names the user; and deleting a
 * message twice is harmless. Each phase's page is its own feature's step; this is the one place that knows them all.
 */
final class AccountDeletionWalk {
    private final AccountStore accounts;
    private final FollowStore follows;
    private final VoteStore votes;
    private final AlertStore alerts;
    private final CommentStore comments;
    private final SavedStore saved;
    private final com.bigtimedeals.devices.DeviceStore devices;
    private final InboxDelivery inbox;
    private final int followPage;
    private final int messagePage;
    private final int votePage;

    AccountDeletionWalk(Table table, AccountStore accounts, InboxDelivery inbox, int followPage, int messagePage) {
        this.accounts = accounts;
        this.follows = new FollowStore(table);
        this.votes = new VoteStore(table);
        this.alerts = new AlertStore(table);
        this.comments = new CommentStore(table);
        this.saved = new SavedStore(table);
        this.devices = new com.bigtimedeals.devices.DeviceStore(table);
        this.inbox = inbox;
        this.followPage = followPage;
        this.messagePage = messagePage;
        this.votePage = Math.min(followPage, AccountStore.VOTE_PAGE);
    }

    /** Continues the walk of one user's deletion from its checkpoint, until done, moved by another run, or out of time. */
    void run(String username, TimeBudget budget, Tally tally) {
        WalkRunner.run(new WalkRunner.Walk<AccountDeletion>() {
            @Override
            public WalkRunner.Start<AccountDeletion> start() {
                AccountDeletion deletion = accounts.get(username);
                return deletion == null || deletion.done() ? null : WalkRunner.Start.at(deletion, deletion.position());
            }

            @Override
            public WalkRunner.Step step(AccountDeletion deletion, String at, boolean firstHand, Tally tally) {
                AccountDeletion here = new AccountDeletion(username, deletion.deletedAt(), at, false);
                AccountStore.Cleared page = switch (here.phase()) {
                    case FOLLOWS -> follows.removeForDeletion(here, followPage);
                    case VOTES -> votes.removeForDeletion(here, votePage);
                    case ALERTS -> alerts.removeForDeletion(here, followPage);
                    case COMMENTS -> comments.anonymise(username, here.deletedAt(), here.after(), CommentStore.AUTHOR_PAGE);
                    case SAVED -> saved.removeForDeletion(here, followPage);
                    case MESSAGES -> inbox.removeForDeletion(here, messagePage);
                    case SETTINGS -> new AccountStore.Cleared(null, devices.removeSettingsForDeletion(username, here.deletedAt()));
                };
                return new WalkRunner.Step(AccountDeletion.next(here.phase(), page.last()), page.removed());
            }

            @Override
            public boolean checkpoint(AccountDeletion deletion, String from, String next, int count, boolean claimNext) {
                return accounts.advance(new AccountDeletion(username, deletion.deletedAt(), from, false), next, count);
            }

            @Override
            public void requeue() {
                accounts.requeue(username);
            }
        }, budget, tally);
    }
}

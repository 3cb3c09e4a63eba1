package com.bigtimedeals.stream;

import java.util.ArrayList;
import java.util.List;

import com.bigtimedeals.accounts.Recipients;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.BlastSegment;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Ids;

/**
 * A hot deal to every user with a profile (access pattern: send a Hot Deal Message to all Users). The blast
 * is split into parallel-scan segments of the sparse UserIndex; each segment is a resumable walk that writes
 * a page of messages and then checkpoints (see {@link WalkRunner}). Message ids depend only on (user, blast).
 * The first run to start a page claims it and writes it with BatchWriteItem; any later run of that page writes
 * only where no message exists, so a page written twice after a crash leaves one message per user, read or
 * not. A segment that finds its deal taken down finishes where it stands: nothing new is sent for it.
 */
final class HotDealBlast {
    /** Users per scan page: about 80 bytes each in the index. */
    static final int PAGE = 1000;

    private final BlastStore blasts;
    private final UserStore users;
    private final InboxDelivery inbox;
    private final DealStore deals;
    private final int pageSize;

    HotDealBlast(BlastStore blasts, UserStore users, InboxDelivery inbox, DealStore deals, int pageSize) {
        this.blasts = blasts;
        this.users = users;
        this.inbox = inbox;
        this.deals = deals;
        this.pageSize = pageSize;
    }

    /** A segment where it stands: the blast as requested, and how many segments it has. */
    private record Segment(Blast blast, int segments) {
    }

    void start(String blastId) {
        blasts.createSegments(blasts.requested(blastId));
    }

    /** Works on one segment from its checkpoint until it is done, moved by another run, or the budget is spent. */
    void run(String blastId, int segment, TimeBudget budget, Tally tally) {
        WalkRunner.run(new WalkRunner.Delivery<Segment>(inbox) {
            @Override
            public WalkRunner.Start<Segment> start() {
                BlastSegment at = blasts.segment(blastId, segment);
                if (at.done()) {
                    return null;
                }
                Segment state = new Segment(blasts.requested(blastId), at.segments());
                // Taken down mid-blast: this segment ends here, and nothing more is sent for the deal.
                return deals.find(state.blast().dealId()) == null ? WalkRunner.Start.endAt(state, at.after())
                        : WalkRunner.Start.at(state, at.after());
            }

            @Override
            Recipients page(Segment state, String after) {
                return users.scanSegment(segment, state.segments(), after, pageSize);
            }

            @Override
            List<Message> messages(Segment state, List<String> usernames) {
                Blast blast = state.blast();
                List<Message> messages = new ArrayList<>(usernames.size());
                for (String user : usernames) {
                    messages.add(new Message(Ids.messageId(blast.requestedAt(), user, "blast#" + blast.id()), user,
                            blast.subject(), blast.body(), blast.dealId(), true, blast.requestedAt(), MessageKind.BLAST));
                }
                return messages;
            }

            /*
             * A segment's recipients are its own (a user is in exactly one scan segment, and the message id is
             * a function of user and blast), so the only writer that could have written a page's messages before
             * is an earlier run of the same page, which the claim rules out: the first run to start a page writes
             * it with BatchWriteItem, a run after a crash or beside a redelivered record writes create-only.
             */
            @Override
            public boolean claimsPages() {
                return true;
            }

            @Override
            public boolean claim(Segment state, String at) {
                return blasts.claim(new BlastSegment(blastId, segment, state.segments(), at, 0, false));
            }

            @Override
            public boolean checkpoint(Segment state, String from, String next, int count, boolean claimNext) {
                return blasts.advance(new BlastSegment(blastId, segment, state.segments(), from, 0, false), next, count,
                        claimNext);
            }

            @Override
            public void requeue() {
                blasts.requeue(blastId, segment);
            }
        }, budget, tally);
    }
}

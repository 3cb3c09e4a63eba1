package com.bigtimedeals.stream;

import java.util.ArrayList;
import java.util.List;

import com.bigtimedeals.data.BlastStore;
import com.bigtimedeals.data.Ids;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.data.UserStore;
import com.bigtimedeals.domain.Blast;
import com.bigtimedeals.domain.BlastSegment;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Recipients;

/**
 * A hot deal to every user with a profile (access pattern: send a Hot Deal Message to all Users). The blast
 * is split into parallel-scan segments of the sparse UserIndex; each segment advances a page at a time and
 * checkpoints after every page, in a transaction that also counts the page on the blast. An invocation short
 * of time simply stops: its last checkpoint's stream record wakes the next one. Message ids depend only on
 * (user, blast), so a page written twice after a crash still leaves one message per user.
 */
final class HotDealBlast {
    /** Users per scan page: about 80 bytes each in the index, 40 BatchWriteItems a page. */
    static final int PAGE = 1000;

    private final BlastStore blasts;
    private final UserStore users;
    private final InboxStore inbox;
    private final int pageSize;

    HotDealBlast(BlastStore blasts, UserStore users, InboxStore inbox, int pageSize) {
        this.blasts = blasts;
        this.users = users;
        this.inbox = inbox;
        this.pageSize = pageSize;
    }

    void start(String blastId) {
        blasts.createSegments(blasts.get(blastId));
    }

    /** Works on one segment from its checkpoint until it is done or the budget runs out (always one page at least). */
    void run(String blastId, int segment, TimeBudget budget, Tally tally) {
        BlastSegment at = blasts.segment(blastId, segment);
        if (at.done()) {
            return;
        }
        Blast blast = blasts.get(blastId);
        while (true) {
            Recipients page = users.scanSegment(at.segment(), at.segments(), at.after(), pageSize);
            List<Message> messages = new ArrayList<>(page.usernames().size());
            for (String user : page.usernames()) {
                messages.add(new Message(Ids.messageId(blast.requestedAt(), user, "blast#" + blast.id()), user,
                        blast.subject(), blast.body(), blast.dealId(), true, blast.requestedAt()));
            }
            tally.messagesWritten += inbox.deliver(messages);
            if (!blasts.advance(at, page.next(), page.usernames().size())) {
                return; // another invocation moved this segment on; it owns the rest
            }
            if (page.next() == null) {
                return;
            }
            at = new BlastSegment(at.blastId(), at.segment(), at.segments(), page.next(), at.reached() + page.usernames().size(), false);
            if (budget.exhausted()) {
                tally.handedOn++;
                return;
            }
        }
    }
}

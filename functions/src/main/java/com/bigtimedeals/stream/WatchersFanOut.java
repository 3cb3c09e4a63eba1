package com.bigtimedeals.stream;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.bigtimedeals.data.FanOutStore;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.data.Ids;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.FanOutWork;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.Recipients;

/**
 * New deal to the watchers of its brand and of its category (access patterns: send a new-deal Message to a
 * Brand's / a Category's watchers). Watcher lists are walked a page at a time; each watcher's message id
 * depends only on (user, deal), so a user watching both, a retry and a replay all land on one message.
 * When time runs short, the position is handed on as a work item whose stream record continues it.
 */
final class WatchersFanOut {
    /** Watchers per query: 500 small items, 20 BatchWriteItems; one page is all that is ever in memory. */
    static final int PAGE = 500;

    private final FollowStore follows;
    private final InboxStore inbox;
    private final FanOutStore work;
    private final int pageSize;

    WatchersFanOut(FollowStore follows, InboxStore inbox, FanOutStore work, int pageSize) {
        this.follows = follows;
        this.inbox = inbox;
        this.work = work;
        this.pageSize = pageSize;
    }

    /** Walks one watcher list from {@code after}; returns false when it handed the rest on. */
    boolean run(Deal deal, Likeable source, String after, Instant messageAt, TimeBudget budget, Tally tally) {
        String id = source == Likeable.BRAND ? deal.brandId() : deal.categoryId();
        String position = after;
        do {
            Recipients page = follows.watchers(source, id, position, pageSize);
            List<Message> messages = new ArrayList<>(page.usernames().size());
            for (String user : page.usernames()) {
                messages.add(message(deal, source, user, messageAt));
            }
            tally.messagesWritten += inbox.deliver(messages);
            position = page.next();
            if (position != null && budget.exhausted()) {
                work.handOn(new FanOutWork(deal.id(), source, position, messageAt, false));
                tally.handedOn++;
                return false;
            }
        } while (position != null);
        if (after != null) {
            work.finish(deal.id(), source);
        }
        return true;
    }

    static Message message(Deal deal, Likeable source, String user, Instant at) {
        String subject = source == Likeable.BRAND
                ? "New deal from " + deal.brandName() + ": " + deal.title()
                : "New deal in " + deal.categoryName() + ": " + deal.title();
        String body = deal.title() + " for " + deal.price().toPlainString() + " (" + deal.brandName() + ")";
        return new Message(Ids.messageId(at, user, "deal#" + deal.id()), user, subject, body, deal.id(), true, at);
    }
}

package com.bigtimedeals.stream;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.bigtimedeals.accounts.Recipients;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.inbox.FanOutStore;
import com.bigtimedeals.inbox.FanOutWork;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Likeable;

/**
 * New deal to the watchers of its brand and of its category (access patterns: send a new-deal Message to a
 * Brand's / a Category's watchers). Watcher lists are walked a page at a time; each watcher's message id
 * depends only on (user, deal) and, except on the brand list's claimed first run, is written only if absent, so
 * a user watching both lists, a retry and a replay all leave one message, and a message already read stays
 * read. A walk that does not finish in the
 * invocation that started it becomes a resumable walk (a fan-out work item), continued by {@link WalkRunner}.
 * A deal taken down meanwhile ends the walk where it stands; deleted watchers are dropped by the delivery
 * itself ({@link InboxDelivery#deliver}).
 */
final class WatchersFanOut {
    /** Watchers per query: 500 small items; one page is all that is ever in memory. */
    static final int PAGE = 500;

    private final FollowStore follows;
    private final InboxDelivery inbox;
    private final FanOutStore work;
    private final DealStore deals;
    private final int pageSize;

    WatchersFanOut(FollowStore follows, InboxDelivery inbox, FanOutStore work, DealStore deals, int pageSize) {
        this.follows = follows;
        this.inbox = inbox;
        this.work = work;
        this.deals = deals;
        this.pageSize = pageSize;
    }

    /**
     * Walks one watcher list from its start, with no checkpoint while it fits the budget (most lists do); when
     * the budget is spent, before the first page or later, the rest is handed on as a resumable walk. Returns
     * false when it handed on.
     *
     * <p>The brand list's first run writes with BatchWriteItem: it claims the list before anything else (so a
     * redelivered deal record, even one that finds walks this run handed on, is refused and writes create-only),
     * each watcher is on the list once, and the category list, whose users may share a message id with the
     * brand's, starts only after it. Every other walk of a watcher list writes create-only: a handed-on brand
     * walk runs beside the category walk, and the category list may name a brand watcher messaged already.
     */
    boolean start(Deal deal, Likeable source, Instant messageAt, TimeBudget budget, Tally tally) {
        boolean firstHand = source == Likeable.BRAND && work.claimFirstRun(deal.id(), source);
        String position = null;
        do {
            if (budget.exhausted()) {
                work.handOn(new FanOutWork(deal.id(), source, position, messageAt, false));
                tally.handedOn++;
                return false;
            }
            Recipients page = follows.watchers(source, listId(deal, source), position, pageSize);
            WalkRunner.Delivery.write(inbox, messages(deal, source, page.usernames(), messageAt), firstHand, tally);
            position = page.next();
        } while (position != null);
        return true;
    }

    /** A handed-on walk where it stands: its work item, and the deal (null once taken down). */
    private record HandedOn(FanOutWork work, Deal deal) {
    }

    /** Continues a handed-on walk from its checkpoint. */
    void resume(String dealId, Likeable source, TimeBudget budget, Tally tally) {
        WalkRunner.run(new WalkRunner.Delivery<HandedOn>(inbox) {
            @Override
            public WalkRunner.Start<HandedOn> start() {
                FanOutWork at = work.get(dealId, source);
                if (at == null || at.done()) {
                    return null;
                }
                HandedOn state = new HandedOn(at, deals.find(dealId));
                // Taken down between hand-offs: the walk ends here, and nothing more is sent.
                return state.deal() == null ? WalkRunner.Start.endAt(state, at.after()) : WalkRunner.Start.at(state, at.after());
            }

            @Override
            Recipients page(HandedOn state, String after) {
                return follows.watchers(source, listId(state.deal(), source), after, pageSize);
            }

            @Override
            List<Message> messages(HandedOn state, List<String> usernames) {
                return WatchersFanOut.messages(state.deal(), source, usernames, state.work().messageAt());
            }

            @Override
            public boolean checkpoint(HandedOn state, String from, String next, int count, boolean claimNext) {
                return work.advance(new FanOutWork(dealId, source, from, state.work().messageAt(), false), next, count);
            }

            @Override
            public void requeue() {
                work.requeue(dealId, source);
            }
        }, budget, tally);
    }

    private static String listId(Deal deal, Likeable source) {
        return source == Likeable.BRAND ? deal.brandId() : deal.categoryId();
    }

    static List<Message> messages(Deal deal, Likeable source, List<String> usernames, Instant at) {
        List<Message> messages = new ArrayList<>(usernames.size());
        for (String user : usernames) {
            messages.add(message(deal, source, user, at));
        }
        return messages;
    }

    static Message message(Deal deal, Likeable source, String user, Instant at) {
        String subject = source == Likeable.BRAND
                ? "New deal from " + deal.brandName() + ": " + deal.title()
                : "New deal in " + deal.categoryName() + ": " + deal.title();
        return NewDealMessage.of(deal, user, at, subject, MessageKind.WATCH);
    }
}

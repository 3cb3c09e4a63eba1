package com.bigtimedeals.stream;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;

import com.bigtimedeals.accounts.Recipients;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.FanOutStore;
import com.bigtimedeals.inbox.FanOutWork;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Words;

/**
 * A new deal to the users whose alerts it matches, as the last list of the new-deal fan-out. The alerts are found
 * through the word index ({@link AlertStore#matching}: for each distinct word of the title, the alerts filed under
 * it), a page at a time, and every message is written create-only with the id every list of the deal gives that user
 * ({@link NewDealMessage}): a user who matches through several alerts, or through alerts and a watch, gets one
 * message, and one already read stays read. Like a watcher list, the matching runs inside the invocation that read
 * the deal's record while it fits the time budget, and is handed on as a resumable walk when it does not.
 */
final class AlertsFanOut {
    private final AlertStore alerts;
    private final InboxDelivery inbox;
    private final FanOutStore work;
    private final DealStore deals;
    private final int pageSize;

    AlertsFanOut(AlertStore alerts, InboxDelivery inbox, FanOutStore work, DealStore deals, int pageSize) {
        this.alerts = alerts;
        this.inbox = inbox;
        this.work = work;
        this.deals = deals;
        this.pageSize = pageSize;
    }

    /**
     * Matches the deal from the start, with no checkpoint while it fits the budget; when the budget is spent, before
     * the first page or later, the rest is handed on as a resumable walk. False when it handed on.
     */
    boolean start(Deal deal, Instant postedAt, TimeBudget budget, Tally tally) {
        NavigableSet<String> words = Words.indexable(deal.title());
        String position = null;
        do {
            if (budget.exhausted()) {
                work.handOn(new FanOutWork(deal.id(), null, position, postedAt, false));
                tally.handedOn++;
                return false;
            }
            Recipients page = alerts.matching(deal, words, position, pageSize);
            WalkRunner.Delivery.write(inbox, messages(deal, page.usernames(), postedAt), false, tally);
            position = page.next();
        } while (position != null);
        return true;
    }

    /** A handed-on matching where it stands: its work item, and the deal (null once taken down). */
    private record HandedOn(FanOutWork work, Deal deal) {
    }

    /** Continues a handed-on matching from its checkpoint. */
    void resume(String dealId, TimeBudget budget, Tally tally) {
        WalkRunner.run(new WalkRunner.Delivery<HandedOn>(inbox) {
            @Override
            public WalkRunner.Start<HandedOn> start() {
                FanOutWork at = work.getAlerts(dealId);
                if (at == null || at.done()) {
                    return null;
                }
                HandedOn state = new HandedOn(at, deals.find(dealId));
                // Taken down between hand-offs: the walk ends here, and nothing more is sent.
                return state.deal() == null ? WalkRunner.Start.endAt(state, at.after()) : WalkRunner.Start.at(state, at.after());
            }

            @Override
            Recipients page(HandedOn state, String after) {
                return alerts.matching(state.deal(), Words.indexable(state.deal().title()), after, pageSize);
            }

            @Override
            List<Message> messages(HandedOn state, List<String> usernames) {
                return AlertsFanOut.messages(state.deal(), usernames, state.work().messageAt());
            }

            @Override
            public boolean checkpoint(HandedOn state, String from, String next, int count, boolean claimNext) {
                return work.advance(new FanOutWork(dealId, null, from, state.work().messageAt(), false), next, count);
            }

            @Override
            public void requeue() {
                work.requeueAlerts(dealId);
            }
        }, budget, tally);
    }

    static List<Message> messages(Deal deal, List<String> usernames, Instant postedAt) {
        List<Message> messages = new ArrayList<>(usernames.size());
        for (String user : usernames) {
            messages.add(NewDealMessage.of(deal, user, postedAt, "Deal alert: " + deal.title(), MessageKind.ALERT));
        }
        return messages;
    }
}

package com.bigtimedeals.stream;

import java.time.Instant;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.Ids;

/**
 * The one inbox message a user gets for a new deal, whichever list names them: a watcher list of its brand or its
 * category, or the deal's alert matches. Its id depends only on the user, the deal and the deal's stored
 * {@code postedAt}, so every list, every retry and every replay writes the same key, and the first write stays:
 * its {@code kind} says which of them reached the user first.
 */
final class NewDealMessage {
    private NewDealMessage() {
    }

    static Message of(Deal deal, String user, Instant postedAt, String subject, MessageKind kind) {
        String body = ContractRules.shorten(ContractRules.dealLine(deal.title(), deal.price(), deal.brandName()), ContractRules.BODY_MAX);
        return new Message(Ids.messageId(postedAt, user, "deal#" + deal.id()), user, subject, body, deal.id(), true, postedAt, kind);
    }
}

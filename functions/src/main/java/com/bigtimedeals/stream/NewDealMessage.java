package com.bigtimedeals.stream;

import java.time.Instant;

import com.bigtimedeals.data.Ids;
import com.bigtimedeals.domain.ContractRules;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.MessageKind;

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

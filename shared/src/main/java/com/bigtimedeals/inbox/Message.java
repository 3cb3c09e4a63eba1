package com.bigtimedeals.inbox;

import java.time.Instant;

import com.bigtimedeals.platform.ContractRules;

/**
 * One inbox message. Subjects and bodies are often generated from a deal's title ("Hot deal: " + a 200-character
 * title), so the record itself cuts them to the contract's limits: no builder can hand a client a longer one.
 */
public record Message(String id, String username, String subject, String body, String dealId, boolean unread, Instant createdAt,
                      MessageKind kind) {
    public Message {
        subject = ContractRules.shorten(subject, ContractRules.SUBJECT_MAX);
        body = ContractRules.shorten(body, ContractRules.BODY_MAX);
    }
}

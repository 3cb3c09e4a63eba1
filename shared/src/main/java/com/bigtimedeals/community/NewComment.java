package com.bigtimedeals.community;

import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;

/**
 * What a user posts to a deal's thread: a body under the contract's rules and, for a reply, the id of the
 * top-level comment it answers (whether that comment exists is the store's question).
 */
public record NewComment(String body, String replyTo) {
    public NewComment {
        body = ContractRules.text("body", body, ContractRules.COMMENT_MAX);
        if (body == null) {
            throw DomainException.invalid("body", "body is required");
        }
    }
}

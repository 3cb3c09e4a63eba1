package com.bigtimedeals.community;

/** A vote's answer: the deal's temperature with the caller's vote counted, and that vote (null: none). */
public record VoteResult(String dealId, long temperature, Vote myVote) {
}

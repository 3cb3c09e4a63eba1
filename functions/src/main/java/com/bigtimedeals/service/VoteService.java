package com.bigtimedeals.service;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.community.Vote;
import com.bigtimedeals.community.VoteResult;
import com.bigtimedeals.community.VoteStore;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Table;

/** Votes on deals: at most 2 requests each (a read of the vote, the deal and its counters; then a transaction). */
public final class VoteService {
    private final VoteStore votes;

    public VoteService(VoteStore votes) {
        this.votes = votes;
    }

    public static VoteService of(Table table) {
        return new VoteService(new VoteStore(table));
    }

    /** {@code keyed}: the request's Idempotency-Key, to ride on the vote's read and transaction; null without one. */
    public VoteResult vote(String username, String dealId, Vote vote, KeyedWrite<VoteResult> keyed) {
        return votes.cast(username, dealId, vote, keyed);
    }

    public VoteResult withdraw(String username, String dealId) {
        return votes.withdraw(username, dealId);
    }

    /** The caller's votes on these deals (1 request); deals not voted on are left out. */
    public Map<String, Vote> mine(String username, List<String> dealIds) {
        return votes.mine(username, dealIds);
    }
}

package com.bigtimedeals.service;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.community.Vote;
import com.bigtimedeals.community.VoteResult;
import com.bigtimedeals.community.VoteStore;
import com.bigtimedeals.platform.Table;

/** Votes on deals: at most 2 requests each (a read of the vote, the deal and its counters; then a transaction). */
public final class VoteService {
    /** What a keyed vote's record keeps: the result itself, which a replay answers again. */
    private static final Recording<VoteResult> RECORDED = Recording.of(VoteResult.class);

    private final VoteStore votes;
    private final IdempotencyService idempotency;

    public VoteService(VoteStore votes, IdempotencyService idempotency) {
        this.votes = votes;
        this.idempotency = idempotency;
    }

    public static VoteService of(Table table) {
        return new VoteService(new VoteStore(table), IdempotencyService.of(table, table.clock()));
    }

    /**
     * {@code key}: the request's Idempotency-Key (null without one), its record read with the vote and written in the
     * vote's transaction, so that a keyed vote is 2 requests and a retry whose answer was lost replays it instead of
     * voting again.
     */
    public Keyed<VoteResult> vote(String username, String dealId, Vote vote, IdempotencyKey key) {
        return idempotency.carried(key, RECORDED, keyed -> votes.cast(username, dealId, vote, keyed));
    }

    public VoteResult withdraw(String username, String dealId) {
        return votes.withdraw(username, dealId);
    }

    /** The caller's votes on these deals (1 request); deals not voted on are left out. */
    public Map<String, Vote> mine(String username, List<String> dealIds) {
        return votes.mine(username, dealIds);
    }
}

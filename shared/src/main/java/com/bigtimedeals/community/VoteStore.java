package com.bigtimedeals.community;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.accounts.AccountDeletion;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.DealCounters.Counter;
import com.bigtimedeals.deals.DealCounters;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Votes on deals (docs/data-model.md, "Votes"): one item per user and deal in the voter's own partition, and the
 * deal's counters ({@link DealCounters}) changed in the same transaction, so the temperature is exact however many
 * users vote at once.
 *
 * <p>A vote is at most 2 requests. First one strongly consistent BatchGetItem of the caller's vote, one of the deal's
 * liveness markers and one view of the deal's counter shards ({@link DealCounters}): it tells whether the deal is live
 * (404 otherwise), what the caller's vote was, and the temperature. The deal item is not read: at 2,000 votes a
 * second on one deal it was the table's busiest partition (issue 41), and the markers (written with the deal, marked
 * in its takedown's transaction) say as exactly whether it is live, each read by a quarter of the votes. Then, only
 * when the vote changes, one transaction: the vote item, conditioned on still being what the read saw (so the counter
 * change is the right one: +1 for a new vote, +1/-1 on one shard per view for a switch, -1 for a withdrawal), and the
 * counter change. The answer is the temperature that read saw with the caller's change applied: the transaction
 * commits exactly that change on top of it. A concurrent change of the caller's own vote fails the condition and is
 * read again. A takedown that commits between the read and the transaction leaves the vote counted on the tombstone,
 * as a vote that came first.
 */
public final class VoteStore {
    /** Reads again when the caller's own vote changed between the read and the write (two requests of one user). */
    private static final int OWN_RACE_ATTEMPTS = 5;
    static final String VOTE = "vote";
    static final String VOTED_AT = "votedAt";

    private final Table table;
    private final DealCounters counters;

    public VoteStore(Table table) {
        this.table = table;
        this.counters = new DealCounters(table);
    }

    /** What one read saw: the caller's vote (null: none) and the deal's temperature. */
    private record Seen(Vote vote, long temperature) {
    }

    /**
     * One strongly consistent BatchGetItem of the caller's vote, a liveness marker and one view of the shards (and the
     * record of the request's Idempotency-Key: {@link KeyedWrite.Held} when it holds one); NOT_FOUND for no live deal.
     */
    private Seen read(String username, String dealId, KeyedWrite<VoteResult> keyed) {
        boolean upgraded = DealCounters.upgraded(table);
        List<Map<String, AttributeValue>> keys = new ArrayList<>(DealCounters.keys(table, dealId));
        keys.add(DealCounters.liveMarker(dealId));
        keys.add(CommunityKeys.vote(username, dealId));
        if (!upgraded) {
            // Until the table is known upgraded, an old deal has no marker: its item says whether it is live.
            keys.add(DealKeys.deal(dealId));
        }
        String projection = "#t, dealId, #vote, #h, #c, #m, #w, #down";
        Map<String, String> names = Map.of("#t", Keys.TYPE, "#vote", VOTE, "#h", Counter.HOT.attribute(),
                "#c", Counter.COLD.attribute(), "#m", Counter.COMMENTS.attribute(), "#w", DealCounters.WRITES,
                "#down", DealCodec.TAKEN_DOWN_AT);
        List<Map<String, AttributeValue>> items = KeyedWrite.read(table, keyed, keys, projection, names);
        DealCounters.learn(table, items);
        boolean live = false;
        boolean marked = false;
        boolean liveItem = false;
        Vote vote = null;
        for (Map<String, AttributeValue> item : items) {
            String type = new ItemReader(item).type();
            live |= DealCounters.isLiveMarker(item);
            marked |= DealKeys.DEAL_LIVE.equals(type);
            liveItem |= DealCodec.isLiveDeal(item);
            if (CommunityKeys.VOTE.equals(type)) {
                vote = Vote.parse(new ItemReader(item).string(VOTE));
            }
        }
        // A deal from before the markers (a table not upgraded yet) is live when its item is; a marker, once there
        // (the upgrade's, or a takedown's), decides.
        live |= !marked && liveItem;
        if (!live) {
            throw DomainException.notFound("deal not found");
        }
        return new Seen(vote, DealCounters.sum(dealId, items).temperature());
    }

    /** Votes hot or cold: a new vote counts, the same vote again changes nothing, the other vote moves it. */
    public VoteResult cast(String username, String dealId, Vote vote) {
        return cast(username, dealId, vote, null);
    }

    /**
     * {@link #cast(String, String, Vote)} with {@code keyed} (the request's Idempotency-Key; null for none): the key's
     * record is read with the vote and written in its transaction, or alone when the vote changes nothing: 2 requests
     * either way.
     */
    public VoteResult cast(String username, String dealId, Vote vote, KeyedWrite<VoteResult> keyed) {
        for (int attempt = 1; ; attempt++) {
            Seen seen = read(username, dealId, keyed);
            if (seen.vote() == vote) {
                VoteResult same = new VoteResult(dealId, seen.temperature(), vote);
                if (keyed != null) {
                    keyed.recordAlone(table, same);
                }
                return same;
            }
            Map<Counter, Long> deltas = new EnumMap<>(Counter.class);
            deltas.put(counter(vote), 1L);
            if (seen.vote() != null) {
                deltas.put(counter(seen.vote()), -1L);
            }
            Map<String, AttributeValue> item = new ItemWriter(CommunityKeys.vote(username, dealId), CommunityKeys.VOTE)
                    .string("username", username).string("dealId", dealId).string(VOTE, vote.wire())
                    .instant(VOTED_AT, table.clock().instant())
                    .build();
            Put.Builder put = Put.builder().tableName(table.name()).item(item);
            expect(put, seen.vote());
            VoteResult cast = new VoteResult(dealId, seen.temperature() + delta(deltas), vote);
            List<TransactWriteItem> writes = new ArrayList<>(2);
            writes.add(TransactWriteItem.builder().put(put.build()).build());
            if (keyed != null) {
                writes.add(keyed.record(table.name(), cast));
            }
            if (write(writes, keyed, dealId, deltas, attempt)) {
                return cast;
            }
        }
    }

    /** Withdraws the caller's vote; also a success when there was none. */
    public VoteResult withdraw(String username, String dealId) {
        for (int attempt = 1; ; attempt++) {
            Seen seen = read(username, dealId, null);
            if (seen.vote() == null) {
                return new VoteResult(dealId, seen.temperature(), null);
            }
            Map<Counter, Long> deltas = Map.of(counter(seen.vote()), -1L);
            Delete.Builder delete = Delete.builder().tableName(table.name()).key(CommunityKeys.vote(username, dealId));
            expectDelete(delete, seen.vote());
            if (write(List.of(TransactWriteItem.builder().delete(delete.build()).build()), null, dealId, deltas, attempt)) {
                return new VoteResult(dealId, seen.temperature() + delta(deltas), null);
            }
        }
    }

    /**
     * The transaction of the vote item (and the key's record, second); false when the caller's own vote changed since
     * the read (read again); {@link KeyedWrite.Held} when a request with the same key committed first.
     */
    private boolean write(List<TransactWriteItem> writes, KeyedWrite<VoteResult> keyed, String dealId,
                          Map<Counter, Long> deltas, int attempt) {
        try {
            counters.commit(writes, dealId, deltas);
            return true;
        } catch (TransactionCanceledException e) {
            if (keyed != null) {
                keyed.requireNotTaken(e, 1);
            }
            if (attempt >= OWN_RACE_ATTEMPTS) {
                throw DomainException.unavailable("your vote on this deal kept changing; try again");
            }
            return false; // the vote item's condition: another request of this user moved the vote first
        }
    }

    private static void expect(Put.Builder put, Vote was) {
        if (was == null) {
            put.conditionExpression("attribute_not_exists(PK)");
        } else {
            put.conditionExpression("#vote = :was").expressionAttributeNames(Map.of("#vote", VOTE))
                    .expressionAttributeValues(Map.of(":was", AttributeValue.fromS(was.wire())));
        }
    }

    private static void expectDelete(Delete.Builder delete, Vote was) {
        delete.conditionExpression("#vote = :was").expressionAttributeNames(Map.of("#vote", VOTE))
                .expressionAttributeValues(Map.of(":was", AttributeValue.fromS(was.wire())));
    }

    private static Counter counter(Vote vote) {
        return vote == Vote.HOT ? Counter.HOT : Counter.COLD;
    }

    /** What the deltas do to the temperature. */
    private static long delta(Map<Counter, Long> deltas) {
        return deltas.getOrDefault(Counter.HOT, 0L) - deltas.getOrDefault(Counter.COLD, 0L);
    }

    /**
     * The caller's votes on up to 100 deals ({@code GET /me/votes}): 1 strongly consistent BatchGetItem of the vote
     * items (so a vote just cast is in it), only the deals voted on.
     */
    public Map<String, Vote> mine(String username, List<String> dealIds) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (String id : new LinkedHashSet<>(dealIds)) {
            keys.add(CommunityKeys.vote(username, id));
        }
        Map<String, Vote> votes = new LinkedHashMap<>();
        Map<String, Vote> found = new HashMap<>();
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                .consistentRead(true).projectionExpression("dealId, #vote")
                .expressionAttributeNames(Map.of("#vote", VOTE)).build())) {
            ItemReader r = new ItemReader(item);
            found.put(r.string("dealId"), Vote.parse(r.string(VOTE)));
        }
        for (String id : new LinkedHashSet<>(dealIds)) {
            if (found.containsKey(id)) {
                votes.put(id, found.get(id));
            }
        }
        return votes;
    }

    /** One of a user's votes, as an account deletion walks them. */
    public record Cast(String dealId, Vote vote, Instant votedAt) {
    }

    /** A page of a user's votes in deal-id order from {@code after}; {@code next} null on the last page. */
    public record CastPage(List<Cast> votes, String next) {
    }

    /** 1 strongly consistent Query of the user's votes partition. */
    public CastPage page(String username, String after, int limit) {
        QueryRequest.Builder q = QueryRequest.builder().tableName(table.name()).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(CommunityKeys.votesPk(username))))
                .consistentRead(true).limit(limit);
        if (after != null) {
            q.exclusiveStartKey(Keys.key(CommunityKeys.votesPk(username), after));
        }
        QueryResponse r = table.client().query(q.build());
        List<Cast> votes = new ArrayList<>(r.items().size());
        for (Map<String, AttributeValue> item : r.items()) {
            ItemReader v = new ItemReader(item);
            votes.add(new Cast(v.string("dealId"), Vote.parse(v.string(VOTE)), v.instant(VOTED_AT)));
        }
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        return new CastPage(votes, more ? r.lastEvaluatedKey().get(Keys.SK).s() : null);
    }

    /**
     * Removes one vote an account deletion found, with its count, only while it is still that vote: a page walked
     * twice (a redelivered record, a second run) finds it gone and moves no temperature twice. False when it was.
     */
    public boolean remove(String username, Cast cast) {
        Delete.Builder delete = Delete.builder().tableName(table.name()).key(CommunityKeys.vote(username, cast.dealId()));
        expectDelete(delete, cast.vote());
        try {
            counters.commit(List.of(TransactWriteItem.builder().delete(delete.build()).build()), cast.dealId(),
                    Map.of(counter(cast.vote()), -1L));
            return true;
        } catch (TransactionCanceledException e) {
            return false;
        }
    }

    /**
     * One step of an account deletion's votes phase: up to {@code limit} votes cast before the deletion, each removed
     * with its count in one transaction (conditioned on the vote still being what the page read), so each
     * temperature moves back by exactly one however many others vote meanwhile, and a replayed step finds nothing to
     * remove.
     */
    public AccountStore.Cleared removeForDeletion(AccountDeletion d, int limit) {
        CastPage page = page(d.username(), d.after(), limit);
        int removed = 0;
        for (Cast cast : page.votes()) {
            if (cast.votedAt() != null && cast.votedAt().isAfter(d.deletedAt())) {
                continue; // cast by the user who signed up again
            }
            if (remove(d.username(), cast)) {
                removed++;
            }
        }
        return new AccountStore.Cleared(page.next(), removed);
    }
}

package com.bigtimedeals.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.Brand;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.community.Comment;
import com.bigtimedeals.community.FollowChange;
import com.bigtimedeals.community.Vote;
import com.bigtimedeals.community.VoteResult;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCounts;

/**
 * A replay is the first request's result itself: every result a keyed operation returns comes back from its record
 * equal, every component and null included (a component the recording dropped would change the replayed answer).
 */
class RecordingTest {
    private static final Instant AT = Instant.parse("2026-12-03T10:15:30.123456789Z");

    private static <R extends Record> R roundTrip(Class<R> type, R value) {
        Recording<R> recording = Recording.of(type);
        return recording.decode(recording.encode(value));
    }

    @Test
    void votesCommentsAndFollowsComeBackEqual() {
        VoteResult vote = new VoteResult("deal-1", -3, Vote.COLD);
        assertEquals(vote, roundTrip(VoteResult.class, vote));
        VoteResult none = new VoteResult("deal-1", 0, null);
        assertEquals(none, roundTrip(VoteResult.class, none));

        Comment reply = new Comment("c-1", "deal-1", "ann", "ünïcödé " + "x".repeat(70_000), "c-0", false, AT);
        assertEquals(reply, roundTrip(Comment.class, reply));
        Comment tombstone = new Comment("c-2", "deal-1", null, null, null, true, AT);
        assertEquals(tombstone, roundTrip(Comment.class, tombstone));

        FollowChange brand = new FollowChange(new Brand("acme", "Acme", null, 7, 2), true);
        assertEquals(brand, roundTrip(FollowChange.class, brand));
        Deal deal = new Deal("d-1", "Half price", "https://shop.example.com/h", new BigDecimal("49.90"), "acme", "Acme",
                "tech", "Tech", "https://img.example.com/h.png", "a description", AT, AT.plusSeconds(86_400),
                new DealCounts(120, 3, 9, 4, AT.plusSeconds(60)), new BigDecimal("39"));
        Deal bare = new Deal("d-2", "Bare", "https://shop.example.com/b", null, "acme", "Acme", "tech", "Tech", null,
                null, AT, null, null);
        FollowChange category = new FollowChange(new Category("tech", "Tech", 1, 0, List.of(deal, bare)), false);
        assertEquals(category, roundTrip(FollowChange.class, category));
    }

    @Test
    void bytesOfAnotherFormatAreRefusedNotMisread() {
        byte[] recorded = Recording.of(VoteResult.class).encode(new VoteResult("deal-1", 1, Vote.HOT));
        recorded[0] = 9;
        assertThrows(IllegalStateException.class, () -> Recording.of(VoteResult.class).decode(recorded));
    }
}

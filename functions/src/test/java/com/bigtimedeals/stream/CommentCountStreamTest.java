package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.community.CommentStore;
import com.bigtimedeals.community.NewComment;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.platform.TickingClock;

/** A deal's comment count in its copies (the latest lists, featured lists, the front page) follows through the stream. */
class CommentCountStreamTest extends StreamTest {
    @Test
    void everyCopyOfADealCountsItsCommentsNotDeletedWithinTheStreamDelay() {
        Deal deal = newDeal("Talked about", "acme", "tech");
        new FeaturedStore(table).set(FeaturedList.FRONT_PAGE, List.of(deal.id()));
        pump(60_000);
        new UserStore(table).create(new UserProfile("ann", "ann@example.com", null, null, NOW));
        CommentStore comments = new CommentStore(table(table.name(), new TickingClock(NOW, 1_000)));
        String first = comments.post(deal.id(), "ann", new NewComment("One", null)).id();
        comments.post(deal.id(), "ann", new NewComment("Two", first));
        comments.post(deal.id(), "ann", new NewComment("Three", null));
        comments.delete(deal.id(), first, "ann", false);
        comments.delete(deal.id(), first, "erin", true);
        pump(60_000);

        DealStore deals = new DealStore(table);
        assertEquals(2, deals.getExact(deal.id()).commentCount());
        assertEquals(2, deals.latest(10, null).items().get(0).commentCount(), "the latest list");
        assertEquals(2, deals.latestForBrand("acme", 10, null).items().get(0).commentCount(), "the brand's list");
        assertEquals(2, new FeaturedStore(table).get(FeaturedList.FRONT_PAGE).get(0).commentCount(), "the featured copy");
        assertEquals(2, new FrontPageCache(table, SHARDS).read().featured().get(0).commentCount(), "the cached front page");
    }
}

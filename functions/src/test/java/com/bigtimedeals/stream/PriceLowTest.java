package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;

/**
 * lowestEver on the real stream: the lowest price of a normalised link across its deals, taken down ones and every
 * correction included, carried onto the link's deals and exact under racing corrections.
 */
class PriceLowTest extends StreamTest {

    private Deal deal(String link, String price) {
        return new DealPosting(new DealStore(table)).create(new NewDeal("Steel kettle", link, new BigDecimal(price), "acme", "tech", null,
                null, null));
    }

    private void price(Deal deal, String price) {
        new DealStore(table).correct(deal.id(), new DealCorrection(null, null, new BigDecimal(price), null, null, null, false));
    }

    private boolean lowest(Deal deal) {
        return new DealStore(table).find(deal.id()).lowestEver();
    }

    @Test
    void theLowCountsEveryCorrectionAndTakenDownDealsOfTheSameNormalisedLink() {
        Deal first = deal("https://shop.example.com/kettle?utm_source=x", "20");
        pump(60_000);
        assertTrue(lowest(first), "a link seen for the first time");
        price(first, "25");
        pump(60_000);
        assertFalse(lowest(first), "it was offered at 20");
        price(first, "15");
        pump(60_000);
        assertTrue(lowest(first));
        new DealStore(table).takeDown(first.id());
        pump(60_000);

        Deal second = deal("HTTPS://SHOP.EXAMPLE.COM/kettle/#top", "18");
        pump(60_000);
        assertFalse(lowest(second), "the taken-down deal of the same link was 15");
        price(second, "15");
        pump(60_000);
        assertTrue(lowest(second), "equal to the lowest is the lowest");
        Deal other = deal("https://shop.example.com/toaster", "99");
        pump(60_000);
        assertTrue(lowest(other), "another link has its own low");
    }

    /**
     * The writer's own answers and the next read are exact before the stream has run: a new deal of a link offered
     * lower before is not the lowest, and a deal whose price goes up is not either (its own first price counts).
     */
    @Test
    void lowestEverIsExactAtOnceForTheDealItselfBeforeTheStreamRuns() {
        Deal first = deal("https://shop.example.com/mug", "20");
        assertTrue(first.lowestEver(), "a link seen for the first time");
        DealStore store = new DealStore(table);
        assertFalse(store.correct(first.id(), new DealCorrection(null, null, new BigDecimal("25"), null, null, null, false))
                .lowestEver(), "its own first price was 20");
        assertFalse(lowest(first));
        pump(60_000);
        store.takeDown(first.id());
        pump(60_000);
        Deal second = deal("HTTPS://shop.example.com/mug/", "22");
        assertFalse(second.lowestEver(), "the taken-down deal of the same link was 20");
        assertFalse(lowest(second));
        assertTrue(store.correct(second.id(), new DealCorrection(null, null, new BigDecimal("19"), null, null, null, false))
                .lowestEver(), "below every earlier price");
        pump(60_000);
        assertTrue(lowest(second));
    }

    @Test
    void racingCorrectionsLeaveTheExactLow() throws Exception {
        Deal deal = deal("https://shop.example.com/lamp", "50");
        pump(60_000);
        parallel(8, i -> price(deal, Integer.toString(40 - i)));
        price(deal, "45");
        pump(60_000);
        Deal now = new DealStore(table).find(deal.id());
        assertEquals(new BigDecimal("33"), now.linkLow(), "the minimum of every price the corrections set");
        assertFalse(now.lowestEver());
        price(deal, "33");
        pump(60_000);
        assertTrue(lowest(deal));
    }
}

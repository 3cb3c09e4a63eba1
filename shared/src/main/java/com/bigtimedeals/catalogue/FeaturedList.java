package com.bigtimedeals.catalogue;

import com.bigtimedeals.deals.Deal;

/** The curated lists editors maintain. Category lists are per category id. */
public sealed interface FeaturedList {
    FeaturedList FRONT_PAGE = new Named("frontpage");
    FeaturedList EDITORS_CHOICE = new Named("editors-choice");

    /** At most this many deals in one list: keeps the list item far below 400 KB (20 x ~7 KB max). */
    int MAX_DEALS = 20;

    /**
     * What a featured section shows at {@code now}: its deals without the expired ones. Applied when an answer
     * is written, to whatever copy was read (list item or cached front page), so an expired deal drops out at
     * the moment it expires with no extra request and no editor action.
     */
    static java.util.List<Deal> showing(java.util.List<Deal> deals, java.time.Instant now) {
        return deals.stream().filter(d -> !d.expiredAt(now)).toList();
    }

    static FeaturedList category(String categoryId) {
        return new OfCategory(categoryId);
    }

    record Named(String name) implements FeaturedList {
    }

    record OfCategory(String categoryId) implements FeaturedList {
    }
}

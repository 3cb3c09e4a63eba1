package com.bigtimedeals.domain;

/** The curated lists editors maintain. Category lists are per category id. */
public sealed interface FeaturedList {
    FeaturedList FRONT_PAGE = new Named("frontpage");
    FeaturedList EDITORS_CHOICE = new Named("editors-choice");

    /** At most this many deals in one list: keeps the list item far below 400 KB (20 x ~7 KB max). */
    int MAX_DEALS = 20;

    static FeaturedList category(String categoryId) {
        return new OfCategory(categoryId);
    }

    record Named(String name) implements FeaturedList {
    }

    record OfCategory(String categoryId) implements FeaturedList {
    }
}
